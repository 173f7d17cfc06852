/**
 * The JavaScript the first route (/, the sign-in screen) loads: every script Chromium fetches until
 * the network is idle, with its size raw, gzipped (level 9) and as the server sent it (the build's
 * brotli copy when the browser accepts it).
 * Needs a running portal: PORTAL=http://127.0.0.1:3000 node bench/first-route.mjs
 */
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');
const PORTAL = process.env.PORTAL ?? 'http://127.0.0.1:3000';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
const scripts = [];
page.on('response', async (res) => {
  if (res.request().resourceType() !== 'script') return;
  const body = await res.body();
  const sent = (await res.request().sizes()).responseBodySize;
  scripts.push({
    url: new URL(res.url()).pathname,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    sent,
    encoding: res.headers()['content-encoding'] ?? 'none',
  });
});
await page.goto(PORTAL, { waitUntil: 'networkidle' });
await page.getByLabel('User name').waitFor();
await browser.close();
scripts.sort((a, b) => b.gzip - a.gzip);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
for (const s of scripts)
  console.log(
    `${s.url.padEnd(48)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip ${kb(s.sent).padStart(10)} sent (${s.encoding})`,
  );
const total = scripts.reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, sent: a.sent + s.sent }), {
  raw: 0,
  gzip: 0,
  sent: 0,
});
console.log(`${scripts.length} scripts: ${kb(total.raw)} raw, ${kb(total.gzip)} gzip, ${kb(total.sent)} sent`);
