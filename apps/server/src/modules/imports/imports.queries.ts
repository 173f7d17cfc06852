import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { arSites, facilities, invoices, jobAssessors, jobs, sites, userRoles, users } from '../../db/schema/index.js';

type Q = Db | Tx;

export async function facilityIdsByNumber(db: Q, numbers: string[]) {
  if (numbers.length === 0) return new Map<string, number>();
  const rows = await db.select({ id: facilities.id, key: facilities.facilityNumber }).from(facilities).where(inArray(facilities.facilityNumber, numbers));
  return new Map(rows.map((r) => [r.key, r.id]));
}

export async function siteIdsByNumber(db: Q, numbers: string[]) {
  if (numbers.length === 0) return new Map<string, number>();
  const rows = await db.select({ id: sites.id, key: sites.siteNumber }).from(sites).where(inArray(sites.siteNumber, numbers));
  return new Map(rows.map((r) => [r.key, r.id]));
}

export async function jobIdsByNumber(db: Q, numbers: string[]) {
  if (numbers.length === 0) return new Map<string, number>();
  const rows = await db.select({ id: jobs.id, key: jobs.jobNumber }).from(jobs).where(inArray(jobs.jobNumber, numbers));
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Users by lower-case email, with their roles. */
export async function usersByEmail(db: Q, emails: string[]) {
  if (emails.length === 0) return new Map<string, { id: number; roles: string[] }>();
  const rows = await db
    .select({ id: users.id, email: users.email, role: userRoles.role })
    .from(users)
    .leftJoin(userRoles, sql`${userRoles.userId} = ${users.id}`)
    .where(inArray(sql`lower(${users.email})`, emails));
  const map = new Map<string, { id: number; roles: string[] }>();
  for (const r of rows) {
    const key = r.email.toLowerCase();
    const u = map.get(key) ?? { id: r.id, roles: [] };
    if (r.role) u.roles.push(r.role);
    map.set(key, u);
  }
  return map;
}

/** (xmax = 0) is true for a row the statement inserted, false for one it updated. */
const wasInserted = sql<boolean>`(xmax = 0)`;

function tally(rows: { inserted: boolean }[]) {
  const inserted = rows.filter((r) => r.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

export async function upsertFacilities(tx: Tx, values: (typeof facilities.$inferInsert)[]) {
  const rows = await tx
    .insert(facilities)
    .values(values)
    .onConflictDoUpdate({
      target: facilities.facilityNumber,
      set: {
        name: excluded('name'),
        billingEmail: excluded('billing_email'),
        address: excluded('address'),
        suburb: excluded('suburb'),
        postCode: excluded('post_code'),
        state: excluded('state'),
        country: excluded('country'),
        contacts: excluded('contacts'),
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: wasInserted });
  return tally(rows);
}

export async function upsertSites(tx: Tx, values: (typeof sites.$inferInsert)[]) {
  const rows = await tx
    .insert(sites)
    .values(values)
    .onConflictDoUpdate({
      target: sites.siteNumber,
      set: {
        facilityId: excluded('facility_id'),
        name: excluded('name'),
        status: excluded('status'),
        email: excluded('email'),
        phone: excluded('phone'),
        address: excluded('address'),
        suburb: excluded('suburb'),
        state: excluded('state'),
        country: excluded('country'),
        postCode: excluded('post_code'),
        contacts: excluded('contacts'),
        clientCoordinator: excluded('client_coordinator'),
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: wasInserted });
  return tally(rows);
}

export async function upsertJobs(tx: Tx, values: (typeof jobs.$inferInsert)[]) {
  const rows = await tx
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: jobs.jobNumber,
      set: {
        siteId: excluded('site_id'),
        type: excluded('type'),
        status: excluded('status'),
        stage: excluded('stage'),
        visitDate: excluded('visit_date'),
        jobDetails: excluded('job_details'),
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: wasInserted });
  return tally(rows);
}

export async function upsertInvoices(tx: Tx, values: (typeof invoices.$inferInsert)[]) {
  const rows = await tx
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({
      target: invoices.transactionNumber,
      set: {
        facilityId: excluded('facility_id'),
        transactionType: excluded('transaction_type'),
        transactionDate: excluded('transaction_date'),
        jobNumber: excluded('job_number'),
        amount: excluded('amount'),
        status: excluded('status'),
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: wasInserted });
  return tally(rows);
}

/** Assessors: a lead named in the file replaces the job's previous lead. */
export async function upsertAssessors(tx: Tx, values: (typeof jobAssessors.$inferInsert)[]) {
  const leadJobs = values.filter((v) => v.isLead).map((v) => v.jobId);
  if (leadJobs.length > 0) {
    await tx.update(jobAssessors).set({ isLead: false }).where(inArray(jobAssessors.jobId, leadJobs));
  }
  const rows = await tx
    .insert(jobAssessors)
    .values(values)
    .onConflictDoUpdate({ target: [jobAssessors.jobId, jobAssessors.userId], set: { isLead: excluded('is_lead') } })
    .returning({ inserted: wasInserted });
  return tally(rows);
}

export async function upsertArAccess(tx: Tx, values: (typeof arSites.$inferInsert)[]) {
  const rows = await tx.insert(arSites).values(values).onConflictDoNothing().returning({ userId: arSites.userId });
  return { inserted: rows.length, updated: values.length - rows.length };
}
