import type { Page, Response } from '@playwright/test';
import { apiSignIn, expect, settled, test, useApiSession } from '../helpers.js';

const HINT = '//# allFunctionsCalledOnLoad\n';

/** Every script of the app a load of `path` received, by its name without the build's hash. */
async function scriptsOf(page: Page, path: string): Promise<Map<string, string>> {
  const scripts = new Map<string, Promise<string>>();
  const onResponse = (res: Response) => {
    const { pathname } = new URL(res.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js'))
      scripts.set(pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''), res.text());
  };
  page.on('response', onResponse);
  await page.goto(path);
  await settled(page);
  page.off('response', onResponse);
  return new Map(await Promise.all([...scripts].map(async ([name, body]) => [name, await body] as const)));
}

// V8's compile hint (apps/web/vite.config.ts, compileHints): the first page's scripts are compiled
// whole as they arrive, off the main thread; the other pages' chunks keep lazy compilation.
test.describe('compile hints', () => {
  test('the dashboard’s scripts start with the hint; a page opened later does not', async ({ page }) => {
    const session = await apiSignIn('ar@portal.test');
    await useApiSession(page, session, 'AR');
    const dashboard = await scriptsOf(page, '/dashboard');
    for (const name of ['index', 'web', 'shell-frame', 'dashboard-page'])
      expect(dashboard.get(name)?.startsWith(HINT), `${name}.js`).toBe(true);
    // The app still runs: the hint is a comment, alone on the file's first line (V8 reads it there only).
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const jobs = await scriptsOf(page, '/jobs');
    expect(jobs.get('jobs-page'), 'jobs-page.js').toBeDefined();
    expect(jobs.get('jobs-page')!.startsWith(HINT)).toBe(false);
  });
});
