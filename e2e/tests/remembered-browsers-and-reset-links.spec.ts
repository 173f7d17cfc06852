import { DEMO_PASSWORD, expect, messagesTo, pathnameOf, shot, signIn, submitLogin, test } from '../helpers.js';

/** Remember-me and 'Forget', and a used reset link that says so before anything is typed. */
const ACCOUNT = 'taadmin@portal.test';

test.describe('remembered browsers', () => {
  test("/profile2fa lists this browser, and 'Forget' makes the next sign-in ask for a code", async ({ page }) => {
    await signIn(page, ACCOUNT, { rememberMe: true });
    await page.goto('/profile2fa');
    await expect(page.getByText('This browser')).toBeVisible();
    await shot(page, 'remembered browsers');
    await page.getByRole('button', { name: /^Forget .*\(this browser\)$/ }).click();
    await expect(page.getByText('No browser is remembered.')).toBeVisible();

    // Signed out of the app without logging out (logout alone would end the remember-me too).
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/');
    await submitLogin(page, ACCOUNT);
    await expect(page).toHaveURL(/\/two-factor/);
  });
});

test.describe('reset links', () => {
  test('a used link says so before the user types a password', async ({ page, baseURL }) => {
    const before = (await messagesTo(ACCOUNT)).length;
    const asked = await fetch(`${baseURL}/api/user-requests-reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ACCOUNT }),
    });
    expect(asked.status).toBe(200);
    await expect.poll(async () => (await messagesTo(ACCOUNT)).length, { timeout: 15_000 }).toBeGreaterThan(before);
    const mail = (await messagesTo(ACCOUNT)).find((m) => m.subject.includes('reset'))!;
    const link = new URL(mail.text.match(/http\S+/)![0]);
    const target = `${link.pathname}${link.search}`;

    await page.goto(target);
    const password = page.getByLabel(/^New password/);
    await expect(password).toBeVisible();
    // The same password again, so the other journeys still sign in with the demo password.
    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Your Password is updated successfully!')).toBeVisible();

    await page.goto(target);
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
    await expect(page.getByLabel(/^New password/)).toHaveCount(0);
    await shot(page, 'used reset link');
    expect(pathnameOf(page)).toBe('/reset-password-first-access');
  });
});
