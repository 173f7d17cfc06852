/* global window -- the init script runs in the page */
/**
 * Where a signed-in page's first load spends the renderer's main thread until its largest paint,
 * by original source file and by the app's own functions: each load in a new tab (as
 * dashboard-vitals.mjs' default mode) is traced with V8's sampling profiler on
 * (Chromium's 'disabled-by-default-v8.cpu_profiler' trace category), and each sample's frames are
 * mapped back through the web build's source maps. The build ships none, so build the same code once
 * more with hidden maps (no link in the files, so the chunks and their hashes are the ones served):
 *
 *   (cd apps/web && npx vite build --outDir /tmp/web-maps --sourcemap hidden --emptyOutDir)
 *   PORTAL=http://127.0.0.1:3000 MAPS=/tmp/web-maps/assets [PAGE=/dashboard] [TOP=25] \
 *     node bench/page-profile.mjs [email] [loads]
 *
 * Needs a running portal that is not in production mode (codes are read from the dev mailbox). A
 * chunk without a map in MAPS (another build) is shown by its file name. "(program)" is all the
 * main thread did outside a script (parsing, compiling, style, layout) and its waits too: Chromium
 * does not mark it idle while a page loads. The profiler slows a load by about a tenth to a
 * quarter, so compare the scripts' shares, not milliseconds with dashboard-vitals.mjs'.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openSignedIn } from './signed-in-browser.mjs';

const { SourceMapConsumer } = createRequire(import.meta.url)('source-map-js');
const PORTAL = process.env.PORTAL ?? 'http://127.0.0.1:3000';
const PAGE = process.env.PAGE ?? '/dashboard';
const MAPS = process.env.MAPS;
const TOP = Number(process.env.TOP ?? 25);
const email = process.argv[2] ?? 'ar@portal.test';
const loads = Number(process.argv[3] ?? 3);
if (!MAPS || !existsSync(MAPS)) throw new Error('MAPS: the assets folder of a build with hidden source maps');

const maps = new Map();
/** A chunk's map, and whether the build put the compile hint line first (vite.config.ts), which the map does not count. */
function mapOf(url) {
  const file = path.join(MAPS, path.basename(new URL(url).pathname));
  if (!maps.has(file))
    maps.set(
      file,
      existsSync(`${file}.map`)
        ? {
            consumer: new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))),
            hinted: readFileSync(file, 'utf8').startsWith('//# allFunctionsCalledOnLoad'),
          }
        : null,
    );
  return maps.get(file);
}

const places = new Map();
/** A profile node's original file and function, or its chunk or V8's name for it. */
function placeOf({ callFrame: cf }) {
  const key = `${cf.url}:${cf.lineNumber}:${cf.columnNumber}`;
  if (places.has(key)) return places.get(key);
  let place = { file: cf.url ? path.basename(cf.url) : cf.functionName || '(native)', fn: cf.functionName };
  const map = /\/assets\/[^/]+\.js$/.test(cf.url) ? mapOf(cf.url) : null;
  // Profiles count lines from 0, maps from 1.
  const line = cf.lineNumber + (map?.hinted ? 0 : 1);
  if (map && line >= 1) {
    const p = map.consumer.originalPositionFor({ line, column: cf.columnNumber });
    if (p.source)
      place = {
        file: p.source.replace(/^.*node_modules\//, '').replace(/^.*\/apps\/web\//, ''),
        fn: `${p.name ?? cf.functionName ?? '(anonymous)'}:${p.line}`,
      };
  }
  places.set(key, place);
  return place;
}

const { browser, context } = await openSignedIn(PORTAL, email);
await context.addInitScript(() => {
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
});

const selfByFile = new Map();
const ownByFunction = new Map();
let sampled = 0;
const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
for (let i = 0; i < loads; i++) {
  const page = await context.newPage();
  await page.waitForTimeout(1000);
  await browser.startTracing(page, {
    categories: ['disabled-by-default-v8.cpu_profiler', 'devtools.timeline', 'loading', 'blink.user_timing'],
  });
  await page.goto(`${PORTAL}${PAGE}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const lcp = await page.evaluate(() => window.__lcp);
  await page.close();
  // The page's navigation (not the blank page's before it) and its renderer's main-thread profile.
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.endsWith(PAGE));
  const profile = events.find((e) => e.name === 'Profile' && e.pid === nav.pid && e.tid === nav.tid);
  const nodes = new Map();
  const samples = [];
  const deltas = [];
  for (const c of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
    for (const n of c.args.data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    samples.push(...(c.args.data.cpuProfile?.samples ?? []));
    deltas.push(...(c.args.data.timeDeltas ?? []));
  }
  let at = profile.args.data.startTime;
  let loadMs = 0;
  for (let s = 0; s < samples.length; s++) {
    at += deltas[s];
    const ms = (at - nav.ts) / 1000;
    if (ms < 0 || ms > lcp) continue;
    const dt = (deltas[s + 1] ?? 0) / 1000;
    loadMs += dt;
    const counted = new Set();
    for (let node = nodes.get(samples[s]), leaf = true; node; node = nodes.get(node.parent), leaf = false) {
      const place = placeOf(node);
      if (leaf) add(selfByFile, place.file, dt);
      // Each of the app's functions once a sample, however deep it recurses.
      const own = `${place.file} ${place.fn}`;
      if (place.file.startsWith('src/') && !counted.has(own)) {
        counted.add(own);
        add(ownByFunction, own, dt);
      }
    }
  }
  sampled += loadMs;
  console.log(
    `load ${i + 1}: LCP ${Math.round(lcp)} ms (under the profiler); ${Math.round(loadMs)} ms sampled until then`,
  );
}
await browser.close();
const show = (title, m) => {
  console.log(`\n${title} (ms a load, mean of ${loads})`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${(v / loads).toFixed(1).padStart(7)}  ${k}`);
};
console.log(
  `\n${email}, ${PAGE}: ${(sampled / loads).toFixed(0)} ms of the main thread sampled until the largest paint`,
);
show('Self time by source file', selfByFile);
show("The app's own functions, with what they call", ownByFunction);
