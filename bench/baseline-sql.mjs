/**
 * The SQL the baseline (baseline.mjs) runs for each call. The hot lists' statements (jobs, job
 * documents, invoices) and the authenticate statement (ACTOR_SQL) are not copied: their text is
 * rendered here from the portal's own statements and its policies' scopes (`statement(...).sqlOf`,
 * platform/prepared.ts), so this file imports TypeScript and runs under tsx (`node --import tsx
 * --conditions=source`). The forum's threads and search, the meetings' lists and search, the
 * calendar's month and feed come the same way; publications' texts below are still written out.
 * check-sql.mjs starts the portal and checks that it runs each of these texts exactly.
 */
import { sql } from 'drizzle-orm';
import { listStatements as documentStatements } from '../apps/server/src/modules/documents/documents.queries.ts';
import '../apps/server/src/modules/invoices/invoices.policy.ts';
import { listStatements as invoiceStatements } from '../apps/server/src/modules/invoices/invoices.queries.ts';
import '../apps/server/src/modules/jobs/jobs.policy.ts';
import { listStatements as jobStatements } from '../apps/server/src/modules/jobs/jobs.queries.ts';
import '../apps/server/src/modules/forum/forum.policy.ts';
import {
  HEADLINE_OPTIONS as PORTAL_HEADLINE_OPTIONS,
  ME as FORUM_ME,
  memberStatements,
  replyStatements,
  searchStatements,
  searchTerms as portalSearchTerms,
  threadStatements,
} from '../apps/server/src/modules/forum/forum.queries.ts';
import '../apps/server/src/modules/meetings/meetings.policy.ts';
import {
  HEADLINE_OPTIONS as MEETING_HEADLINE_OPTIONS,
  ME as MEETING_ME,
  listStatements as meetingStatements,
  searchQueryText,
} from '../apps/server/src/modules/meetings/meetings.queries.ts';
import '../apps/server/src/modules/calendar/calendar.policy.ts';
import {
  ME as CALENDAR_ME,
  listStatements as calendarStatements,
} from '../apps/server/src/modules/calendar/calendar.queries.ts';
import '../apps/server/src/modules/notifications/notifications.policy.ts';
import {
  ME as NOTIFICATIONS_ME,
  listStatements as notificationStatements,
} from '../apps/server/src/modules/notifications/notifications.queries.ts';
import {
  listStatements as publicationStatements,
  treeStatements,
} from '../apps/server/src/modules/publications/publications.queries.ts';
import '../apps/server/src/modules/requests/requests.policy.ts';
import {
  ME as REQUESTS_ME,
  listStatements as requestStatements,
} from '../apps/server/src/modules/requests/requests.queries.ts';
import { scopeFor } from '../apps/server/src/platform/access.ts';
import '../apps/server/src/modules/users/users.policy.ts';
import {
  searchWords as portalSearchWords,
  userListStatements,
} from '../apps/server/src/modules/users/users.queries.ts';
import { auditShape, auditStatements, auditValues } from '../apps/server/src/modules/audit/audit.queries.ts';

/** A statement's text and a function putting named values, and the values fixed in it, in the order of its $n. */
const prepared = ({ text, names, fixed }) => ({
  text,
  values: (v) => names.map((n, i) => (n === null ? fixed[i] : v[n])),
});

/**
 * A statement's rendering (text, placeholder names, fixed values), made once per statement and
 * `key`. Drizzle builds the text again on every sqlOf, where the portal's statements build it once
 * per shape and keep it: rendered on every request, the baseline paid for a query builder the
 * portal does not run (a third of the jobs list's req/s).
 */
const renders = new Map();
function renderOnce(st, key, shape) {
  let byKey = renders.get(st);
  if (!byKey) renders.set(st, (byKey = new Map()));
  let r = byKey.get(key);
  if (!r) byKey.set(key, (r = st.sqlOf(shape())));
  return r;
}
/** A user looking from one role (the load run's users hold one: bench-ar-N AR, bench-ta-N TA). */
const viewer = (role) => ({
  sessionId: '',
  stage: 'active',
  user: { id: 0 },
  roles: [role],
  view: role,
  committees: [],
});
const me = sql.placeholder('userId');
const scopeOf = (role, action) => scopeFor(viewer(role), action, me);
const noFilters = { type: undefined, status: false, visitDate: false, siteId: false };

