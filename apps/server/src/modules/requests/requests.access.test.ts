import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES as M, type Role, type UserRequestList } from '@portal/shared';
import { auditLog, mailOutbox, notifications, userRequests, users } from '../../db/schema/index.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeFacility } from '../../test/factories/facilities.js';
import { makeSite } from '../../test/factories/sites.js';
import { makeSignedIn, tokenFor } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

/**
 * Who decides a request: the TA admin only what concerns assessors
 * alone; anything granting AR, CM, facilities, sites or committees, or changing the sign-in email,
 * a SYSADMIN; and nobody a request about themselves. Each case from both admins' side.
 */

let t: TestApp;
let sys: { user: { id: number; email: string }; token: string };
let sys2: { user: { id: number }; token: string };
let taAdmin: { user: { id: number }; token: string };
let facility: { id: number; facilityNumber: string; name: string };
let site: { id: number };
let committee: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  sys = await makeSignedIn(db, { roles: ['SYSADMIN'] });
  sys2 = await makeSignedIn(db, { roles: ['SYSADMIN'] });
  taAdmin = await makeSignedIn(db, { roles: ['TA_ADMIN'] });
  facility = await makeFacility(db, { name: 'Split Labs' });
  site = await makeSite(db, { facilityId: facility.id });
  committee = await makeCommittee(db, { name: 'Split Committee' });
}, 120_000);

