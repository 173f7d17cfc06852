import type { Page } from '@playwright/test';
import {
  apiSignIn,
  expect,
  latestCode,
  pathnameOf,
  settled,
  shot,
  signIn,
  signInDirectly,
  submitLogin,
  test,
  ui,
  useApiSession,
  portalUrl,
} from '../helpers.js';

// The words of packages/shared/src/messages.ts that these journeys expect, written out.
const SAYS = {
  sessionEnded: 'Your session has ended. Please log in again.',
  notAllowed: 'Invoices is not open to you as Committee Member.',
  clearAllConfirm: 'Clear all your notifications? They will be removed and cannot be brought back.',
  remindLaterDone: 'We will remind you to set up SMS verification the next time you sign in.',
  cannotDisable: 'Once two-step verification by SMS is turned on, it cannot be turned off.',
  resendWait: /^You can ask for another code in \d+ s\.$/,
};

async function breadcrumbs(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(nav).toBeVisible();
  return (await nav.locator('a, p, span[aria-current]').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

test.describe('calm loading', () => {
  test('the sign-in screen loads at most 150 kB of scripts as sent', async ({ page }) => {
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(ui.logInButton(page)).toBeVisible();
    const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    // Each area's messages in a module of its own, the passkey code and the terms loaded on use
    // (bench/README.md "First route").
    expect(total / 1024).toBeLessThanOrEqual(150);
  });

  /** The scripts (as sent, kB) a signed-in route's first, cold-cache load fetches until the network is idle. */
  async function scriptsOf(page: Page, path: string, heading: string | RegExp): Promise<number> {
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    return (await Promise.all(sizes)).reduce((a, b) => a + b, 0) / 1024;
  }

  test('the discussion page loads at most 60 kB of scripts beyond the dashboard: the editor comes when the reply box opens', async ({
    browser,
  }) => {
    const session = await apiSignIn('cm@portal.test');
    const api = async <T>(url: string) =>
      (await (
        await fetch(`${portalUrl()}/api${url}`, { headers: { authorization: `Bearer ${session.token}` } })
      ).json()) as T;
    const committee = (await api<{ committees: { id: number }[] }>('/activeuser')).committees[0]!.id;
    const thread = (await api<{ data: { id: number; title: string }[] }>(`/forumthreads?committeeid=${committee}`))
      .data[0]!;
    const measure = async (path: string, heading: string | RegExp) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await useApiSession(page, session, 'CM');
      const kb = await scriptsOf(page, path, heading);
      return { kb, page, context };
    };
    const dashboard = await measure('/dashboard', 'Dashboard');
    await dashboard.context.close();
    const discussion = await measure(`/discussion/${thread.id}`, thread.title);
    expect(discussion.kb - dashboard.kb).toBeLessThanOrEqual(60);
    // Opening the reply box loads the editor, which takes the caret.
    await expect(discussion.page.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0);
    await discussion.page.getByRole('button', { name: 'Write a reply…' }).click();
    const editor = discussion.page.getByRole('textbox', { name: 'Your reply' });
    await expect(editor).toBeFocused();
    await discussion.page.keyboard.type('Typed at once.');
    await expect(editor).toContainText('Typed at once.');
    await expect(discussion.page.getByRole('button', { name: 'Bold' })).toBeVisible();
    await discussion.context.close();
  });

  test('the calendar page loads at most 80 kB of scripts beyond the dashboard', async ({ browser }) => {
    const session = await apiSignIn('cm@portal.test');
    const measure = async (path: string, heading: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await useApiSession(page, session, 'CM');
      const kb = await scriptsOf(page, path, heading);
      await context.close();
      return kb;
    };
    const dashboard = await measure('/dashboard', 'Dashboard');
    expect((await measure('/calendar', 'Calendar')) - dashboard).toBeLessThanOrEqual(80);
  });

  test("the first dashboard load draws the shell once, with the user's name, and nothing moves", async ({ page }) => {
    const session = await apiSignIn('ar@portal.test');
    await useApiSession(page, session, 'AR');
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number; sawAccount: boolean };
      w.shifts = 0;
      w.sawAccount = false;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver(() => {
        if (document.querySelector('header')?.textContent?.includes('Account')) w.sawAccount = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('banner').getByText('Arthur Rep')).toBeVisible();
    await settled(page);
    await page.waitForTimeout(500);
    const { shifts, sawAccount } = await page.evaluate(() => {
      const w = window as unknown as { shifts: number; sawAccount: boolean };
      return { shifts: w.shifts, sawAccount: w.sawAccount };
    });
    expect(sawAccount).toBe(false);
    expect(shifts).toBeLessThanOrEqual(0.02);
    await shot(page, 'dashboard');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'dashboard-phone');
  });
});

