/**
 * The SQL the baseline (baseline.mjs) runs for each call. The hot lists' statements (jobs, job
 * documents, invoices) and the authenticate statement (ACTOR_SQL) are not copied: their text is
 * rendered here from the portal's own statements and its policies' scopes (`statement(...).sqlOf`,
 * platform/prepared.ts), so this file imports TypeScript and runs under tsx (`node --import tsx
 * --conditions=source`). The forum's threads and search come the same way; the meetings', the
 * calendar's and publications' texts below are still written out.
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
  searchStatements,
  searchTerms as portalSearchTerms,
  threadStatements,
} from '../apps/server/src/modules/forum/forum.queries.ts';
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

/** A statement's text and a function putting named values, and the values fixed in it, in the order of its $n. */
const prepared = ({ text, names, fixed }) => ({
  text,
  values: (v) => names.map((n, i) => (n === null ? fixed[i] : v[n])),
});

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
  jobStatements.page.sqlOf({ scope: scopeOf(role, 'jobs.job.list'), ...noFilters }).text;
export const jobsCount = (role) =>
  jobStatements.count.sqlOf({ scope: scopeOf(role, 'jobs.job.list'), ...noFilters }).text;

/** The job with the sides of it the user is on ($1, $2 the user, $3 the job, $4 the limit 1). */
export const JOB_SIDES = documentStatements.jobSides.sqlOf().text;
/** A job's documents of one side ($1 job, $2 side, $3 limit, $4 offset), and their count by side ($1 job). */
export const DOC_PAGE = documentStatements.page.sqlOf({ kind: 'job' }).text;
export const DOC_COUNT = documentStatements.count.sqlOf({ kind: 'job' }).text;

const invoiceScopes = { list: scopeOf('AR', 'invoices.invoice.list'), job: scopeOf('AR', 'jobs.job.view') };
/** Invoices of one status, 'asc' outstanding or 'desc' paid ($1 the user for the job link, $2 for the scope, $3 the status, $4 limit, $5 offset). */
export const invoicePage = (order) =>
  invoiceStatements.page.sqlOf({ status: order === 'asc' ? 'outstanding' : 'paid', byDate: false, ...invoiceScopes })
    .text;
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
export const REPLIES = `select "forum_replies"."id", "forum_replies"."thread_id", "forum_replies"."body", "forum_replies"."created_at", "forum_replies"."updated_at", "forum_replies"."user_id", ${AUTHOR} from "forum_replies" left join "users" on "users"."id" = "forum_replies"."user_id" where "forum_replies"."thread_id" = $1 order by "forum_replies"."created_at" desc, "forum_replies"."id" desc limit $2 offset $3`;
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
  const { text, names, fixed } = searchStatements.page.sqlOf({ kind, scope: forumScope });
  const values = { [FORUM_ME]: me, committeeId, words, prefix, limit, offset, options: HEADLINE_OPTIONS };
  return { text, values: names.map((n, i) => (n === null ? fixed[i] : values[n])) };
}

// Meetings and the calendar (issue 11): modules/meetings/meetings.queries.ts, calendar.queries.ts.
/** meetings.policy.ts folderVisible: the user is $p..$p+3 (member, admin, the folder's member, the root's member). */
const folderVisible = (p, folder, parent, committee) =>
  `(exists (select 1 from "committee_members" where "committee_members"."committee_id" = ${committee} and "committee_members"."user_id" = $${p}) and (exists (select 1 from "committees" where "committees"."id" = ${committee} and "committees"."admin_id" = $${p + 1}) or ((not exists (select 1 from "meeting_folder_members" where "meeting_folder_members"."folder_id" = ${folder}) or exists (select 1 from "meeting_folder_members" where "meeting_folder_members"."folder_id" = ${folder} and "meeting_folder_members"."user_id" = $${p + 2})) and (${parent} is null or (not exists (select 1 from "meeting_folder_members" where "meeting_folder_members"."folder_id" = ${parent}) or exists (select 1 from "meeting_folder_members" where "meeting_folder_members"."folder_id" = ${parent} and "meeting_folder_members"."user_id" = $${p + 3}))))))`;
