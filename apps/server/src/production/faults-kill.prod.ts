import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { files, publications } from '../db/schema/index.js';
import { makePdf } from '../db/seed/demo-pdf.js';
import { newKey } from '../platform/storage/keys.js';
import { makeCategoryTree } from '../test/factories/publications.js';
import { makeUser } from '../test/factories/users.js';
import { multipart } from '../test/multipart.js';
import { startProduction, type Production } from './harness.js';
import { call, signIn, sleep } from './faults-helpers.js';

/**
 * kill -9 of one of two processes while it receives an upload (issue 62): the other serves on
 * throughout, the cut upload leaves no row and no object, and a process started afterwards (its
 * storage housekeeping runs at start; STORAGE_SWEEP_GRACE_S shortened from the hour) removes an
 * object no row names, as a kill between an object's completion and its row's commit would leave,
 * and keeps every object a row names.
 */
describe('kill -9 of one process during an upload', () => {
  let prod: Production;

  beforeAll(async () => {
    prod = await startProduction();
  });
  afterAll(() => prod?.stop());

  it('the other process serves on, and nothing of the cut upload remains after the sweep', async () => {
    const [a, b] = prod.portals as [Production['portals'][0], Production['portals'][0]];
    const admin = await signIn(
      prod.url,
      prod.sink.messages,
      (await makeUser(prod.db.db, { roles: ['SYSADMIN'] })).email,
    );
    const reader = await signIn(prod.url, prod.sink.messages, (await makeUser(prod.db.db, { roles: ['AR'] })).email);
    const categoryId = (await makeCategoryTree(prod.db.db, 1)).subs[0]!.id;
    const form = (name: string, content: Buffer) =>
      multipart([
        { name: 'name', value: name },
        { name: 'category_id', value: String(categoryId) },
        { name: 'file', filename: `${name}.pdf`, type: 'application/pdf', content },
      ]);
    const kept = await makePdf('Kept through the crash');
    const m = form('Kept', kept);
    const first = await call(prod.url, 'POST', '/api/admin/publications', {
      token: admin,
      headers: m.headers,
      raw: m.payload,
    });
    expect(first.status, first.buffer.toString()).toBe(200);
    const keptId = first.json<{ data: { id: number } }>().data.id;
    const bucketMatchesRows = async () => {
      const named = (await prod.db.db.select({ key: files.storageKey }).from(files)).map((r) => r.key).sort();
      expect((await prod.s3.keys(prod.bucket)).sort()).toEqual(named);
    };

    // Reads through the other process, the whole time.
    const statuses: number[] = [];
    let reading = true;
    const reads = (async () => {
      while (reading) {
        statuses.push((await call(b.url, 'GET', `/api/publications/${keptId}/file`, { token: reader })).status);
        await sleep(20);
      }
    })();

    // 8 MB: past S3's 5 MB part, so a multipart upload is under way at the kill.
    const cut = form('Cut', Buffer.concat([await makePdf('Cut short'), Buffer.alloc(8 * 1024 * 1024, 0x20)]));
    const upload = new Promise<string>((resolve) => {
      const req = request(`${a.url}/api/admin/publications`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-length': String(cut.payload.length), ...cut.headers },
      });
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (e) => resolve(e.message));
      void (async () => {
        const chunk = 512 * 1024;
        // Three quarters of the body, then the sender waits for the kill.
        for (let i = 0; i < (cut.payload.length * 3) / 4; i += chunk) {
          req.write(cut.payload.subarray(i, i + chunk));
          await sleep(20);
        }
      })();
    });
    await sleep(1_500);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBe(null);
    expect(await upload).not.toMatch(/^answered/);
    for (let i = 0; i < 10; i++) expect((await call(prod.url, 'GET', '/api/health/ready')).status).toBe(200);
    reading = false;
    await reads;
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.every((s) => s === 200)).toBe(true);

    // Its first part had reached S3 (s3rver keeps an unfinished multipart upload's parts in a folder
    // of its own, never listed: on AWS a lifecycle rule aborts them, README); it never became an object.
    expect(readdirSync(path.join(prod.s3.directory, prod.bucket, '._S3rver_uploads'))).toHaveLength(1);
    // Nothing of the cut upload: no row, no object.
    expect(await prod.db.db.select().from(publications).where(eq(publications.name, 'Cut'))).toEqual([]);
    await bucketMatchesRows();

    // An object no row names, as a kill between the object's completion and its row's commit leaves.
    const orphan = newKey();
    await (await prod.s3.client()).send(new PutObjectCommand({ Bucket: prod.bucket, Key: orphan, Body: 'orphan' }));
    await sleep(1_100);
    const restarted = await prod.addPortal({ STORAGE_SWEEP_GRACE_S: '1' });
    await restarted.waitForLine(/storage housekeeping: removed 0 temporary parts and 1 stored objects/, 20_000);
    await bucketMatchesRows();
    expect(await prod.s3.keys(prod.bucket)).not.toContain(orphan);
    const read = await call(prod.url, 'GET', `/api/publications/${keptId}/file`, { token: reader });
    expect(read.status).toBe(200);
    expect(read.buffer.equals(kept)).toBe(true);
    for (const p of [b, restarted]) expect(p.output()).not.toMatch(/"level":50/);
  });
});
