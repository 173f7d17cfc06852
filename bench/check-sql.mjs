/**
 * Checks that the baseline runs exactly the portal's SQL: starts the portal on a fresh PostgreSQL
 * database with the demo data, with record-sql.mjs writing down every query text it sends, makes
 * the load run's calls as ar@ and ta@, and looks for each of the baseline's texts
 * (baseline-sql.mjs) among them. Exits 1 on a text the portal does not run. Not a test: a check to
 * run before trusting a load run.
 *
 *   node --import tsx --conditions=source bench/check-sql.mjs   (DATABASE_URL: a database to create afresh, default portal_sqlcheck; PORT, default 3107)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ATTACHMENTS,
  CATEGORIES,
  CATEGORY_BY_ID,
  CATEGORY_COUNT,
  CATEGORY_PAGE,
  MEMBERS_COUNT,
  MEMBERS_PAGE,
  NOTIFICATIONS_COUNT,
  NOTIFICATIONS_PAGE,
  DOC_COUNT,
  DOC_PAGE,
  FOLLOWING,
  INVOICE_COUNT,
  JOB_SIDES,
  PUBLICATION_COUNT,
  PUBLICATION_PAGE,
  REPLIES,
  SCOPE,
  SUBSCRIPTIONS_OF,
  THREAD,
  THREADS_COUNT,
  THREADS_PAGE,
  auditList,
  forumSearch,
  eventsRange,
  feedEvents,
  feedOf,
  invoicePage,
  jobsCount,
  jobsPage,
  meetingFolder,
  meetingFolderDocuments,
  meetingRecent,
  meetingRecentCount,
  meetingSearch,
  publicationCounts,
  usersList,
  requestsCount,
  requestsPage,
} from './baseline-sql.mjs';
import { login } from './login.mjs';
import { freshDatabase, here, startPortal } from './portal.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_sqlcheck';
const dir = mkdtempSync(path.join(tmpdir(), 'portal-sqlcheck-'));
const log = path.join(dir, 'sql.log');
process.on('exit', () =>
  process.env.KEEP_SQL_LOG ? console.log(`SQL log: ${log}`) : rmSync(dir, { recursive: true, force: true }),
);

await freshDatabase(DATABASE_URL);
const portal = await startPortal({
  port: Number(process.env.PORT ?? 3107),
  databaseUrl: DATABASE_URL,
  dataDir: path.join(dir, 'data'),
  seedDemo: true,
  preload: path.join(here, 'record-sql.mjs'),
  env: { SQL_LOG: log },
});
const get = async (token, p) => {
  const res = await fetch(`${portal.url}/api${p}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return res.json();
};
const ar = await login(portal.url, 'ar@portal.test');
const ta = await login(portal.url, 'ta@portal.test');
const arJob = (await get(ar, '/jobs?role=AR')).data[0].id;
const taJob = (await get(ta, '/jobs?role=TA')).data[0].id;
await get(ar, `/jobdocuments?jobid=${arJob}&role=AR`);
await get(ta, `/jobdocuments?jobid=${taJob}&role=TA`);
await get(ar, '/invoices?current_role=AR');
// The forum's calls of forum-load.mjs, as cm@ in the Chemical Testing Committee.
const cm = await login(portal.url, 'cm@portal.test');
const chem = (await get(cm, '/activeuser')).committees.find((c) => c.name === 'Chemical Testing Committee').id;
const threads = await get(cm, `/forumthreads?committeeid=${chem}`);
await get(cm, `/forumthreads/${threads.data[0].id}`);
// The meetings' calls of meetings-load.mjs, as multi@ (a plain member of the Chemical Testing Committee).
const multi = await login(portal.url, 'multi@portal.test');
const roots = await get(multi, `/committeerootfolders/${chem}`);
const subs = await get(multi, `/meetingfolders/${roots.data[0].id}`);
await get(multi, `/meetingdocuments/recent/${chem}`);
await get(multi, `/meetingdocuments?folderid=${subs.data[0].id}&per_page=500`);
await get(multi, `/meetingdocuments/search?term=${encodeURIComponent('proficiency rou')}&cmid=${chem}`);
await get(
  multi,
  `/events?committee_id=${chem}&start=${encodeURIComponent('2026-02-23 00:00:00')}&end=${encodeURIComponent('2026-04-06 00:00:00')}`,
);
// The ICS feed (no bearer token: the address is the secret).
const feedUrl = new URL((await get(multi, '/calendar/feed')).url);
const ics = await fetch(`${portal.url}${feedUrl.pathname}`);
if (!ics.ok) throw new Error(`${feedUrl.pathname}: ${ics.status}`);
const TERMS = ['calibration uncert', 'uncert', '"measurement uncertainty"'];
for (const term of TERMS) await get(cm, `/forum/search?cmid=${chem}&term=${encodeURIComponent(term)}`);
await get(cm, `/forum/members?cmid=${chem}`);
// Publications: the list, the dashboard's card, a category's page, the card's tree (ar@ subscribes
// to two subcategories) and /subscriptions' tree.
await get(ar, '/publications');
await get(ar, '/publications?page=1&per_page=5');
const tree = await get(ar, '/categories?withPublication=true&subscribed=true');
await get(ar, `/publications/category/${tree.data[0].children[0].id}?page=1&per_page=50`);
await get(ar, '/categories?withPublication=true');
// The admin back office's calls of calls/admin.mjs, as admin@ (SYSADMIN) and taadmin@ (TA_ADMIN).
const sysadmin = await login(portal.url, 'admin@portal.test');
const taAdmin = await login(portal.url, 'taadmin@portal.test');
const NAME = 'user 42';
const AUDIT_BY_USER = { user: 'bench-ta-4217@bench.test' };
const AUDIT_BY_DAYS = { from: '2026-10-01', to: '2026-10-31' };
await get(sysadmin, '/users?role=NONTA');
await get(sysadmin, `/users?role=NONTA&search=${encodeURIComponent(NAME)}`);
await get(taAdmin, '/users?role=TA');
await get(taAdmin, `/users?role=TA&search=${encodeURIComponent(NAME)}`);
await get(sysadmin, `/audit?${new URLSearchParams(AUDIT_BY_USER)}`);
await get(sysadmin, `/audit?${new URLSearchParams(AUDIT_BY_DAYS)}`);
// Notifications as ar@ (the bell's and the page's call) and the admins' pending requests.
await get(ar, '/notifications?count=20&role=AR');
await get(sysadmin, '/user-requests?current_role=SYSADMIN&type=create&page=1&per_page=5&sort=created_at&direction=asc');
await get(taAdmin, '/user-requests?current_role=TA_ADMIN&type=update&page=1&per_page=5&sort=created_at&direction=asc');

const ran = new Set(
  readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l)),
);
const expected = {
  'jobs page (AR)': jobsPage(SCOPE.AR),
  'jobs count (AR)': jobsCount(SCOPE.AR),
  'jobs page (TA)': jobsPage(SCOPE.TA),
  'jobs count (TA)': jobsCount(SCOPE.TA),
  'job and sides': JOB_SIDES,
  'documents page': DOC_PAGE,
  'documents count': DOC_COUNT,
  'invoices outstanding': invoicePage('asc'),
  'invoices paid': invoicePage('desc'),
  'invoices count': INVOICE_COUNT,
  'forum threads page': THREADS_PAGE,
  'forum threads count': THREADS_COUNT,
  'forum thread': THREAD,
  'forum replies page': REPLIES,
  'forum attachments': ATTACHMENTS,
  'forum following': FOLLOWING,
  ...Object.fromEntries(TERMS.map((term) => [`forum search (${term})`, forumSearch(term, chem).text])),
  'meeting folder': meetingFolder(0, 0).text,
  'meeting recent documents': meetingRecent(0, 0, 5).text,
  'meeting recent count': meetingRecentCount(0, 0).text,
  'meeting folder documents': meetingFolderDocuments(0, 500).text,
  'meeting search': meetingSearch('proficiency rou', 0, 0, 5).text,
  'events of a range': eventsRange(0, 0, '', '', 1000).text,
  'calendar feed': feedOf(0).text,
  'calendar feed events': feedEvents(0, '', 5000).text,
  'forum members page': MEMBERS_PAGE.text,
  'forum members count': MEMBERS_COUNT.text,
  'publications page': PUBLICATION_PAGE,
  'publications count': PUBLICATION_COUNT,
  'category page': CATEGORY_PAGE.text,
  'category count': CATEGORY_COUNT.text,
  'category by id': CATEGORY_BY_ID,
  categories: CATEGORIES,
  'subscriptions of the user': SUBSCRIPTIONS_OF,
  'users page (SYSADMIN)': usersList('SYSADMIN').page.text,
  'users count (SYSADMIN)': usersList('SYSADMIN').count.text,
  'users search (SYSADMIN)': usersList('SYSADMIN', NAME).page.text,
  'users page (TA_ADMIN)': usersList('TA_ADMIN').page.text,
  'users count (TA_ADMIN)': usersList('TA_ADMIN').count.text,
  'users search (TA_ADMIN)': usersList('TA_ADMIN', NAME).page.text,
  'audit page (by user)': auditList(AUDIT_BY_USER).page.text,
  'audit count (by user)': auditList(AUDIT_BY_USER).count.text,
  'audit page (by days)': auditList(AUDIT_BY_DAYS).page.text,
  'audit count (by days)': auditList(AUDIT_BY_DAYS).count.text,
  'publication counts (subscribed)': publicationCounts(true),
  'publication counts (all)': publicationCounts(false),
  'notifications page': NOTIFICATIONS_PAGE.text,
  'notifications count': NOTIFICATIONS_COUNT.text,
  'pending requests page (SYSADMIN)': requestsPage('SYSADMIN').text,
  'pending requests count (SYSADMIN)': requestsCount('SYSADMIN').text,
  'pending requests page (TA_ADMIN)': requestsPage('TA_ADMIN').text,
  'pending requests count (TA_ADMIN)': requestsCount('TA_ADMIN').text,
};
let missing = 0;
for (const [name, text] of Object.entries(expected)) {
  if (ran.has(text)) {
    console.log(`same     ${name}`);
    continue;
  }
  missing++;
  // The portal's text that shares the longest start with the baseline's, to show where they part.
  const common = (a, b) => {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    return i;
  };
  const [closest, at] = [...ran].map((t) => [t, common(t, text)]).sort((a, b) => b[1] - a[1])[0];
  console.log(
    `DIFFERS  ${name}\n  baseline: …${text.slice(Math.max(0, at - 40), at + 160)}\n  portal:   …${closest.slice(Math.max(0, at - 40), at + 160)}`,
  );
}
console.log(
  missing === 0 ? "the baseline runs the portal's SQL" : `${missing} baseline statement(s) differ from the portal's`,
);
process.exit(missing === 0 ? 0 : 1);