afterAll(() => t?.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const decide = (id: number, token: string, type: 'create' | 'update', data: string[] = []) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user-requests/${id}`,
    payload: { status: 'approve', type, data },
    headers: auth(token),
  });

let n = 0;
async function register(roles: Role[]) {
  const email = `split${++n}@example.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: `10.8.0.${n}`,
    payload: {
      email,
      first_name: 'Sam',
      last_name: 'Split',
      roles,
      title: 'Chemist',
      mobile_number: '0412555666',
      address: '1 Test Street',
      suburb: 'Pyrmont',
      state: 'NSW',
      country: 'Australia',
      postcode: '2009',
      userId: roles.includes('TA') ? `TA-${n}` : undefined,
      facilities: roles.includes('AR')
        ? [
            {
              facility_number: facility.facilityNumber,
              facility_name: facility.name,
              sites: [{ id: site.id, value: 'x' }],
            },
          ]
        : [],
      committees: roles.includes('CM') ? [{ id: committee.id, value: committee.name }] : [],
      subscriptions: { type: 'General', selected: [] },
      signature: { accept: true, name: 'Sam Split', title: 'Chemist', date: '23/11/2026' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db.select().from(userRequests).where(eq(userRequests.email, email));
  return row!;
}

const INFO = (email: string) => ({
  emails: [{ Type: 'Work', email, isPrimary: true }],
  phones: [{ Type: 'Mobile', countryCode: '+61', phoneNumber: '400111222', isPrimary: true }],
  addresses: [
    {
      Type: 'Home',
      AddressLine: '1 Elm St',
      Country: 'Australia',
      State: 'NSW',
      Suburb: 'Ryde',
      Postcode: '2112',
      isPrimary: true,
    },
  ],
});

/** A profile change filed by a new user holding `roles`. */
async function change(roles: Role[], body: (u: { email: string }) => Record<string, unknown>) {
  const u = await makeSignedIn(t.database.db, { roles, title: 'Member' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user-requests',
    headers: auth(u.token),
    payload: { first_name: u.user.firstName, last_name: u.user.lastName, ...body(u.user) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db
    .select()
    .from(userRequests)
    .where(and(eq(userRequests.userId, u.user.id), eq(userRequests.status, 'pending')));
  return { row: row!, user: u };
}

describe('what the TA admin may grant and change', () => {
  it("a registration asking only for TA is the TA admin's decision; the SYSADMIN is told why not", async () => {
    const r = await register(['TA']);
    expect(r.handler).toBe('TA_ADMIN');
    const refused = await decide(r.id, sys.token, 'create');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('A Technical Assessor Admin decides this request.');
    expect((await decide(r.id, taAdmin.token, 'create')).statusCode).toBe(200);
  });

  for (const roles of [['TA', 'AR'], ['TA', 'CM'], ['TA', 'AR', 'CM'], ['AR'], ['CM']] as Role[][]) {
    it(`a registration asking for ${roles.join(' + ')} is the SYSADMIN's: the TA admin does not see it`, async () => {
      const r = await register(roles);
      expect(r.handler).toBe('SYSADMIN');
      expect((await get(`/api/user-requests/${r.id}?current_role=TA_ADMIN`, taAdmin.token)).statusCode).toBe(404);
      expect((await decide(r.id, taAdmin.token, 'create')).statusCode).toBe(404);
      expect((await decide(r.id, sys.token, 'create')).statusCode).toBe(200);
    });
  }

  it("an assessor's change of their assessor details is the TA admin's", async () => {
    const { row, user } = await change(['TA'], (u) => ({ title: 'Lead Chemist', user_info: INFO(u.email) }));
    expect(row.handler).toBe('TA_ADMIN');
    expect((await decide(row.id, sys.token, 'update', ['title'])).statusCode).toBe(403);
    expect((await decide(row.id, taAdmin.token, 'update', ['title'])).statusCode).toBe(200);
    expect(user.user.id).toBe(row.userId);
  });

  it("an assessor's change of the sign-in email (their primary email; a flat email sent is ignored) is the SYSADMIN's", async () => {
    const flat = await change(['TA'], (u) => ({ email: `new-${u.email}`, user_info: INFO(u.email) }));
    expect(flat.row.handler).toBe('TA_ADMIN');

    const primary = await change(['TA'], (u) => ({ user_info: INFO(`other-${u.email}`) }));
    expect(primary.row.handler).toBe('SYSADMIN');
    expect((await decide(primary.row.id, taAdmin.token, 'update', ['emails'])).statusCode).toBe(404);
    expect((await decide(primary.row.id, sys.token, 'update', ['emails'])).statusCode).toBe(200);
  });

  for (const roles of [
    ['TA', 'AR'],
    ['TA', 'CM'],
    ['TA', 'TA_ADMIN'],
  ] as Role[][]) {
    it(`a change by a user holding ${roles.join(' + ')} is the SYSADMIN's`, async () => {
      const { row } = await change(roles, (u) => ({ title: 'Chair', user_info: INFO(u.email) }));
      expect(row.handler).toBe('SYSADMIN');
      expect((await decide(row.id, taAdmin.token, 'update', ['title'])).statusCode).toBe(404);
      expect((await decide(row.id, sys.token, 'update', ['title'])).statusCode).toBe(200);
    });
  }
});

describe('nobody decides a request about themselves', () => {
  it("a SYSADMIN's own email change: 403 with the reason, shown as not theirs in the list and not counted; another SYSADMIN decides it", async () => {
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/user-requests',
      headers: auth(sys.token),
      payload: { first_name: 'Test', last_name: 'Admin', email: `renamed-${sys.user.email}` },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(userRequests)
      .where(and(eq(userRequests.userId, sys.user.id), eq(userRequests.status, 'pending')));
    const refused = await decide(row!.id, sys.token, 'update', ['email']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.ownRequest);
    const reject = await t.app.inject({
      method: 'PUT',
      url: `/api/user-requests/${row!.id}`,
      payload: { status: 'reject', type: 'update', reject_reason: 'mine' },
      headers: auth(sys.token),
    });
    expect(reject.statusCode).toBe(403);

    const mine = (await get('/api/user-requests?type=update&per_page=100', sys.token)).json<UserRequestList>();
    const listed = mine.data.find((r) => r.id === row!.id)!;
    expect(listed).toMatchObject({ can_decide: false, decide_note: M.ownRequest });
    const theirs = (await get('/api/user-requests?type=update&per_page=100', sys2.token)).json<UserRequestList>();
    expect(theirs.data.find((r) => r.id === row!.id)).toMatchObject({ can_decide: true, decide_note: null });
    expect(theirs.decidable_total).toBe(mine.decidable_total + 1);

    expect((await decide(row!.id, sys2.token, 'update', ['email'])).statusCode).toBe(200);
    // A new sign-in email ends the sessions the old one had: the admin signs in again.
    expect((await get('/api/activeuser', sys.token)).statusCode).toBe(401);
    sys.token = await tokenFor(t.database.db, sys.user);
  });

  it("the SYSADMIN's count leaves out what only the TA admin decides", async () => {
    await register(['TA']);
    const list = (await get('/api/user-requests?type=create&per_page=100', sys.token)).json<UserRequestList>();
    const decidable = list.data.filter((r) => r.can_decide).length;
    expect(list.total).toBeGreaterThan(decidable);
    expect(list.decidable_total).toBe(decidable);
    const taList = (
      await get('/api/user-requests?type=create&per_page=100&current_role=TA_ADMIN', taAdmin.token)
    ).json<UserRequestList>();
    expect(taList.decidable_total).toBe(taList.total);
  });
});

describe('a decision sent twice', () => {
  it('the same decision again answers success and changes nothing more; another decision is 409', async () => {
    const r = await register(['AR']);
    const first = await decide(r.id, sys.token, 'create');
    const again = await decide(r.id, sys.token, 'create');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(first.json().message);
    expect(await t.database.db.select().from(users).where(eq(users.email, r.email))).toHaveLength(1);
    const records = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(r.id)));
    expect(records.map((x) => x.action)).toEqual(['admin.registration.approve']);
    const reject = await t.app.inject({
      method: 'PUT',
      url: `/api/user-requests/${r.id}`,
      payload: { status: 'reject', type: 'create', reject_reason: 'changed my mind' },
      headers: auth(sys.token),
    });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().message).toBe(M.notPending);
  });
});

describe('admins hear of new requests', () => {
  const notesOf = (userId: number) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  const mailsTo = (userId: number) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));

  it('a registration notifies (bell and mail) the admins who decide it, and no other', async () => {
    const [sysBefore, taBefore] = [(await notesOf(sys.user.id)).length, (await notesOf(taAdmin.user.id)).length];
    const taMailsBefore = (await mailsTo(taAdmin.user.id)).length;
    const r = await register(['TA']);
    const taNotes = await notesOf(taAdmin.user.id);
    expect(taNotes).toHaveLength(taBefore + 1);
    expect(taNotes.at(-1)).toMatchObject({
      title: 'New registration',
      url: `/admin/pending-registration/${r.id}`,
      role: 'TA_ADMIN',
    });
    expect(await mailsTo(taAdmin.user.id)).toHaveLength(taMailsBefore + 1);
    expect(await notesOf(sys.user.id)).toHaveLength(sysBefore);

    await register(['CM']);
    expect(await notesOf(sys.user.id)).toHaveLength(sysBefore + 1);
    expect(await notesOf(sys2.user.id)).toHaveLength(sysBefore + 1);
    expect(await notesOf(taAdmin.user.id)).toHaveLength(taBefore + 1);
  });

  it('a profile change notifies its deciders, never the admin it is about', async () => {
    const before = [(await notesOf(sys.user.id)).length, (await notesOf(sys2.user.id)).length];
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/user-requests',
      headers: auth(sys2.token),
      payload: { first_name: 'Test', last_name: 'Admin', title: 'Head of Systems' },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const sysNotes = await notesOf(sys.user.id);
    expect(sysNotes).toHaveLength(before[0]! + 1);
    expect(sysNotes.at(-1)).toMatchObject({ title: 'New profile change' });
    expect(sysNotes.at(-1)!.body).toContain('Position Title');
    expect(await notesOf(sys2.user.id)).toHaveLength(before[1]!);
  });
});

