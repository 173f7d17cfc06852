import type { Page } from '@playwright/test';
import { ROUTES, type RouteName } from '@portal/shared';
import {
  apiSignIn,
  expect,
  navigateInApp,
  pathnameOf,
  settled,
  shot,
  signInDirectly,
  test,
  type ApiSession,
  ui,
  useApiSession,
  portalUrl,
} from '../helpers.js';
import { seriousViolations } from '../axe.js';

/**
 * axe-core on every route of the shared route table (packages/shared/src/access.ts), as a visitor
 * and as each demo role that may enter it, and on each modal, menu and popover: no serious or
 * critical violation. Pages are reached by in-app navigation (one load per role) to keep it quick.
 */

/** The role each demo account views as, for the role-restricted routes. */
const ROLE_ACCOUNTS = [
  { role: 'AR', email: 'ar@portal.test' },
  { role: 'TA', email: 'ta@portal.test' },
  { role: 'CM', email: 'cm@portal.test' },
  { role: 'SYSADMIN', email: 'admin@portal.test' },
  { role: 'TA_ADMIN', email: 'taadmin@portal.test' },
] as const;

function mayEnter(name: RouteName, role: string | null): boolean {
  const access = ROUTES[name].access;
  if (access === 'public') return true;
  if (role === null) return false;
  return access === 'signed-in' || (access as readonly string[]).includes(role);
}

/** A concrete path for each route; records the role may see where the page needs one. */
async function pathFor(
  name: RouteName,
  records: { job?: number; facility?: number; site?: number; publication?: number },
): Promise<string> {
  const params: Record<string, string | number> = { id: 1, date: '2026-12-01' };
  if (name === 'job' && records.job) params.id = records.job;
  if (name === 'publication' && records.publication) params.id = records.publication;
  if (name === 'facility' && records.facility) params.id = records.facility;
  if (name === 'site' && records.site) params.id = records.site;
  return ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) => String(params[key]));
}

async function recordsOf(session: ApiSession, role: string) {
  const base = portalUrl();
  const get = async <T>(path: string): Promise<T | null> => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
    return res.ok ? ((await res.json()) as T) : null;
  };
  const records: { job?: number; facility?: number; site?: number; publication?: number } = {};
  if ((ROUTES.publications.access as readonly string[]).includes(role)) {
    const publications = await get<{ data: { id: number }[] }>('/api/publications?per_page=1');
    records.publication = publications?.data[0]?.id;
  }
  if (role === 'AR' || role === 'TA') {
    const jobs = await get<{ data: { id: number }[] }>(`/api/jobs?role=${role}&per_page=5`);
    records.job = jobs?.data[0]?.id;
  }
  if (role === 'AR') {
    const facilities = await get<{ data: { id: number }[] }>('/api/facilities');
    records.facility = facilities?.data[0]?.id;
    const detail = records.facility
      ? await get<{ sites: { id: number }[] }>(`/api/facilities/${records.facility}`)
      : null;
    records.site = detail?.sites[0]?.id;
  }
  return records;
}

/** Pages that do not show the shell look the same for everyone: checked once, whoever visits them. */
const checkedWithoutShell = new Set<string>();

/** Visits every route `role` may enter and checks each page it lands on once. */
async function checkRoutes(page: Page, role: string | null, records: Awaited<ReturnType<typeof recordsOf>>) {
  const checked = new Set<string>();
  const failures: { route: string; landed: string; violations: unknown }[] = [];
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    if (!mayEnter(name, role) || name === 'twoFactor') continue;
    const path = await pathFor(name, records);
    await navigateInApp(page, path);
    // Redirects (a signed-in user on /login) happen in effects: let them run, then wait for the data.
    await page.waitForTimeout(150);
    await settled(page);
    await expect(page.locator('h1').first()).toBeVisible();
    const landed = pathnameOf(page);
    const withShell = await ui.sidebar(page).isVisible();
    const seen = withShell ? checked : checkedWithoutShell;
    if (seen.has(landed)) continue;
    seen.add(landed);
    const violations = await seriousViolations(page);
    if (violations.length > 0) failures.push({ route: ROUTES[name].path, landed, violations });
  }
  expect(failures).toEqual([]);
}

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  test('every public route, signed out', async ({ page }) => {
    await page.goto('/');
    await expect(ui.logInButton(page)).toBeVisible();
    await shot(page, 'login');
    await checkRoutes(page, null, {});
  });

  for (const { role, email } of ROLE_ACCOUNTS) {
    test(`every route a ${role} may enter`, async ({ page }) => {
      // Some twenty routes, each checked by axe: three times the default 60 s, for a busy machine.
      test.slow();
      const session = await apiSignIn(email);
      await useApiSession(page, session, role);
      const records = await recordsOf(session, role);
      await page.goto('/');
      await expect(ui.sidebar(page)).toBeVisible();
      await checkRoutes(page, role, records);
    });
  }

  test('the modals, menus and popovers of the sign-in screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Terms and Conditions' }).first().click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(terms).toBeVisible();
    await expect(terms.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await terms.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Request Registration form' }).click();
    const registration = page.getByRole('dialog', { name: 'Request Registration form' });
    await expect(registration.getByRole('textbox', { name: 'Email' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the modals, menus and popovers of the signed-in pages', async ({ page }) => {
    await signInDirectly(page, 'multi@portal.test');
    await settled(page);

    // The user menu (with 'Switch view to') and its confirmation.
    await ui.userMenuButton(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await shot(page, 'user-menu');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Technical Assessor' }).click();
    await expect(page.getByRole('dialog', { name: 'Switch view' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The bell's popover, an admin notification's modal, 'Clear all' asking first.
    await ui.notificationBell(page).click();
    await expect(ui.latestNotifications(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('button', { name: /Portal maintenance on Saturday/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Portal maintenance on Saturday' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByRole('dialog', { name: 'Clear all notifications' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // The jobs filters' select and date picker.
    await page.goto('/jobs');
    await page
      .getByRole('textbox', { name: 'Job type' })
      .or(page.getByRole('combobox', { name: 'Job type' }))
      .first()
      .click();
    await expect(page.getByRole('listbox')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByLabel('Visit date').click();
    const calendar = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
    await expect(calendar).toBeVisible();
    // Date pickers mark today.
    await expect(calendar.locator('button[data-today]')).toBeVisible();
    await shot(page, 'date-picker');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The two 'Update Contact Details' modals.
    await page.goto('/facilities');
    await page
      .getByRole('table', { name: 'Facilities' })
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Update Contact Details' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the upload and review modals of a job', async ({ page }) => {
    await signInDirectly(page, 'ta@portal.test');
    await page.goto('/jobs');
    await page.getByRole('link', { name: '100234', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Job 100234' })).toBeVisible();
    await settled(page);
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload Document' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: /Received Job Documents/ }).click();
    const received = page.getByRole('table', { name: 'Received Job Documents' });
    await received
      .getByRole('checkbox', { name: /^Review / })
      .first()
      .check();
    await expect(page.getByRole('dialog', { name: 'Document Review' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
