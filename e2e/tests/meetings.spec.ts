import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe.js';
import { STORAGE } from '../spec-tables.js';
import {
  expect,
  pdfWithText,
  settled,
  shot,
  signIn,
  signInDirectly,
  signOut,
  switchCommittee,
  test,
  ui,
  zipEntryNames,
} from '../helpers.js';

/**
 * Meeting documents (without the calendar): cm@ (admin of the Chemical Testing
 * Committee) makes a folder and a sub folder, uploads a PDF with a progress bar, restricts the
 * folder to himself, and multi@ (a plain member) no longer sees it; search finds the PDF by a word
 * of its text; the zip of two selected documents holds both.
 */
const ROOT = 'E2E Board Papers';
const SUB = 'E2E Session';
const PDF = 'Quasar briefing.pdf';
const TXT = 'Quasar notes.txt';
const WORD = 'xylophonist';

const foldersCard = (page: Page) => page.getByRole('region', { name: 'Folders' });
const browser = (page: Page) => page.getByRole('region', { name: 'Meeting folders' });
const folderColumn = (page: Page, name: 'Folders' | 'Sub folders' | 'Documents') =>
  browser(page).getByRole('region', { name, exact: true });

/** Works in the Chemical Testing Committee (cm@ is its admin, multi@ a plain member), through the user menu. */
async function workInChemical(page: Page) {
  await switchCommittee(page, 'Chemical Testing Committee');
}

async function closeSuccess(page: Page) {
  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success.getByText('Action successful!')).toBeVisible();
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(success).toHaveCount(0);
}

