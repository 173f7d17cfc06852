import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe.js';
import { expect, latestCode, portalUrl, shot, signOut, submitLogin, test, ui } from '../helpers.js';

/**
 * An authenticator app, recovery codes and passkeys in Chromium. Passkeys need a domain
 * for their relying party (APP_URL is http://localhost:<port>, global-setup.ts), so this journey
 * runs on localhost; the authenticator is Chromium's virtual one (DevTools protocol).
 */
const ACCOUNT = 'taadmin@portal.test';
const PHONE = { width: 390, height: 844 };

/** RFC 6238 as an authenticator app computes it: HMAC-SHA1 of the 30-second step, 6 digits. */
function totp(base32: string, stepOffset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/\s/g, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepOffset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const local = (path: string) => {
  const url = new URL(path, portalUrl());
  url.hostname = 'localhost';
  return url.toString();
};

/**
 * Signs in on this page's origin (localhost): waits for the login form first, since submitLogin
 * goes to the base address (127.0.0.1, another origin with no session) when the form is not there yet.
 */
async function loginHere(page: Page): Promise<number> {
  await expect(ui.logInButton(page)).toBeVisible();
  return submitLogin(page, ACCOUNT);
}

async function noSeriousViolations(page: Page, selector?: string) {
  expect(await seriousViolations(page, selector)).toEqual([]);
}

test('an authenticator app, a recovery code and a passkey, on desktop and phone', async ({ page }) => {
  test.setTimeout(240_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  // Signed in with the emailed code, as today.
  await page.goto(local('/'));
  const since = await loginHere(page);
  await expect(page).toHaveURL(/\/two-factor/);
  await ui.codeInput(page).fill(await latestCode(ACCOUNT, since));
  await ui.verifyButton(page).click();
  await expect(ui.sidebar(page)).toBeVisible();

  // Use an authenticator app: the QR code and the key, then a code the test computes.
  await page.goto(local('/profile2fa'));
  const appCard = page.getByRole('region', { name: 'Use an authenticator app' });
  await appCard.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(appCard.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await shot(page, 'app set-up');
  await noSeriousViolations(page);
  await appCard.getByRole('textbox', { name: 'Code from the app' }).fill(totp(secret));
  await appCard.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(dialog).toBeVisible();
  const codes = (await dialog.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await expect(dialog.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  await shot(page, 'recovery codes');
  await noSeriousViolations(page, '[role="dialog"]');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(appCard.getByText('Sign-in asks for a code from your authenticator app.')).toBeVisible();

  // The sign-in asks for the app's code first.
  await signOut(page);
  await loginHere(page);
  await expect(page).toHaveURL(/\/two-factor/);
  await expect(page.getByRole('button', { name: 'Send a code by email instead' })).toBeVisible();
  await shot(page, 'app step');
  await noSeriousViolations(page);
  // The next step's code: the one just used to turn the app on works once only.
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(totp(secret, 1));
  await ui.verifyButton(page).click();
  await expect(ui.sidebar(page)).toBeVisible();

  // A recovery code in place of the app.
  await signOut(page);
  await loginHere(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
  await ui.verifyButton(page).click();
  await expect(ui.sidebar(page)).toBeVisible();

  // Add a passkey; sign out; sign in with it (both factors at once).
  await page.goto(local('/profile2fa'));
  const passkeyCard = page.getByRole('region', { name: 'Add a passkey' });
  await passkeyCard.getByRole('textbox', { name: 'Passkey name' }).fill('E2E virtual key');
  await passkeyCard.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeyCard.getByRole('list', { name: 'Your passkeys' })).toContainText('E2E virtual key');
  await expect(page.getByRole('region', { name: 'Recovery codes' })).toContainText('9 of 10 recovery codes left');
  await shot(page, 'profile2fa with app and passkey');
  await noSeriousViolations(page);
  await page.setViewportSize(PHONE);
  await shot(page, 'profile2fa on a phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  await signOut(page);
  await noSeriousViolations(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(ui.sidebar(page)).toBeVisible();
  await page.goto(local('/profile2fa'));
  await expect(passkeyCard.getByText(/last used/)).toBeVisible();

  // Put the account back as the other journeys expect it: no passkey, no app.
  await passkeyCard.getByRole('button', { name: 'Remove E2E virtual key' }).click();
  await page.getByRole('dialog', { name: 'Remove the passkey' }).getByRole('button', { name: 'Yes, Remove' }).click();
  await expect(passkeyCard.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
  await appCard.getByRole('button', { name: 'Remove the app' }).click();
  await page
    .getByRole('dialog', { name: 'Remove the authenticator app' })
    .getByRole('button', { name: 'Yes, Remove' })
    .click();
  await expect(appCard.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();

  await signOut(page);
  await page.setViewportSize(PHONE);
  await shot(page, 'login on a phone');
  const again = await loginHere(page);
  await expect(ui.codeInput(page)).toBeVisible();
  await latestCode(ACCOUNT, again);
});