test.describe('one feedback per action', () => {
  test("'Clear all' asks first, and clears only once confirmed", async ({ page }) => {
    await signIn(page, 'la@portal.test');
    const card = page.getByRole('region', { name: 'Notifications' });
    await expect(card.getByRole('button').first()).toBeVisible();
    await card.getByRole('button', { name: 'Clear all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear all notifications' });
    await expect(dialog.getByText(SAYS.clearAllConfirm)).toBeVisible();
    await shot(page, 'clear-all-asks');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByText('Portal maintenance on Saturday')).toBeVisible();

    await card.getByRole('button', { name: 'Clear all' }).click();
    await page
      .getByRole('dialog', { name: 'Clear all notifications' })
      .getByRole('button', { name: 'Clear all' })
      .click();
    await expect(card.getByText('No new notifications.')).toBeVisible();
  });

  test('a session revoked elsewhere lands on the login screen, which says the session ended', async ({ page }) => {
    const session = await apiSignIn('ta@portal.test');
    await useApiSession(page, session, 'TA');
    await page.goto('/notifications');
    await expect(ui.sidebar(page)).toBeVisible();
    // Signed out elsewhere: the server no longer knows the token.
    const out = await fetch(`${portalUrl()}/api/logout`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(out.ok).toBe(true);
    await page.reload();
    await expect.poll(() => pathnameOf(page)).toBe('/');
    await expect(page.getByText(SAYS.sessionEnded)).toBeVisible();
    await shot(page, 'session-ended');
    // Said once: a later visit to the login screen is quiet.
    await page.reload();
    await expect(ui.logInButton(page)).toBeVisible();
    await expect(page.getByText(SAYS.sessionEnded)).toHaveCount(0);
  });

  test('a page the role cannot open says so, briefly, on the page the user is sent to', async ({ page }) => {
    await signInDirectly(page, 'cm@portal.test');
    await page.goto('/invoices');
    await expect.poll(() => pathnameOf(page)).toMatch(/^\/(dashboard)?$/);
    await expect(page.getByText(SAYS.notAllowed)).toBeVisible();
    await shot(page, 'not-allowed');
    await ui.sidebar(page).getByRole('link', { name: 'Publications' }).click();
    await expect(page).toHaveURL(/\/publications$/);
    await expect(page.getByText(SAYS.notAllowed)).toHaveCount(0);
  });
});