/** One folder with its facts ($1-$4 the user, $5 the folder). */
export const MEETING_FOLDER = `select "id", "name", "subtitle", "parent_id", "committee_id", exists (select 1 from "meeting_folder_members" where "folder_id" = "id"), ${folderVisible(1, '"meeting_folders"."id"', '"meeting_folders"."parent_id"', '"meeting_folders"."committee_id"')} from "meeting_folders" where "meeting_folders"."id" = $5`;
const DOCUMENTS_FROM = `"meeting_documents"."id", "meeting_documents"."folder_id", "meeting_documents"."committee_id", "meeting_documents"."updated_at", "meeting_documents"."index_state", "meeting_folders"."name", "root_folders"."id", "root_folders"."name", "files"."id", "files"."storage_key", "files"."name", "files"."size", "files"."mime_type", "files"."uploaded_by", "files"."created_at", "users"."first_name", "users"."last_name"`;
const DOCUMENTS_JOINS = `from "meeting_documents" inner join "files" on "files"."id" = "meeting_documents"."file_id" inner join "meeting_folders" on "meeting_folders"."id" = "meeting_documents"."folder_id" left join "meeting_folders" "root_folders" on "root_folders"."id" = "meeting_folders"."parent_id" left join "users" on "users"."id" = "files"."uploaded_by"`;
const documentVisible = (p) =>
  folderVisible(p, '"meeting_folders"."id"', '"meeting_folders"."parent_id"', '"meeting_documents"."committee_id"');
/** The first page of a committee's documents the user may see ($1 committee, $2-$5 the user, $6 limit). */
export const MEETING_RECENT = `select ${DOCUMENTS_FROM}, 0 ${DOCUMENTS_JOINS} where ("meeting_documents"."committee_id" = $1 and ${documentVisible(2)}) order by "meeting_documents"."updated_at" desc, "meeting_documents"."id" desc limit $6`;
/** How many documents of the committee the user may see, counted by folder ($1 committee, $2-$5 the user). */
export const MEETING_RECENT_COUNT = `select coalesce(sum("n"), 0)::int from (select "folder_id", count(*) as "n" from "meeting_documents" where "meeting_documents"."committee_id" = $1 group by "meeting_documents"."folder_id") "by_folder" inner join "meeting_folders" on "meeting_folders"."id" = "by_folder"."folder_id" where ${folderVisible(2, '"meeting_folders"."id"', '"meeting_folders"."parent_id"', '"meeting_folders"."committee_id"')}`;
/** The first page of a folder's documents ($1 folder, $2 limit). */
export const MEETING_FOLDER_DOCUMENTS = `select ${DOCUMENTS_FROM}, count(*) over () ${DOCUMENTS_JOINS} where "meeting_documents"."folder_id" = $1 order by "meeting_documents"."updated_at" desc, "meeting_documents"."id" desc limit $2`;
/** The first page of a search ($1 tsquery text, $2 headline options, $3 committee, $4 tsquery, $5-$8 the user, $9 tsquery, $10 limit). */
export const MEETING_SEARCH = `select ${DOCUMENTS_FROM}, case when "meeting_documents"."content" is null or "meeting_documents"."content" = '' then null else ts_headline('english', left("meeting_documents"."content", 100000), to_tsquery('english', $1), $2) end, count(*) over () ${DOCUMENTS_JOINS} where ("meeting_documents"."committee_id" = $3 and "meeting_documents"."search" @@ to_tsquery('english', $4) and ${documentVisible(5)}) order by ts_rank("meeting_documents"."search", to_tsquery('english', $9)) desc, "meeting_documents"."updated_at" desc, "meeting_documents"."id" desc limit $10`;
export const MEETING_HEADLINE_OPTIONS =
  'StartSel=\u27e6, StopSel=\u27e7, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';
/** meetings.queries.ts searchQueryText: every word, the last as a prefix. */
export const meetingQueryText = (term) => {
  const words =
    term
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
};
/** A committee's events overlapping a Sydney wall-clock range ($1 committee, $2 the user for the scope, $3 start, $4 end, $5 limit). */
export const EVENTS_RANGE = `select "events"."id", "events"."title", to_char("events"."starts_at" at time zone 'Australia/Sydney', 'YYYY-MM-DD HH24:MI:SS'), to_char("events"."ends_at" at time zone 'Australia/Sydney', 'YYYY-MM-DD HH24:MI:SS'), "events"."all_day", "events"."committee_id", "events"."created_by", "users"."first_name", "users"."last_name" from "events" left join "users" on "users"."id" = "events"."created_by" where ("events"."committee_id" = $1 and "events"."committee_id" in (select "committee_members"."committee_id" from "committee_members" where "committee_members"."user_id" = $2) and "events"."ends_at" > ($3::timestamp at time zone 'Australia/Sydney') and "events"."starts_at" < ($4::timestamp at time zone 'Australia/Sydney')) order by "events"."starts_at" asc, "events"."id" asc limit $5`;

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
export const publicationCounts = (subscribed) => treeStatements.countsByCategory.sqlOf({ subscribed }).text;

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
