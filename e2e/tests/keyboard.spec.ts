import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, latestCode, mailMark, test } from '../helpers.js';

/**
 * Keyboard only, in Chromium: sign in, enter the code, open a job, upload a document, review it as
 * the assessor. Every element reached with Tab shows where the focus is (an outline or a ring).
 */

/** The focused element draws a visible focus indicator (outline or box-shadow), and is the one expected. */
async function expectVisibleFocus(page: Page): Promise<void> {
  // Polled: Mantine fields change their border colour with a short transition, so the first
  // reading right after Tab can still show the resting colour.
  await expect.poll(() => focusIndicator(page), { timeout: 2000 }).toBe('ok');
}

function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    const ring = s.boxShadow !== 'none';
    // A text field shows focus with its border colour (Mantine): accepted when the border is the primary colour.
    const field = (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && s.borderColor !== 'rgb(206, 212, 218)';
    return outline || ring || field
      ? 'ok'
      : `no focus indicator on ${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30)}`;
  });
}

/** Presses Tab (Shift+Tab when back) until `target` has focus, checking the focus is visible at each stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (i % 3 === 0) await expectVisibleFocus(page);
  }
  throw new Error(`could not reach ${String(target)} with Tab`);
}

async function signInByKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await tabTo(page, page.getByRole('textbox', { name: 'User name', exact: true }));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page);
  await page.keyboard.type(DEMO_PASSWORD);
  const since = await mailMark(email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/two-factor/);
  // The code field has focus on arrival.
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type(await latestCode(email, since));
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/two-factor/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

async function openJobByKeyboard(page: Page, job: string): Promise<void> {
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/jobs$/);
  await tabTo(page, page.getByRole('link', { name: job, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Job ${job}` })).toBeVisible();
}

async function signOutByKeyboard(page: Page): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: /User menu$/ }), { back: true });
  await page.keyboard.press('Enter');
  const logOut = page.getByRole('menuitem', { name: 'Log Out' });
  await expect(logOut).toBeVisible();
  for (let i = 0; i < 12 && !(await logOut.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(logOut).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
}

test('keyboard only: sign in, open a job, upload a document, review it as the assessor', async ({ page }) => {
  test.setTimeout(180_000);
  const file = 'Keyboard upload.txt';

  await signInByKeyboard(page, 'ar@portal.test');
  await openJobByKeyboard(page, '100234');

  // Upload: the button, the drop zone (Enter opens the file chooser), Yes, the description, Finish.
  await tabTo(page, page.getByRole('button', { name: 'Upload Document' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, dialog.locator('.mantine-Dropzone-root'));
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: file, mimeType: 'text/plain', buffer: Buffer.from('typed with the keyboard only') });
  await tabTo(page, dialog.getByRole('button', { name: 'Yes' }));
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Description' }));
  await page.keyboard.type('Sent without a mouse');
  await tabTo(page, dialog.getByRole('button', { name: 'Finish' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('File successfully uploaded!')).toBeVisible({ timeout: 30_000 });
  await signOutByKeyboard(page);

  // The assessor reviews it.
  await signInByKeyboard(page, 'ta@portal.test');
  await openJobByKeyboard(page, '100234');
  await tabTo(page, page.getByRole('tab', { name: /Received Job Documents/ }));
  await page.keyboard.press('Enter');
  const box = page
    .getByRole('table', { name: 'Received Job Documents' })
    .getByRole('checkbox', { name: `Review ${file}` });
  await tabTo(page, box);
  await page.keyboard.press('Space');
  const review = page.getByRole('dialog', { name: 'Document Review' });
  await expect(review).toBeVisible();
  await tabTo(page, review.getByRole('textbox', { name: 'Review comment' }));
  await page.keyboard.type('Read and accepted.');
  await tabTo(page, review.getByRole('button', { name: 'Finish' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Action successful!')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Received Job Documents' }).getByText('Read and accepted.'),
  ).toBeVisible();
});