test.describe('the two-factor screens', () => {
  test('/two-factor: the code has focus, Resend counts down, the reminder sits below, Remind me later says what it did', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const since = await submitLogin(page, 'ar@portal.test');
    await expect(page).toHaveURL(/\/two-factor/);
    const code = ui.codeInput(page);
    await expect(code).toBeFocused();
    // On a phone the code field is in the top half; the SMS reminder comes after the form.
    const field = (await code.boundingBox())!;
    expect(field.y + field.height).toBeLessThan(844 / 2);
    const reminder = page.getByRole('region', { name: 'SMS verification reminder' });
    expect((await reminder.boundingBox())!.y).toBeGreaterThan(field.y);
    // The icon beside the address keeps its square shape.
    const icon = (await page.locator('svg.tabler-icon-mail').first().boundingBox())!;
    expect(Math.round(icon.width)).toBe(Math.round(icon.height));
    // Too early for another code: a countdown, not an error.
    await expect(page.getByTestId('resend-wait')).toHaveText(SAYS.resendWait);
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    await shot(page, 'two-factor-phone');

    await reminder.getByRole('button', { name: 'Remind me later' }).click();
    await expect(page.getByText(SAYS.remindLaterDone)).toBeVisible();
    await expect(page.getByText('Error', { exact: true })).toHaveCount(0);

    await code.fill(await latestCode('ar@portal.test', since));
    await ui.verifyButton(page).click();
    await expect(page).not.toHaveURL(/two-factor/);
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
  });

  test('/profile2fa: warns before enabling, keeps the code step on reload, waits with the same words', async ({
    page,
  }) => {
    const session = await apiSignIn('ta@portal.test');
    await useApiSession(page, session, 'TA');
    await page.goto('/profile2fa');
    await expect(page.getByText(SAYS.cannotDisable)).toBeVisible();
    await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('+61487654321');
    await page.getByRole('textbox', { name: 'Confirm mobile number' }).fill('+61487654321');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(/We have sent a 4-digit code by SMS to/)).toBeVisible();
    await page.reload();
    await expect(page.getByText(/We have sent a 4-digit code by SMS to \+61487654321/)).toBeVisible();
    await expect(page.getByText(SAYS.cannotDisable)).toBeVisible();
    await shot(page, 'profile2fa-code-step');
    await page.getByRole('button', { name: 'Change mobile number' }).click();
    await expect(page.getByTestId('resend-wait')).toHaveText(SAYS.resendWait);
    await expect(page.getByRole('button', { name: 'Send code' })).toBeDisabled();
  });
});

