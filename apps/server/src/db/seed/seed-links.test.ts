import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, notifications } from '../schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo notifications', () => {
  it('open the job they name', async () => {
    const [job] = await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.jobNumber, '100234'));
    const rows = await t.database.db
      .select({ title: notifications.title, body: notifications.body, url: notifications.url })
      .from(notifications);
    const naming = rows.filter((r) => /job 100234/.test(`${r.title} ${r.body}`));
    expect(naming.length).toBeGreaterThan(0);
    for (const row of naming) expect(row.url).toBe(`/job/${job!.id}`);
    expect(rows.every((r) => !r.url?.startsWith('job-number:'))).toBe(true);
  });
});
