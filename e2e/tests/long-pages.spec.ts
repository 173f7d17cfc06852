import { apiSignIn, expect, settled, shot, test, useApiSession } from '../helpers.js';

// Demo data: cm@ administers the Chemical Testing Committee (id 1 in the demo seed's order).
const LONG_WORD = 'x'.repeat(400);

/** The colour of one pixel of a full-page capture, read in the page itself (no image library). */
async function pixelOfFullPage(
  page: import('@playwright/test').Page,
  x: number,
  fromBottom: number,
): Promise<number[]> {
  const png = (await page.screenshot({ fullPage: true })).toString('base64');
  return page.evaluate(
    async ({ png, x, fromBottom }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return Array.from(ctx.getImageData(x, img.height - fromBottom, 1, 1).data.slice(0, 3));
    },
    { png, x, fromBottom },
  );
}

test.describe('pages taller than the window, and long words', () => {
  test('the sidebar column runs the whole page, and a 400-character word breaks inside its reply', async ({
    page,
    baseURL,
  }) => {
    const session = await apiSignIn('cm@portal.test');
    const headers = { authorization: `Bearer ${session.token}` };
    // A discussion of its own, so no other journey's counts change.
    const start = new FormData();
    start.set('committeId', '1');
    start.set('discussionTitle', 'A long discussion');
    start.set('categories', '1');
    start.set('postContent', '<p>Many replies follow.</p>');
    start.set('filesCount', '0');
    const made = await fetch(`${baseURL}/api/forumthreads`, { method: 'POST', headers, body: start });
    expect(made.status).toBe(200);
    const threadId = ((await made.json()) as { thread: { id: number } }).thread.id;
    for (let i = 1; i <= 10; i++) {
      const form = new FormData();
      form.set('threadId', String(threadId));
      form.set('committeId', '1');
      form.set(
        'postContent',
        `<p>Reply ${i}. ${i === 5 ? LONG_WORD : ''}</p><p>A second paragraph.</p><p>A third.</p>`,
      );
      form.set('filesCount', '0');
      const res = await fetch(`${baseURL}/api/forumreply`, { method: 'POST', headers, body: form });
      expect(res.status).toBe(200);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await useApiSession(page, session, 'CM');
    await page.goto(`/discussion/${threadId}`);
    await settled(page);
    await expect(page.getByText(LONG_WORD)).toBeVisible();

    // The long word wraps inside its card: nothing runs past the card's edge.
    const overflow = await page
      .getByRole('article', { name: /Reply by/ })
      .evaluateAll((cards) => cards.map((c) => c.scrollWidth - c.clientWidth));
    expect(Math.max(...overflow)).toBeLessThanOrEqual(0);

    // The page is taller than the window; beneath the sidebar, at the page's foot, it is still white.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1800);
    expect(await pixelOfFullPage(page, 100, 40)).toEqual([255, 255, 255]);
    await shot(page, 'long-discussion');
  });

  test('a dated calendar address names its date in the breadcrumb', async ({ page }) => {
    const session = await apiSignIn('cm@portal.test');
    await useApiSession(page, session, 'CM');
    await page.goto('/calendar/2026-12-01');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail).toContainText('01/12/2026');
    await expect(trail.getByText('Calendar', { exact: true })).toHaveCount(1);
  });
});
