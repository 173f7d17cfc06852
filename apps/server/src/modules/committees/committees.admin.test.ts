import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_COMMS_MESSAGES as M, type ManagedCommitteeList } from '@portal/shared';
import { auditLog } from '../../db/schema/index.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeSignedIn, makeUser, type UserRow } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let sysadmin: string;
const refused: Record<string, string> = {};
let cms: UserRow[];
let plainAr: UserRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  sysadmin = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
  for (const role of ['AR', 'TA', 'CM', 'TA_ADMIN'] as const)
    refused[role] = (await makeSignedIn(db, { roles: [role] })).token;
  cms = [];
  for (const firstName of ['Ada', 'Ben', 'Cy'])
    cms.push(await makeUser(db, { roles: ['CM'], firstName, lastName: 'Member' }));
  plainAr = await makeUser(db, { roles: ['AR'] });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? auth(token) : {}, payload: payload as never });

const auditsOf = (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, String(id))));

describe('POST /api/committees', () => {
  it('creates a committee with its members and admin, audited, and lists it for the SYSADMIN', async () => {
    const res = await call('POST', '/api/committees', sysadmin, {
      committee_name: 'Admin Made Committee',
      committee_admin_id: cms[0]!.id,
      committee_members: [cms[0]!.id, cms[1]!.id, cms[1]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: { id: number; admin_name: string; members: number[] } }>();
    expect(body.message).toBe('You have successfully added a new committee!');
    expect(body.data).toMatchObject({
      admin_name: 'Ada Member',
      members: [cms[0]!.id, cms[1]!.id].sort((a, b) => a - b),
    });

    const list = (await call('GET', '/api/admin/committees', sysadmin)).json<ManagedCommitteeList>();
    expect(list.data.find((c) => c.id === body.data.id)?.name).toBe('Admin Made Committee');
    expect(list.candidates.map((c) => c.id)).toEqual(expect.arrayContaining(cms.map((u) => u.id)));
    expect(list.candidates.some((c) => c.id === plainAr.id)).toBe(false);

    const [row] = await auditsOf('admin.committee.create', body.data.id);
    expect(row).toMatchObject({
      recordType: 'committee',
      after: { name: 'Admin Made Committee', admin_id: cms[0]!.id },
    });
  });

  it("refuses an admin who is not a member with the spec's words, and changes nothing", async () => {
    const res = await call('POST', '/api/committees', sysadmin, {
      committee_name: 'No Admin Committee',
      committee_admin_id: cms[2]!.id,
      committee_members: [cms[0]!.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The use is not allowed to be a committee's admin!");
    const list = (await call('GET', '/api/admin/committees', sysadmin)).json<ManagedCommitteeList>();
    expect(list.data.some((c) => c.name === 'No Admin Committee')).toBe(false);
  });

  it('refuses an empty name, one over 255, a taken name and a member without the CM role', async () => {
    const empty = await call('POST', '/api/committees', sysadmin, { committee_name: '  ', committee_members: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.committeeNameRequired);
    const long = await call('POST', '/api/committees', sysadmin, { committee_name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    await makeCommittee(t.database.db, { name: 'Taken Committee' });
    const taken = await call('POST', '/api/committees', sysadmin, { committee_name: 'Taken Committee' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(M.committeeNameTaken);
    const notCm = await call('POST', '/api/committees', sysadmin, {
      committee_name: 'Wrong Members',
      committee_members: [plainAr.id],
    });
    expect(notCm.statusCode).toBe(400);
    expect(notCm.json().message).toBe(M.committeeMembersInvalid);
  });

  it('answers 401 signed out and 403 to AR, TA, CM and the TA admin (the wrong admin kind)', async () => {
    const payload = { committee_name: 'Refused Committee', committee_members: [] };
    expect((await call('POST', '/api/committees', undefined, payload)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/committees')).statusCode).toBe(401);
    for (const [role, token] of Object.entries(refused)) {
      expect((await call('POST', '/api/committees', token, payload)).statusCode, role).toBe(403);
      expect((await call('PUT', '/api/committees/1', token, payload)).statusCode, role).toBe(403);
      expect((await call('GET', '/api/admin/committees', token)).statusCode, role).toBe(403);
    }
  });
});

describe('PUT /api/committees/{id}', () => {
  it('renames, changes the admin, adds and removes members, and audits what changed', async () => {
    const c = await makeCommittee(t.database.db, {
      name: 'Before Rename',
      admin: cms[0]!,
      members: [{ user: cms[1]! }],
    });
    const res = await call('PUT', `/api/committees/${c.id}`, sysadmin, {
      committee_name: 'After Rename',
      committee_admin_id: cms[2]!.id,
      committee_members: [cms[1]!.id, cms[2]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'After Rename',
      admin_id: cms[2]!.id,
      admin_name: 'Cy Member',
      members: [cms[1]!.id, cms[2]!.id].sort((a, b) => a - b),
    });
    const [row] = await auditsOf('admin.committee.update', c.id);
    expect(row).toMatchObject({
      before: { name: 'Before Rename', admin_id: cms[0]!.id },
      after: { name: 'After Rename', admin_id: cms[2]!.id, members_added: [cms[2]!.id], members_removed: [cms[0]!.id] },
    });
  });

  it("refuses an admin left out of the members with the spec's words; 404 for a missing committee", async () => {
    const c = await makeCommittee(t.database.db, { admin: cms[0]!, members: [{ user: cms[1]! }] });
    const res = await call('PUT', `/api/committees/${c.id}`, sysadmin, {
      committee_name: c.name,
      committee_admin_id: cms[0]!.id,
      committee_members: [cms[1]!.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The use is not allowed to be a committee's admin!");
    expect(
      (await call('PUT', '/api/committees/999999', sysadmin, { committee_name: 'Nobody', committee_members: [] }))
        .statusCode,
    ).toBe(404);
    expect((await auditsOf('admin.committee.update', c.id)).length).toBe(0);
  });
});
