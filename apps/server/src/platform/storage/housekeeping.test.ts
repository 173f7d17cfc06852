import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { scheduleHousekeeping, sweepStorage } from '../housekeeping.js';

/**
 * A kill -9 during uploads left `.part` files and stored objects no row names,
 * and a restart did not remove them. Here the leftovers are made as such a crash leaves them on
 * disk; the housekeeping that runs at start (and hourly) must remove the old ones and only those.
 */

let t: TestApp;
const lines: string[] = [];
let root: string;
const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);

beforeAll(async () => {
  t = await buildTestApp({}, { logStream: { write: (line) => void lines.push(line) } });
  root = path.join(t.config.dataDir, 'files');
});
afterAll(() => t.close());

/** A file under the storage root, last written at `when`. */
function leave(relative: string, when?: Date) {
  const file = path.join(root, ...relative.split('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'left behind');
  if (when) utimesSync(file, when, when);
  return file;
}

describe('storage housekeeping', () => {
  it('at start removes old temporary parts and old objects no row names, and logs only how many', async () => {
    const oldPart = leave(`.tmp/${randomUUID()}.part`, twoHoursAgo);
    const newPart = leave(`.tmp/${randomUUID()}.part`);
    const orphanKey = `jobdocs/2026/01/${randomUUID()}`;
    const oldOrphan = leave(orphanKey, twoHoursAgo);
    const newOrphan = leave(`jobdocs/2026/11/${randomUUID()}`);
    // Every demo document's bytes, made old: rows name them, so they stay.
    const named = (await t.database.db.select({ key: files.storageKey }).from(files)).map((r) =>
      path.join(root, ...r.key.split('/')),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) utimesSync(file, twoHoursAgo, twoHoursAgo);

    const housekeeping = scheduleHousekeeping(t.app.deps);
    try {
      for (let i = 0; i < 100 && existsSync(oldOrphan); i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await housekeeping.stop();
    }
    expect(existsSync(oldPart)).toBe(false);
    expect(existsSync(oldOrphan)).toBe(false);
    expect(existsSync(newPart)).toBe(true);
    expect(existsSync(newOrphan)).toBe(true);
    for (const file of named) expect(existsSync(file)).toBe(true);

    const log = lines.join('');
    expect(log).toContain('removed 1 temporary parts and 1 stored objects no row names');
    expect(log).not.toContain(orphanKey);
  });

  it('removes nothing more on a second run', async () => {
    expect(await sweepStorage(t.app.deps)).toEqual({ parts: 0, objects: 0 });
  });
});
