import { MESSAGES, ROLE_FULL_NAMES, SIDEBAR_BY_ROLE, STORAGE } from '../spec-tables.js';
import { expect, pathnameOf, shot, sidebarLabels, signIn, test, ui } from '../helpers.js';

test.describe('page shell', () => {
  test('multi@ switches the view from AR to TA and to CM', async ({ page }) => {
    await signIn(page, 'multi@portal.test');
    expect(await sidebarLabels(page)).toEqual(SIDEBAR_BY_ROLE.AR);

    for (const role of ['TA', 'CM'] as const) {
      await ui.userMenuButton(page).click();
      await expect(page.getByText('Switch view to')).toBeVisible();
      await shot(page, `user-menu-before-${role}`);
      await page.getByRole('menuitem', { name: ROLE_FULL_NAMES[role] }).click();

      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(MESSAGES.switchRole(ROLE_FULL_NAMES[role]))).toBeVisible();
      await shot(page, `confirm-${role}`);
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect
        .poll(() => page.evaluate((key) => window.localStorage.getItem(key), STORAGE.currentRole))
        .toContain(role);
      await expect.poll(() => sidebarLabels(page)).toEqual(SIDEBAR_BY_ROLE[role]);
      await shot(page, `as-${role}`);
    }
  });

  test('a 401 clears the session and returns home', async ({ page }) => {
    await signIn(page, 'ar@portal.test');
    await page.evaluate((key) => window.localStorage.setItem(key, 'garbage-token'), STORAGE.token);
    const unauthorized = page.waitForResponse(
      (res) => new URL(res.url()).pathname.startsWith('/api/') && res.status() === 401,
    );
    await page.goto('/notifications');
    await unauthorized;

    await expect.poll(() => pathnameOf(page)).toBe('/');
    await expect(ui.logInButton(page)).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE.token)).toBeNull();
    await shot(page, 'home-after-401');
  });

  test('an unknown path and a direct visit to /two-factor go home (spec/01 2.2)', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect.poll(() => pathnameOf(page)).toBe('/');
    await expect(ui.logInButton(page)).toBeVisible();

    await page.goto('/two-factor');
    await expect.poll(() => pathnameOf(page)).toBe('/');
    await expect(ui.logInButton(page)).toBeVisible();
  });

  test('a CM cannot open /invoices', async ({ page }) => {
    await signIn(page, 'cm@portal.test');
    await page.goto('/invoices');

    await expect.poll(() => pathnameOf(page)).toMatch(/^\/(dashboard)?$/);
    await expect(page.getByRole('heading', { name: 'Invoices' })).toHaveCount(0);
    expect(await sidebarLabels(page)).toEqual(SIDEBAR_BY_ROLE.CM);
    await shot(page, 'cm-after-invoices');
  });

  test('the notification bell shows a count and the notifications page lists them', async ({ page }) => {
    await signIn(page, 'ar@portal.test');
    const bell = ui.notificationBell(page);
    await expect(bell).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
    await expect(ui.notificationCount(page)).toHaveText(/^[1-9]\d*\+?$/);
    // The newest of ar@'s notifications, as the API says: other journeys (publications) may have
    // added some since the demo data's, so the bell's latest three are not fixed titles.
    const newest = await page.evaluate(async () => {
      const res = await fetch('/api/notifications?role=AR&count=3', {
        headers: { authorization: `Bearer ${localStorage.getItem('user_access_token')}` },
      });
      return ((await res.json()) as { data: { data: { title: string } }[] }).data[0]!.data.title;
    });
    await bell.click();
    const latest = ui.latestNotifications(page);
    await expect(latest.getByText(newest).first()).toBeVisible();
    await shot(page, 'bell-open');

    await latest.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const list = ui.notificationsList(page);
    for (const title of ['Portal maintenance on Saturday', 'New document on job 100234', 'Set up SMS verification']) {
      await expect(list.getByText(title)).toBeVisible();
    }
    await shot(page, 'notifications');
  });
});
