import type { Page } from '@playwright/test';
import { seriousViolations } from '../axe.js';
import {
  apiSignIn,
  expect,
  messagesTo,
  pdfWithText,
  settled,
  shot,
  signIn,
  signInDirectly,
  signOut,
  test,
  ui,
  zipEntryNames,
  portalUrl,
} from '../helpers.js';

/**
 * Publications and subscriptions: ar@ subscribes to General › Forms with notify on; an
 * admin adds a publication there through the back office's API; ar@ hears of it in the bell and by
 * mail (the outbox over SMTP), opens it, sees the PDF in the preview frame, downloads it, and takes
 * it with a demo publication of Forms as one zip from 'Your Subscriptions'.
 */
const ROOT = 'General';
const SUB = 'Forms';
const DEMO = 'Application for Accreditation';
const NAME = `E2E Scope Guide ${Date.now().toString(36)}`;
const FILE = `${NAME}.pdf`;

interface CategoryTree {
  data: { id: number; name: string; children: { id: number; name: string }[] }[];
}

/** The back office adds a publication (SYSADMIN, multipart: name, category_id, then the file). */
async function addPublication(subName: string): Promise<number> {
  const base = portalUrl();
  const admin = await apiSignIn('admin@portal.test');
  const headers = { authorization: `Bearer ${admin.token}` };
  const tree = (await (await fetch(`${base}/api/categories`, { headers })).json()) as CategoryTree;
  const sub = tree.data.flatMap((r) => r.children).find((c) => c.name === subName);
  if (!sub) throw new Error(`no subcategory ${subName}`);
  const form = new FormData();
  form.append('name', NAME);
  form.append('category_id', String(sub.id));
  form.append(
    'file',
    new Blob([new Uint8Array(pdfWithText(`${NAME}: what an accreditation scope covers.`))], {
      type: 'application/pdf',
    }),
    FILE,
  );
  const res = await fetch(`${base}/api/admin/publications`, { method: 'POST', headers, body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

const category = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const browser = (page: Page) => page.getByRole('region', { name: 'Your Subscriptions' });
const column = (page: Page, name: 'Categories' | 'Sub categories' | 'Publications') =>
  browser(page).getByRole('region', { name, exact: true });

/** A full-page shot from the top (the fixed header would otherwise be drawn where the page was scrolled to). */
async function topShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

async function phoneShot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await topShot(page, `${name}-phone`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

// @pdf-viewer: the first test previews a PDF in Chromium's viewer, and the describe is serial.
test.describe('publications and subscriptions', { tag: '@pdf-viewer' }, () => {
  test.describe.configure({ mode: 'serial' });

  test('ar@ subscribes with notify on, hears of a new publication, previews, downloads it and zips it with another', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, 'ar@portal.test');

    // The dashboard's Recent Publications card lists the demo publications.
    const recentCard = page.getByRole('region', { name: 'Recent Publications' });
    await expect(recentCard.getByRole('table', { name: 'Recent Publications' }).getByRole('row')).toHaveCount(1 + 5);
    await settled(page);
    await topShot(page, 'dashboard');
    await phoneShot(page, 'dashboard');

    // Manage My Subscriptions: the notify switch shows only once subscribed.
    await page.goto('/subscriptions');
    await expect(page.getByRole('heading', { name: 'Manage My Subscriptions', level: 1 })).toBeVisible();
    const general = category(page, ROOT);
    const forms = general.getByRole('checkbox', { name: SUB, exact: true });
    await expect(forms).not.toBeChecked();
    await expect(general.getByRole('switch', { name: `Notify me of ${SUB}` })).toHaveCount(0);
    // ar@ subscribes to Policies and Procedures (demo), so General's subscribe-all is partly ticked, not ticked.
    await expect(general.getByRole('checkbox', { name: `Subscribe to all of ${ROOT}` })).not.toBeChecked();
    await settled(page);
    await topShot(page, 'subscriptions');
    expect(await seriousViolations(page)).toEqual([]);

    await forms.check();
    await expect(page.getByText('Your subscriptions are saved.')).toBeVisible();
    const notify = general.getByRole('switch', { name: `Notify me of ${SUB}` });
    await expect(notify).not.toBeChecked();
    await notify.check();
    await expect(page.getByText('Your notification settings are saved.')).toBeVisible();
    await expect(notify).toBeChecked();
    // A sub category's publications are asked for when it is opened.
    const formsItem = general
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox', { name: SUB, exact: true }) });
    await formsItem.getByRole('button', { name: /^Show publications \(\d+\)$/ }).click();
    await expect(general.getByRole('list', { name: `Publications of ${SUB}` }).getByRole('listitem')).not.toHaveCount(
      0,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await phoneShot(page, 'subscriptions');

    // The back office publishes in Forms; ar@ is told in the portal and by mail.
    const id = await addPublication(SUB);
    await page.goto('/dashboard');
    await expect(ui.notificationBell(page)).toBeVisible();
    await expect(async () => {
      await page.reload();
      await ui.notificationBell(page).click();
      await expect(ui.latestNotifications(page).getByText(`New publication: ${NAME}`)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await shot(page, 'notified');
    await expect
      .poll(async () => (await messagesTo('ar@portal.test')).some((m) => m.subject === `New publication: ${NAME}`), {
        timeout: 30_000,
      })
      .toBe(true);
    const mail = (await messagesTo('ar@portal.test')).find((m) => m.subject === `New publication: ${NAME}`)!;
    expect(mail.text).toContain(`"${NAME}" was published in ${ROOT} > ${SUB}.`);
    expect(mail.text).toContain(`/publications/${id}`);

    // The notification opens the publication: details, the PDF in a frame, Download.
    const preview = page.waitForResponse(
      (r) => r.url().includes(`/api/publications/${id}/file?`) && r.url().includes('disposition=inline'),
    );
    await ui.latestNotifications(page).getByText(`New publication: ${NAME}`).click();
    await expect(page).toHaveURL(new RegExp(`/publications/${id}$`));
    await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
    const details = page.getByRole('region', { name: 'Publication Details' });
    await expect(details).toContainText(`${ROOT} › ${SUB}`);
    await expect(details).toContainText(FILE);
    const frame = page.getByTitle(`Preview of ${NAME}`);
    await expect(frame).toBeVisible();
    const src = (await frame.getAttribute('src'))!;
    expect(src).toMatch(new RegExp(`^/api/publications/${id}/file\\?disposition=inline&dl=`));
    expect((await preview).status()).toBe(200);
    // The headers as the server sends them (Chromium hands a PDF to its viewer and shows the page a
    // rewritten response): a PDF, inline, never sniffed, sandboxed, framed by the portal only.
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['content-disposition']).toMatch(/^inline/);
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['content-security-policy']).toMatch(/^sandbox;/);
    expect(served.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    // Chromium's own PDF viewer draws it inside the frame.
    await expect
      .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://')), { timeout: 10_000 })
      .toBe(true);
    // The shot waits for the viewer to have loaded the document, not for a fixed time.
    await page
      .frames()
      .find((f) => f.url().startsWith('chrome-extension://'))!
      .waitForLoadState('load');
    await topShot(page, 'publication');
    expect(await seriousViolations(page)).toEqual([]);

    const fileDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const file = await fileDownload;
    expect(file.suggestedFilename()).toBe(FILE);
    const saved = test.info().outputPath(FILE);
    await file.saveAs(saved);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    await phoneShot(page, 'publication');

    // /publications: the new one heads 'Recently updated'; the subscriptions browser zips two files.
    await page.goto('/publications');
    const recent = page.getByRole('table', { name: 'Recently updated' });
    await expect(recent.getByRole('row').nth(1)).toContainText(NAME);
    await expect(recent.getByRole('link', { name: `View ${NAME}` })).toHaveAttribute('href', `/publications/${id}`);
    await column(page, 'Categories').getByRole('button', { name: ROOT }).click();
    await column(page, 'Sub categories').getByRole('button', { name: SUB }).click();
    const docs = column(page, 'Publications');
    await docs.getByRole('checkbox', { name: `Select ${NAME}` }).check();
    await docs.getByRole('checkbox', { name: `Select ${DEMO}` }).check();
    await settled(page);
    await topShot(page, 'publications');
    expect(await seriousViolations(page)).toEqual([]);
    const zipDownload = page.waitForEvent('download');
    await browser(page).getByRole('button', { name: 'Download Selected Files' }).click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toBe('publications.zip');
    const zipFile = test.info().outputPath('publications.zip');
    await zip.saveAs(zipFile);
    expect(await zipEntryNames(zipFile)).toEqual([`${DEMO}.pdf`, FILE].sort());
    await phoneShot(page, 'publications');

    // Manage Subscriptions leads back to the subscriptions page; unsubscribing takes notify with it.
    await browser(page).getByRole('link', { name: 'Manage Subscriptions' }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await category(page, ROOT).getByRole('checkbox', { name: SUB, exact: true }).uncheck();
    await expect(page.getByText('Your subscriptions are saved.').first()).toBeVisible();
    await expect(category(page, ROOT).getByRole('switch', { name: `Notify me of ${SUB}` })).toHaveCount(0);
    await signOut(page);
  });

  test('the back office adds a publication through its page, replaces its file and removes it', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `E2E Release Notes ${Date.now().toString(36)}`;
    await signInDirectly(page, 'admin@portal.test');
    await page.getByRole('link', { name: 'Manage Publications' }).click();
    await expect(page).toHaveURL(/\/admin\/publications$/);
    const table = page.getByRole('table', { name: 'All Publications' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await settled(page);
    await topShot(page, 'admin');
    expect(await seriousViolations(page)).toEqual([]);

    // Step one: the name and the sub category; step two: the upload modal.
    await page.getByRole('button', { name: 'Add Publication' }).click();
    const details = page.getByRole('dialog', { name: 'Add Publication' });
    await details.getByRole('textbox', { name: 'Name' }).fill(name);
    await details.getByRole('combobox', { name: 'Sub category' }).click();
    await page.getByRole('option', { name: 'Release Notes' }).click();
    await shot(page, 'admin-add');
    expect(await seriousViolations(page)).toEqual([]);
    await details.getByRole('button', { name: 'Continue' }).click();
    const upload = page.getByRole('dialog', { name: `Add Publication: ${name}` });
    await upload
      .getByLabel('Choose a file to upload')
      .setInputFiles({ name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdfWithText(name) });
    await upload.getByRole('button', { name: 'Yes' }).click();
    await upload.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('The publication is added.')).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText(name);
    await expect(table.getByRole('row').nth(1)).toContainText('Portal Publications › Release Notes');

    // Replace the file.
    await table.getByRole('button', { name: `Replace ${name}` }).click();
    const replace = page.getByRole('dialog', { name: `Replace ${name}` });
    await replace.getByLabel('Choose a file to upload').setInputFiles({
      name: `${name} v2.pdf`,
      mimeType: 'application/pdf',
      buffer: pdfWithText(`${name}, second issue`),
    });
    await replace.getByRole('button', { name: 'Yes' }).click();
    await replace.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('The publication is replaced.')).toBeVisible();

    // Remove asks first.
    await table.getByRole('button', { name: `Remove ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Publication' });
    await expect(confirm).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Yes, Remove' }).click();
    await expect(page.getByText('The publication is removed.')).toBeVisible();
    await expect(table.getByText(name)).toHaveCount(0);
    // Let the three notices go (5 s each) before the phone shot.
    await expect(page.getByText('The publication is removed.')).toHaveCount(0, { timeout: 10_000 });
    await phoneShot(page, 'admin');
  });

  test('an empty subscription list says so in the browser', async ({ page }) => {
    // la@ subscribes to Calibration only; once unsubscribed there is nothing to browse.
    await signInDirectly(page, 'la@portal.test');
    await page.goto('/subscriptions');
    const updates = category(page, 'Accreditation Program Updates');
    await updates.getByRole('checkbox', { name: 'Calibration', exact: true }).uncheck();
    await expect(page.getByText('Your subscriptions are saved.')).toBeVisible();
    await page.goto('/publications');
    await expect(column(page, 'Categories').getByText('No folders available!')).toBeVisible();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
