/**
 * The SQL the baseline (baseline.mjs) runs for each call, written out as text. check-sql.mjs starts
 * the portal and checks that it runs each of these texts exactly, so the two cannot drift apart.
 * The authenticate statement is not copied: it is the portal's own ACTOR_SQL (platform/actor.ts).
 */

export const JOB_COLUMNS = `"jobs"."id", "jobs"."job_number", "jobs"."type", "jobs"."status", "jobs"."stage", "jobs"."visit_date", "jobs"."job_details", "sites"."id", "sites"."site_number", "sites"."name", "sites"."email", "sites"."phone", "sites"."address", "sites"."suburb", "sites"."state", "sites"."post_code", "facilities"."id", "facilities"."facility_number", "facilities"."name"`;
export const SCOPE = {
  AR: `"jobs"."site_id" in (select "ar_sites"."site_id" from "ar_sites" where "ar_sites"."user_id" = $1)`,
  TA: `"jobs"."id" in (select "job_assessors"."job_id" from "job_assessors" where "job_assessors"."user_id" = $1)`,
};
export const jobsPage = (scope) =>
  `select ${JOB_COLUMNS} from "jobs" inner join "sites" on "sites"."id" = "jobs"."site_id" inner join "facilities" on "facilities"."id" = "sites"."facility_id" where ${scope} order by "jobs"."visit_date" desc nulls last, "jobs"."id" desc limit $2 offset $3`;
export const jobsCount = (scope) => `select count(*)::int from "jobs" where ${scope}`;

export const JOB_SIDES = `select "id", "job_number", "site_id", exists (select 1 from "ar_sites" where "ar_sites"."site_id" = "jobs"."site_id" and "ar_sites"."user_id" = $1), exists (select 1 from "job_assessors" where "job_assessors"."job_id" = "jobs"."id" and "job_assessors"."user_id" = $2) from "jobs" where "jobs"."id" = $3 limit $4`;
export const DOC_COUNT = `select "side", count(*)::int from "job_documents" where "job_documents"."job_id" = $1 group by "job_documents"."side"`;
export const DOC_PAGE = `select "job_documents"."id", "job_documents"."job_id", "job_documents"."description", "job_documents"."side", "job_documents"."reviewed_comment", "job_documents"."reviewed_at", "files"."name", "files"."size", "files"."mime_type", "files"."created_at", "users"."first_name", "users"."last_name" from "job_documents" inner join "files" on "files"."id" = "job_documents"."file_id" left join "users" on "users"."id" = "files"."uploaded_by" where ("job_documents"."job_id" = $1 and "job_documents"."side" = $2) order by "files"."created_at" asc, "job_documents"."id" asc limit $3 offset $4`;

// The invoice's job id only when the AR may see the job ($1); the scope is $2.
export const INVOICE_SCOPE = `"invoices"."facility_id" in (select "sites"."facility_id" from "sites" inner join "ar_sites" on "ar_sites"."site_id" = "sites"."id" where "ar_sites"."user_id" = $2)`;
export const INVOICE_COUNT = `select "status", count(*)::int from "invoices" where ${INVOICE_SCOPE.replace('$2', '$1')} group by "invoices"."status"`;
const INVOICE_JOB = `(select "jobs"."id" from "jobs" where "jobs"."job_number" = "invoices"."job_number" and (exists (select 1 from "ar_sites" where "ar_sites"."site_id" = "jobs"."site_id" and "ar_sites"."user_id" = $1)))`;
export const invoicePage = (order) =>
  `select "invoices"."id", "invoices"."transaction_number", "invoices"."transaction_type", "invoices"."transaction_date", "invoices"."job_number", "invoices"."amount", "invoices"."status", "facilities"."id", "facilities"."facility_number", "facilities"."name", ${INVOICE_JOB} from "invoices" inner join "facilities" on "facilities"."id" = "invoices"."facility_id" where (${INVOICE_SCOPE} and "invoices"."status" = $3) order by "invoices"."transaction_date" ${order}, "invoices"."id" ${order} limit $4 offset $5`;

// Publications (issue 12): modules/publications/publications.queries.ts. The page is a prepared
// statement in the portal; the count, the categories, the subscriptions and the leaves are not
// (Drizzle sends them unnamed), so the baseline sends those unnamed too.
export const PUBLICATION_PAGE = `select "publications"."id", "publications"."name", "publications"."updated_at", "publications"."file_id", "files"."id", "files"."storage_key", "files"."name", "files"."size", "files"."mime_type", "files"."uploaded_by", "files"."created_at", "sub"."id", "sub"."name", "root"."id", "root"."name" from "publications" inner join "files" on "files"."id" = "publications"."file_id" inner join "publication_categories" "sub" on "sub"."id" = "publications"."category_id" inner join "publication_categories" "root" on "root"."id" = "sub"."parent_id" order by "publications"."updated_at" desc nulls last, "publications"."id" desc nulls last limit $1 offset $2`;
export const PUBLICATION_COUNT = `select count(*)::int from "publications"`;
export const CATEGORIES = `select "id", "name", "parent_id", "position" from "publication_categories" order by "publication_categories"."position" asc, "publication_categories"."name" asc`;
export const SUBSCRIPTIONS_OF = `select "category_id", "notify" from "subscriptions" where "subscriptions"."user_id" = $1`;
const LEAF_COLUMNS = `select "id", "name", "updated_at", "category_id" from "publications"`;
const LEAF_ORDER = `order by "publications"."name" asc, "publications"."id" asc`;
/** The leaves of the tree: of every subcategory (n null), or of the user's n subscribed ones ($1..$n). */
export const publicationLeaves = (n) =>
  n === null ? `${LEAF_COLUMNS} ${LEAF_ORDER}` : `${LEAF_COLUMNS} where "publications"."category_id" in (${Array.from({ length: Math.max(n, 1) }, (_, i) => `$${i + 1}`).join(', ')}) ${LEAF_ORDER}`;
