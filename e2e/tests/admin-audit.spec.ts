import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { MESSAGES } from '@portal/shared';
import { seriousViolations } from '../axe.js';
import { expect, settled, shot, signIn, signInDirectly, submitLogin, test } from '../helpers.js';

/**
 * The audit trail: a failed sign-in and a seeded approval are on the trail; the SYSADMIN
 * filters it by action, user and record, pages it, and exports the filtered rows as CSV.
 */
const PHONE = { width: 390, height: 844 };
const TYPED = `nobody-${Date.now()}@example.test`;

async function axeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('the audit trail', () => {
  test.describe.configure({ mode: 'serial' });

  test('the SYSADMIN filters the trail and exports it', async ({ page }) => {
    // A failed sign-in, recorded with the email typed.
    await submitLogin(page, TYPED, 'not-the-password');
    await expect(page.getByText(MESSAGES.loginFailed).first()).toBeVisible();

    await signIn(page, 'admin@portal.test');
    await page.getByRole('navigation').getByRole('link', { name: 'Audit Trail' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Audit trail' });
    // The seeded approvals and this sign-in are there.
    await expect(table.getByText('Approved a registration').first()).toBeVisible();
    await expect(table.getByText('Signed in').first()).toBeVisible();
    await axeClean(page);
    await shot(page, 'audit-desktop');

    // By action: only failed sign-ins, the one just typed among them.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Sign-in failed' }).click();
    await expect(page).toHaveURL(/action=auth\.signIn\.failure/);
    await expect(table.getByText(TYPED).first()).toBeVisible();
    await expect(table.getByText('Signed in', { exact: true })).toHaveCount(0);

    // By user text, kept in the address: a reload shows the same rows.
    await page.getByRole('textbox', { name: 'User' }).fill(TYPED);
    await expect(page).toHaveURL(/user=/);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'User' })).toHaveValue(TYPED);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByText('reason: no such account')).toBeVisible();

    // The export holds the filtered rows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit-trail.csv');
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe(
      '"when","user_id","user_name","user_email","action","record_type","record_id","address","before","after"',
    );
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(TYPED);
    expect(csv[1]).toContain('Sign-in failed');

    // By record: the approvals of user requests.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('textbox', { name: 'Record type' }).fill('user_request');
    await expect(page).toHaveURL(/record_type=user_request/);
    await expect(table.getByText('Approved a registration').first()).toBeVisible();
    await expect(table.getByText('Signed in', { exact: true })).toHaveCount(0);
    await expect(table.getByText('status: pending → approved').first()).toBeVisible();

    // A hand-edited date that is no day is left out: no 400, and the picker does not show it rolled over.
    await page.goto('/admin/audit?from=2026-02-30');
    await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue('');
    await expect(table.getByText('Signed in').first()).toBeVisible();

    await page.setViewportSize(PHONE);
    await settled(page);
    await axeClean(page);
    await shot(page, 'audit-phone');
  });

  test('the page and its calls are the SYSADMIN’s only', async ({ page }) => {
    await signInDirectly(page, 'taadmin@portal.test');
    const labels = await page.getByRole('navigation').getByRole('link').allInnerTexts();
    expect(labels.join('|')).not.toContain('Audit Trail');
    const status = await page.evaluate(async () => {
      const token = localStorage.getItem('user_access_token');
      return (await fetch('/api/audit', { headers: { authorization: `Bearer ${token}` } })).status;
    });
    expect(status).toBe(403);
  });
});