/** The jobs list's scope by role ($1 the user): 'AR' or 'TA'. */
export const SCOPE = { AR: 'AR', TA: 'TA' };
/** The first page of the jobs of a role's scope without filters ($1 the user, $2 limit, $3 offset). */
export const jobsPage = (role) =>
  renderOnce(jobStatements.page, role, () => ({ scope: scopeOf(role, 'jobs.job.list'), ...noFilters })).text;
export const jobsCount = (role) =>
  renderOnce(jobStatements.count, role, () => ({ scope: scopeOf(role, 'jobs.job.list'), ...noFilters })).text;

/** The job with the sides of it the user is on ($1, $2 the user, $3 the job, $4 the limit 1). */
export const JOB_SIDES = documentStatements.jobSides.sqlOf().text;
/** A job's documents of one side ($1 job, $2 side, $3 limit, $4 offset), and their count by side ($1 job). */
export const DOC_PAGE = documentStatements.page.sqlOf({ kind: 'job' }).text;
export const DOC_COUNT = documentStatements.count.sqlOf({ kind: 'job' }).text;

const invoiceScopes = { list: scopeOf('AR', 'invoices.invoice.list'), job: scopeOf('AR', 'jobs.job.view') };
/** Invoices of one status, 'asc' outstanding or 'desc' paid ($1 the user for the job link, $2 for the scope, $3 the status, $4 limit, $5 offset). */
export const invoicePage = (order) =>
  renderOnce(invoiceStatements.page, order, () => ({
    status: order === 'asc' ? 'outstanding' : 'paid',
    byDate: false,
    ...invoiceScopes,
  })).text;
/** The invoices by status ($1 the user). */
export const INVOICE_COUNT = invoiceStatements.count.sqlOf({ byDate: false, list: invoiceScopes.list }).text;

// Forum (issue 10): modules/forum/forum.queries.ts.
const AUTHOR = `"users"."id", "users"."first_name", "users"."middle_name", "users"."last_name"`;
const THREAD_COLUMNS = `"forum_threads"."id", "forum_threads"."committee_id", "forum_threads"."title", "forum_threads"."created_at", "forum_threads"."updated_at", "forum_threads"."replies_count", "forum_threads"."user_id"`;
const THREAD_JOINS = `left join "users" on "users"."id" = "forum_threads"."user_id" inner join "forum_categories" on "forum_categories"."id" = "forum_threads"."category_id"`;
const forumScope = scopeFor(
  { sessionId: '', stage: 'active', user: { id: 0 }, roles: ['CM'], view: 'CM', committees: [] },
  'forum.thread.list',
  sql.placeholder(FORUM_ME),
);
/** A committee's threads ($1 committee, $2 the user for the scope, $3 limit, $4 offset) and their count ($1, $2). */
export const THREADS_PAGE = threadStatements.page.sqlOf({ scope: forumScope }).text;
export const THREADS_COUNT = threadStatements.count.sqlOf({ scope: forumScope }).text;
/** The thread with the facts its rule reads (committee, author): the discussion's first statement. */
export const THREAD = `select ${THREAD_COLUMNS}, "forum_threads"."body", ${AUTHOR}, "forum_categories"."id", "forum_categories"."name" from "forum_threads" ${THREAD_JOINS} where "forum_threads"."id" = $1`;
/** A page of the discussion's replies ($1 the thread, $2 limit, $3 offset), as the answer writes them. */
export const REPLIES = replyStatements.page.sqlOf().text;
export const ATTACHMENTS = `select "forum_attachments"."id", "forum_attachments"."thread_id", "forum_attachments"."reply_id", "files"."id", "files"."name", "files"."size", "files"."created_at" from "forum_attachments" inner join "files" on "files"."id" = "forum_attachments"."file_id" where "forum_attachments"."thread_id" = $1 order by "forum_attachments"."id" asc`;
export const FOLLOWING = `select 1 from "forum_follows" where ("forum_follows"."thread_id" = $1 and "forum_follows"."user_id" = $2)`;
export const HEADLINE_OPTIONS = PORTAL_HEADLINE_OPTIONS;

