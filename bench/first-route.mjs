/* global window -- the init script and the evaluate callbacks run in the page */
/**
 * The JavaScript a route loads on its first, cold-cache load: every script Chromium fetches until
 * the network is idle, with its size raw, gzipped (level 9) and as the server sent it (the build's
 * brotli copy when the browser accepts it).
 * - No argument: the sign-in screen (/), script by script.
 * - `signed-in`: every signed-in route of the list below, each in a fresh browser context (cold
 *   cache) as a user who may open it: every script until the network is idle, and those received
 *   before the first contentful paint, each with its difference from the dashboard's.
 * Needs a running portal that is not in production mode (second-factor codes are read from the dev
 * mailbox): PORTAL=http://127.0.0.1:3000 node bench/first-route.mjs [signed-in]
 */
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { login } from './login.mjs';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');
const PORTAL = process.env.PORTAL ?? 'http://127.0.0.1:3000';
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

/** Loads `path` in a fresh context (cold cache) and answers the scripts it fetched. */
async function scriptsOf(browser, path, { token, role, ready } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token)
    await context.addInitScript(
      ({ t, r }) => {
        window.localStorage.setItem('user_access_token', t);
        if (r) window.localStorage.setItem('CURRENT_ROLE', r);
      },
      { t: token, r: role },
    );
  const page = await context.newPage();
  const scripts = [];
  const pending = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await res.body();
        const sent = (await res.request().sizes()).responseBodySize;
        scripts.push({
          url: new URL(res.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          sent,
          encoding: res.headers()['content-encoding'] ?? 'none',
        });
      })(),
    );
  });
  await page.goto(`${PORTAL}${path}`, { waitUntil: 'networkidle' });
  if (ready) await ready(page);
  // What the page asks for once drawn (its data, then the code its data needs) counts too.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  // The scripts whose bodies had arrived by the first contentful paint (as sent, from resource timing).
  const beforePaint = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
      .filter((e) => e.responseEnd <= fcp)
      .reduce((n, e) => n + e.encodedBodySize, 0);
  });
  await context.close();
  return Object.assign(scripts, { beforePaint });
}

const sum = (scripts) =>
  scripts.reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, sent: a.sent + s.sent }), {
    raw: 0,
    gzip: 0,
    sent: 0,
  });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

if (process.argv[2] !== 'signed-in') {
  const scripts = await scriptsOf(browser, '/', { ready: (page) => page.getByLabel('User name').waitFor() });
  scripts.sort((a, b) => b.gzip - a.gzip);
  for (const s of scripts)
    console.log(
      `${s.url.padEnd(48)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gzip ${kb(s.sent).padStart(10)} sent (${s.encoding})`,
    );
  const total = sum(scripts);
  console.log(`${scripts.length} scripts: ${kb(total.raw)} raw, ${kb(total.gzip)} gzip, ${kb(total.sent)} sent`);
} else {
  const tokens = {};
  const tokenOf = async (email) => (tokens[email] ??= await login(PORTAL, email));
  // A discussion and a job of the demo data, found through the API as their users see them.
  const api = async (email, path) =>
    (await fetch(`${PORTAL}/api${path}`, { headers: { authorization: `Bearer ${await tokenOf(email)}` } })).json();
  const cm = 'cm@portal.test';
  const threads = await api(cm, '/forumthreads?committeeid=' + (await api(cm, '/activeuser')).committees?.[0]?.id);
  const thread = threads.data?.[0]?.id;
  const jobs = await api('ar@portal.test', '/jobs?role=AR&page=1&per_page=1');
  const job = jobs.data?.[0]?.id;
  const members = await api('admin@portal.test', '/users?role=NONTA&page=1');
  const member = members.data?.[0]?.id;
  const ROUTES = [
    ['/dashboard', 'ar@portal.test', 'AR'],
    ['/jobs', 'ar@portal.test', 'AR'],
    ...(job ? [[`/job/${job}`, 'ar@portal.test', 'AR']] : []),
    ['/facilities', 'ar@portal.test', 'AR'],
    ['/invoices', 'ar@portal.test', 'AR'],
    ['/publications', 'ar@portal.test', 'AR'],
    ['/subscriptions', 'ar@portal.test', 'AR'],
    ['/notifications', 'ar@portal.test', 'AR'],
    ['/profile', 'ta@portal.test', 'TA'],
    ['/edit-profile', 'ta@portal.test', 'TA'],
    ['/change-password', 'ar@portal.test', 'AR'],
    ['/profile2fa', 'ar@portal.test', 'AR'],
    ['/contact', 'ar@portal.test', 'AR'],
    ['/ta-useful-resources', 'ta@portal.test', 'TA'],
    ['/forum', cm, 'CM'],
    ...(thread ? [[`/discussion/${thread}`, cm, 'CM']] : []),
    ['/forum/new-discussion', cm, 'CM'],
    ['/meeting-documents', cm, 'CM'],
    ['/calendar', cm, 'CM'],
    ['/members', cm, 'CM'],
    ['/admin/outstanding-activities', 'admin@portal.test', 'SYSADMIN'],
    ['/admin/pending-registration-all', 'admin@portal.test', 'SYSADMIN'],
    ['/admin/pending-profile-change-all', 'taadmin@portal.test', 'TA_ADMIN'],
    ['/admin/users', 'admin@portal.test', 'SYSADMIN'],
    ...(member
      ? [
          [`/admin/user/${member}`, 'admin@portal.test', 'SYSADMIN'],
          [`/admin/edit-personal-details/${member}`, 'admin@portal.test', 'SYSADMIN'],
        ]
      : []),
    ['/admin/audit', 'admin@portal.test', 'SYSADMIN'],
    ['/admin/manage-committees', 'admin@portal.test', 'SYSADMIN'],
    ['/admin/notifications', 'admin@portal.test', 'SYSADMIN'],
    ['/admin/reports', 'taadmin@portal.test', 'TA_ADMIN'],
    ['/admin/publications', 'admin@portal.test', 'SYSADMIN'],
  ];
  let dashboard = null;
  // ONLY=calendar,discussion measures the dashboard and the routes whose path holds one of the words.
  const only = process.env.ONLY?.split(',');
  for (const [path, email, role] of ROUTES.filter(
    ([path], i) => i === 0 || !only || only.some((w) => path.includes(w)),
  )) {
    const scripts = await scriptsOf(browser, path, {
      token: await tokenOf(email),
      role,
      // The page's own heading is there: the route's code has run.
      ready: (page) =>
        page
          .getByRole('heading', { level: 1 })
          .first()
          .waitFor({ timeout: 20_000 })
          .catch(() => console.log(`  (no heading on ${path} after 20 s: ${page.url()})`)),
    });
    const total = sum(scripts);
    dashboard ??= { sent: total.sent, beforePaint: scripts.beforePaint };
    const plus = (n) => `${n >= 0 ? '+' : ''}${kb(n)}`;
    console.log(
      `${path.padEnd(34)} ${email.padEnd(20)} ${String(scripts.length).padStart(3)} scripts ${kb(total.sent).padStart(9)} sent (${plus(total.sent - dashboard.sent).padStart(9)}); before the first paint ${kb(scripts.beforePaint).padStart(9)} (${plus(scripts.beforePaint - dashboard.beforePaint).padStart(9)})`,
    );
  }
}
await browser.close();
