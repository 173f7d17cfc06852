import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, notifications, userRequests } from '../schema/index.js';
import { auth, buildTestApp, loginAs, type TestApp } from '../../test/helpers.js';

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

describe('demo requests', () => {
  it('each opens for the admin who handles it, decided ones too', async () => {
    const rows = await t.database.db
      .select({ id: userRequests.id, handler: userRequests.handler, status: userRequests.status })
      .from(userRequests);
    expect(rows.some((r) => r.status !== 'pending')).toBe(true);
    const tokens = {
      SYSADMIN: await loginAs(t, 'admin@portal.test'),
      TA_ADMIN: await loginAs(t, 'taadmin@portal.test'),
    };
    for (const row of rows) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/user-requests/${row.id}?current_role=${row.handler}`,
        headers: auth(tokens[row.handler]),
      });
      expect(res.statusCode, `request ${row.id} (${row.status}): ${res.body}`).toBe(200);
    }
  });
});
