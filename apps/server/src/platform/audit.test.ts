import { rowsOf } from '../db/client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLog } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { changedFields, recordAudit } from './audit.js';

describe('audit trail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  // That a request's records carry its address (req.deps.ip): modules/audit/audit.test.ts.
  it('records with the address given, and nothing of a rolled-back transaction', async () => {
    const db = t.database.db;
    await recordAudit(db, {
      action: 'admin.user.activate',
      who: { id: 1, firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' },
      ip: '203.0.113.7',
      record: { type: 'user', id: 42 },
      before: { activated: false },
      after: { activated: true },
    });
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { action: 'admin.user.delete', who: null, ip: null, record: { type: 'user', id: 43 } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'admin.user.activate',
      actorId: 1,
      actorName: 'Ada Admin',
      actorEmail: 'ada@example.com',
      recordType: 'user',
      recordId: '42',
      ip: '203.0.113.7',
      before: { activated: false },
      after: { activated: true },
    });
  });

  it('refuses to change, delete or truncate a record', async () => {
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const truncate = await t.database.db.execute(sql`truncate audit_log`).catch((e: Error) => e);
    expect(String((truncate as Error).cause ?? truncate)).toMatch(/audit_log is append-only/);
    const rows = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log`);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('names only the fields that changed', () => {
    expect(changedFields({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: undefined })).toEqual({
      before: { b: 'x' },
      after: { b: 'y' },
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
  });
});
