import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitteeDetail, CommitteeList, CommitteeNames } from '@portal/shared';
import { makeCommittee, type CommitteeRow } from '../../test/factories/committees.js';
import { makeSignedIn, makeUser } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let chemical: CommitteeRow;
let biological: CommitteeRow;
let other: CommitteeRow;
let admin: Awaited<ReturnType<typeof makeSignedIn>>;
let member: Awaited<ReturnType<typeof makeSignedIn>>;
let outsider: Awaited<ReturnType<typeof makeSignedIn>>;
let sysadmin: Awaited<ReturnType<typeof makeSignedIn>>;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  admin = await makeSignedIn(db, { roles: ['CM'], firstName: 'Carla', lastName: 'Zed', title: 'Chair' });
  member = await makeSignedIn(db, { roles: ['CM'], firstName: 'Amy', lastName: 'Able', mobileNumber: '+61400000001' });
  outsider = await makeSignedIn(db, { roles: ['CM'] });
  sysadmin = await makeSignedIn(db, { roles: ['SYSADMIN'] });
  const third = await makeUser(db, { roles: ['CM'], firstName: 'Bob', lastName: 'Brown' });
  chemical = await makeCommittee(db, {
    name: 'Chemical Testing Committee',
    admin: admin.user,
    members: [{ user: member.user }, { user: third }],
  });
  biological = await makeCommittee(db, { name: 'Biological Testing Committee', admin: member.user });
  other = await makeCommittee(db, { name: 'Other Committee', admin: outsider.user });
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

describe('GET /api/committees', () => {
  it("lists the user's committees by name, saying which they administer", async () => {
    const res = await get('/api/committees', member.token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<CommitteeList>();
    expect(data.map((c) => c.name)).toEqual(['Biological Testing Committee', 'Chemical Testing Committee']);
    expect(data[0]).toMatchObject({
      id: biological.id,
      value: 'Biological Testing Committee',
      admin_id: member.user.id,
      is_admin: true,
      is_member: true,
    });
    expect(data[1]).toMatchObject({
      id: chemical.id,
      is_admin: false,
      admin: { id: admin.user.id, first_name: 'Carla', last_name: 'Zed' },
    });
  });

  it('gives a user in no committee an empty list', async () => {
    const plain = await makeSignedIn(t.database.db, { roles: ['AR'] });
    const res = await get('/api/committees', plain.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<CommitteeList>().data).toEqual([]);
  });

  it('gives a SYSADMIN every committee (they manage them), as a non-member', async () => {
    const res = await get('/api/committees', sysadmin.token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<CommitteeList>();
    expect(data.map((c) => c.id).sort()).toEqual([chemical.id, biological.id, other.id].sort());
    expect(data.every((c) => !c.is_member && !c.is_admin)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect((await get('/api/committees')).statusCode).toBe(401);
  });
});

describe('GET /api/committeenames', () => {
  it('answers every committee id and name without a token, and nothing else', async () => {
    const res = await get('/api/committeenames');
    expect(res.statusCode).toBe(200);
    const { data } = res.json<CommitteeNames>();
    expect(data).toEqual([
      { id: biological.id, name: 'Biological Testing Committee', value: 'Biological Testing Committee' },
      { id: chemical.id, name: 'Chemical Testing Committee', value: 'Chemical Testing Committee' },
      { id: other.id, name: 'Other Committee', value: 'Other Committee' },
    ]);
  });
});

describe('GET /api/committees/{id}', () => {
  it('gives a member the committee with its members, admin first, title General by default', async () => {
    const res = await get(`/api/committees/${chemical.id}`, member.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<CommitteeDetail>();
    expect(body).toMatchObject({
      id: chemical.id,
      name: 'Chemical Testing Committee',
      admin_id: admin.user.id,
      is_admin: false,
      is_member: true,
    });
    expect(body.members.map((m) => m.last_name)).toEqual(['Zed', 'Able', 'Brown']);
    expect(body.members[0]).toMatchObject({ id: admin.user.id, title: 'Chair', admin: true });
    expect(body.members[1]).toMatchObject({
      id: member.user.id,
      title: 'General',
      mobile_number: '+61400000001',
      admin: false,
      email: member.user.email,
    });
  });

  it('answers 404 to a non-member, a SYSADMIN outside it and a missing committee; 401 without a token; 400 for a bad id', async () => {
    expect((await get(`/api/committees/${chemical.id}`, outsider.token)).statusCode).toBe(404);
    expect((await get(`/api/committees/${chemical.id}`, sysadmin.token)).statusCode).toBe(404);
    expect((await get('/api/committees/999999', member.token)).statusCode).toBe(404);
    expect((await get(`/api/committees/${chemical.id}`)).statusCode).toBe(401);
    expect((await get('/api/committees/abc', member.token)).statusCode).toBe(400);
  });
});
