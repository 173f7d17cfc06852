import type { Page } from '@playwright/test';
import { STORAGE } from '../spec-tables.js';
import { seriousViolations } from '../axe.js';
import {
  apiSignIn,
  expect,
  pathnameOf,
  settled,
  shot,
  signIn,
  signInDirectly,
  signOut,
  switchCommittee,
  test,
  ui,
  useApiSession,
  portalUrl,
} from '../helpers.js';

// Demo data (apps/server/src/db/seed/demo-data.ts, demo-forum.ts): cm@ administers the Chemical
// Testing Committee (its first committee, the one the app opens in); multi@ is a plain member
// there (no write flag) and views as CM here; ar@ is in no committee.
const TITLE = 'Calibration intervals for analytical balances';
const FILE = 'balance-calibration.txt';
const CHEM = 'Chemical Testing Committee';

/** Calls the API with the page's own token, as the web app would. */
async function apiStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(
    async ({ path, key }) =>
      (await fetch(path, { headers: { Authorization: `Bearer ${window.localStorage.getItem(key)}` } })).status,
    { path, key: STORAGE.token },
  );
}

/** Works in the Chemical Testing Committee (the app opens in the first by name, Biological). */
async function useChemical(page: Page) {
  await switchCommittee(page, CHEM);
}

