import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, NO_NUL, PG_INT_MAX, PG_INT_MIN } from '@portal/shared';
import { facilities, jobs, sites } from '../db/schema/index.js';
import { auth, buildTestApp, loginAs, type TestApp } from '../test/helpers.js';
import { multipart } from '../test/multipart.js';

/**
 * A NUL character in any text, or a number beyond PostgreSQL's integer
 * range, answers 400 with a plain message (it answered 500 when it reached the database).
 */

let t: TestApp;
let ar: string;
let la: string;
const NUL = 'a\u0000b';

beforeAll(async () => {
  t = await buildTestApp();
  [ar, la] = await Promise.all([loginAs(t, 'ar@portal.test'), loginAs(t, 'la@portal.test')]);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

/** Every request field of every route must carry the shared rules (packages/shared schemas/common.ts). */
describe('the OpenAPI document', () => {
  it('gives every string a client sends the NUL rule and every integer the PostgreSQL range', () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Json>> };
    const missing: string[] = [];
    const walk = (s: Json | undefined, where: string) => {
      if (!s || typeof s !== 'object') return;
      // allOf parts of one string are read together below (zod writes a second regex as one).
      for (const key of ['anyOf', 'oneOf'] as const)
        for (const [i, sub] of ((s[key] as Json[]) ?? []).entries()) walk(sub, `${where}.${key}${i}`);
      if (s.items) walk(s.items as Json, `${where}[]`);
      for (const [name, sub] of Object.entries((s.properties as Record<string, Json>) ?? {}))
        walk(sub, `${where}.${name}`);
      if (s.additionalProperties && typeof s.additionalProperties === 'object')
        walk(s.additionalProperties as Json, `${where}.*`);
      if (s.enum || 'const' in s) return;
      if (s.type === 'string' && !s.format) {
        const patterns = [s.pattern, ...((s.allOf as Json[]) ?? []).map((a) => a.pattern)];
        if (!patterns.includes(NO_NUL.source)) missing.push(`${where}: string without the NUL rule`);
      }
      if (s.type === 'integer' || s.type === 'number') {
        if (typeof s.maximum !== 'number' || s.maximum > PG_INT_MAX)
          missing.push(`${where}: number without a maximum within PostgreSQL's integer`);
        if (typeof s.minimum !== 'number' || s.minimum < PG_INT_MIN)
          missing.push(`${where}: number without a minimum within PostgreSQL's integer`);
      }
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const p of (op.parameters as Json[]) ?? []) walk(p.schema as Json, `${where} ${p.in} ${p.name as string}`);
        const body = (op.requestBody as { content?: Record<string, { schema: Json }> } | undefined)?.content?.[
          'application/json'
        ];
        walk(body?.schema, `${where} body`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('NUL characters', () => {
  const nulAnswer = { statusCode: 400, message: MESSAGES.nulCharacter };
  const answer = (res: { statusCode: number; json(): Json }) => ({
    statusCode: res.statusCode,
    message: res.json().message,
  });

  it('answer 400 in facility and site contacts and addresses', async () => {
    const [facility] = await t.database.db.select().from(facilities).where(eq(facilities.facilityNumber, '000412'));
    const [site] = await t.database.db
      .select()
      .from(sites)
      .where(eq(sites.facilityId, facility!.id))
      .orderBy(sites.name);
    const put = (url: string, payload: Json) => t.app.inject({ method: 'PUT', url, payload, headers: auth(ar) });
    expect(answer(await put(`/api/facilities/${facility!.id}`, { address: NUL }))).toEqual(nulAnswer);
    expect(answer(await put(`/api/facilities/${facility!.id}`, { contacts: [{ name: NUL, phone: '1' }] }))).toEqual(
      nulAnswer,
    );
    expect(answer(await put(`/api/facilities/${facility!.id}`, { contacts: [{ name: 'Ann', phone: NUL }] }))).toEqual(
      nulAnswer,
    );
    expect(answer(await put(`/api/sites/${site!.id}`, { suburb: NUL }))).toEqual(nulAnswer);
    expect(
      answer(await t.app.inject({ method: 'GET', url: `/api/facilities/getInfo/41%002`, headers: auth(ar) })),
    ).toEqual(nulAnswer);
  });

  it('answer 400 in review comments and upload descriptions', async () => {
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.jobNumber, '100234'));
    const review = await t.app.inject({
      method: 'PUT',
      url: '/api/jobdocuments/1',
      payload: { reviewed_comment: NUL },
      headers: auth(la),
    });
    expect(answer(review)).toEqual(nulAnswer);
    const { payload, headers } = multipart([
      { name: 'jobId', value: String(job!.id) },
      { name: 'description', value: NUL },
      { name: 'file', filename: 'nul.txt', type: 'text/plain', content: 'hello' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/jobdocuments',
      payload,
      headers: { ...headers, ...auth(ar) },
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().message).toBe(MESSAGES.nulCharacter);
  });

  it('answer 400 at sign-in and in a query string', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ar@portal.test', password: `portal-demo${'\u0000'}` },
    });
    expect(answer(login)).toEqual(nulAnswer);
    expect(
      answer(
        await t.app.inject({ method: 'GET', url: '/api/invoices?transaction_date=2026-01-0%00', headers: auth(ar) }),
      ).statusCode,
    ).toBe(400);
    expect(
      answer(await t.app.inject({ method: 'GET', url: '/api/jobdocuments/bulk?ids=1%002', headers: auth(ar) })),
    ).toEqual(nulAnswer);
  });
});

describe('numbers beyond PostgreSQL integer', () => {
  it('answer 400, not 500, in queries and paths', async () => {
    for (const url of [
      '/api/jobs?site_id=2147483648',
      '/api/jobs?page=2147483648',
      '/api/jobdocuments?jobid=2147483648',
      '/api/sitedocuments?siteid=99999999999',
      '/api/facilities/2147483648',
      '/api/sites/2147483648',
      '/api/jobs/2147483648',
      '/api/leadAssessor/2147483648',
      '/api/notifications?cmId=2147483648',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(ar) });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/jobs?site_id=2147483647', headers: auth(ar) })).statusCode,
    ).toBe(200);
  });
});
