import type { Page } from '@playwright/test';
import { CONTACT, CONTACT_MESSAGES, RESOURCE_MESSAGES } from '@portal/shared';
import { seriousViolations } from '../axe.js';
import { expect, messagesTo, settled, shot, signInDirectly, test, ui } from '../helpers.js';

/**
 * A signed-out visitor writes to the body through /contact, an admin reads it in their
 * notifications and the body's mailbox (CONTACT_EMAIL, the SMTP sink here) gets it; ta@ opens
 * Useful Resources and downloads one; the login screen's 'Request Registration form' mails a link
 * to /register.
 */
const MAILBOX = 'enquiries@portal.test';
const SUBJECT = `Question about fees ${Date.now()}`;
const PHONE = { width: 390, height: 844 };

async function axeClean(page: Page) {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

async function waitForMail(to: string, match: (m: { subject: string; text: string }) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await messagesTo(to)).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no matching mail reached ${to} within ${timeoutMs / 1000} s`);
}

test.describe('contact and useful resources', () => {
  test.describe.configure({ mode: 'serial' });

  test('a signed-out visitor sends the contact form; the body’s mailbox gets it', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: CONTACT.phone })).toHaveAttribute('href', 'tel:1800621666');
    await expect(page.getByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`);
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
    await axeClean(page);
    await shot(page, 'contact-signed-out-desktop');

    // Required fields, said under each.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText(CONTACT_MESSAGES.nameRequired)).toBeVisible();
    await expect(page.getByText(CONTACT_MESSAGES.subjectRequired)).toBeVisible();
    await axeClean(page);

    await page.getByRole('textbox', { name: 'Name' }).fill('Vera Visitor');
    await page.getByRole('textbox', { name: 'Email' }).fill('vera@example.org');
    await page.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
    await page.getByRole('textbox', { name: 'Message' }).fill('How much does accreditation of a second site cost?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText(CONTACT_MESSAGES.sent)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');

    const mail = await waitForMail(MAILBOX, (m) => m.subject.includes(SUBJECT));
    expect(mail.text).toContain('From: Vera Visitor (vera@example.org), not signed in');
    expect(mail.text).toContain('How much does accreditation of a second site cost?');

    await page.setViewportSize(PHONE);
    await page.goto('/contact');
    await axeClean(page);
    await shot(page, 'contact-signed-out-phone');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(ui.logInButton(page)).toBeVisible();
  });

  test('the admin sees the message in their notifications, with the sender’s name and email', async ({ page }) => {
    await signInDirectly(page, 'admin@portal.test');
    await page.goto('/notifications');
    const item = page.getByRole('button', { name: new RegExp(`Contact message: ${SUBJECT}`) }).first();
    await expect(item).toBeVisible();
    await item.click();
    const modal = page.getByRole('dialog', { name: `Contact message: ${SUBJECT}` });
    await expect(modal).toContainText('Vera Visitor (vera@example.org)');
    await expect(modal).toContainText('How much does accreditation of a second site cost?');
    await axeClean(page);
    await shot(page, 'contact-admin-notification');
  });

  test('signed in, the contact page sits in the shell under Dashboard > Contact, with subject and message only', async ({
    page,
  }) => {
    await signInDirectly(page, 'cm@portal.test');
    await ui.sidebar(page).getByRole('link', { name: 'Contact' }).click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(crumbs).toContainText('Contact');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveCount(0);
    await axeClean(page);
    await shot(page, 'contact-signed-in-desktop');
    await page.setViewportSize(PHONE);
    await axeClean(page);
    await shot(page, 'contact-signed-in-phone');
  });

  test('signed out, Useful Resources asks to log in', async ({ page }) => {
    await page.goto('/useful-resources-ta');
    await expect(page.getByText(RESOURCE_MESSAGES.signInPrompt)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    await axeClean(page);
    await shot(page, 'resources-signed-out');
  });

  test('ta@ opens Useful Resources from the sidebar and downloads one', async ({ page }) => {
    await signInDirectly(page, 'ta@portal.test');
    await ui.sidebar(page).getByRole('link', { name: 'Useful Resources' }).click();
    await expect(page).toHaveURL(/\/ta-useful-resources$/);
    const table = page.getByRole('table', { name: 'Useful resources' });
    await expect(table.getByText('Assessor Handbook', { exact: true })).toBeVisible();
    await expect(table.getByText('Assessment Report Template', { exact: true })).toBeVisible();
    await axeClean(page);
    await shot(page, 'resources-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Assessor Handbook' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('assessor-handbook.pdf');
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    await page.setViewportSize(PHONE);
    await axeClean(page);
    await shot(page, 'resources-phone');
  });

  test('the login screen’s Request Registration form mails a link to /register', async ({ page }) => {
    const email = `prospect-${Date.now()}@example.org`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Request Registration form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Registration form' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toHaveCount(0);
    const mail = await waitForMail(email, () => true);
    const link = /(https?:\/\/\S+\/register)\b/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/register$/);
  });
});