test.describe('wayfinding and consistency', () => {
  test('breadcrumbs follow the hierarchy of the route table', async ({ page }) => {
    await signInDirectly(page, 'ar@portal.test');
    await page.goto('/facilities');
    await page.getByRole('link', { name: 'Harbour Analytical Laboratories' }).click();
    await expect
      .poll(() => breadcrumbs(page))
      .toEqual(['Dashboard', 'Facilities/Sites', 'Harbour Analytical Laboratories']);
    await page.getByRole('table', { name: 'Sites' }).getByRole('link', { name: 'Harbour Labs Sydney' }).click();
    await expect
      .poll(() => breadcrumbs(page))
      .toEqual(['Dashboard', 'Facilities/Sites', 'Harbour Analytical Laboratories', 'Harbour Labs Sydney']);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Harbour Analytical Laboratories' })
      .click();
    await expect(page).toHaveURL(/\/facility\/\d+$/);

    await page.goto('/jobs');
    await page.getByRole('link', { name: '100234', exact: true }).click();
    await expect.poll(() => breadcrumbs(page)).toEqual(['Dashboard', 'Jobs', 'Job 100234']);
    await page.goto('/invoices');
    await expect.poll(() => breadcrumbs(page)).toEqual(['Dashboard', 'Invoices']);
  });

  test("an admin's breadcrumbs start at Outstanding Activities", async ({ page }) => {
    const session = await apiSignIn('admin@portal.test');
    await useApiSession(page, session, 'SYSADMIN');
    await page.goto('/admin/user/1');
    await expect.poll(() => breadcrumbs(page)).toEqual(['Outstanding Activities', 'All Users', 'Ada Admin']);
  });

  test("the two 'Update Contact Details' modals look alike; lists share their filters; empty values show '—'; Paid shows 'Amount'", async ({
    page,
  }) => {
    await signIn(page, 'ar@portal.test');
    const modalLook = async () => {
      const dialog = page.getByRole('dialog', { name: 'Update Contact Details' });
      await expect(dialog).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const look = await dialog.evaluate((el) => {
        const title = el.querySelector('h2')!;
        const s = getComputedStyle(title);
        return { width: Math.round(el.getBoundingClientRect().width), title: [s.fontSize, s.fontWeight].join(' ') };
      });
      const buttons = (await dialog.getByRole('button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      return { ...look, buttons };
    };
    await page.goto('/facilities');
    await page
      .getByRole('table', { name: 'Facilities' })
      .getByRole('button', { name: 'Edit Harbour Analytical Laboratories' })
      .click();
    const facility = await modalLook();
    await page.goto('/facilities');
    await page.getByRole('link', { name: 'Harbour Analytical Laboratories' }).click();
    await page.getByRole('table', { name: 'Sites' }).getByRole('link', { name: 'Harbour Labs Sydney' }).click();
    await page.getByRole('button', { name: 'Update Contact Details' }).first().click();
    const site = await modalLook();
    expect(site.width).toBe(facility.width);
    expect(site.title).toBe(facility.title);
    expect(site.buttons.slice(-2)).toEqual(['Cancel', 'Save']);
    expect(facility.buttons.slice(-2)).toEqual(['Cancel', 'Save']);

    // Every filtered list: its filters in one bar with 'Clear filters'.
    for (const path of ['/jobs', '/invoices', pathnameOf(page)]) {
      await page.goto(path);
      const filters = page.getByRole('search', { name: 'Filters' });
      await expect(filters.getByRole('button', { name: 'Clear filters' })).toBeVisible();
    }
    // A field's error under it moves nothing beside it: the fields and the button keep their tops,
    // and the button stays level with the fields' boxes.
    await page.goto('/jobs');
    const bar = page.getByRole('search', { name: 'Filters' });
    const tops = async () => ({
      type: (await bar.getByLabel('Job type', { exact: true }).boundingBox())!.y,
      date: (await bar.getByLabel('Visit date', { exact: true }).boundingBox())!.y,
      clear: (await bar.getByRole('button', { name: 'Clear filters' }).boundingBox())!.y,
    });
    const before = await tops();
    expect(Math.abs(before.clear - before.date)).toBeLessThanOrEqual(1);
    await bar.getByLabel('Visit date', { exact: true }).fill('31/02/2026');
    await bar.getByLabel('Visit date', { exact: true }).blur();
    await expect(bar.getByText('Please enter a valid date as DD/MM/YYYY.')).toBeVisible();
    expect(await tops()).toEqual(before);

    await page.goto('/invoices');
    const outstanding = page.getByRole('table', { name: 'Outstanding invoices' });
    await expect(outstanding.getByRole('row').nth(1)).toBeVisible();
    const cells = await outstanding.getByRole('cell').allInnerTexts();
    // No blank cell: an empty value shows '—' (components/empty-value.ts).
    expect(cells.filter((t) => t.trim() === '')).toEqual([]);
    await page.getByRole('tab', { name: /Paid/ }).click();
    const paid = page.getByRole('table', { name: 'Paid invoices' });
    await expect(paid.getByRole('row').nth(1)).toBeVisible();
    expect((await paid.getByRole('cell').allInnerTexts()).filter((t) => t.trim() === '')).toEqual([]);
    await expect(paid.getByRole('columnheader', { name: 'Amount', exact: true })).toBeVisible();
    await expect(paid.getByRole('columnheader', { name: 'Amount Due' })).toHaveCount(0);
    await shot(page, 'paid');
  });

  test('a demo notification opens the job it names; the committee line names the committee once', async ({ page }) => {
    await signIn(page, 'ar@portal.test');
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('button', { name: /New document on job 100234/ })
      .click();
    await expect(page).toHaveURL(/\/job\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Job 100234' })).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, 'cm@portal.test');
    await ui.userMenuButton(page).click();
    await page
      .locator('[role="menuitem"]:not([disabled])')
      .filter({ hasText: /Testing Committee$/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const line = page.getByText(/You are now working in/);
    await expect(line).toBeVisible();
    expect(((await line.innerText()).match(/committee/gi) ?? []).length).toBe(1);
  });
});
