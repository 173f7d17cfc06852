import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe.js';
import { apiSignIn, expect, settled, shot, signInDirectly, test, useApiSession } from '../helpers.js';

// Demo data (apps/server/src/db/seed/demo-members.ts): member05@ is Emery Nguyen, a committee
// member of one demo committee without forum write.
const MEMBER = 'member05@portal.test';
const NAME = 'Emery Nguyen';
const SAYS = {
  deactivated: 'The user is deactivated.',
  activated: 'The user is activated.',
  forumUpdated: 'Forum permissions updated.',
  forumToggle: /^User can Add Discussions to Committee Forums/,
  sessionEnded: 'Your session has ended. Please log in again.',
};

async function axeClean(page: Page) {
  await settled(page);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
}

async function confirm(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('the SYSADMIN finds a member, deactivates them (their session ends), reactivates and gives forum write', async ({
  page,
  browser,
}) => {
  // The member's own browser, signed in on the forum: no New Discussion yet.
  const theirs = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const memberPage = await theirs.newPage();
  await useApiSession(memberPage, await apiSignIn(MEMBER), 'CM');
  await memberPage.goto('/forum');
  await expect(memberPage.getByRole('table', { name: 'Discussions' })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'New Discussion' })).toHaveCount(0);

  await signInDirectly(page, 'admin@portal.test');
  await page.goto('/admin/users');
  await expect(page.getByRole('link', { name: 'Manage Forum Admin' })).toBeVisible();
  await expect(page.getByText(/^\d+ users$/)).toBeVisible();
  await axeClean(page);
  await shot(page, 'all-users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('member05');
  await expect(page).toHaveURL(/search=member05/);
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: NAME }).click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await axeClean(page);
  await shot(page, 'user-profile');

  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await confirm(page, 'Deactivate');
  await expect(page.getByText(SAYS.deactivated)).toBeVisible();
  await expect(page.getByText('Deactivated account')).toBeVisible();

  // Their next request answers 401: the app sends them to the login with its line.
  await memberPage.getByRole('link', { name: 'Members', exact: true }).click();
  await expect(memberPage.getByText(SAYS.sessionEnded)).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Activate' }).click();
  await confirm(page, 'Activate');
  await expect(page.getByText(SAYS.activated)).toBeVisible();

  await page.getByRole('switch', { name: SAYS.forumToggle }).click({ force: true });
  await expect(page.getByText(SAYS.forumUpdated)).toBeVisible();
  await expect(page.getByRole('switch', { name: SAYS.forumToggle })).toBeChecked();

  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(page, 'user-profile-phone');
  await page.goto('/admin/users');
  await expect(page.getByText(/^\d+ users$/)).toBeVisible();
  await shot(page, 'all-users-phone');

  // Signed in again, the member may start a discussion.
  const again = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const memberAgain = await again.newPage();
  await useApiSession(memberAgain, await apiSignIn(MEMBER), 'CM');
  await memberAgain.goto('/forum');
  await expect(memberAgain.getByRole('link', { name: 'New Discussion' })).toBeVisible();
  await theirs.close();
  await again.close();
});

test('the TA admin sees only assessors and no Manage Forum Admin; Edit Personal Details saves', async ({ page }) => {
  await signInDirectly(page, 'taadmin@portal.test');
  await page.goto('/admin/users');
  await expect(page.getByText(/^\d+ users$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Forum Admin' })).toHaveCount(0);
  // multi@ is also an AR and a CM: a SYSADMIN's to manage, not in the TA admin's list (issue 63).
  await page.getByRole('searchbox', { name: 'Search users' }).fill('multi@portal.test');
  await expect(page.getByText('No users found.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill('member03');
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Casey Nguyen' }).click();
  await page.getByRole('link', { name: 'Edit Personal Details' }).click();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Casey');
  // The TA admin grants only TA (and LA with it): the other roles are disabled, and the form says why.
  await expect(page.getByRole('checkbox', { name: 'Technical Assessor Admin' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Authorised Representative' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Technical Assessor', exact: true })).toBeEnabled();
  await expect(
    page.getByText(/Only a System Administrator can grant or remove the roles shown disabled/),
  ).toBeVisible();
  await axeClean(page);
  await shot(page, 'edit-personal-details');
  await page.getByRole('textbox', { name: 'Position Title' }).fill('Senior Technical Assessor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText('The user is updated.')).toBeVisible();
});

test('the TA admin edits an assessor with cards in the detailed layout; Cancel returns to the profile', async ({
  page,
}) => {
  await signInDirectly(page, 'taadmin@portal.test');
  await page.goto('/admin/users?search=tess');
  await page.getByRole('link', { name: 'Tess Assessor' }).click();
  await expect(page.getByRole('heading', { name: 'Tess Assessor' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Personal Details' }).click();
  await expect(page.getByRole('region', { name: 'Email Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'User Roles' })).toBeVisible();
  await axeClean(page);
  await shot(page, 'detailed-layout');
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(page, 'detailed-layout-phone');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Tess Assessor' })).toBeVisible();
});
