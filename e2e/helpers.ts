import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { E2eStack } from './global-setup.js';
import { DEMO_ACCOUNTS } from './spec-tables.js';

export { expect };

export const DEMO_PASSWORD = 'portal-demo';
const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts', 'screenshots');

/**
 * This worker's portal and SMTP sink. global-setup.ts starts one of each per worker and lists them
 * in E2E_STACKS; Playwright numbers its workers 0..workers-1 in TEST_PARALLEL_INDEX, and a worker
 * started again after a failure keeps its number, so a test file always talks to one portal.
 */
function stack(): E2eStack {
  const stacks = process.env.E2E_STACKS;
  if (!stacks)
    throw new Error('E2E_STACKS is not set: the end-to-end tests run through global-setup.ts (npm test -w e2e)');
  const all = JSON.parse(stacks) as E2eStack[];
  return all[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % all.length]!;
}

/** The address of this worker's portal (http://127.0.0.1:port). */
export const portalUrl = (): string => stack().baseUrl;
const mailUrl = (): string => stack().mailUrl;

/** The portal's address comes from the global setup, which picks a free port. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object
  baseURL: async ({}, use) => {
    await use(portalUrl());
  },
  page: async ({ page }, use) => {
    if (process.env.E2E_WEB_MISSING) throw new Error(process.env.E2E_WEB_MISSING);
    await use(page);
  },
});

// ---------------------------------------------------------------------------------------------
// The SMTP sink (smtp-sink.mjs)

interface SinkMessage {
  id: string;
  receivedAt: number;
  to: string[];
  subject: string;
  text: string;
}

export async function messagesTo(email: string): Promise<SinkMessage[]> {
  const res = await fetch(`${mailUrl()}/messages?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: SinkMessage[] }).messages;
}

/**
 * A mark to pass to latestCode() just before an action that mails a code: only a code mailed after
 * it counts, never one left over from an earlier sign-in of the same account.
 */
export async function mailMark(email: string): Promise<number> {
  const previous = (await messagesTo(email))[0]?.receivedAt ?? 0;
  return Math.max(Date.now() - 1000, previous + 1);
}

/** Waits for the newest 4-digit code mailed to `email` at or after `since` (epoch ms). */
export async function latestCode(email: string, since: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${mailUrl()}/latest-code?to=${encodeURIComponent(email)}&after=${since}`);
    if (res.ok) return ((await res.json()) as { code: string }).code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code reached ${email} through SMTP within ${timeoutMs / 1000} s`);
}

// ---------------------------------------------------------------------------------------------
// Screens. Every selector of the web app lives here, so a change of label is one edit.

export const ui = {
  // apps/web/src/features/auth/login-screen.tsx
  // (getByRole: a required field's label text ends with ' *', its accessible name does not)
  username: (page: Page) => page.getByRole('textbox', { name: 'User name', exact: true }),
  password: (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true }),
  logInButton: (page: Page) => page.getByRole('button', { name: 'Log In', exact: true }),
  // apps/web/src/features/auth/two-factor-page.tsx, code-input.tsx
  codeInput: (page: Page) => page.getByRole('textbox', { name: 'Code', exact: true }),
  rememberMe: (page: Page) => page.getByRole('checkbox', { name: /^Remember this device/ }),
  verifyButton: (page: Page) => page.getByRole('button', { name: 'Submit', exact: true }),
  // apps/web/src/app/shell/sidebar.tsx: <nav aria-label="Main">
  sidebar: (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true }),
  // apps/web/src/app/shell/user-menu.tsx (spec/01 2.4: View Profile, ..., Switch view to, Log Out):
  // named by what it shows ('Arthur Rep Authorised Representative') and then 'User menu'
  userMenuButton: (page: Page) => page.getByRole('button', { name: /User menu$/ }),
  // apps/web/src/features/notifications/notification-bell.tsx: "Notifications, N unread"
  notificationBell: (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+\+? unread)?$/ }),
  notificationCount: (page: Page) => page.getByTestId('notification-count'),
  // the bell's popover: a dialog holding the latest 3 and 'View all'
  latestNotifications: (page: Page) =>
    page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'View all', exact: true }) }),
  notificationsList: (page: Page) => page.getByRole('list', { name: 'Notifications list', exact: true }),
};

/** The labels of the sidebar's links, in order. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = ui.sidebar(page);
  await expect(nav).toBeVisible();
  const links: Locator = nav.getByRole('link');
  await expect(links.first()).toBeVisible();
  return (await links.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** Saves a full-page screenshot under e2e/artifacts/screenshots/. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = `${test.info().titlePath.slice(1).join(' - ')} - ${name}`.replace(/[^\w.@-]+/g, '_').slice(0, 180);
  await page.screenshot({ path: path.join(ARTIFACTS, `${file}.png`), fullPage: true, animations: 'disabled' });
}

// ---------------------------------------------------------------------------------------------
// Sign-in

export interface SignInOptions {
  /** Tick remember-me at the two-factor step. */
  rememberMe?: boolean;
  /** Expect the two-factor step (default true); false when a remember-me cookie should skip it. */
  expectCode?: boolean;
}

