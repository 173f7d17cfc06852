import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_MESSAGES } from '@portal/shared';
import { facilities, importStaging, sites } from '../../db/schema/index.js';
import { purgeExpired } from '../../platform/housekeeping.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { importRecords } from './imports.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const facilityCsv = (from: number, count: number, name: string) =>
  `facility_number,name\n${Array.from({ length: count }, (_, i) => `${from + i},${name} ${i}`).join('\n')}\n`;

describe('importCsv through staging', () => {
  it('answers other requests while a large file is imported', async () => {
    const rows = 3000;
    const order: string[] = [];
    let health: Promise<void> | undefined;
    let read = 0;
    // The file is handed over 100 rows at a time as the import asks for it; after two batches of
    // 500 are read, /api/health is asked. It must be answered before the import ends.
    const source = new Readable({
      read() {
        if (read === 0) this.push('facility_number,name\n');
        if (read >= rows) return void this.push(null);
        this.push(Array.from({ length: 100 }, (_, i) => `${300000 + read + i},Streamed Labs ${read + i}\n`).join(''));
        read += 100;
        if (read === 1100) {
          health = t.app
            .inject({ method: 'GET', url: '/api/health' })
            .then((r) => void order.push(`health ${r.statusCode}`));
        }
      },
    });
    const result = await importRecords(db(), 'facilities', source);
    order.push('import');
    await health;
    expect(order).toEqual(['health 200', 'import']);
    expect(result).toEqual({
      message: RECORD_MESSAGES.imported(rows),
      entity: 'facilities',
      rows,
      inserted: rows,
      updated: 0,
    });
    expect(await db().$count(importStaging)).toBe(0);
  });

  it('writes nothing when the last batch names an unknown facility, and leaves no staging', async () => {
    await importRecords(db(), 'facilities', 'facility_number,name\n7001,Known Labs\n');
    const lines = Array.from(
      { length: 1200 },
      (_, i) => `S90${String(i).padStart(4, '0')},${i === 1199 ? '999999' : '7001'},Site ${i}`,
    );
    const failed = await importRecords(db(), 'sites', `site_number,facility_number,name\n${lines.join('\n')}\n`).catch(
      (e: unknown) => e,
    );
    // The header is line 1: the 1200th row is on line 1201.
    expect(failed).toMatchObject({
      statusCode: 400,
      message: RECORD_MESSAGES.importBadRows(1),
      errors: { 'line 1201': ['facility_number 999999 is not a known facility'] },
    });
    expect(await db().$count(sites)).toBe(0);
    expect(await db().$count(importStaging)).toBe(0);

    // A row the checks refuse leaves no staging either.
    await expect(
      importRecords(db(), 'facilities', 'facility_number,name\n7002,Fine\nabc,Broken\n'),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await db().$count(importStaging)).toBe(0);
  });

  it('keeps two imports at once apart, each with its own counts', async () => {
    await importRecords(db(), 'facilities', facilityCsv(500000, 300, 'Earlier'));
    const [a, b] = await Promise.all([
      importRecords(db(), 'facilities', facilityCsv(400000, 1200, 'First')),
      // 300 of these are there already: updated; 700 are new.
      importRecords(db(), 'facilities', facilityCsv(500000, 1000, 'Second')),
    ]);
    expect(a).toMatchObject({ rows: 1200, inserted: 1200, updated: 0 });
    expect(b).toMatchObject({ rows: 1000, inserted: 700, updated: 300 });
    expect(await db().$count(facilities, like(facilities.name, 'First %'))).toBe(1200);
    expect(await db().$count(facilities, like(facilities.name, 'Second %'))).toBe(1000);
    expect(await db().$count(facilities, like(facilities.name, 'Earlier %'))).toBe(0);
    expect(await db().$count(importStaging)).toBe(0);
  });

  it('leaves staging to housekeeping when a process stopped mid-file, and keeps an import still running', async () => {
    const stopped = randomUUID();
    const running = randomUUID();
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await db()
      .insert(importStaging)
      .values([
        { importId: stopped, line: 2, row: { name: 'left' }, createdAt: hoursAgo(3) },
        { importId: stopped, line: 3, row: { name: 'left' }, createdAt: hoursAgo(2) },
        // Its first batch is old, its last one new: still running.
        { importId: running, line: 2, row: { name: 'running' }, createdAt: hoursAgo(2) },
        { importId: running, line: 502, row: { name: 'running' }, createdAt: new Date() },
      ]);
    await purgeExpired(t.app.deps);
    const left = await db().select({ id: importStaging.importId }).from(importStaging);
    expect(left.map((r) => r.id)).toEqual([running, running]);
    await db().delete(importStaging);
  });
});
