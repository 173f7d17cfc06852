import { STORAGE } from '../spec-tables.js';
import { expect, signInDirectly, test } from '../helpers.js';

/**
 * A file a member uploads must never run on the portal's origin. The CSP allows scripts
 * from 'self', so the only guard is how the server serves the file: a type it chooses from the
 * extension (a .js is application/octet-stream) and `X-Content-Type-Options: nosniff`, which makes
 * Chromium refuse to run a script of a non-script type.
 */
test('an uploaded .js fetched by <script src> on the portal does not run', async ({ page }) => {
  await signInDirectly(page, 'ar@portal.test');
  const outcome = await page.evaluate(async (tokenKey) => {
    const headers = { Authorization: `Bearer ${window.localStorage.getItem(tokenKey)}` };
    const jobs = (await (await fetch('/api/jobs?role=AR', { headers })).json()) as { data: { id: number }[] };
    const form = new FormData();
    form.append('jobId', String(jobs.data[0]!.id));
    form.append('role', 'AR');
    form.append('description', 'A script that must not run');
    form.append(
      'file',
      new Blob(['window.__uploadedScriptRan = true;'], { type: 'text/javascript' }),
      `payload-${Date.now()}.js`,
    );
    const uploaded = await fetch('/api/jobdocuments', { method: 'POST', headers, body: form });
    if (!uploaded.ok) return { error: `upload answered ${uploaded.status}` };
    const doc = ((await uploaded.json()) as { document: { id: number } }).document;

    const results: string[] = [];
    for (const path of [`/api/jobdocuments/${doc.id}`, `/api/jobdocuments/${doc.id}?disposition=inline`]) {
      // A download ticket is what lets a plain link (or a script tag) open a file without the header.
      const link = await fetch('/api/downloads', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ path }),
      });
      const { url } = (await link.json()) as { url: string };
      const loaded = await new Promise<string>((resolve) => {
        const script = document.createElement('script');
        script.src = url;
        script.onload = () => resolve('load');
        script.onerror = () => resolve('error');
        document.head.appendChild(script);
      });
      results.push(loaded);
    }
    return { results, ran: (window as unknown as { __uploadedScriptRan?: boolean }).__uploadedScriptRan === true };
  }, STORAGE.token);

  expect(outcome).not.toHaveProperty('error');
  expect(outcome.ran, 'the uploaded script ran').toBe(false);
  expect(outcome.results).toEqual(['error', 'error']);
});