describe('a profile change lists only real differences', () => {
  it('values typed and restored, spaces, and cards read back in another order are no change', async () => {
    const u = await makeSignedIn(t.database.db, { roles: ['TA'], title: 'Member', postcode: '2112' });
    const info = INFO(u.user.email);
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-requests',
        headers: auth(u.token),
        payload: { first_name: u.user.firstName, last_name: u.user.lastName, ...payload },
      });
    // The cards as first stored.
    const stored = await post({ title: 'Lead', user_info: info });
    expect(stored.statusCode, stored.body).toBe(200);
    const [first] = await t.database.db.select().from(userRequests).where(eq(userRequests.userId, u.user.id));
    expect(
      (await decide(first!.id, taAdmin.token, 'update', ['title', 'emails', 'phones', 'addresses'])).statusCode,
    ).toBe(200);

    // The same again: keys in another order, an empty optional field, spaces around a value.
    const [address] = info.addresses;
    const reordered = {
      emails: info.emails,
      phones: info.phones,
      addresses: [
        {
          isPrimary: true,
          Postcode: ' 2112 ',
          Suburb: 'Ryde',
          State: 'NSW',
          Country: 'Australia',
          AddressLine: address!.AddressLine,
          Type: 'Home',
        },
      ],
    };
    const same = await post({ title: ' Lead ', postcode: '2112', middle_name: '', user_info: reordered });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(M.profileUnchanged);
  });
});
