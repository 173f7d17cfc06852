/* global window -- the init script runs in the page */
/**
 * Chromium with a context whose browser storage holds what the web app's sign-in leaves
 * (apps/web/src/lib/session.ts' startSession, the spec's keys): the token, the roles, the current
 * role and a committee member's committee, written before any script of the app runs, as in the
 * browser of a user who comes back. `tokenOnly`: the token alone (the app then learns the role from
 * the active user). The browser tools' one way in (dashboard-vitals.mjs, page-profile.mjs); they add
 * their own init scripts after this one. Needs a running portal that is not in production mode
 * (codes are read from the dev mailbox) and packages/shared's build.
 */
import { createRequire } from 'node:module';
import { currentRoleOf, isRole, STORAGE_KEYS } from '../packages/shared/dist/index.js';
import { loginSession } from './login.mjs';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

export async function openSignedIn(portal, email, { tokenOnly = false } = {}) {
  const session = await loginSession(portal, email);
  const stored = { [STORAGE_KEYS.token]: session.token };
  if (!tokenOnly) {
    const roles = session.permissions.filter(isRole);
    stored[STORAGE_KEYS.roles] = JSON.stringify(roles);
    stored[STORAGE_KEYS.currentRole] = currentRoleOf(roles);
    if (session.committeeId) stored[STORAGE_KEYS.committee] = String(session.committeeId);
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ({ stored, tokenKey }) => {
      if (!window.localStorage.getItem(tokenKey))
        for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
    },
    { stored, tokenKey: STORAGE_KEYS.token },
  );
  return { browser, context };
}
