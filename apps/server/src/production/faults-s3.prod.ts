import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RECORD_MESSAGES } from '@portal/shared';
import { files, publications } from '../db/schema/index.js';
import { makePdf } from '../db/seed/demo-pdf.js';
import { makeCategoryTree } from '../test/factories/publications.js';
import { makeUser } from '../test/factories/users.js';
import { multipart } from '../test/multipart.js';
import { startProduction, type Production } from './harness.js';
import { call, signIn } from './faults-helpers.js';

/**
 * S3 stops while two processes serve (issue 62): an upload and a download answer 503 with the
 * plain message, nothing is half written (no row without its object, no object without its row),
 * and once S3 is back (s3rver started again on the same port over the same folder) the same
 * upload succeeds and the earlier file reads again.
 */
describe('S3 stops and comes back while the portal serves', () => {
  let prod: Production;

  beforeAll(async () => {
    prod = await startProduction();
  });
  afterAll(() => prod?.stop());

  it('answers 503 with the plain message, writes nothing half, and the same upload succeeds once S3 is back', async () => {
    const admin = await signIn(
      prod.url,
      prod.sink.messages,
      (await makeUser(prod.db.db, { roles: ['SYSADMIN'] })).email,
    );
    const reader = await signIn(prod.url, prod.sink.messages, (await makeUser(prod.db.db, { roles: ['AR'] })).email);
    const categoryId = (await makeCategoryTree(prod.db.db, 1)).subs[0]!.id;
    const upload = async (name: string, content: Buffer) => {
      const m = multipart([
        { name: 'name', value: name },
        { name: 'category_id', value: String(categoryId) },
        { name: 'file', filename: `${name}.pdf`, type: 'application/pdf', content },
      ]);
      return call(prod.url, 'POST', '/api/admin/publications', { token: admin, headers: m.headers, raw: m.payload });
    };
    const download = (id: number) => call(prod.url, 'GET', `/api/publications/${id}/file`, { token: reader });
    const rowsNamed = async (name: string) =>
      (await prod.db.db.select().from(publications).where(eq(publications.name, name))).length;
    /** Every key a row names has its object, and every object its row. */
    const nothingHalfWritten = async () => {
      const named = (await prod.db.db.select({ key: files.storageKey }).from(files)).map((r) => r.key).sort();
      expect((await prod.s3.keys(prod.bucket)).sort()).toEqual(named);
    };

    const before = await makePdf('Stored before S3 stopped');
    const first = await upload('Before', before);
    expect(first.status, first.buffer.toString()).toBe(200);
    const firstId = first.json<{ data: { id: number } }>().data.id;

    await prod.s3.kill();
    const content = await makePdf('Sent while S3 was down');
    // Through each process in turn.
    for (let i = 0; i < 2; i++) {
      const refused = await upload('While down', content);
      expect(refused.status).toBe(503);
      expect(refused.json()).toEqual({ message: RECORD_MESSAGES.storageUnavailable });
      const unread = await download(firstId);
      expect(unread.status).toBe(503);
      expect(unread.json()).toEqual({ message: RECORD_MESSAGES.storageReadFailed });
      console.log(
        `S3 down: upload answered 503 in ${refused.ms.toFixed(0)} ms, download in ${unread.ms.toFixed(0)} ms`,
      );
    }
    expect(await rowsNamed('While down')).toBe(0);

    await prod.s3.start();
    await nothingHalfWritten();
    const again = await upload('While down', content);
    expect(again.status, again.buffer.toString()).toBe(200);
    expect(await rowsNamed('While down')).toBe(1);
    const read = await download(again.json<{ data: { id: number } }>().data.id);
    expect(read.status).toBe(200);
    expect(read.buffer.equals(content)).toBe(true);
    expect((await download(firstId)).buffer.equals(before)).toBe(true);
    await nothingHalfWritten();
    for (const p of prod.portals) expect(p.output()).not.toMatch(/"level":50/);
  });
});
