import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { freshDatabase } from '../../test/helpers.js';
import { planSorts } from '../../test/plan.js';
import { auditShape, auditStatements, auditValues } from './audit.queries.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

it('the audit trail, unfiltered and by days, reads audit_log_at_idx in order', async () => {
  const days = { from: '2026-10-01', to: '2026-10-31' };
  const values = { ...auditValues(days), limit: 20, offset: 0 };
  expect(await planSorts(database.db, auditStatements.page.sqlOf(auditShape({})), values)).toBe(false);
  expect(await planSorts(database.db, auditStatements.page.sqlOf(auditShape(days)), values)).toBe(false);
});
