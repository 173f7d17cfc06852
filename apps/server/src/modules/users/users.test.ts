import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  REGISTRATION_MESSAGES,
  USER_ADMIN_MESSAGES as M,
  type ForumThreadDetail,
  type UserDetail,
  type UserList,
} from '@portal/shared';
import { rowsOf } from '../../db/client.js';
import { auditLog, committeeMembers, committees, rememberTokens, users } from '../../db/schema/index.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeThread } from '../../test/factories/forum.js';
import { makeSignedIn, makeUser, tokenFor, type UserRow } from '../../test/factories/users.js';
import { auth, buildTestApp, login, type TestApp } from '../../test/helpers.js';

let t: TestApp;
type Person = { user: UserRow; token: string };
let sysadmin: Person;
let taAdmin: Person;
let ar: Person;
let ta: Person;
let cm: Person;
let chair: Person; // a CM, admin of Chemistry
let chem: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  sysadmin = await makeSignedIn(db, { roles: ['SYSADMIN'], firstName: 'Sam', lastName: 'Admin' });
  taAdmin = await makeSignedIn(db, { roles: ['TA_ADMIN'], firstName: 'Tia', lastName: 'Admin' });
  ar = await makeSignedIn(db, { roles: ['AR'], firstName: 'Ari', lastName: 'Rep', email: 'ari.rep@lab.test' });
  ta = await makeSignedIn(db, { roles: ['TA'], firstName: 'Tom', lastName: 'Assessor', email: 'tom@lab.test' });
  cm = await makeSignedIn(db, { roles: ['CM'], firstName: 'Cam', lastName: 'Member', email: 'cam@lab.test' });
  chair = await makeSignedIn(db, { roles: ['CM'], firstName: 'Cara', lastName: 'Chair', title: 'Chair' });
  chem = await makeCommittee(db, { name: 'Chemistry', admin: chair.user, members: [{ user: cm.user }] });
}, 60_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: Person | string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? auth(typeof who === 'string' ? who : who.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const auditOf = (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, String(id))));

/** A valid Edit Personal Details body for a CM. */
const cmEdit = (over: Record<string, unknown> = {}) => ({
  roles: ['CM'],
  first_name: 'Cam',
  last_name: 'Member',
  title: 'Analyst',
  mobile_number: '+61400111222',
  email: 'cam@lab.test',
  address: '1 Lab Street',
  committees: [{ id: chem.id, value: 'Chemistry' }],
  ...over,
});

