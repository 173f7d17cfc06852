import { DEMO_ACCOUNTS, MESSAGES, SIDEBAR_BY_ROLE } from '../spec-tables.js';
import {
  expect,
  latestCode,
  messagesTo,
  pathnameOf,
  shot,
  sidebarLabels,
  signIn,
  submitLogin,
  test,
  ui,
} from '../helpers.js';

test.describe('sign-in with the emailed code', () => {
  for (const account of DEMO_ACCOUNTS) {
    test(`${account.email} (${account.roles}) lands on ${account.landing} with the ${account.current} sidebar`, async ({
      page,
    }) => {
      await page.goto('/');
      await shot(page, 'login');
      const since = await submitLogin(page, account.email);
      await expect(page).toHaveURL(/\/two-factor/);
      await shot(page, 'two-factor');
      await ui.codeInput(page).fill(await latestCode(account.email, since));
      await ui.verifyButton(page).click();

      await expect(page).toHaveURL(new RegExp(`${account.landing}$`));
      expect(await sidebarLabels(page)).toEqual(SIDEBAR_BY_ROLE[account.current]);
      await shot(page, 'landing');
    });
  }

  test('a wrong code shows the spec message, and the right one still signs in', async ({ page }) => {
    const since = await submitLogin(page, 'ta@portal.test');
    await expect(page).toHaveURL(/\/two-factor/);
    const code = await latestCode('ta@portal.test', since);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');

    await ui.codeInput(page).fill(wrong);
    await ui.verifyButton(page).click();
    await expect(page.getByText(MESSAGES.twoFactorInvalid)).toBeVisible();
    await expect(page).toHaveURL(/\/two-factor/);
    await shot(page, 'invalid-code');

    await ui.codeInput(page).fill(code);
    await ui.verifyButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('remember-me at the two-factor step skips the code on the next sign-in', async ({ page, context }) => {
    await signIn(page, 'la@portal.test', { rememberMe: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    const mailsAfterFirst = (await messagesTo('la@portal.test')).length;

    // A new page in the same browser context (same cookies), signed out of the app.
    const next = await context.newPage();
    await next.goto('/');
    await page.close();
    await next.evaluate(() => window.localStorage.clear());
    await next.reload();
    await expect(ui.logInButton(next)).toBeVisible();

    await submitLogin(next, 'la@portal.test');
    await expect(next).toHaveURL(/\/dashboard$/);
    expect(pathnameOf(next)).not.toBe('/two-factor');
    expect(await sidebarLabels(next)).toEqual(SIDEBAR_BY_ROLE.TA);
    await shot(next, 'remembered');
    expect((await messagesTo('la@portal.test')).length, 'no new code is mailed').toBe(mailsAfterFirst);
  });
});
