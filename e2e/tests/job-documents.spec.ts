import type { Page } from '@playwright/test';
import { STORAGE } from '../spec-tables.js';
import { expect, pathnameOf, shot, signIn, signInDirectly, signOut, test, zipEntryNames } from '../helpers.js';

// Demo data (apps/server/src/db/seed/demo-jobs.ts): job 100234 is at Harbour Labs Sydney, a site
// only ar@ represents; ta@ is an assessor on it. multi@ represents other sites (an AR of another
// facility for this job).
const JOB = '100234';
const FILE = 'Calibration records.pdf';

/** Opens job 100234 from the jobs list and returns its path (/job/{id}). */
async function openJob(page: Page, table: 'Jobs of your sites' | 'Your assigned jobs'): Promise<string> {
  await page.goto('/jobs');
  await page.getByRole('table', { name: table }).getByRole('link', { name: JOB, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Job ${JOB}` })).toBeVisible();
  return pathnameOf(page);
}

/** Calls the API with the page's own token, as the web app would. */
async function apiStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(
    async ({ path, key }) => {
      const res = await fetch(path, { headers: { Authorization: `Bearer ${window.localStorage.getItem(key)}` } });
      return res.status;
    },
    { path, key: STORAGE.token },
  );
}

test.describe('job documents', () => {
  test.describe.configure({ mode: 'serial' });
  let jobPath = '';

  test('an AR uploads a document with a progress bar; the TA reviews it; the AR is told and downloads a zip', async ({
    page,
  }) => {
    await signIn(page, 'ar@portal.test');
    jobPath = await openJob(page, 'Jobs of your sites');
    await expect(page.getByRole('region', { name: 'Job stage' })).toBeVisible();
    await shot(page, 'ar-job');

    // Slow the upload down (about 1.5 MB at 512 KB/s) so the progress bar can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });

    await page.getByRole('button', { name: 'Upload Document' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Document' });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n% calibration records\n'), Buffer.alloc(1_500_000, 0x20)]);
    await upload
      .getByLabel('Choose a file to upload')
      .setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: pdf });
    await expect(upload.getByText('Are you sure this is the file you want to upload?')).toBeVisible();
    await upload.getByRole('button', { name: 'Yes' }).click();
    await expect(upload.getByText('*mandatory field, 255 character maximum.')).toBeVisible();
    await upload.getByLabel('Description').fill('Calibration records of the balances, 2026');
    await upload.getByRole('button', { name: 'Finish' }).click();

    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shot(page, 'upload-progress');
    await expect(page.getByText('File successfully uploaded!')).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const submitted = page.getByRole('table', { name: 'Submitted Job Documents' });
    await expect(submitted.getByRole('button', { name: FILE })).toBeVisible();
    // AR users do not see the Reviewed and Review Comment columns (spec/01 2.6).
    await expect(submitted.getByRole('columnheader', { name: 'Review Comment' })).toHaveCount(0);
    await shot(page, 'ar-submitted');
    await signOut(page);

    // The TA finds it under Received and reviews it.
    await signIn(page, 'ta@portal.test');
    await page.goto(jobPath);
    await page.getByRole('tab', { name: /Received Job Documents/ }).click();
    const received = page.getByRole('table', { name: 'Received Job Documents' });
    await expect(received.getByRole('button', { name: FILE })).toBeVisible();
    await received.getByRole('checkbox', { name: `Review ${FILE}` }).check();
    const review = page.getByRole('dialog', { name: 'Document Review' });
    // Finish appears only once a comment is typed (spec/01 section 4).
    await expect(review.getByRole('button', { name: 'Finish' })).toHaveCount(0);
    await review.getByLabel('Review comment').fill('Records complete; the 2025 certificate for balance B2 is missing.');
    await expect(review.getByRole('button', { name: 'Finish' })).toBeEnabled();
    await shot(page, 'ta-review');
    await review.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Action successful!')).toBeVisible();
    await expect(received.getByText('Records complete; the 2025 certificate for balance B2 is missing.')).toBeVisible();
    await shot(page, 'ta-reviewed');
    await signOut(page);

    // The AR is told of the review, and downloads the submitted documents as one zip.
    await signIn(page, 'ar@portal.test');
    await page.goto('/notifications');
    await expect(page.getByText(`Document reviewed on job ${JOB}`).first()).toBeVisible();
    await shot(page, 'ar-notified');

    await page.goto(jobPath);
    await page.getByRole('tab', { name: /Submitted Job Documents/ }).click();
    const mine = page.getByRole('table', { name: 'Submitted Job Documents' });
    await mine.getByRole('checkbox', { name: 'Select all documents' }).check();
    const zipDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const zip = await zipDownload;
    // Named after what it holds.
    expect(zip.suggestedFilename()).toBe(`job-${JOB}-documents.zip`);
    const zipFile = test.info().outputPath('job-documents.zip');
    await zip.saveAs(zipFile);
    expect(await zipEntryNames(zipFile)).toEqual([FILE, 'Quality Manual.pdf', 'Scope of accreditation.txt']);

    const single = page.waitForEvent('download');
    await mine.getByRole('button', { name: 'Scope of accreditation.txt' }).click();
    expect((await single).suggestedFilename()).toBe('Scope of accreditation.txt');
  });

  test('an AR of another facility gets nothing of that job', async ({ page }) => {
    expect(jobPath).toMatch(/^\/job\/\d+$/);
    const jobId = jobPath.split('/').pop()!;
    await signInDirectly(page, 'multi@portal.test');
    await page.goto('/jobs');
    await expect(page.getByRole('table', { name: 'Jobs of your sites' })).toBeVisible();
    await expect(page.getByRole('link', { name: JOB, exact: true })).toHaveCount(0);

    await page.goto(jobPath);
    await expect(page.getByRole('heading', { name: 'Job not found' })).toBeVisible();
    await shot(page, 'other-ar-job-not-found');

    // Nor through the API: the job, its documents, a zip of them, a download link's target.
    expect(await apiStatus(page, `/api/jobs/${jobId}`)).toBe(404);
    expect(await apiStatus(page, `/api/jobdocuments?jobid=${jobId}&role=AR`)).toBe(404);
    const ids = Array.from({ length: 40 }, (_, i) => `ids[]=${i + 1}`).join('&');
    const zipStatus = await apiStatus(page, `/api/jobdocuments/bulk?${ids}`);
    // multi@ may see documents of its own jobs among ids 1-40, never those of job 100234.
    if (zipStatus === 200) {
      const names = await page.evaluate(
        async ({ path, key }) => {
          const res = await fetch(path, { headers: { Authorization: `Bearer ${window.localStorage.getItem(key)}` } });
          return new TextDecoder('latin1').decode(await res.arrayBuffer());
        },
        { path: `/api/jobdocuments/bulk?${ids}`, key: STORAGE.token },
      );
      expect(names).not.toContain(FILE);
      expect(names).not.toContain('Scope of accreditation.txt');
    } else {
      expect(zipStatus).toBe(404);
    }
  });
});