describe('GET /users', () => {
  it('lists the kind of the admin view, 20 a page, with the total, searched by name or email', async () => {
    const db = t.database.db;
    for (let i = 0; i < 23; i++) await makeUser(db, { roles: ['AR'], firstName: 'Paged', lastName: `Person ${i}` });
    const first = (await call('GET', '/api/users?role=NONTA&search=paged', sysadmin)).json() as UserList;
    expect(first.total).toBe(23);
    expect(first.data).toHaveLength(20);
    const second = (await call('GET', '/api/users?role=NONTA&search=paged&page=2', sysadmin)).json() as UserList;
    expect(second.data).toHaveLength(3);
    const email = (await call('GET', '/api/users?role=NONTA&search=ARI.REP@', sysadmin)).json() as UserList;
    expect(email.data.map((u) => u.id)).toEqual([ar.user.id]);
    expect(email.data[0]).toMatchObject({ first_name: 'Ari', last_name: 'Rep', roles: ['AR'], activated: true });
    // Every word must be found: first and last name together.
    const both = (await call('GET', '/api/users?role=NONTA&search=cara%20chair', sysadmin)).json() as UserList;
    expect(both.data.map((u) => u.id)).toEqual([chair.user.id]);
  });

  it('matches words in any case, accents too, takes % and _ as themselves, and follows a rename', async () => {
    const db = t.database.db;
    const elodie = await makeUser(db, {
      roles: ['AR'],
      firstName: 'Élodie',
      lastName: 'Ünal',
      email: 'e.unal@lab.test',
    });
    const ids = async (search: string) =>
      (
        (await call('GET', `/api/users?role=NONTA&search=${encodeURIComponent(search)}`, sysadmin)).json() as UserList
      ).data.map((u) => u.id);
    expect(await ids('ÉLODIE ünal')).toEqual([elodie.id]);
    expect(await ids('E.UNAL@LAB')).toEqual([elodie.id]);
    // A LIKE wildcard in the search is a character to find, not any character.
    expect(await ids('%lodie')).toEqual([]);
    expect(await ids('_lodie')).toEqual([]);
    // The column the search reads is kept by the database: a rename is found at once, the old name not.
    await db.update(users).set({ lastName: 'Renamed' }).where(eq(users.id, elodie.id));
    expect(await ids('élodie renamed')).toEqual([elodie.id]);
    expect(await ids('ünal')).toEqual([]);
  });

  it('NONTA leaves out users holding TA; TA lists only them; CM only committee members', async () => {
    const nonTa = (await call('GET', '/api/users?role=NONTA&per_page=50', sysadmin)).json() as UserList;
    expect(nonTa.data.some((u) => u.id === ta.user.id)).toBe(false);
    const taList = (await call('GET', '/api/users?role=TA', taAdmin)).json() as UserList;
    expect(taList.data.map((u) => u.id)).toEqual([ta.user.id]);
    const cms = (await call('GET', '/api/users?role=CM', sysadmin)).json() as UserList;
    expect(cms.data.map((u) => u.id).sort()).toEqual([cm.user.id, chair.user.id].sort());
    expect(cms.total).toBe(2);
  });

  it('without a search, pages the kind by name and counts it apart, deleted users left out', async () => {
    const db = t.database.db;
    const gone = await makeUser(db, { roles: ['AR'], firstName: 'Aaron', lastName: 'Aardvark' });
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    // Who the SYSADMIN's list holds, by the rule written out here: live users holding neither TA nor LA.
    const held = await rowsOf<{ id: number }>(
      db,
      sql`select u.id from users u where u.deleted_at is null
        and not exists (select 1 from user_roles r where r.user_id = u.id and r.role in ('TA', 'LA'))
      order by u.last_name, u.first_name, u.id`,
    );
    const expected = held.map((r) => r.id);
    expect(expected.length).toBeGreaterThan(25);
    const first = (await call('GET', '/api/users?role=NONTA', sysadmin)).json() as UserList;
    expect(first.total).toBe(expected.length);
    expect(first.data.map((u) => u.id)).toEqual(expected.slice(0, 20));
    const second = (await call('GET', '/api/users?role=NONTA&page=2', sysadmin)).json() as UserList;
    expect(second.total).toBe(expected.length);
    expect(second.data.map((u) => u.id)).toEqual(expected.slice(20, 40));
    expect([...first.data, ...second.data].some((u) => u.id === gone.id)).toBe(false);
    const past = (await call('GET', '/api/users?role=NONTA&page=99', sysadmin)).json() as UserList;
    expect(past).toMatchObject({ data: [], total: expected.length });
    const tas = (await call('GET', '/api/users?role=TA', taAdmin)).json() as UserList;
    expect(tas.total).toBe(tas.data.length);
  });

  it('refuses the wrong admin kind (403), every other role (403) and a signed-out caller (401)', async () => {
    expect((await call('GET', '/api/users?role=NONTA', taAdmin)).statusCode).toBe(403);
    expect((await call('GET', '/api/users?role=TA', sysadmin)).statusCode).toBe(403);
    for (const who of [ar, ta, cm]) expect((await call('GET', '/api/users', who)).statusCode).toBe(403);
    expect((await call('GET', '/api/users')).statusCode).toBe(401);
  });
});