/** Fills the login form and presses Log In. Returns the time just before, for latestCode(). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<number> {
  if (new URL(page.url()).pathname !== '/' || !(await ui.logInButton(page).isVisible())) await page.goto('/');
  await ui.username(page).fill(email);
  await ui.password(page).fill(password);
  const since = await mailMark(email);
  await ui.logInButton(page).click();
  return since;
}

/**
 * Signs in with the demo password, reads the emailed code from the SMTP sink and submits it.
 * Resolves once the app has left the login and two-factor screens.
 */
export async function signIn(page: Page, email: string, options: SignInOptions = {}): Promise<void> {
  const { rememberMe = false, expectCode = true } = options;
  const since = await submitLogin(page, email);
  if (expectCode) {
    await expect(page).toHaveURL(/\/two-factor/);
    const code = await latestCode(email, since);
    await ui.codeInput(page).fill(code);
    if (rememberMe) await ui.rememberMe(page).check();
    await ui.verifyButton(page).click();
  }
  await expect(page).not.toHaveURL(/\/two-factor/);
  await expect(ui.sidebar(page)).toBeVisible();
}

export interface ApiSession {
  token: string;
  permissions: string[];
}

/**
 * Signs in through the API (login, the mailed code, verify), without the screens: for tests whose
 * subject is what comes after. `useApiSession` puts the result in the page's storage.
 */
export async function apiSignIn(email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const base = portalUrl();
  const since = await mailMark(email);
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!login.ok) throw new Error(`login ${email}: ${login.status} ${await login.text()}`);
  const body = (await login.json()) as { token: string; permissions: string[] };
  const code = await latestCode(email, since);
  const verify = await fetch(`${base}/api/twofactor/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
    body: JSON.stringify({ code }),
  });
  if (!verify.ok) throw new Error(`verify ${email}: ${verify.status} ${await verify.text()}`);
  return { token: ((await verify.json()) as { token: string }).token, permissions: body.permissions };
}

/** Stores a signed-in session (spec keys) in the page before its scripts run, viewing as `role`. */
export async function useApiSession(page: Page, session: ApiSession, role: string): Promise<void> {
  await page.addInitScript(
    ({ token, roles, role }) => {
      if (window.sessionStorage.getItem('e2e.session-set')) return;
      window.sessionStorage.setItem('e2e.session-set', '1');
      window.localStorage.setItem('user_access_token', token);
      window.localStorage.setItem('ROLE', JSON.stringify(roles));
      window.localStorage.setItem('CURRENT_ROLE', role);
    },
    { token: session.token, roles: session.permissions, role },
  );
}

/**
 * Signs a demo account in through the API and opens its landing page, viewing as the role the
 * sign-in screens pick: for tests whose subject is what comes after signing in, without the two
 * screens' cost (sign-in.spec.ts, the remembered browsers and the shell's tests go through them).
 * Once in a page: useApiSession's script sets the session only at the page's first load.
 */
export async function signInDirectly(page: Page, email: (typeof DEMO_ACCOUNTS)[number]['email']): Promise<void> {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
  await useApiSession(page, await apiSignIn(email), account.current);
  await page.goto(account.landing);
  await expect(ui.sidebar(page)).toBeVisible();
}

/** Goes to a path inside the app without reloading it (as a link would). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until the page has settled: no full-screen spinner, no skeleton or loader still busy. */
export async function settled(page: Page): Promise<void> {
  await expect(
    page.locator('[role="status"][aria-label="Loading"], [aria-busy="true"], .mantine-Loader-root'),
  ).toHaveCount(0, { timeout: 15_000 });
}

/** Current pathname of the page. */
export function pathnameOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Works in the named committee through the user menu's 'Switch Committees' (CURRENT_COMMITTEE), and
 * waits until the header names it. Already there: nothing to do. The menu is opened afresh on each
 * try: a click that lands while the shell re-renders (the role switch reloads the page, the active
 * user arrives late) can close the dropdown or miss the item, and no confirmation follows.
 */
export async function switchCommittee(page: Page, name: string): Promise<void> {
  const header = ui.userMenuButton(page);
  await expect(header).toBeVisible();
  await settled(page);
  await expect(async () => {
    if ((await header.textContent())?.includes(name)) return;
    if (await page.getByRole('menu').isVisible()) await page.keyboard.press('Escape');
    await header.click();
    const item = page.getByRole('menuitem', { name });
    await expect(item).toBeVisible({ timeout: 3_000 });
    if (await item.isDisabled()) {
      await page.keyboard.press('Escape');
      return;
    }
    await item.click({ timeout: 3_000 });
    const dialog = page.getByRole('dialog', { name: 'Switch Committees' });
    await dialog.getByRole('button', { name: 'Confirm' }).click({ timeout: 3_000 });
    await expect(dialog).toBeHidden({ timeout: 3_000 });
    await expect(header).toContainText(name, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Logs out through the user menu and waits for the login screen. */
export async function signOut(page: Page): Promise<void> {
  await ui.userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Log Out', exact: true }).click();
  await expect(ui.logInButton(page)).toBeVisible();
}

/** A real one-page PDF saying `text`, padded with an unused stream of `padBytes` (a slow upload). */
export function pdfWithText(text: string, padBytes = 0): Buffer {
  const content = `BT /F1 16 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${padBytes} >>\nstream\n${' '.repeat(padBytes)}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The names of the entries of a zip file on disk. */
export async function zipEntryNames(file: string): Promise<string[]> {
  const { default: yauzl } = await import('yauzl');
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const names: string[] = [];
      zip.on('entry', (entry: { fileName: string }) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names.sort()));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
