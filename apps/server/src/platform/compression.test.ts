import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@portal/shared';
import { userRoles, users } from '../db/schema/index.js';
import { recordAudits } from './audit.js';
import { makeEvent } from '../test/factories/calendar.js';
import { makeCommittee } from '../test/factories/committees.js';
import { makeSignedIn } from '../test/factories/users.js';
import { auth, buildTestApp, loginAs, type TestApp } from '../test/helpers.js';
import { multipart } from '../test/multipart.js';

let t: TestApp;
let ar: string;
beforeAll(async () => {
  t = await buildTestApp();
  ar = await loginAs(t, 'ar@portal.test');
});
afterAll(() => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...auth(ar), ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('compressed answers', () => {
  it('compresses a JSON answer larger than the first flight when the client accepts it, gzip first, and says it varies', async () => {
    // The OpenAPI document: JSON of far more than 14 kB.
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(14 * 1024);

    // What Chromium asks with.
    const gzip = await get('/api/docs/json', 'gzip, deflate, br, zstd');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Headers of a JSON answer are the same either way (platform/security-headers.ts).
    expect(gzip.headers['x-content-type-options']).toBe('nosniff');

    // Content codings are case-insensitive.
    expect((await get('/api/docs/json', 'GZIP')).headers['content-encoding']).toBe('gzip');

    const br = await get('/api/docs/json', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses a large calendar feed with a weak ETag, which still brings 304 when sent back', async () => {
    const db = t.database.db;
    const member = await makeSignedIn(db, { roles: ['CM'] });
    const committee = await makeCommittee(db, { name: 'A busy committee', admin: member.user });
    const year = new Date().getFullYear() + 1;
    for (let day = 1; day <= 120; day++) {
      const date = new Date(Date.UTC(year, 0, day)).toISOString().slice(0, 10);
      await makeEvent(db, {
        committee,
        creator: member.user,
        title: `Working group ${day}`,
        start: `${date} 09:00:00`,
        end: `${date} 10:00:00`,
      });
    }
    const feed = (
      await t.app.inject({ method: 'GET', url: '/api/calendar/feed', headers: auth(member.token) })
    ).json<CalendarFeed>().url;
    const url = new URL(feed).pathname;
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(14 * 1024);
    expect(plain.headers.etag).toMatch(/^"/);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^text\/calendar/);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers.etag).toBe(`W/${String(plain.headers.etag)}`);

    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('leaves an answer within the first flight, or one the client refuses to have compressed, as it is', async () => {
    for (const url of ['/api/activeuser', '/api/jobs']) {
      const small = await get(url, 'gzip, deflate, br, zstd');
      expect(small.statusCode).toBe(200);
      expect(small.rawPayload.length).toBeLessThan(14 * 1024);
      expect(small.headers['content-encoding']).toBeUndefined();
    }
    for (const refused of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await get('/api/docs/json', refused);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toContain('accept-encoding');
    }
  });

  it('streams a stored file as it was stored, with its size, even a large text file the client would take compressed', async () => {
    const jobs = (await get('/api/jobs')).json<{ data: { id: number }[] }>().data;
    const content = 'findings of the visit\n'.repeat(2000);
    const { payload, headers } = multipart([
      { name: 'jobId', value: String(jobs[0]!.id) },
      { name: 'role', value: 'AR' },
      { name: 'description', value: 'Notes' },
      { name: 'file', filename: 'notes.txt', type: 'text/plain', content },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/jobdocuments',
      payload,
      headers: { ...headers, ...auth(ar) },
    });
    expect(up.statusCode).toBe(200);
    const id = up.json<{ document: { id: number } }>().document.id;
    const file = await get(`/api/jobdocuments/${id}`, 'gzip, deflate, br');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.headers['content-length']).toBe(String(content.length));
    expect(file.body).toBe(content);
  });

  it("compresses the audit trail's CSV as it streams, and a report's CSV over the first flight", async () => {
    const db = t.database.db;
    const sys = await makeSignedIn(db, { roles: ['SYSADMIN'] });
    const who = { id: 4242, firstName: 'Export', lastName: 'Tester', email: 'export@example.test' };
    // More than one page of the export (it reads 1,000 records at a time).
    await recordAudits(
      db,
      Array.from({ length: 1500 }, (_, i) => ({
        action: 'documents.download' as const,
        who,
        ip: '192.0.2.1',
        record: { type: 'file', id: i + 1 },
      })),
    );
    const url = '/api/audit.csv?user=4242';
    const plain = await t.app.inject({ method: 'GET', url, headers: auth(sys.token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.trimEnd().split('\n')).toHaveLength(1501);
    for (const [encoding, unpack] of [
      ['gzip, deflate, br, zstd', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const packed = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...auth(sys.token), 'accept-encoding': encoding },
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : 'gzip');
      expect(packed.headers.vary).toContain('accept-encoding');
      expect(packed.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(packed.headers['content-disposition']).toContain('audit-trail.csv');
      expect(packed.headers['content-length']).toBeUndefined();
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(unpack(packed.rawPayload).toString()).toBe(plain.body);
    }
    // Refused to anyone else, compressed or not.
    const refused = await get(url, 'gzip');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-encoding']).toBeUndefined();

    // The unused-assessor report's CSV is written whole: compressed once it is over the first flight.
    const taAdmin = await makeSignedIn(db, { roles: ['TA_ADMIN'] });
    const assessors = await db
      .insert(users)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          email: `unused-${i}@compression.test`,
          firstName: 'Unused',
          lastName: `Assessor ${i}`,
          passwordHash: 'not a hash: never signs in',
          activated: true,
        })),
      )
      .returning({ id: users.id });
    await db.insert(userRoles).values(assessors.map(({ id }) => ({ userId: id, role: 'TA' as const })));
    const report = '/api/admin/ta/unusedtasformonths/6/1?format=csv';
    const csv = await t.app.inject({ method: 'GET', url: report, headers: auth(taAdmin.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.length).toBeGreaterThan(14 * 1024);
    const packedCsv = await t.app.inject({
      method: 'GET',
      url: report,
      headers: { ...auth(taAdmin.token), 'accept-encoding': 'gzip' },
    });
    expect(packedCsv.headers['content-encoding']).toBe('gzip');
    expect(packedCsv.headers['content-type']).toMatch(/^text\/csv/);
    expect(gunzipSync(packedCsv.rawPayload).toString()).toBe(csv.body);
  });

  it('does not unpack a compressed request body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'ar@portal.test', password: 'portal-demo' })),
    });
    expect(res.statusCode).toBe(400);
  });
});
