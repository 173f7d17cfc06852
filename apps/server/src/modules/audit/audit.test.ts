import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_USER_ID_TOO_LARGE, type AuditList } from '@portal/shared';
import { rowsOf as executedRows } from '../../db/client.js';
import { auditLog, userRequests } from '../../db/schema/index.js';
import { recordAudit, recordAudits } from '../../platform/audit.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeSignedIn, makeUser } from '../../test/factories/users.js';
import { auth, buildTestApp, login, loginAs, type TestApp } from '../../test/helpers.js';
import { multipart } from '../../test/multipart.js';
import { csvText } from '../../platform/csv-export.js';

/**
 * The audit trail: a record for each admin action, sign-in and download, written in
 * the action's transaction; GET /api/audit and its CSV export for the SYSADMIN only.
 */

let t: TestApp;
let sys: { user: { id: number; email: string }; token: string };
const tokens: Record<'taadmin' | 'ar' | 'ta' | 'cm', string> = { taadmin: '', ar: '', ta: '', cm: '' };
let committee: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  sys = await makeSignedIn(db, { roles: ['SYSADMIN'], firstName: 'Sally', lastName: 'Sysadmin' });
  tokens.taadmin = (await makeSignedIn(db, { roles: ['TA_ADMIN'] })).token;
  tokens.ar = (await makeSignedIn(db, { roles: ['AR'] })).token;
  tokens.ta = (await makeSignedIn(db, { roles: ['TA'] })).token;
  tokens.cm = (await makeSignedIn(db, { roles: ['CM'] })).token;
  committee = await makeCommittee(db, { name: 'Audit Committee' });
}, 120_000);

afterAll(() => t?.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const put = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: auth(token) });
const rowsOf = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

