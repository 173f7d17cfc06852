import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe.js';
import { apiSignIn, expect, messagesTo, settled, shot, test, useApiSession } from '../helpers.js';

/**
 * The admin's committees, notices and unused-assessor report: the SYSADMIN adds a
 * committee with an admin and edits it through the confirmation, sends a notice to a committee's
 * members, and a member opens it as a modal (and gets its mail); the TA admin runs the report, sees
 * the chart, exports the CSV and notifies the report's users.
 */
const RUN = Date.now().toString(36);

async function lookedAt(page: Page, name: string) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `${name} desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(page, `${name} phone`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function pick(page: Page, field: string, option: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

test('the SYSADMIN adds a committee with an admin and edits it through the confirmation', async ({ page }) => {
  await useApiSession(page, await apiSignIn('admin@portal.test'), 'SYSADMIN');
  await page.goto('/admin/manage-committees');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'All Users' })).toBeVisible();
  await expect(crumbs).toContainText('Manage Committee');
  const table = page.getByRole('table', { name: 'Committee and Admin List' });
  await expect(table.getByRole('row', { name: /Chemical Testing Committee/ })).toContainText('Cam Member');
  await lookedAt(page, 'committees');

  const name = `E2E Committee ${RUN}`;
  await page.getByRole('button', { name: 'Add Committee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Committee' });
  await dialog.getByRole('textbox', { name: 'Committee Name' }).fill(name);
  await pick(page, 'Committee Members', /^Cam Member/);
  await pick(page, 'Committee Members', /^Morgan Multi/);
  await dialog.getByRole('textbox', { name: 'Committee Name' }).click();
  await pick(page, 'Forum Admin', /^Cam Member/);
  await shot(page, 'add committee');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Add Committee' }).click();
  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toContainText('You have successfully added a new committee!');
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Cam Member');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Committee' });
  const save = edit.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await edit.getByRole('textbox', { name: 'Committee Name' }).fill(`${name} renamed`);
  await pick(page, 'Forum Admin', /^Morgan Multi/);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(edit).toContainText(`Name: "${name}" to "${name} renamed"`);
  await expect(edit).toContainText('Forum admin: Cam Member to Morgan Multi');
  await shot(page, 'edit committee confirmation');
  await edit.getByRole('button', { name: 'Yes, Save Changes' }).click();
  await page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'OK' }).click();
  await expect(table.getByRole('row', { name: new RegExp(`${name} renamed`) })).toContainText('Morgan Multi');
});

test('the SYSADMIN sends a notice to a committee; a member opens it as a modal and gets its mail', async ({
  page,
  browser,
}) => {
  await useApiSession(page, await apiSignIn('admin@portal.test'), 'SYSADMIN');
  await page.goto('/admin/notifications');
  const title = `Committee notice ${RUN}`;
  await page.getByRole('textbox', { name: 'Sender Full Name' }).fill('Ada Admin');
  await page.getByRole('textbox', { name: 'Sender Email' }).fill('admin@portal.test');
  await page.getByRole('textbox', { name: 'Notification Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Notification Body' }).fill('The next meeting moves to Thursday.');
  await page.getByRole('checkbox', { name: 'Committee Member' }).check();
  await page.getByRole('combobox', { name: 'Committees' }).click();
  await page.getByRole('option', { name: 'Chemical Testing Committee' }).click();
  await page.keyboard.press('Escape');
  await lookedAt(page, 'send notification');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview).toContainText(title);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toContainText('The notification is sent.');
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('textbox', { name: 'Notification Title' })).toHaveValue('');

  await page.getByRole('tab', { name: 'Past Notifications' }).click();
  const past = page.getByRole('table', { name: 'Past Notifications' });
  await expect(past.getByRole('row', { name: new RegExp(title) })).toContainText('CM: Chemical Testing Committee');
  await lookedAt(page, 'past notifications');

  const context = await browser.newContext();
  const member = await context.newPage();
  await useApiSession(member, await apiSignIn('cm@portal.test'), 'CM');
  await member.goto('/notifications');
  await member
    .getByRole('button', { name: new RegExp(title) })
    .first()
    .click();
  const modal = member.getByRole('dialog', { name: title });
  await expect(modal).toContainText('The next meeting moves to Thursday.');
  await expect(modal).toContainText('Ada Admin (admin@portal.test)');
  await shot(member, 'admin notice modal');
  await context.close();
  await expect
    .poll(async () => (await messagesTo('cm@portal.test')).filter((m) => m.subject === title).length, {
      timeout: 20_000,
    })
    .toBe(1);
});

test('the TA admin runs the report, sees the chart, exports the CSV and notifies its users', async ({ page }) => {
  await useApiSession(page, await apiSignIn('taadmin@portal.test'), 'TA_ADMIN');
  await page.goto('/admin/reports');
  await page.getByRole('textbox', { name: 'Months' }).fill('6');
  await expect(page.getByRole('checkbox', { name: 'Last Used' })).toBeChecked();
  await page.getByRole('button', { name: 'Run' }).click();
  const table = page.getByRole('table', { name: 'Unused Technical Assessors' });
  await expect(table.getByRole('row', { name: /Aaron Abbott/ })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Assessors by months since last use' });
  await expect(chart.locator('.recharts-surface')).toBeVisible();
  expect(await chart.locator('path.recharts-rectangle').count()).toBeGreaterThan(0);
  await lookedAt(page, 'report');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Unused_TAs_6_Months.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF"Name","Email","Last Used","Profile Reviewed"\r\n')).toBe(true);
  expect(csv).toContain('"Aaron Abbott","aaron.abbott@assessors.test","",""\r\n');
  const heading = await page.getByRole('heading', { name: /assessors unused for 6 months/ }).textContent();
  expect(csv.trimEnd().split('\r\n')).toHaveLength(Number(heading!.split(' ')[0]) + 1);

  await page.getByRole('button', { name: 'Notify' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications\?to=report/);
  await expect(page.getByRole('radio', { name: /^Unused TAs from the report/ })).toBeChecked();
  // The report's users survive a reload of the form.
  await page.reload();
  await expect(
    page.getByRole('radio', { name: `Unused TAs from the report (${Number(heading!.split(' ')[0])})` }),
  ).toBeChecked();
  await page.getByRole('textbox', { name: 'Sender Full Name' }).fill('Tara Tadmin');
  await page.getByRole('textbox', { name: 'Sender Email' }).fill('taadmin@portal.test');
  await page.getByRole('textbox', { name: 'Notification Title' }).fill(`Please sign in ${RUN}`);
  await page
    .getByRole('textbox', { name: 'Notification Body' })
    .fill('Please sign in and mark your profile up to date.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText(
    `${Number(heading!.split(' ')[0])} users will receive it.`,
  );
});