const memberScope = scopeFor(
  { sessionId: '', stage: 'active', user: { id: 0 }, roles: ['CM'], view: 'CM', committees: [] },
  'forum.member.list',
  sql.placeholder(FORUM_ME),
);
/** The first page of a committee's members without a search (named values: me, committeeId, limit, offset), and their count. */
export const MEMBERS_PAGE = prepared(memberStatements.page.sqlOf({ scope: memberScope, words: 0 }));
export const MEMBERS_COUNT = prepared(memberStatements.count.sqlOf({ scope: memberScope, words: 0 }));

/** The search's one statement for a term (forum.queries.ts searchPage): its text and values in the order of their $n. */
export function forumSearch(term, committeeId, me, limit = 10, offset = 0) {
  const { kind, words, prefix } = portalSearchTerms(term);
  const { text, names, fixed } = renderOnce(searchStatements.page, kind, () => ({ kind, scope: forumScope }));
  const values = { [FORUM_ME]: me, committeeId, words, prefix, limit, offset, options: HEADLINE_OPTIONS };
  return { text, values: names.map((n, i) => (n === null ? fixed[i] : values[n])) };
}

// Meetings and the calendar: modules/meetings/meetings.queries.ts, calendar.queries.ts, rendered
// from the portal's statements and its policies' scopes as a plain member (CM) sees them.
const cmViewer = { sessionId: '', stage: 'active', user: { id: 0 }, roles: ['CM'], view: 'CM', committees: [] };
const meetingScope = (action) => scopeFor(cmViewer, action, sql.placeholder(MEETING_ME));
// The shapes of the statements below, made once: a scope built at each call was work the portal
// does not do per request either (its statements are rendered once per shape).
const LISTABLE_FOLDERS = { folders: meetingScope('meetings.folder.list') };
const EVENTS_IN_RANGE = {
  scope: scopeFor(cmViewer, 'calendar.event.list', sql.placeholder(CALENDAR_ME)),
  start: true,
  end: true,
  upcoming: false,
  words: 0,
};
/** A statement's text for a shape, and the values (by placeholder name) in the order of its $n. */
function bound(st, shape, values) {
  const { text, names, fixed } = renderOnce(st, '', () => shape);
  if (names.some((n) => n !== null && !(n in values))) throw new Error(`baseline-sql: a value of ${text} is not given`);
  return { text, values: names.map((n, i) => (n === null ? fixed[i] : values[n])) };
}
/** One folder with its facts (its access rule for the user `me`). */
export const meetingFolder = (me, id) => bound(meetingStatements.folder, {}, { [MEETING_ME]: me, id });
/** The first page of a folder's documents with their count. */
export const meetingFolderDocuments = (folderId, limit) =>
  bound(meetingStatements.folderPage, {}, { folderId, limit, offset: 0 });
/** The first page of a committee's documents the user may see, and how many (both test the folders' rule once a folder). */
export const meetingRecent = (committeeId, me, limit) =>
  bound(meetingStatements.recentPage, LISTABLE_FOLDERS, { [MEETING_ME]: me, committeeId, limit, offset: 0 });
export const meetingRecentCount = (committeeId, me) =>
  bound(meetingStatements.recentCount, LISTABLE_FOLDERS, { [MEETING_ME]: me, committeeId });
/** The first page of a content search (meetings.queries.ts searchQueryText makes the tsquery text). */
export const meetingSearch = (term, committeeId, me, limit) =>
  bound(meetingStatements.searchPage, LISTABLE_FOLDERS, {
    [MEETING_ME]: me,
    committeeId,
    query: searchQueryText(term),
    options: MEETING_HEADLINE_OPTIONS,
    limit,
    offset: 0,
  });
/** A committee's events overlapping a Sydney wall-clock range (no other filter). */
export const eventsRange = (committeeId, me, start, end, limit) =>
  bound(calendarStatements.events, EVENTS_IN_RANGE, { [CALENDAR_ME]: me, committeeId, start, end, limit });
/** The ICS feed: the user's feed row, then every event of their committees ending after `since`. */
export const feedOf = (userId) => bound(calendarStatements.feed, {}, { userId });
export const feedEvents = (userId, since, limit) => bound(calendarStatements.feedEvents, {}, { userId, since, limit });