let n = 0;
async function registerCm() {
  const email = `audit-applicant${++n}@example.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: `10.9.0.${n}`,
    payload: {
      email,
      first_name: 'Ada',
      last_name: 'Applicant',
      roles: ['CM'],
      title: 'Chemist',
      mobile_number: '0412555666',
      address: '1 Test Street',
      suburb: 'Pyrmont',
      state: 'NSW',
      country: 'Australia',
      postcode: '2009',
      facilities: [],
      committees: [{ id: committee.id, value: committee.name }],
      subscriptions: { type: 'General', selected: [] },
      signature: { accept: true, name: 'Ada Applicant', title: 'Chemist', date: '23/11/2026' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db.select().from(userRequests).where(eq(userRequests.email, email));
  return { id: row!.id, email };
}

describe('records of the actions', () => {
  it('an approval, a rejection and an edit of a registration each leave one record; a failed approval none', async () => {
    const a = await registerCm();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user-requests/${a.id}`,
      payload: { status: 'approve', type: 'create' },
      headers: auth(sys.token),
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [approved] = (await rowsOf('admin.registration.approve')).filter((r) => r.recordId === String(a.id));
    expect(approved).toMatchObject({
      actorId: sys.user.id,
      actorName: 'Sally Sysadmin',
      actorEmail: sys.user.email,
      recordType: 'user_request',
      before: { status: 'pending' },
      after: { status: 'approved', email: a.email, roles: ['CM'] },
    });
    expect(approved!.ip).toBe('203.0.113.9');

    const b = await registerCm();
    expect(
      (
        await put(
          `/api/user-requests/${b.id}`,
          { status: 'reject', type: 'create', reject_reason: 'Unknown' },
          sys.token,
        )
      ).statusCode,
    ).toBe(200);
    expect((await rowsOf('admin.registration.reject')).find((r) => r.recordId === String(b.id))?.after).toEqual({
      status: 'rejected',
      reject_reason: 'Unknown',
    });

    // The email got an account meanwhile: the approval rolls back (409), and so does its record.
    const c = await registerCm();
    await makeUser(t.database.db, { email: c.email });
    const failed = await put(`/api/user-requests/${c.id}`, { status: 'approve', type: 'create' }, sys.token);
    expect(failed.statusCode).toBe(409);
    expect((await rowsOf('admin.registration.approve')).filter((r) => r.recordId === String(c.id))).toEqual([]);
  });

  it('an approved profile change records the values before and after', async () => {
    const cm = await makeSignedIn(t.database.db, { roles: ['CM'], title: 'Member' });
    const profile = (await get('/api/profile', cm.token)).json<{
      first_name: string;
      last_name: string;
      email: string;
    }>();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user-requests',
      headers: auth(cm.token),
      payload: { first_name: profile.first_name, last_name: profile.last_name, email: profile.email, title: 'Chair' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [req] = await t.database.db.select().from(userRequests).where(eq(userRequests.userId, cm.user.id));
    const res = await put(
      `/api/user-requests/${req!.id}`,
      { status: 'approve', type: 'update', data: ['title'] },
      sys.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await rowsOf('admin.profileChange.approve')).filter((r) => r.recordId === String(req!.id));
    expect(row).toMatchObject({ before: { title: 'Member' }, after: { title: 'Chair', user_id: cm.user.id } });
  });

  it('the import, and a resource added and removed, are recorded', async () => {
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/facilities',
      headers: { ...auth(sys.token), 'content-type': 'text/csv' },
      payload: 'facility_number,name\n998877,Audit Labs\n',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await rowsOf('admin.import.run')).at(-1)).toMatchObject({
      actorId: sys.user.id,
      recordType: 'import',
      recordId: 'facilities',
      after: { entity: 'facilities', rows: 1 },
    });

    const body = multipart([
      { name: 'name', value: 'Audit guide' },
      { name: 'file', filename: 'guide.pdf', type: 'application/pdf', content: '%PDF-1.4 audit' },
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/resources',
      headers: { ...auth(sys.token), ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json<{ data: { id: number } }>().data.id;
    // Its download, by a TA, is recorded too.
    expect((await get(`/api/resources/${id}/file`, tokens.ta)).statusCode).toBe(200);
    const [download] = await rowsOf('documents.download');
    expect(download).toMatchObject({ recordType: 'file', after: { name: 'guide.pdf', area: 'resource' } });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/resources/${id}`, headers: auth(sys.token) }))
        .statusCode,
    ).toBe(200);
    const changes = (await rowsOf('admin.resource.manage')).filter((r) => r.recordId === String(id));
    expect(changes.map((r) => [r.before === null, r.after === null])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('a sign-in records success once the second step ends, and a failure with the email typed', async () => {
    const user = await makeUser(t.database.db, { roles: ['AR'] });
    await loginAs(t, user.email);
    const ok = (await rowsOf('auth.signIn.success')).filter((r) => r.actorId === user.id);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.after).toEqual({ method: 'password and second factor' });

    expect((await login(t, 'Nobody@Example.test', 'wrong-password')).statusCode).toBe(401);
    expect((await login(t, user.email, 'wrong-password')).statusCode).toBe(401);
    const failures = await rowsOf('auth.signIn.failure');
    expect(failures.map((r) => [r.actorId, r.actorEmail, (r.after as { reason: string }).reason])).toEqual([
      [null, 'Nobody@Example.test', 'no such account'],
      [user.id, user.email, 'wrong password'],
    ]);
  });
});

describe('GET /api/audit and /api/audit.csv', () => {
  it('is refused to every other role (403) and to no token (401)', async () => {
    for (const url of ['/api/audit', '/api/audit.csv']) {
      for (const token of Object.values(tokens)) expect((await get(url, token)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('filters by user, action, record and days, newest first, paged with a total', async () => {
    const all = (await get('/api/audit?per_page=100', sys.token)).json<AuditList>();
    expect(all.total).toBeGreaterThan(5);
    const times = all.data.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);

    const mine = (await get(`/api/audit?user=${sys.user.id}&per_page=100`, sys.token)).json<AuditList>();
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((r) => r.actor_id === sys.user.id)).toBe(true);
    const byName = (await get('/api/audit?user=sally%20sys&per_page=100', sys.token)).json<AuditList>();
    expect(byName.total).toBe(mine.total);

    const failures = (await get('/api/audit?action=auth.signIn.failure', sys.token)).json<AuditList>();
    expect(failures.data.map((r) => r.action_label)).toEqual(['Sign-in failed', 'Sign-in failed']);

    const approved = (await get('/api/audit?action=admin.registration.approve', sys.token)).json<AuditList>();
    const one = approved.data[0]!;
    const byRecord = (
      await get(`/api/audit?record_type=user_request&record_id=${one.record_id}`, sys.token)
    ).json<AuditList>();
    expect(byRecord.data.map((r) => r.id)).toContain(one.id);
    expect(byRecord.data.every((r) => r.record_id === one.record_id)).toBe(true);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    expect((await get(`/api/audit?from=${today}&to=${today}`, sys.token)).json<AuditList>().total).toBe(all.total);
    expect((await get('/api/audit?to=2020-01-01', sys.token)).json<AuditList>().total).toBe(0);

    const page1 = (await get('/api/audit?per_page=2&page=1', sys.token)).json<AuditList>();
    const page2 = (await get('/api/audit?per_page=2&page=2', sys.token)).json<AuditList>();
    expect(page1.total).toBe(all.total);
    expect([...page1.data, ...page2.data].map((r) => r.id)).toEqual(all.data.slice(0, 4).map((r) => r.id));

    expect((await get('/api/audit?action=nothing.like.this', sys.token)).statusCode).toBe(400);
  });

  it('answers 400 with the format message, not 500, for a day the calendar does not have', async () => {
    for (const url of ['/api/audit?from=2026-13-45', '/api/audit?to=2026-02-30', '/api/audit.csv?from=2025-02-29']) {
      const res = await get(url, sys.token);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('Use a date as YYYY-MM-DD.');
    }
  });

  it("finds the user's text in the name or email through the trigram indexes, not by reading the trail", async () => {
    // Too few rows here for the planner to prefer an index: with sequential scans off, the plan
    // shows that one exists for the text filter (ILIKE '%...%' on name or email).
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await executedRows<Record<string, string>>(
        tx,
        sql`explain select id from audit_log where actor_name ilike '%sally%' or actor_email ilike '%sally%'`,
      );
      return res.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('audit_log_actor_name_trgm_idx');
    expect(plan).toContain('audit_log_actor_email_trgm_idx');
    const some = (await get('/api/audit?user=ALLY&per_page=100', sys.token)).json<AuditList>();
    expect(some.total).toBeGreaterThan(0);
    expect(some.data.every((r) => /ally/i.test(`${r.actor_name} ${r.actor_email}`))).toBe(true);
    // LIKE's wildcards typed by the user are text, not patterns.
    expect((await get('/api/audit?user=%25_%25', sys.token)).json<AuditList>().total).toBe(0);
  });

  it('exports the filtered rows as CSV, formulas neutralised', async () => {
    // Text someone typed that a spreadsheet would run.
    await recordAudit(t.database.db, {
      action: 'auth.signIn.failure',
      who: { email: '=HYPERLINK("http://x")' },
      ip: null,
      after: { email: '=HYPERLINK("http://x")', reason: 'no such account' },
    });
    const res = await get('/api/audit.csv?action=auth.signIn.failure', sys.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('audit-trail.csv');
    const lines = res.body.trimEnd().split('\n');
    // Every field quoted by the CSV library, the header too.
    expect(lines[0]).toBe(
      '"when","user_id","user_name","user_email","action","record_type","record_id","address","before","after"',
    );
    const records = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(3);
    expect(records[0]!.user_email).toBe(`'=HYPERLINK("http://x")`);
    expect(records.every((r) => r.action === 'Sign-in failed')).toBe(true);
    expect(records[2]!.user_email).toBe('Nobody@Example.test');
    expect(JSON.parse(records[2]!.after!)).toEqual({ email: 'Nobody@Example.test', reason: 'no such account' });
    const cells = (
      parse(await csvText([['+1', '-1', '@a', 'plain', 'Bob;=1+1', 'a,+b', 'tab\t@c', '']]), {}) as string[][]
    )[0];
    expect(cells).toEqual(["'+1", "'-1", "'@a", 'plain', "Bob;'=1+1", "a,'+b", "tab\t'@c", '']);
  });

  it('a filter outside its type answers 400 with a message, as JSON, for the list and the CSV', async () => {
    for (const user of ['2147483648', '9223372036854775808', '99999999999999999999']) {
      for (const path of ['/api/audit', '/api/audit.csv']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${path}?user=${user}`,
          headers: { ...auth(sys.token), 'accept-encoding': 'gzip' },
        });
        expect(res.statusCode, `${path} ${user}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.json().message).toBe(AUDIT_USER_ID_TOO_LARGE);
      }
    }
    expect((await get('/api/audit?user=2147483647', sys.token)).statusCode).toBe(200);
  });

  it('streams an export longer than one page in order, every record once', async () => {
    const who = { id: 777, firstName: 'Bulk', lastName: 'Writer', email: 'bulk@example.test' };
    await recordAudits(
      t.database.db,
      Array.from({ length: 2100 }, (_, i) => ({
        action: 'documents.download' as const,
        who,
        ip: null,
        record: { type: 'file', id: i + 1 },
      })),
    );
    const res = await get('/api/audit.csv?user=777', sys.token);
    const records = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(2100);
    expect(new Set(records.map((r) => r.record_id)).size).toBe(2100);
  });

  it('offers no call that changes or deletes a record', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const)
      expect([404, 405]).toContain(
        (await t.app.inject({ method, url: '/api/audit', headers: auth(sys.token) })).statusCode,
      );
  });
  it('a whole email finds the records of that address exactly, by its index, failed sign-ins included', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await executedRows<Record<string, string>>(
        tx,
        sql`explain select id from audit_log where lower(actor_email) = lower('a@b.test') order by at desc limit 20`,
      );
      return res.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('audit_log_actor_email_at_idx');
    await recordAudit(t.database.db, {
      action: 'auth.signIn.failure',
      who: { email: 'Nobody.Here@Example.test' },
      ip: null,
      after: { email: 'Nobody.Here@Example.test', reason: 'no such account' },
    });
    await recordAudit(t.database.db, {
      action: 'auth.signIn.failure',
      who: { email: 'xnobody.here@example.test' },
      ip: null,
      after: { email: 'xnobody.here@example.test', reason: 'no such account' },
    });
    const exact = (await get('/api/audit?user=nobody.here%40example.test', sys.token)).json<AuditList>();
    expect(exact.data.map((r) => r.actor_email)).toEqual(['Nobody.Here@Example.test']);
    const mine = (await get(`/api/audit?user=${encodeURIComponent(sys.user.email)}`, sys.token)).json<AuditList>();
    const byId = (await get(`/api/audit?user=${sys.user.id}`, sys.token)).json<AuditList>();
    expect(mine.total).toBe(byId.total);
  });
});
