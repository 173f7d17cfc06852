// scratch: screenshots of several pages for one user: node .shots.mjs email width path...
import { createRequire } from 'node:module';
import { currentRoleOf, isRole, STORAGE_KEYS } from '../packages/shared/dist/index.js';
import { loginSession } from './login.mjs';
const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');
const PORTAL = process.env.PORTAL ?? 'http://127.0.0.1:3100';
const [email, width, ...paths] = process.argv.slice(2);
const s = await loginSession(PORTAL, email);
const roles = s.permissions.filter(isRole);
const stored = { [STORAGE_KEYS.token]: s.token, [STORAGE_KEYS.roles]: JSON.stringify(roles), [STORAGE_KEYS.currentRole]: process.env.ROLE ?? currentRoleOf(roles) };
if (s.committeeId) stored[STORAGE_KEYS.committee] = String(s.committeeId);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 }, locale: 'en-AU', timezoneId: 'Australia/Sydney' });
await ctx.addInitScript((st) => { if (!localStorage.length) for (const [k, v] of Object.entries(st)) localStorage.setItem(k, v); }, stored);
const page = await ctx.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
for (const p of paths) {
  await page.goto(PORTAL + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(400);
  const name = `/tmp/prof/s-${email.split('@')[0]}-${width}${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
  await page.screenshot({ path: name, fullPage: true });
  console.log(name);
}
if (errors.length) console.log('console errors:', errors);
await browser.close();
