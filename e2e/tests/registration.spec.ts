import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe.js';
import {
  expect,
  latestCode,
  mailMark,
  messagesTo,
  settled,
  shot,
  signIn,
  signOut,
  submitLogin,
  test,
  ui,
} from '../helpers.js';

// Demo data: facility 000412 (Harbour Analytical Laboratories) has the site S041201 Harbour Labs
// Sydney; the Chemical Testing Committee exists; admin@ decides non-assessor requests, taadmin@
// assessors' (docs/DECISIONS.md "Registration, profiles and their approval").

const EMAIL = `nina.e2e.${Date.now()}@example.test`;
const PASSWORD = 'nina-pass-1';

async function noSeriousViolations(page: Page, selector?: string) {
  expect(await seriousViolations(page, selector)).toEqual([]);
}

async function next(page: Page) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

test.describe('registration', () => {
  // A visitor registers as AR and CM, the admin approves, the link sets a password, and the new user
  // sees their facility and committee.
  test('AR and CM visitor to signed-in user', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Registration', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
    await noSeriousViolations(page);

    // Step 1: a role first.
    await next(page);
    await expect(page.getByText('Please select at least 1 role to proceed!').first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Authorised Representative' }).check();
    await page.getByRole('checkbox', { name: 'Committee Member' }).check();
    await page.getByRole('textbox', { name: 'First Name' }).fill('Nina');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Endtoend');
    await page.getByRole('textbox', { name: 'Position Title' }).fill('Laboratory Manager');
    await page.getByRole('textbox', { name: 'Mobile Number' }).fill('0412555666');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(EMAIL);
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Wharf Road');
    await shot(page, 'step-1-personal');
    await next(page);

    // Step 2: a wrong facility number is said and its row cleared; then the right one.
    await expect(page.getByText('Step 2 of 5: Facilities')).toBeVisible();
    const number = page.getByRole('textbox', { name: 'Facility Number' });
    await number.fill('999999');
    await page.getByRole('button', { name: 'Find facility' }).click();
    await expect(page.getByText('Facility number is invalid.').first()).toBeVisible();
    await expect(number).toHaveValue('');
    await number.fill('412');
    await page.getByRole('button', { name: 'Find facility' }).click();
    await expect(page.getByRole('textbox', { name: 'Facility Name' })).toHaveValue('Harbour Analytical Laboratories');
    await next(page);
    await expect(
      page.getByText('At least 1 site should be choose for Facility 000412 - Harbour Analytical Laboratories').first(),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'S041201 - Harbour Labs Sydney' }).check();
    await shot(page, 'step-2-facilities');
    await noSeriousViolations(page);
    await next(page);

    // Step 3: committees; step 4: subscriptions.
    await page.getByRole('checkbox', { name: 'Chemical Testing Committee' }).check();
    await shot(page, 'step-3-committees');
    await next(page);
    // The categories come from the server: 'General' chooses all of its subcategories.
    await page.getByRole('checkbox', { name: 'General', exact: true }).check();
    await expect(page.getByRole('checkbox', { name: 'Policies and Procedures' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Monthly Newsletter' }).check();
    await shot(page, 'step-4-subscriptions');
    await noSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'step-4-subscriptions-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await next(page);

    // Step 5: the summary, the terms and the signature.
    await expect(page.getByText('Step 5 of 5: Summary')).toBeVisible();
    await expect(page.getByText('S041201 - Harbour Labs Sydney')).toBeVisible();
    await expect(page.getByText('Newsletters › Monthly Newsletter')).toBeVisible();
    await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Nina Endtoend');
    await page.getByRole('textbox', { name: 'Signature Title' }).fill('Laboratory Manager');
    await shot(page, 'step-5-summary');
    await noSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'step-5-summary-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText(/Thank you for registering!/)).toBeVisible();
    await shot(page, 'registered');

    // The admin approves.
    await signIn(page, 'admin@portal.test');
    await page.getByRole('link', { name: /All Pending Registrations/ }).click();
    await page.getByRole('link', { name: 'Nina Endtoend' }).click();
    await expect(page.getByRole('heading', { name: 'Pending Approval', level: 1 })).toBeVisible();
    await expect(page.getByText('000412 - Harbour Analytical Laboratories')).toBeVisible();
    await shot(page, 'pending-approval');
    await noSeriousViolations(page);
    const since = await mailMark(EMAIL);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText("Are you sure you want to approve Nina Endtoend's registration?")).toBeVisible();
    await page.getByRole('button', { name: 'Yes, Approve' }).click();
    await expect(page.getByText(/registration has been approved/)).toBeVisible();
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect(page).toHaveURL(/\/admin\/outstanding-activities$/);
    await signOut(page);

    // The activation link (through the SMTP sink) sets the password.
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await messagesTo(EMAIL)).find((m) => m.receivedAt >= since && /approved/.test(m.subject));
        link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('textbox', { name: 'User name' }).fill(EMAIL);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Activate Account' }).click();
    await expect(page.getByText('Your account is activated. You can now log in.')).toBeVisible();

    // The new user signs in and sees their facility and committee.
    const codeSince = await submitLogin(page, EMAIL, PASSWORD);
    await expect(page).toHaveURL(/\/two-factor/);
    await ui.codeInput(page).fill(await latestCode(EMAIL, codeSince));
    await ui.verifyButton(page).click();
    await expect(ui.sidebar(page)).toBeVisible();
    await page.goto('/facilities');
    await expect(
      page.getByRole('table', { name: 'Facilities' }).getByRole('link', { name: 'Harbour Analytical Laboratories' }),
    ).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Committees' })).toContainText('Chemical Testing Committee');
    await expect(page.getByRole('region', { name: 'Facilities' })).toContainText('S041201 - Harbour Labs Sydney');
    await settled(page);
    await shot(page, 'new-user-profile');
    await noSeriousViolations(page);
  });

  // Each step is in the address: the browser's Back walks the steps, and a reload keeps what was typed.
  test("the wizard's steps survive Back and a reload", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/register');
    await page.getByRole('checkbox', { name: 'Technical Assessor' }).check();
    await page.getByRole('textbox', { name: 'First Name' }).fill('Rita');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Reload');
    await page.getByRole('textbox', { name: 'Position Title' }).fill('Assessor');
    await page.getByRole('textbox', { name: 'Mobile Number' }).fill('0412555777');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('rita.reload@example.test');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Reload Lane');
    await page.getByRole('textbox', { name: 'User ID' }).fill('TA-RITA');
    await next(page);
    await expect(page).toHaveURL(/\/register\?step=4$/);
    await expect(page.getByText('Step 2 of 3: Subscriptions')).toBeVisible();
    await page.getByRole('checkbox', { name: 'General', exact: true }).check();

    await page.goBack();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Rita');
    await page.goForward();
    await expect(page.getByText('Step 2 of 3: Subscriptions')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Step 2 of 3: Subscriptions')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'General', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveValue('TA-RITA');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('rita.reload@example.test');
    await shot(page, 'wizard-after-reload');
    await noSeriousViolations(page);
  });

  // ta@ asks for three changes; the TA admin approves two; ta@ sees exactly those.
  test('ta profile change, two of three approved', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'ta@portal.test');
    await page.goto('/edit-profile');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Position Title' }).fill('Senior Technical Assessor');
    // An assessor's phone, email and address are edited once, in their cards.
    await expect(page.getByRole('region', { name: 'Address', exact: true })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveCount(0);
    await page
      .getByRole('region', { name: 'Address Details' })
      .getByRole('textbox', { name: 'Suburb' })
      .first()
      .fill('Chatswood');
    const emails = page.getByRole('region', { name: 'Email Details' });
    await emails.getByRole('textbox', { name: 'Email' }).nth(1).fill('tess.new@mail.test');
    await shot(page, 'edit-profile');
    await noSeriousViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Your profile request has been submitted to Members Portal for approval!'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Change waiting for approval')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Personal Details' })).toContainText('Technical Assessor');
    await signOut(page);

    await signIn(page, 'taadmin@portal.test');
    await page.goto('/admin/pending-profile-change-all');
    await page.getByRole('link', { name: 'Tess Assessor' }).first().click();
    const list = page.getByRole('region', { name: 'CHANGE REQUEST IN' });
    await expect(list).toContainText('Senior Technical Assessor');
    await expect(page.getByRole('region', { name: 'ADDRESS UPDATED' })).toContainText('Chatswood');
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
    await list.getByRole('checkbox', { name: 'Position Title' }).check();
    await page.getByRole('checkbox', { name: 'EMAIL DETAILS UPDATED' }).check();
    await shot(page, 'pending-profile-change');
    await noSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'pending-profile-change-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText("Are you sure you want to approve Tess Assessor's profile change?")).toBeVisible();
    await page.getByRole('button', { name: 'Yes, Approve' }).click();
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect(page).toHaveURL(/\/admin\/outstanding-activities$/);
    await signOut(page);

    await signIn(page, 'ta@portal.test');
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Personal Details' })).toContainText('Senior Technical Assessor');
    await expect(page.getByRole('region', { name: 'Address Details' })).not.toContainText('Chatswood');
    await expect(page.getByRole('region', { name: 'Address', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Personal Details' })).not.toContainText('Phone');
    await expect(page.getByRole('region', { name: 'Email Details' })).toContainText('tess.new@mail.test');
    await expect(page.getByText('Change waiting for approval')).toHaveCount(0);
    await shot(page, 'profile-after-approval');
  });

  // ta@ opens their competency PDF, then marks the profile up to date; then suggests changes with a
  // document, which the TA admin opens from the pending change.
  test(
    'ta views competencies, marks the profile up to date, and sends a suggested-changes document',
    {
      tag: '@pdf-viewer', // the competency PDF opens in a tab, in Chromium's viewer
    },
    async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, 'ta@portal.test');
      await page.goto('/profile');
      const card = page.getByRole('region', { name: 'Competency' });
      const mark = card.getByRole('button', { name: 'Mark Profile up to date' });
      await expect(mark).toBeDisabled();
      await settled(page);
      await shot(page, 'profile-competency');
      await noSeriousViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'profile-competency-phone');
      await page.setViewportSize({ width: 1280, height: 900 });

      const popup = page.waitForEvent('popup');
      await card.getByRole('button', { name: 'View Competencies' }).click();
      const pdf = await popup;
      await expect.poll(() => pdf.url()).toMatch(/\/api\/competencies\/\d+\?dl=/);
      await pdf.close();
      await expect(mark).toBeEnabled();
      await mark.click();
      await expect(page.getByText('Successfully marked profile as up to date.')).toBeVisible();
      await expect(card).not.toContainText('Not yet');

      // The suggested-changes document travels with a profile change.
      await page.goto('/edit-profile');
      const competency = page.getByRole('region', { name: 'Competency' });
      await competency.getByRole('button', { name: 'Upload Document' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload Suggested Changes' });
      await upload.getByLabel('Choose a file to upload').setInputFiles({
        name: 'Suggested changes.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4 suggested'),
      });
      await upload.getByRole('button', { name: 'Yes' }).click();
      await upload.getByRole('button', { name: 'Finish' }).click();
      await expect(page.getByText('Document uploaded successfully.')).toBeVisible();
      await expect(competency.getByText('Suggested changes.pdf')).toBeVisible();
      await competency
        .getByRole('textbox', { name: /Suggested changes to your competencies/ })
        .fill('Please add ISO 15189 medical testing.');
      await shot(page, 'edit-profile-suggestion');
      await noSeriousViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'edit-profile-suggestion-phone');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByText('Your profile request has been submitted to Members Portal for approval!'),
      ).toBeVisible();
      await signOut(page);

      await signIn(page, 'taadmin@portal.test');
      await page.goto('/admin/pending-profile-change-all');
      await page.getByRole('link', { name: 'Tess Assessor' }).first().click();
      const suggested = page.getByRole('region', { name: 'COMPETENCY CHANGES SUGGESTED' });
      await expect(suggested).toContainText('Please add ISO 15189 medical testing.');
      await expect(suggested).toContainText('Suggested changes.pdf');
      await expect(suggested.getByRole('button', { name: 'View Competencies' })).toBeEnabled();
      await shot(page, 'pending-change-suggestion');
      await noSeriousViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'pending-change-suggestion-phone');
      await page.setViewportSize({ width: 1280, height: 900 });
      const doc = page.waitForEvent('popup');
      await suggested.getByRole('button', { name: 'Suggested Changes' }).click();
      const opened = await doc;
      await expect.poll(() => opened.url()).toMatch(/\/api\/competency-suggestions\/[a-f0-9]{24}\?dl=/);
      await opened.close();
    },
  );
});