describe('GET /users/{id}', () => {
  it('gives the profile with committees, the admin flag, the forum permission and abilities', async () => {
    const res = await call('GET', `/api/users/${chair.user.id}`, sysadmin);
    expect(res.statusCode).toBe(200);
    const d = res.json() as UserDetail;
    expect(d).toMatchObject({ first_name: 'Cara', roles: ['CM'], activated: true, committeeAdmin: ['Chemistry'] });
    expect(d.committees).toEqual([{ id: chem.id, value: 'Chemistry', admin: true, can_write: true }]);
    expect(d.abilities['admin.user.deactivate']).toBe(true);
    const self = (await call('GET', `/api/users/${sysadmin.user.id}`, sysadmin)).json() as UserDetail;
    expect(self.abilities['admin.user.deactivate']).toBe(false);
  });

  it("answers 404 to the admin who does not manage the user's kind, 403 to others, 401 signed out", async () => {
    expect((await call('GET', `/api/users/${ta.user.id}`, sysadmin)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${cm.user.id}`, taAdmin)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${ta.user.id}`, taAdmin)).statusCode).toBe(200);
    for (const who of [ar, ta, cm]) expect((await call('GET', `/api/users/${cm.user.id}`, who)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${cm.user.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /users/{id}', () => {
  it('saves the edit with the audit row of what changed', async () => {
    const res = await call('PUT', `/api/users/${cm.user.id}`, sysadmin, cmEdit({ title: 'Senior Analyst' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.saved });
    const d = (await call('GET', `/api/users/${cm.user.id}`, sysadmin)).json() as UserDetail;
    expect(d.title).toBe('Senior Analyst');
    const [row] = await auditOf('admin.user.update', cm.user.id);
    expect(row).toMatchObject({
      actorId: sysadmin.user.id,
      before: { title: null },
      after: { title: 'Senior Analyst' },
    });
  });

  it("answers 400 with the spec's messages, and records nothing", async () => {
    const before = (await auditOf('admin.user.update', cm.user.id)).length;
    const noCommittee = await call('PUT', `/api/users/${cm.user.id}`, sysadmin, cmEdit({ committees: [] }));
    expect(noCommittee.statusCode).toBe(400);
    expect(noCommittee.json().message).toBe(REGISTRATION_MESSAGES.committeeRequired);
    const noRole = await call('PUT', `/api/users/${cm.user.id}`, sysadmin, cmEdit({ roles: [] }));
    expect(noRole.json().message).toBe(REGISTRATION_MESSAGES.roleRequired);
    const noFacility = await call('PUT', `/api/users/${cm.user.id}`, sysadmin, cmEdit({ roles: ['AR', 'CM'] }));
    expect(noFacility.json().message).toBe(REGISTRATION_MESSAGES.facilityRequired);
    const taken = await call('PUT', `/api/users/${cm.user.id}`, sysadmin, cmEdit({ email: 'ARI.REP@lab.test' }));
    expect(taken.statusCode).toBe(409);
    expect((await auditOf('admin.user.update', cm.user.id)).length).toBe(before);
  });

  it('refuses the wrong admin kind (404), other roles (403), signed out (401)', async () => {
    expect((await call('PUT', `/api/users/${cm.user.id}`, taAdmin, cmEdit())).statusCode).toBe(404);
    for (const who of [ar, ta, cm])
      expect((await call('PUT', `/api/users/${cm.user.id}`, who, cmEdit())).statusCode).toBe(403);
    expect((await call('PUT', `/api/users/${cm.user.id}`, undefined, cmEdit())).statusCode).toBe(401);
  });
});

describe("the TA admin's edit of an assessor", () => {
  const cards = {
    emails: [{ Type: 'Work', email: 'tom@lab.test', isPrimary: true }],
    phones: [{ Type: 'Mobile', countryCode: '+61', phoneNumber: '400999888', isPrimary: true }],
    addresses: [
      {
        Type: 'Home',
        AddressLine: '2 Field Road',
        Country: 'Australia',
        State: 'VIC',
        Suburb: 'Carlton',
        Postcode: '3053',
        isPrimary: true,
      },
    ],
  };
  const body = (over: Record<string, unknown> = {}) => ({
    roles: ['TA'],
    first_name: 'Tom',
    last_name: 'Assessor',
    title: 'Technical Assessor',
    mobile_number: '+61400999888',
    email: 'tom@lab.test',
    address: '2 Field Road',
    userId: 'R77',
    user_info: cards,
    ...over,
  });

  it('saves the cards, says the detailed layout, and keeps the primary rule', async () => {
    const before = (await call('GET', `/api/users/${ta.user.id}`, taAdmin)).json() as UserDetail;
    // Without cards yet: the flat form; once they have cards, the detailed layout.
    expect(before.detailed_edit).toBe(false);
    expect((await call('PUT', `/api/users/${ta.user.id}`, taAdmin, body())).statusCode).toBe(200);
    const after = (await call('GET', `/api/users/${ta.user.id}`, taAdmin)).json() as UserDetail;
    expect(after.detailed_edit).toBe(true);
    expect(after.user_info).toEqual(cards);
    expect(after.resource_id).toBe('R77');
    const noPrimary = await call(
      'PUT',
      `/api/users/${ta.user.id}`,
      taAdmin,
      body({ user_info: { ...cards, emails: [{ ...cards.emails[0], isPrimary: false }] } }),
    );
    expect(noPrimary.statusCode).toBe(400);
    expect(noPrimary.json().message).toBe(REGISTRATION_MESSAGES.primaryEmailRequired);
    const cm = (await call('GET', `/api/users/${chair.user.id}`, sysadmin)).json() as UserDetail;
    expect(cm.detailed_edit).toBe(false);
  });
});

describe('deactivate and activate', () => {
  it("ends the user's live session at once, refuses their sign-in, and lets them in again once activated", async () => {
    const db = t.database.db;
    const user = await makeUser(db, { roles: ['AR'], firstName: 'Dee', lastName: 'Active', email: 'dee@lab.test' });
    const token = await tokenFor(db, user);
    expect((await call('GET', '/api/profile', token)).statusCode).toBe(200);
    await db
      .insert(rememberTokens)
      .values({ userId: user.id, tokenHash: 'remembered', expiresAt: new Date(Date.now() + 86_400_000) });

    const off = await call('POST', `/api/deactivate/${user.id}`, sysadmin);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: M.deactivated });
    expect((await call('GET', '/api/profile', token)).statusCode).toBe(401);
    const [remembered] = await db.select().from(rememberTokens).where(eq(rememberTokens.userId, user.id));
    expect(remembered!.revokedAt).not.toBeNull();
    const refused = await login(t, 'dee@lab.test');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(MESSAGES.loginFailed);
    expect(await auditOf('admin.user.deactivate', user.id)).toHaveLength(1);

    // Twice: the server's message, and no second record.
    const again = await call('POST', `/api/deactivate/${user.id}`, sysadmin);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.alreadyInactive);
    expect(await auditOf('admin.user.deactivate', user.id)).toHaveLength(1);

    const on = await call('POST', `/api/activate/${user.id}`, sysadmin);
    expect(on.json()).toEqual({ message: M.activated });
    expect(await auditOf('admin.user.activate', user.id)).toHaveLength(1);
    expect((await login(t, 'dee@lab.test')).statusCode).toBe(200);
  });

  it('refuses an admin their own account, the wrong admin kind, other roles and signed out', async () => {
    const self = await call('POST', `/api/deactivate/${sysadmin.user.id}`, sysadmin);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(M.notSelf);
    expect((await call('POST', `/api/deactivate/${ta.user.id}`, sysadmin)).statusCode).toBe(404);
    expect((await call('POST', `/api/activate/${cm.user.id}`, taAdmin)).statusCode).toBe(404);
    for (const who of [ar, ta, cm]) {
      expect((await call('POST', `/api/deactivate/${chair.user.id}`, who)).statusCode).toBe(403);
      expect((await call('POST', `/api/activate/${chair.user.id}`, who)).statusCode).toBe(403);
    }
    expect((await call('POST', `/api/deactivate/${chair.user.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${chair.user.id}`, sysadmin)).json().activated).toBe(true);
  });

  it('the TA admin deactivates an assessor', async () => {
    const assessor = await makeUser(t.database.db, { roles: ['TA', 'LA'] });
    expect((await call('POST', `/api/deactivate/${assessor.id}`, taAdmin)).statusCode).toBe(200);
  });
});

describe('PUT /committeepermissions/{id}', () => {
  it('toggles the forum write permission of one committee, with its audit row', async () => {
    const res = await call('PUT', `/api/committeepermissions/${cm.user.id}`, sysadmin, {
      committee_id: chem.id,
      can_write: true,
    });
    expect(res.json()).toEqual({ message: M.forumUpdated });
    const [row] = await t.database.db
      .select({ canWrite: committeeMembers.canWrite })
      .from(committeeMembers)
      .where(and(eq(committeeMembers.userId, cm.user.id), eq(committeeMembers.committeeId, chem.id)));
    expect(row!.canWrite).toBe(true);
    const [audit] = await auditOf('admin.user.forumWrite', cm.user.id);
    expect(audit).toMatchObject({ before: { can_write: false }, after: { can_write: true } });
  });

  it('answers 400 for a committee they are not in, and refuses others', async () => {
    const other = await makeCommittee(t.database.db, { name: 'Physics' });
    const res = await call('PUT', `/api/committeepermissions/${cm.user.id}`, sysadmin, {
      committee_id: other.id,
      can_write: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.notMember);
    const body = { committee_id: chem.id, can_write: false };
    expect((await call('PUT', `/api/committeepermissions/${cm.user.id}`, taAdmin, body)).statusCode).toBe(404);
    for (const who of [ar, ta, cm])
      expect((await call('PUT', `/api/committeepermissions/${cm.user.id}`, who, body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/committeepermissions/${cm.user.id}`, undefined, body)).statusCode).toBe(401);
  });
});

describe('DELETE /users/{id}', () => {
  it("removes the person and their sessions; their forum post stays, shown as 'Removed user'", async () => {
    const db = t.database.db;
    const leaving = await makeUser(db, { roles: ['CM'], firstName: 'Lee', lastName: 'Leaving', email: 'lee@lab.test' });
    const token = await tokenFor(db, leaving);
    const committee = await makeCommittee(db, { name: 'Biology', admin: leaving, members: [{ user: cm.user }] });
    const thread = await makeThread(db, { committee, author: leaving, title: 'Kept discussion' });

    expect((await call('DELETE', `/api/users/${leaving.id}`, cm)).statusCode).toBe(403);
    const res = await call('DELETE', `/api/users/${leaving.id}`, sysadmin);
    expect(res.json()).toEqual({ message: M.deleted });
    expect((await call('GET', '/api/profile', token)).statusCode).toBe(401);
    expect((await login(t, 'lee@lab.test')).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${leaving.id}`, sysadmin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${leaving.id}`, sysadmin)).statusCode).toBe(404);

    const [row] = await db.select().from(users).where(eq(users.id, leaving.id));
    expect(row).toMatchObject({ firstName: M.removedName, lastName: '', mobileNumber: null, activated: false });
    expect(row!.email).not.toContain('lee');
    const [c] = await db
      .select({ adminId: committees.adminId })
      .from(committees)
      .where(eq(committees.id, committee.id));
    expect(c!.adminId).toBeNull();

    const shown = (await call('GET', `/api/forumthreads/${thread.id}`, cm)).json() as ForumThreadDetail;
    expect(shown.title).toBe('Kept discussion');
    expect(`${shown.user!.first_name} ${shown.user!.last_name}`.trim()).toBe(M.removedName);

    const [audit] = await auditOf('admin.user.delete', leaving.id);
    expect(audit).toMatchObject({ before: { name: 'Lee Leaving', email: 'lee@lab.test' } });
    const list = (await call('GET', '/api/users?role=NONTA&search=removed', sysadmin)).json() as UserList;
    expect(list.total).toBe(0);
  });

  it('refuses the wrong admin kind and signed out', async () => {
    expect((await call('DELETE', `/api/users/${ta.user.id}`, sysadmin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${ta.user.id}`)).statusCode).toBe(401);
    for (const who of [ar, ta]) expect((await call('DELETE', `/api/users/${ar.user.id}`, who)).statusCode).toBe(403);
  });
});

describe('POST /admin/users/{id}/second-factors/reset', () => {
  it('records who reset whose second factors', async () => {
    const res = await call('POST', `/api/admin/users/${cm.user.id}/second-factors/reset`, sysadmin);
    expect(res.statusCode).toBe(200);
    const [row] = await auditOf('admin.secondFactor.reset', cm.user.id);
    expect(row).toMatchObject({ actorId: sysadmin.user.id, recordType: 'user' });
  });
});
