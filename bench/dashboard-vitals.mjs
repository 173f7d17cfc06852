/* global window -- the init script and the evaluate callbacks run in the page */
/**
 * The first load of the dashboard as a signed-in user sees it: cumulative layout shift (CLS) and
 * largest contentful paint (LCP), read from Chromium's own performance entries ('layout-shift' and
 * 'largest-contentful-paint'), plus what the largest element was and the moments the shell and the
 * cards appeared. Runs a few loads (warm HTTP cache after the first) and prints each run, the worst
 * and the median.
 *
 * Two ways to load, which differ most on a machine with few cores:
 * - MODE=tab (default): each load in a new tab, opened a second before it navigates, as a user opens
 *   a tab and types the address. The tab's page runs in a new renderer process: nothing compiled or
 *   parsed is shared with the load before but the HTTP cache. The pause matters on two cores:
 *   Chromium starts its next spare renderer process when a tab is opened, and a navigation right
 *   after opening shares the CPU with that start (LCP about 150 ms later here).
 * - MODE=reload: every load in the same tab (a reload, or typing the address again): the renderer
 *   process and what it compiled are reused. The tab is opened a second before the first load, as
 *   in MODE=tab.
 * The browser's storage holds what the web app's sign-in leaves there (the token, the roles, the
 * current role and a committee member's committee), as a user's browser does when they come back;
 * STORAGE=token stores the token alone (the figures before 2026-11-27's fifth session), and the app
 * then learns the role from the active user before it can ask for the notifications.
 * Needs a running portal that is not in production mode (codes are read from the dev mailbox), and
 * `npm run build` (packages/shared's build gives the current role):
 *   PORTAL=http://127.0.0.1:3000 [MODE=tab|reload] [STORAGE=signin|token] [LATENCY_MS=0] [TIMELINE=1] [PAGE=/dashboard] node bench/dashboard-vitals.mjs [email] [runs]
 * TIMELINE=1 prints, after each load, when each script and call was asked for and arrived. PAGE
 * loads another page the same way (a discussion, a job), to see when its data is asked for.
 */
import { openSignedIn } from './signed-in-browser.mjs';
import { median } from './stats.mjs';

const PORTAL = process.env.PORTAL ?? 'http://127.0.0.1:3000';
const email = process.argv[2] ?? 'ar@portal.test';
const runs = Number(process.argv[3] ?? 5);
const MODE = process.env.MODE ?? 'tab';
if (!['tab', 'reload'].includes(MODE)) throw new Error(`MODE is tab or reload, not ${MODE}`);
const STORAGE = process.env.STORAGE ?? 'signin';
if (!['signin', 'token'].includes(STORAGE)) throw new Error(`STORAGE is signin or token, not ${STORAGE}`);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 0);
// Another page than the dashboard (PAGE=/discussion/12): its LCP is read the same way.
const PAGE = process.env.PAGE ?? '/dashboard';

const { browser, context } = await openSignedIn(PORTAL, email, { tokenOnly: STORAGE === 'token' });
await context.addInitScript(() => {
  window.__vitals = { cls: 0, shifts: [], lcp: 0, lcpNode: '' };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__vitals.cls += e.value;
      window.__vitals.shifts.push({
        at: Math.round(e.startTime),
        value: Number(e.value.toFixed(4)),
        nodes: e.sources.map(
          (s) => s.node?.nodeName + (s.node?.textContent ? `:${s.node.textContent.slice(0, 30)}` : ''),
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__vitals.lcp = Math.round(e.startTime);
      window.__vitals.lcpNode = `${e.element?.nodeName ?? '?'} ${(e.element?.textContent ?? '').slice(0, 40)}`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
});

const results = [];
const reloaded = MODE === 'reload' ? await context.newPage() : undefined;
for (let i = 0; i < runs; i++) {
  const page = reloaded ?? (await context.newPage());
  // The pause after opening a tab (above), in reload mode before its first load too: navigating in
  // the instant the tab opened put that first load beside the spare renderer's start (440-512 ms
  // against 336-372 with the pause, 2026-11-30).
  if (!reloaded || i === 0) await page.waitForTimeout(1000);
  // A network's round trip, which localhost does not have (LATENCY_MS: added to every request by
  // Chromium's own network emulation, as DevTools' throttling does).
  if (LATENCY_MS > 0 && (!reloaded || i === 0))
    await (
      await context.newCDPSession(page)
    ).send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  await page.goto(`${PORTAL}${PAGE}`, { waitUntil: 'networkidle' });
  // Cards settle after their queries; give late shifts a moment to be recorded.
  await page.waitForTimeout(1500);
  const v = await page.evaluate(() => ({
    ...window.__vitals,
    fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
  }));
  results.push(v);
  console.log(`run ${i + 1}: CLS ${v.cls.toFixed(4)}  FCP ${v.fcp} ms  LCP ${v.lcp} ms (${v.lcpNode.trim()})`);
  if (process.env.TIMELINE) {
    // When each script and call was asked for and arrived (ms from the navigation's start).
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => [e.name.replace(/^https?:\/\/[^/]+/, ''), Math.round(e.startTime), Math.round(e.responseEnd)]),
    );
    for (const [name, start, end] of entries)
      console.log(`   ${String(start).padStart(5)} → ${String(end).padStart(5)}  ${name}`);
  }
  if (process.env.VERBOSE)
    for (const s of v.shifts) console.log(`   shift at ${s.at} ms: ${s.value} ${s.nodes.join(', ')}`);
  if (!reloaded) await page.close();
}
await browser.close();
const worst = { cls: Math.max(...results.map((r) => r.cls)), lcp: Math.max(...results.map((r) => r.lcp)) };
console.log(
  `${email}, ${runs} loads of ${PAGE} (${MODE}, storage ${STORAGE}${LATENCY_MS ? `, ${LATENCY_MS} ms a round trip` : ''}): CLS worst ${worst.cls.toFixed(4)}, median ${median(results.map((r) => r.cls)).toFixed(4)}; LCP worst ${worst.lcp} ms, median ${median(results.map((r) => r.lcp))} ms`,
);
