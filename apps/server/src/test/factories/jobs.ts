import type { Db } from '../../db/client.js';
import { jobAssessors, jobs } from '../../db/schema/index.js';
import { next } from './sequence.js';

export type JobRow = typeof jobs.$inferSelect;

/** A job at the site, with its assessors (`lead` the lead assessor, `assessors` the technical ones). */
export async function makeJob(
  db: Db,
  site: { id: number },
  opts: Partial<typeof jobs.$inferInsert> & { lead?: { id: number }; assessors?: { id: number }[] } = {},
): Promise<JobRow> {
  const { lead, assessors = [], ...values } = opts;
  const n = next();
  const [job] = await db
    .insert(jobs)
    .values({ jobNumber: String(900_000 + n), type: 'RES', status: 1, stage: 'Initiation', ...values, siteId: site.id })
    .returning();
  const rows = [
    ...(lead ? [{ jobId: job!.id, userId: lead.id, isLead: true }] : []),
    ...assessors.map((a) => ({ jobId: job!.id, userId: a.id, isLead: false })),
  ];
  if (rows.length > 0) await db.insert(jobAssessors).values(rows);
  return job!;
}