// Publications: modules/publications/publications.queries.ts, every statement prepared.
/** The recently updated ($limit, $offset) and their count. */
export const PUBLICATION_PAGE = publicationStatements.recentPage.sqlOf().text;
export const PUBLICATION_COUNT = publicationStatements.recentCount.sqlOf().text;
/** A category's page (named values: categoryId, limit, offset), its count (categoryId) and the category ($1 its id). */
export const CATEGORY_PAGE = prepared(publicationStatements.categoryPage.sqlOf());
export const CATEGORY_COUNT = prepared(publicationStatements.categoryCount.sqlOf());
export const CATEGORY_BY_ID = publicationStatements.categoryById.sqlOf().text;
/** The tree: the categories, the user's subscriptions ($1 the user), and the counts by subcategory (all, or the user's subscribed: $1 the user). */
export const CATEGORIES = treeStatements.categoriesAll.sqlOf().text;
export const SUBSCRIPTIONS_OF = treeStatements.subscriptionsOfUser.sqlOf().text;
export const publicationCounts = (subscribed) =>
  renderOnce(treeStatements.countsByCategory, String(subscribed), () => ({ subscribed })).text;

// Notifications and the admins' pending requests: notifications.queries.ts, requests.queries.ts.
const notificationScope = scopeFor(viewer('AR'), 'notifications.notification.list', sql.placeholder(NOTIFICATIONS_ME));
/** A role's newest notifications without a committee in view (named values: me, role, limit), and their counts (me, role). */
export const NOTIFICATIONS_PAGE = prepared(
  notificationStatements.page.sqlOf({ records: notificationScope, committee: false }),
);
export const NOTIFICATIONS_COUNT = prepared(
  notificationStatements.count.sqlOf({ records: notificationScope, committee: false }),
);

const admin = (view) => ({
  sessionId: '',
  stage: 'active',
  user: { id: 0 },
  roles: [view],
  view,
  committees: [],
});
/**
 * All Users' first page of 20 for an admin view (SYSADMIN or TA_ADMIN) and a search: without one
 * the page and its count (two statements), with one the search's page, whose rows carry the total.
 */
export function usersList(view, search) {
  const words = portalSearchWords(search);
  const shape = { scope: scopeFor(admin(view), 'admin.user.list'), cm: false };
  const values = { limit: 20, offset: 0, ...Object.fromEntries(words.map((w, i) => [`w${i}`, w])) };
  const of = (st, key, shapeOf) => {
    const { text, names, fixed } = renderOnce(st, key, shapeOf);
    return { text, values: names.map((n, i) => (n === null ? fixed[i] : values[n])) };
  };
  if (words.length === 0)
    return {
      page: of(userListStatements.page, view, () => shape),
      count: of(userListStatements.count, view, () => shape),
    };
  return { page: of(userListStatements.search, `${view} ${words.length}`, () => ({ ...shape, words: words.length })) };
}
/** The audit list's page and count for a query's filters (the first page of 20). */
export function auditList(filters) {
  const shape = auditShape(filters);
  const values = { ...auditValues(filters), limit: 20, offset: 0 };
  const of = (s) => {
    const { text, names, fixed } = renderOnce(s, JSON.stringify(shape), () => shape);
    return { text, values: names.map((n, i) => (n === null ? fixed[i] : values[n])) };
  };
  return { page: of(auditStatements.page), count: of(auditStatements.count) };
}
const requestShape = (view) => ({
  scope: scopeFor(admin(view), 'admin.request.view', sql.placeholder(REQUESTS_ME)),
  decidable: scopeFor(admin(view), 'admin.registration.review', sql.placeholder(REQUESTS_ME)),
  type: true,
  sort: 'created_at',
  direction: 'asc',
  name: false,
  role: false,
  change: false,
});
/** An admin view's pending requests of one type, oldest first, unfiltered (named values: me, type, limit, offset), and their counts (me, type). */
export const requestsPage = (view) => prepared(requestStatements.page.sqlOf(requestShape(view)));
export const requestsCount = (view) => prepared(requestStatements.count.sqlOf(requestShape(view)));