async function axeClean(page: Page) {
  await settled(page);
  // A passing toast is the app's shared notification host, checked on its own elsewhere: let it go.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('committee forum', () => {
  test.describe.configure({ mode: 'serial' });
  let discussionPath = '';

  test('cm@ starts a discussion with bold text and an attachment', async ({ page }) => {
    await signIn(page, 'cm@portal.test');
    await page.goto('/forum');
    await expect(page.getByRole('table', { name: 'Discussions' }).getByRole('link').first()).toBeVisible();
    // A plain member of the Biological committee: no New Discussion there.
    await expect(page.getByRole('link', { name: 'New Discussion' })).toHaveCount(0);
    await useChemical(page);
    await axeClean(page);
    await shot(page, 'forum-list');
    await page.getByRole('link', { name: 'New Discussion' }).click();
    await expect(page).toHaveURL(/\/forum\/new-discussion$/);

    const post = page.getByRole('button', { name: 'Post', exact: true });
    await expect(post).toBeDisabled();
    await page.getByRole('textbox', { name: 'Discussion Title' }).fill(TITLE);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Technical' }).click();
    const editor = page.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Bold proposal');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(': calibrate every balance twice a year.');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: FILE, mimeType: 'text/plain', buffer: Buffer.from('Balance calibration schedule') });
    await expect(page.getByRole('list', { name: 'Attached files' })).toContainText(FILE);
    // The same name a second time is refused.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: FILE, mimeType: 'text/plain', buffer: Buffer.from('again') });
    await expect(page.getByText(`File ${FILE} is already attached.`)).toBeVisible();
    await axeClean(page);
    await shot(page, 'new-discussion');
    await expect(post).toBeEnabled();
    await post.click();

    await expect(page.getByText('Discussion Thread created Successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/discussion\/\d+$/);
    discussionPath = pathnameOf(page);
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(page.locator('.forum-post strong')).toHaveText('Bold proposal');
    const related = page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: 'Related Documents' }) });
    await expect(related.getByRole('button', { name: FILE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();

    // The attachment downloads through a signed link.
    const download = page.waitForEvent('download');
    await related.getByRole('button', { name: FILE }).click();
    expect((await download).suggestedFilename()).toBe(FILE);
    await axeClean(page);
    await shot(page, 'discussion-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'discussion-phone');
    await page.goto('/forum');
    await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
    await shot(page, 'forum-list-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await signOut(page);
  });

  test('multi@, a plain member, replies; cm@ is notified and opens the discussion', async ({ page, browser }) => {
    const multi = await browser.newPage();
    await useApiSession(multi, await apiSignIn('multi@portal.test'), 'CM');
    await multi.goto('/forum');
    // multi@ administers the Biological committee: New Discussion there.
    await expect(multi.getByRole('link', { name: 'New Discussion' })).toBeVisible();
    await useChemical(multi);
    await expect(multi.getByRole('link', { name: TITLE })).toBeVisible();
    // No write flag in this committee: no New Discussion.
    await expect(multi.getByRole('link', { name: 'New Discussion' })).toHaveCount(0);
    await multi.getByRole('link', { name: TITLE }).click();
    await expect(multi.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(multi.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    // The reply box opens, and the editor comes, on use.
    await multi.getByRole('button', { name: 'Write a reply…' }).click();
    await multi.getByRole('textbox', { name: 'Your reply' }).click();
    await multi.keyboard.type('Twice a year suits our laboratory too.');
    await multi.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(multi.getByText('Thread reply created successfully.')).toBeVisible();
    const reply = multi.getByRole('article', { name: /^Reply by/ }).first();
    await expect(reply).toContainText('Twice a year suits our laboratory too.');

    // The edit-reply mode of one's own reply.
    await reply.getByRole('button', { name: 'Edit' }).click();
    const edit = multi.getByRole('form', { name: 'Edit reply' });
    await edit.getByRole('textbox', { name: 'Edit your reply' }).click();
    await multi.keyboard.press('End');
    await multi.keyboard.type(' Agreed.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(multi.getByText('Thread reply Edited successfully.')).toBeVisible();
    await expect(multi.getByRole('article', { name: /^Reply by/ }).first()).toContainText('Agreed.');
    await shot(multi, 'multi-replied');
    await multi.close();

    await signInDirectly(page, 'cm@portal.test');
    await useChemical(page);
    await ui.notificationBell(page).click();
    const latest = ui.latestNotifications(page);
    await expect(latest.getByText(`New reply in "${TITLE}"`)).toBeVisible();
    await shot(page, 'cm-notified');
    await latest.getByText(`New reply in "${TITLE}"`).click();
    await expect(page).toHaveURL(new RegExp(`${discussionPath}$`));
    await expect(page.getByRole('article', { name: /^Reply by/ }).first()).toContainText(
      'Twice a year suits our laboratory too.',
    );
  });

  test('search finds the discussion by a word of its body and by a reply', async ({ page }) => {
    await signInDirectly(page, 'cm@portal.test');
    await useChemical(page);
    await page.goto('/forum');
    const search = page.getByRole('searchbox', { name: 'Search discussions' });
    await search.fill('calibrate balance');
    const results = page.getByRole('table', { name: 'Search Results' });
    await expect(results.getByRole('link', { name: TITLE })).toBeVisible();
    await expect(results.locator('mark').first()).toBeVisible();
    await shot(page, 'search');
    await search.fill('laborat');
    await expect(results.getByRole('link', { name: TITLE })).toBeVisible();
    await search.fill('');
    await expect(page.getByRole('table', { name: 'Discussions' })).toBeVisible();
  });

  test('ar@, in no committee, is sent away from the forum and gets 404 from the API', async ({ page }) => {
    await signInDirectly(page, 'ar@portal.test');
    await page.goto('/forum');
    await expect.poll(() => pathnameOf(page)).not.toBe('/forum');
    await expect(ui.sidebar(page).getByRole('link', { name: 'Forum' })).toHaveCount(0);
    await page.goto(discussionPath);
    await expect.poll(() => pathnameOf(page)).not.toBe(discussionPath);
    const id = discussionPath.split('/').pop();
    expect(await apiStatus(page, `/api/forumthreads/${id}`)).toBe(404);
    expect(await apiStatus(page, `/api/forum/isfollowing/${id}`)).toBe(404);
  });

  test('a body holding XSS vectors runs nothing in the page', async ({ page }) => {
    const session = await apiSignIn('cm@portal.test');
    const base = portalUrl();
    const committees = (
      (await (
        await fetch(`${base}/api/activeuser`, { headers: { authorization: `Bearer ${session.token}` } })
      ).json()) as { committees: { id: number; name: string }[] }
    ).committees;
    const committee = committees.find((c) => c.name === CHEM);
    const form = new FormData();
    form.append('committeId', String(committee!.id));
    form.append('discussionTitle', 'Vectors');
    form.append('categories', '1');
    form.append(
      'postContent',
      '<p>Vector test</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">link one</a>' +
        '<svg onload="window.__xss=4"></svg><iframe srcdoc="<script>parent.__xss=5</script>"></iframe><p onclick="window.__xss=6">para</p>' +
        '<a href="data:text/html,<script>alert(1)</script>">link two</a><style>body{display:none}</style>',
    );
    const created = await fetch(`${base}/api/forumthreads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
      body: form,
    });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { thread: { id: number } }).thread.id;

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await useApiSession(page, session, 'CM');
    await page.goto(`/discussion/${id}`);
    await expect(page.getByText('Vector test')).toBeVisible();
    const body = page.locator('.forum-post');
    await expect(body.locator('script, img, svg, iframe, style, [onclick], [onerror], [onload]')).toHaveCount(0);
    await body.getByText('link one').click();
    await body.getByText('para').click();
    await expect(page.getByRole('heading', { name: 'Vectors', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