async function uploadFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await foldersCard(page).getByRole('button', { name: 'Upload Document' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Document' });
  await upload.getByLabel('Choose a file to upload').setInputFiles(file);
  await expect(upload.getByText('Are you sure this is the file you want to upload?')).toBeVisible();
  await upload.getByRole('button', { name: 'Yes' }).click();
  await upload.getByRole('button', { name: 'Finish' }).click();
  return upload;
}

test.describe('meeting documents', () => {
  test.describe.configure({ mode: 'serial' });

  test('the committee admin makes folders, uploads with progress, restricts a folder; search and the zip work', async ({
    page,
  }) => {
    // A long journey (two uploads, one over a slowed link, and the index catching up).
    test.setTimeout(180_000);
    await signIn(page, 'cm@portal.test');
    await workInChemical(page);
    // The dashboard's Recent Documents card lists the demo documents.
    const recent = page.getByRole('region', { name: 'Recent Documents' });
    await expect(
      recent.getByRole('table', { name: 'Recent Documents' }).getByRole('button', { name: 'Agenda - June 2026.txt' }),
    ).toBeVisible();
    await shot(page, 'dashboard');

    await page.goto('/meeting-documents');
    await expect(page.getByRole('table', { name: 'Recently Updated Documents' })).toBeVisible();
    await expect(folderColumn(page, 'Folders').getByRole('button', { name: '2026 Meetings' })).toBeVisible();
    await settled(page);
    await shot(page, 'page');
    expect(await seriousViolations(page)).toEqual([]);

    // Create New Folder: Create is disabled until a name is typed.
    await foldersCard(page).getByRole('button', { name: 'Create New Folder' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Folder' });
    await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await create.getByLabel('Folder name').fill(ROOT);
    await create.getByRole('button', { name: 'Create' }).click();
    await closeSuccess(page);
    await expect(folderColumn(page, 'Folders').getByRole('button', { name: ROOT })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(folderColumn(page, 'Sub folders').getByText('No folders available!')).toBeVisible();

    await foldersCard(page).getByRole('button', { name: 'Create Sub Folder' }).click();
    const createSub = page.getByRole('dialog', { name: 'Create Sub Folder' });
    await createSub.getByLabel('Sub folder name').fill(SUB);
    await createSub.getByRole('button', { name: 'Create' }).click();
    await closeSuccess(page);
    await expect(folderColumn(page, 'Sub folders').getByRole('button', { name: SUB })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(folderColumn(page, 'Documents').getByText('No documents available!')).toBeVisible();

    // Upload a PDF over a slowed link, so the progress bar shows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    await expect(foldersCard(page).getByRole('button', { name: 'Upload Document' })).toBeEnabled({ timeout: 15_000 });
    await uploadFile(page, {
      name: PDF,
      mimeType: 'application/pdf',
      buffer: pdfWithText(`The ${WORD} spoke at the session.`, 1_500_000),
    });
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shot(page, 'upload-progress');
    await expect(page.getByText('Document uploaded successfully!')).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await uploadFile(page, { name: TXT, mimeType: 'text/plain', buffer: Buffer.from('Notes of the session.') });
    await expect(page.getByText('Document uploaded successfully!').first()).toBeVisible();
    const docs = folderColumn(page, 'Documents');
    await expect(docs.getByRole('button', { name: PDF, exact: true })).toBeVisible();
    await expect(docs.getByRole('button', { name: TXT, exact: true })).toBeVisible();

    // The zip of the two selected documents holds both.
    await docs.getByRole('checkbox', { name: 'Select all' }).check();
    const zipDownload = page.waitForEvent('download');
    await docs.getByRole('button', { name: 'Download Selected' }).click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toBe('E2E-Session-documents.zip');
    const zipFile = test.info().outputPath('meeting-documents.zip');
    await zip.saveAs(zipFile);
    expect((await zipEntryNames(zipFile)).sort()).toEqual([PDF, TXT].sort());

    // Search finds the PDF by a word of its text, once the index has read it.
    const search = page.getByRole('textbox', { name: 'Search documents' });
    await search.fill(WORD);
    const results = page.getByRole('table', { name: 'Search Results' });
    await expect(async () => {
      await search.fill('');
      await search.fill(WORD);
      await expect(results.getByRole('button', { name: PDF, exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(results.locator('mark', { hasText: WORD })).toBeVisible();
    await shot(page, 'search');
    await search.fill('');
    await expect(page.getByRole('table', { name: 'Recently Updated Documents' })).toBeVisible();

    // Restrict the root folder to cm@ himself: Continue is disabled until the choice differs.
    await folderColumn(page, 'Folders').getByRole('button', { name: ROOT }).click();
    await foldersCard(page).getByRole('button', { name: 'Access' }).click();
    const access = page.getByRole('dialog', { name: `Access: ${ROOT}` });
    await expect(access.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await access.getByRole('checkbox', { name: 'Give Cam Member access' }).check();
    await shot(page, 'access');
    expect(await seriousViolations(page)).toEqual([]);
    await access.getByRole('button', { name: 'Continue' }).click();
    await access.getByRole('button', { name: 'Yes, Assign Access' }).click();
    await closeSuccess(page);
    await expect(folderColumn(page, 'Folders').getByRole('button', { name: `${ROOT} (restricted)` })).toBeVisible();

    // A delete asks first.
    await folderColumn(page, 'Folders').getByRole('button', { name: '2026 Meetings' }).click();
    await folderColumn(page, 'Sub folders').getByRole('button', { name: 'June 2026 Meeting' }).click();
    await folderColumn(page, 'Documents').getByRole('button', { name: 'Delete Agenda - June 2026.txt' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Document' });
    await expect(confirm).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await shot(page, 'phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await signOut(page);
  });

  test('a plain member no longer sees the restricted folder, in the browser, the search or the API', async ({
    page,
  }) => {
    await signInDirectly(page, 'multi@portal.test');
    // multi@ looks as an AR first: view as a committee member, then work in the Chemical committee.
    await ui.userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Committee Member' }).click();
    await page.getByRole('dialog', { name: 'Switch view' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('region', { name: 'Recent Documents' })).toBeVisible();
    await workInChemical(page);
    await page.goto('/meeting-documents');
    await expect(folderColumn(page, 'Folders').getByRole('button', { name: '2026 Meetings' })).toBeVisible();
    await expect(folderColumn(page, 'Folders').getByRole('button', { name: new RegExp(ROOT) })).toHaveCount(0);
    // A plain member gets no admin buttons.
    await expect(foldersCard(page).getByRole('button', { name: 'Create New Folder' })).toHaveCount(0);
    await expect(foldersCard(page).getByRole('button', { name: 'Upload Document' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Search documents' }).fill(WORD);
    await expect(
      page.getByRole('table', { name: 'Search Results' }).getByText('No documents match your search.'),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Recently Updated Documents' })).toHaveCount(0);
    await settled(page);
    await shot(page, 'member');
    expect(await seriousViolations(page)).toEqual([]);
    const committeeId = await page.evaluate((key) => Number(window.localStorage.getItem(key)), 'CURRENT_COMMITTEE');
    const status = await page.evaluate(
      async ({ key, committeeId, word }) => {
        const res = await fetch(`/api/meetingdocuments/search?term=${word}&cmid=${committeeId}`, {
          headers: { Authorization: `Bearer ${window.localStorage.getItem(key)}` },
        });
        return { status: res.status, body: await res.text() };
      },
      { key: STORAGE.token, committeeId, word: WORD },
    );
    expect(status.status).toBe(200);
    expect(status.body).not.toContain('Quasar');
  });
});
