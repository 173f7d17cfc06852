import { expect, shot, signIn, signInDirectly, signOut, test } from '../helpers.js';

// Demo data (apps/server/src/db/seed/demo-jobs.ts): ar@ represents sites of Harbour Analytical
// Laboratories (000412) and Southern Cross Pathology (001876); multi@ represents Riverina Food
// Testing and Coastal Calibration Services, and shares one site of Southern Cross Pathology.

test.describe('facilities and invoices (AR)', () => {
  test('an AR updates a facility contact details and sees its sites', async ({ page }) => {
    await signInDirectly(page, 'ar@portal.test');
    await page.goto('/facilities');
    const table = page.getByRole('table', { name: 'Facilities' });
    await expect(table.getByRole('link', { name: 'Harbour Analytical Laboratories' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Southern Cross Pathology' })).toBeVisible();
    await expect(table.getByText('Riverina Food Testing')).toHaveCount(0);
    await shot(page, 'facilities');

    await table.getByRole('button', { name: 'Edit Southern Cross Pathology' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Contact Details' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Facility number')).toHaveValue('001876');
    await dialog.getByLabel('Suburb').fill('Docklands');
    await dialog.getByLabel('Address').fill('1 Harbour Esplanade');
    await shot(page, 'update-contact-details');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Action successful!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The change is on the server: a fresh load shows it.
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Facilities' }).getByText('1 Harbour Esplanade', { exact: false }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Harbour Analytical Laboratories' }).click();
    await expect(page).toHaveURL(/\/facility\/\d+$/);
    const sites = page.getByRole('table', { name: 'Sites' });
    await expect(sites.getByRole('link', { name: 'Harbour Labs Sydney' })).toBeVisible();
    // Perth is a site of the same facility that only multi@ represents.
    await expect(sites.getByText('Harbour Labs Perth')).toHaveCount(0);
    await shot(page, 'facility');

    // The site: its cards, its jobs filtered by status, its documents.
    await sites.getByRole('link', { name: 'Harbour Labs Sydney' }).click();
    await expect(page.getByRole('heading', { name: 'Harbour Labs Sydney' })).toBeVisible();
    for (const card of ['Site Details', 'Contact Details', 'Accreditation Specialist']) {
      await expect(page.getByRole('region', { name: card })).toBeVisible();
    }
    const jobs = page.getByRole('table', { name: 'Jobs of Harbour Labs Sydney' });
    await expect(jobs.getByRole('link', { name: '100234' })).toBeVisible();
    await expect(jobs.getByRole('link', { name: '100235' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Planned' }).click();
    await expect(jobs.getByRole('link', { name: '100234' })).toHaveCount(0);
    await expect(jobs.getByRole('link', { name: '100235' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Received Site Documents/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Submitted Site Documents/ })).toBeVisible();
    await shot(page, 'site');
  });

  test('a facility the AR does not represent is not found', async ({ page }) => {
    await signIn(page, 'multi@portal.test');
    await page.goto('/facilities');
    const riverina = page
      .getByRole('table', { name: 'Facilities' })
      .getByRole('link', { name: 'Riverina Food Testing' });
    const href = await riverina.getAttribute('href');
    expect(href).toMatch(/^\/facility\/\d+$/);

    await signOut(page);

    await signIn(page, 'ar@portal.test');
    await page.goto(href!);
    await expect(page.getByText('Facility not found')).toBeVisible();
    await shot(page, 'facility-not-found');
  });

  test('an AR sees outstanding invoices with formatted amounts and filters them by date', async ({ page }) => {
    await signInDirectly(page, 'ar@portal.test');
    await page.goto('/invoices');
    const outstanding = page.getByRole('table', { name: 'Outstanding invoices' });
    const rows = outstanding.getByRole('row');
    // Header + INV-50001, CRN-50003, INV-50004, oldest first; multi@'s INV-50006 is not there.
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('INV-50001');
    await expect(rows.nth(1)).toContainText('$1,250.00');
    await expect(rows.nth(2)).toContainText('CRN-50003');
    await expect(rows.nth(2)).toContainText('-$150.00');
    await expect(outstanding.getByText('INV-50006')).toHaveCount(0);
    // The job number is a link because the server gives the job's id (ar@ may see job 100234).
    await expect(rows.nth(1).getByRole('link', { name: '100234' })).toHaveAttribute('href', /^\/job\/\d+$/);
    await shot(page, 'invoices');

    await page.getByLabel('Transaction date').fill('01/01/2001');
    await page.getByLabel('Transaction date').press('Enter');
    await expect(page.getByText(/There are no outstanding invoices/)).toBeVisible();
    await shot(page, 'invoices-no-match');
  });
});
