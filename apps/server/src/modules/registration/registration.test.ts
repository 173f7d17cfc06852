import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_LIMITS,
  MESSAGES,
  PRODUCT_NAME,
  REGISTRATION_LIMITS,
  REGISTRATION_MESSAGES as M,
  type ActiveUser,
  type FacilityList,
  type Profile,
  type UserRequestDetail,
  type UserRequestList,
} from '@portal/shared';
import {
  files,
  mailOutbox,
  notifications,
  subscriptions,
  userInfos,
  userRequests,
  users,
} from '../../db/schema/index.js';
import { createStorage } from '../../platform/storage/storage.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeCategoryTree } from '../../test/factories/publications.js';
import { makeFacility } from '../../test/factories/facilities.js';
import { makeSite } from '../../test/factories/sites.js';
import { makeSignedIn, makeUser, tokenFor } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

/**
 * Registration, the admin's decisions and profile changes, through HTTP on a database
 * of its own (PGlite, or PostgreSQL with TEST_DATABASE_URL), with mail going to a real SMTP server
 * listening on a local port.
 */

const received: { to: string; subject: string; text: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    simpleParser(stream)
      .then((m) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject: m.subject ?? '',
          text: m.text ?? '',
        });
        done();
      })
      .catch(done);
  },
});

let t: TestApp;
let facility: { id: number; facilityNumber: string; name: string };
let siteA: { id: number; siteNumber: string; name: string };
let siteB: { id: number; siteNumber: string; name: string };
let other: { id: number; facilityNumber: string };
let otherSite: { id: number };
let committee: { id: number; name: string };
let categories: Awaited<ReturnType<typeof makeCategoryTree>>;
const tokens: Record<'sys' | 'taadmin' | 'ar' | 'ta' | 'cm', string> = { sys: '', taadmin: '', ar: '', ta: '', cm: '' };
let taUser: { id: number; email: string };
let cmUser: { id: number; title: string | null };

async function mailTo(to: string, subject: string, waitMs = 5000) {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    const m = [...received].reverse().find((r) => r.to === to && r.subject.includes(subject));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail to ${to} about ${subject}`);
}

beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await buildTestApp({ MAIL_URL: `smtp://127.0.0.1:${port}` }, { seed: false });
  const db = t.database.db;
  facility = await makeFacility(db, { name: 'Wizard Labs' });
  siteA = await makeSite(db, { facilityId: facility.id, name: 'Wizard Labs North' });
  siteB = await makeSite(db, { facilityId: facility.id, name: 'Wizard Labs South' });
  other = await makeFacility(db, { name: 'Other Labs' });
  otherSite = await makeSite(db, { facilityId: other.id });
  committee = await makeCommittee(db, { name: 'Wizard Committee' });
  categories = await makeCategoryTree(db, 3);
  tokens.sys = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
  tokens.taadmin = (await makeSignedIn(db, { roles: ['TA_ADMIN'] })).token;
  tokens.ar = (await makeSignedIn(db, { roles: ['AR'] })).token;
  const ta = await makeSignedIn(db, { roles: ['TA'] });
  tokens.ta = ta.token;
  taUser = ta.user;
  const cm = await makeSignedIn(db, { roles: ['CM'], title: 'Member', suburb: 'Ryde' });
  tokens.cm = cm.token;
  cmUser = cm.user;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

let addressN = 0;
/** Each call from its own client address unless told, so the per-address limits stay out of the way. */
const from = (ip?: string) => ({ remoteAddress: ip ?? `10.1.0.${++addressN}` });

function register(payload: unknown, ip?: string) {
  return t.app.inject({ method: 'POST', url: '/api/register', payload: payload as object, ...from(ip) });
}

const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as T;
};

let emailN = 0;
function valid(overrides: Record<string, unknown> = {}) {
  return {
    email: `applicant${++emailN}@example.test`,
    first_name: 'Nina',
    last_name: 'Newrep',
    roles: ['AR', 'CM'],
    title: 'Laboratory Manager',
    mobile_number: '0412555666',
    address: '1 Test Street',
    suburb: 'Pyrmont',
    state: 'NSW',
    country: 'Australia',
    postcode: '2009',
    facilities: [
      { facility_number: facility.facilityNumber, facility_name: facility.name, sites: [{ id: siteA.id, value: 'x' }] },
    ],
    committees: [{ id: committee.id, value: committee.name }],
    subscriptions: { type: 'General', selected: [] },
    signature: { accept: true, name: 'Nina Newrep', title: 'Laboratory Manager', date: '23/11/2026' },
    ...overrides,
  };
}

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const put = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: token ? auth(token) : {} });
const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? auth(token) : {} });

async function pendingOf(email: string) {
  const [row] = await t.database.db.select().from(userRequests).where(eq(userRequests.email, email));
  return row;
}

describe("GET /api/facilities/getInfo/{number}: the wizard's lookup", () => {
  it('answers signed-out callers with only the number, name and sites', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/facilities/getInfo/${Number(facility.facilityNumber)}`,
      ...from(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      facility_number: facility.facilityNumber,
      name: 'Wizard Labs',
      sites: [
        { id: siteA.id, site_number: siteA.siteNumber, name: 'Wizard Labs North' },
        { id: siteB.id, site_number: siteB.siteNumber, name: 'Wizard Labs South' },
      ].sort((a, b) => a.site_number.localeCompare(b.site_number)),
    });
  });

  it("cuts the number to 6 characters, and answers an unknown one with the spec's message", async () => {
    const cut = await t.app.inject({
      method: 'GET',
      url: `/api/facilities/getInfo/${facility.facilityNumber}99`,
      ...from(),
    });
    expect(cut.json().facility_number).toBe(facility.facilityNumber);
    const res = await t.app.inject({ method: 'GET', url: '/api/facilities/getInfo/000001', ...from() });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.facilityInvalid);
  });

  it('is limited per address, counted atomically (parallel lookups cannot pass the limit)', async () => {
    const max = REGISTRATION_LIMITS.facilityLookupsPerAddress;
    const all = await Promise.all(
      Array.from({ length: max + 10 }, () =>
        t.app.inject({ method: 'GET', url: '/api/facilities/getInfo/000001', remoteAddress: '10.9.9.9' }),
      ),
    );
    expect(all.filter((r) => r.statusCode === 429)).toHaveLength(10);
    // Another address is not affected.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/facilities/getInfo/000001', remoteAddress: '10.9.9.8' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/register: every rule of spec/02 section 5, checked by the server', () => {
  const cases: [string, () => Record<string, unknown>, string | (() => string)][] = [
    ['no role', () => valid({ roles: [] }), M.roleRequired],
    ['no first name', () => valid({ first_name: '  ' }), 'Please input valid detail for First Name'],
    ['no last name', () => valid({ last_name: '' }), 'Please input valid detail for Last Name'],
    ['no title', () => valid({ title: '' }), 'Please input valid detail for Position Title'],
    [
      'a mobile number with letters',
      () => valid({ mobile_number: '04abc' }),
      'Please input valid detail for Mobile Number',
    ],
    ['a bad email', () => valid({ email: 'nina@' }), 'Please input valid detail for Email'],
    ['no address', () => valid({ address: '' }), 'Please input valid detail for Address'],
    ['TA without a user id', () => valid({ roles: ['TA'] }), 'Please input valid detail for User ID'],
    ['AR without facilities', () => valid({ facilities: [] }), M.facilityRequired],
    [
      'AR with a facility number missing',
      () => valid({ facilities: [{ facility_number: '', facility_name: '', sites: [] }] }),
      M.facilityRequired,
    ],
    [
      'a facility without its name',
      () =>
        valid({
          facilities: [
            { facility_number: facility.facilityNumber, facility_name: '', sites: [{ id: siteA.id, value: 'x' }] },
          ],
        }),
      'Facility Name for Facility 1 is missing!',
    ],
    [
      'a facility without sites',
      () =>
        valid({ facilities: [{ facility_number: facility.facilityNumber, facility_name: 'Wizard Labs', sites: [] }] }),
      () => `At least 1 site should be choose for Facility ${facility.facilityNumber} - Wizard Labs`,
    ],
    [
      'the same facility twice',
      () => {
        const f = {
          facility_number: facility.facilityNumber,
          facility_name: 'Wizard Labs',
          sites: [{ id: siteA.id, value: 'x' }],
        };
        return valid({ facilities: [f, f] });
      },
      M.facilityDuplicate,
    ],
    [
      'an unknown facility number',
      () =>
        valid({
          facilities: [{ facility_number: '000001', facility_name: 'Nowhere', sites: [{ id: siteA.id, value: 'x' }] }],
        }),
      M.facilityInvalid,
    ],
    [
      'a site of another facility',
      () =>
        valid({
          facilities: [
            {
              facility_number: facility.facilityNumber,
              facility_name: 'Wizard Labs',
              sites: [{ id: otherSite.id, value: 'x' }],
            },
          ],
        }),
      M.siteInvalid,
    ],
    ['CM without committees', () => valid({ committees: [] }), M.committeeRequired],
    [
      'CM without accepting the terms',
      () => valid({ signature: { accept: false, name: 'N', title: 'T', date: '23/11/2026' } }),
      M.termsRequired,
    ],
    [
      'CM without a signature name',
      () => valid({ signature: { accept: true, name: '', title: 'T', date: '23/11/2026' } }),
      'Please input valid detail for Full Name',
    ],
    [
      'TA without a signature date',
      () => valid({ roles: ['TA'], userId: 'TA-1', signature: { accept: true, name: 'N', title: 'T', date: '' } }),
      'Please input valid detail for Date',
    ],
  ];

  it.each(cases)('%s: 400 with the message, nothing stored', async (_name, payload, message) => {
    const body = payload();
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(typeof message === 'function' ? message() : message);
    expect(await pendingOf(body.email as string)).toBeUndefined();
  });

  it("stores a pending request with the facility's own names and site labels, and what the roles keep", async () => {
    const body = valid({
      userId: 'ignored-for-AR',
      facilities: [
        {
          facility_number: String(Number(facility.facilityNumber)),
          facility_name: 'typed',
          sites: [{ id: siteB.id, value: 'typed' }],
        },
      ],
    });
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.registered);
    const row = (await pendingOf(body.email))!;
    expect(row).toMatchObject({
      type: 'create',
      status: 'pending',
      handler: 'SYSADMIN',
      name: 'Nina Newrep',
      roles: ['AR', 'CM'],
    });
    expect(row.data).toMatchObject({
      facilities: [
        {
          facility_number: facility.facilityNumber,
          facility_name: 'Wizard Labs',
          sites: [{ id: siteB.id, value: `${siteB.siteNumber} - Wizard Labs South` }],
        },
      ],
      committees: [{ id: committee.id, value: 'Wizard Committee' }],
    });
    expect(row.data.userId).toBeUndefined();
    // A TA registration goes to the TA admin; a CM-only one keeps no facilities.
    const ta = valid({ roles: ['TA'], userId: 'TA-77' });
    expect((await register(ta)).statusCode).toBe(200);
    expect((await pendingOf(ta.email))!.handler).toBe('TA_ADMIN');
    expect((await pendingOf(ta.email))!.data.facilities).toEqual([]);
  });

  it('answers an email that has an account the same, stores nothing, and mails the owner', async () => {
    const owner = await makeUser(t.database.db, { email: 'Owner.Exists@example.test' });
    const res = await register(valid({ email: 'owner.exists@example.test' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.registered);
    expect(await pendingOf('owner.exists@example.test')).toBeUndefined();
    // Mailed to the address on file, whatever the spelling the form used.
    const mail = await mailTo('Owner.Exists@example.test', 'someone tried to register');
    expect(mail.text).toContain('You already have an account');
    expect(owner.id).toBeGreaterThan(0);
  });

  it('mails the owner once an hour, however many registrations name the email at once, from any address', async () => {
    await makeUser(t.database.db, { email: 'often.named@example.test' });
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        register(valid({ email: i % 2 ? 'Often.Named@example.test' : 'often.named@example.test' }), `10.9.9.${i + 1}`),
      ),
    );
    for (const r of all) expect(r.json().message).toBe(M.registered);
    await mailTo('often.named@example.test', 'someone tried to register');
    await new Promise((r) => setTimeout(r, 300));
    const sent = received.filter((m) => m.to.toLowerCase() === 'often.named@example.test');
    expect(sent).toHaveLength(MAIL_LIMITS.registrationNoticePerTarget);
    const queued = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) = 'often.named@example.test'`);
    expect(queued).toHaveLength(MAIL_LIMITS.registrationNoticePerTarget);
  });

  it('is limited per address (atomically)', async () => {
    const all = await Promise.all(
      Array.from({ length: REGISTRATION_LIMITS.registerPerAddress + 3 }, () => register({ roles: [] }, '10.8.8.8')),
    );
    expect(all.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect(all.find((r) => r.statusCode === 429)!.json().message).toBe(MESSAGES.tooManyRequests);
  });
});

describe('pending registrations: lists, approval, activation, rejection', () => {
  it("TA_ADMIN sees only assessors' requests; SYSADMIN sees all and decides the others", async () => {
    const ar = valid();
    const ta = valid({ roles: ['TA'], userId: 'TA-88' });
    await register(ar);
    await register(ta);
    const sysList = ok<UserRequestList>(
      await get('/api/user-requests?current_role=SYSADMIN&type=create&per_page=100', tokens.sys),
    );
    const taList = ok<UserRequestList>(
      await get('/api/user-requests?current_role=TA_ADMIN&type=create&per_page=100', tokens.taadmin),
    );
    expect(sysList.data.map((r) => r.email)).toEqual(expect.arrayContaining([ar.email, ta.email]));
    expect(sysList.data.find((r) => r.email === ar.email)!.can_decide).toBe(true);
    expect(sysList.data.find((r) => r.email === ta.email)!.can_decide).toBe(false);
    expect(taList.data.map((r) => r.email)).toContain(ta.email);
    expect(taList.data.map((r) => r.email)).not.toContain(ar.email);
    expect(taList.data.every((r) => r.can_decide)).toBe(true);

    const arId = (await pendingOf(ar.email))!.id;
    const taId = (await pendingOf(ta.email))!.id;
    // The TA admin does not see a SYSADMIN request (404); the SYSADMIN sees a TA one but may not decide it (403).
    expect((await get(`/api/user-requests/${arId}`, tokens.taadmin)).statusCode).toBe(404);
    expect((await get(`/api/user-requests/${taId}`, tokens.sys)).statusCode).toBe(200);
    expect(
      (await put(`/api/user-requests/${taId}`, { status: 'approve', type: 'create' }, tokens.sys)).statusCode,
    ).toBe(403);
    expect(
      (await put(`/api/user-requests/${arId}`, { status: 'approve', type: 'create' }, tokens.taadmin)).statusCode,
    ).toBe(404);
    // A role the admin does not hold: 403.
    expect((await get('/api/user-requests?current_role=TA_ADMIN', tokens.sys)).statusCode).toBe(403);
  });

  it('reads a stored registration through its schema: one of another shape is a 500, never a page built from it', async () => {
    const bent = valid();
    await register(bent);
    const row = (await pendingOf(bent.email))!;
    await t.database.db
      .update(userRequests)
      .set({ data: { ...row.data, roles: 'AR' } })
      .where(eq(userRequests.id, row.id));
    expect((await get(`/api/user-requests/${row.id}?current_role=SYSADMIN`, tokens.sys)).statusCode).toBe(500);
    expect(
      (
        await put(
          `/api/user-requests/${row.id}?current_role=SYSADMIN`,
          { status: 'approve', type: 'create' },
          tokens.sys,
        )
      ).statusCode,
    ).toBe(500);
    expect((await pendingOf(bent.email))!.status).toBe('pending');
    await t.database.db.delete(userRequests).where(eq(userRequests.id, row.id));
  });

  it('approving creates the user, who activates through the mailed link and signs in with the roles, sites and committees asked for', async () => {
    const body = valid({
      facilities: [
        {
          facility_number: facility.facilityNumber,
          facility_name: 'Wizard Labs',
          sites: [
            { id: siteA.id, value: 'x' },
            { id: siteB.id, value: 'y' },
          ],
        },
      ],
    });
    await register(body);
    const id = (await pendingOf(body.email))!.id;
    const detail = ok<UserRequestDetail>(await get(`/api/user-requests/${id}`, tokens.sys));
    expect(detail.registration!.facilities[0]!.sites).toHaveLength(2);
    expect(detail.registration!.signature).toMatchObject({ accept: true, name: 'Nina Newrep' });

    const res = await put(`/api/user-requests/${id}`, { status: 'approve', type: 'create' }, tokens.sys);
    expect(ok<{ message: string }>(res).message).toBe(M.registrationApproved('Nina Newrep'));
    const row = (await pendingOf(body.email))!;
    expect(row.status).toBe('approved');
    expect(row.decidedBy).not.toBeNull();
    expect(row.decidedAt).not.toBeNull();
    const [created] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(created).toMatchObject({ activated: true, passwordHash: null, firstName: 'Nina' });

    const mail = await mailTo(body.email, 'approved');
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe('/activation');
    const activation = await post('/api/activation', {
      token: link.searchParams.get('token'),
      username: body.email,
      password: 'new-pass-1',
      password_confirmation: 'new-pass-1',
    });
    expect(activation.statusCode).toBe(200);

    const login = await post('/api/login', { username: body.email, password: 'new-pass-1' });
    expect(login.statusCode).toBe(200);
    const code = (await mailTo(body.email, '')).text.match(/\b(\d{4})\b/)![1];
    const verify = await post('/api/twofactor/verify', { code }, login.json().token);
    expect(verify.statusCode).toBe(200);
    const token = verify.json().token as string;
    const me = ok<ActiveUser>(await get('/api/activeuser', token));
    expect(me.permissions.sort()).toEqual(['AR', 'CM']);
    expect(me.committees.map((c) => c.name)).toEqual(['Wizard Committee']);
    const facilities = ok<FacilityList>(await get('/api/facilities', token));
    expect(facilities.data.map((f) => f.name)).toEqual(['Wizard Labs']);
    const profile = ok<Profile>(await get('/api/profile', token));
    expect(profile.facilities[0]!.sites).toEqual([
      `${siteA.siteNumber} - Wizard Labs North`,
      `${siteB.siteNumber} - Wizard Labs South`,
    ]);

    // Decided once: a second decision is refused.
    expect(
      (await put(`/api/user-requests/${id}`, { status: 'reject', type: 'create', reject_reason: 'x' }, tokens.sys))
        .statusCode,
    ).toBe(409);
  });

  it('the wizard lists the publication categories without a sign-in; approval subscribes the new user to exactly the categories asked for', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/register/categories', ...from() });
    expect(list.statusCode).toBe(200);
    const root = (
      list.json() as { data: { id: number; name: string; children: { id: number; name: string }[] }[] }
    ).data.find((c) => c.id === categories.root.id)!;
    expect(root).toEqual({
      id: categories.root.id,
      name: categories.root.name,
      children: categories.subs.map((c) => ({ id: c.id, name: c.name })),
    });

    const unknown = await register(valid({ subscriptions: { type: 'General', selected: [999_999] } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(M.subscriptionInvalid);

    const [first, , third] = categories.subs;
    const body = valid({ roles: ['CM'], subscriptions: { type: 'General', selected: [first!.id, third!.id] } });
    expect((await register(body)).statusCode).toBe(200);
    const id = (await pendingOf(body.email))!.id;
    expect(
      ok<UserRequestDetail>(await get(`/api/user-requests/${id}`, tokens.sys)).registration!.subscriptions.selected,
    ).toEqual([first!.id, third!.id]);
    expect((await put(`/api/user-requests/${id}`, { status: 'approve', type: 'create' }, tokens.sys)).statusCode).toBe(
      200,
    );
    const [created] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, created!.id));
    expect(rows.map((r) => r.categoryId).sort((a, b) => a - b)).toEqual([first!.id, third!.id].sort((a, b) => a - b));
    expect(rows.every((r) => !r.notify)).toBe(true);
  });

  it('a root category asked for means all its subcategories', async () => {
    const body = valid({ roles: ['CM'], subscriptions: { type: 'General', selected: [categories.root.id] } });
    await register(body);
    const id = (await pendingOf(body.email))!.id;
    expect((await put(`/api/user-requests/${id}`, { status: 'approve', type: 'create' }, tokens.sys)).statusCode).toBe(
      200,
    );
    const [created] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, created!.id));
    expect(rows.map((r) => r.categoryId).sort((a, b) => a - b)).toEqual(
      categories.subs.map((c) => c.id).sort((a, b) => a - b),
    );
  });

  it('rejecting needs a reason, records it and mails it', async () => {
    const body = valid({ roles: ['TA'], userId: 'TA-99' });
    await register(body);
    const id = (await pendingOf(body.email))!.id;
    const empty = await put(
      `/api/user-requests/${id}`,
      { status: 'reject', type: 'create', reject_reason: '  ' },
      tokens.taadmin,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.rejectReasonRequired);
    const res = await put(
      `/api/user-requests/${id}`,
      { status: 'reject', type: 'create', reject_reason: 'We could not confirm your accreditation.' },
      tokens.taadmin,
    );
    expect(ok<{ message: string }>(res).message).toBe(M.registrationRejected('Nina Newrep'));
    expect(await pendingOf(body.email)).toMatchObject({
      status: 'rejected',
      rejectReason: 'We could not confirm your accreditation.',
    });
    expect((await mailTo(body.email, 'your registration')).text).toContain('We could not confirm your accreditation.');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toBeUndefined();
  });

  it('the admin edits a pending registration with the rules of "Admin edit registration"', async () => {
    const body = valid();
    await register(body);
    const id = (await pendingOf(body.email))!.id;
    const url = `/api/user-requests/${id}/registration`;
    const noFacility = await put(url, { ...body, facilities: [] }, tokens.sys);
    expect(noFacility.statusCode).toBe(400);
    expect(noFacility.json().message).toBe(M.editFacilityRequired);
    const noCommittee = await put(url, { ...body, committees: [] }, tokens.sys);
    expect(noCommittee.json().message).toBe(M.editCommitteeRequired);
    const noRole = await put(url, { ...body, roles: [] }, tokens.sys);
    expect(noRole.json().message).toBe(M.roleRequired);

    const saved = await put(url, { ...body, first_name: 'Nora', roles: ['AR'], signature: undefined }, tokens.sys);
    expect(saved.statusCode).toBe(200);
    const detail = ok<UserRequestDetail>(await get(`/api/user-requests/${id}`, tokens.sys));
    expect(detail.name).toBe('Nora Newrep');
    expect(detail.registration!.committees).toEqual([]);
    // The applicant's signature is kept.
    expect(detail.registration!.signature).toMatchObject({ name: 'Nina Newrep' });
    // Adding TA beside AR keeps it the SYSADMIN's (AR grants a facility's access); TA alone hands it to the TA admin.
    expect((await put(url, { ...body, roles: ['AR', 'TA'], userId: 'TA-5' }, tokens.sys)).statusCode).toBe(200);
    expect((await pendingOf(body.email))!.handler).toBe('SYSADMIN');
    expect((await put(url, { ...body, roles: ['TA'], userId: 'TA-5' }, tokens.sys)).statusCode).toBe(200);
    expect((await pendingOf(body.email))!.handler).toBe('TA_ADMIN');
    expect((await put(url, body, tokens.sys)).statusCode).toBe(403);
  });
});

describe('profile changes', () => {
  it('stores only what differs, changes nothing until approved, and applies only the ticked keys', async () => {
    const before = ok<Profile>(await get('/api/profile', tokens.cm));
    expect(before.pending_request).toBeNull();
    const form = {
      ...before,
      first_name: before.first_name,
      last_name: before.last_name,
      title: 'Chair',
      suburb: 'Kew',
      country: 'New Zealand',
      state: 'NSW',
    };
    const unchanged = await post(
      '/api/user-requests',
      {
        first_name: before.first_name,
        last_name: before.last_name,
        title: before.title,
        suburb: before.suburb,
        email: before.email,
      },
      tokens.cm,
    );
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().message).toBe(M.profileUnchanged);
    const res = await post('/api/user-requests', form, tokens.cm);
    expect(ok<{ message: string }>(res).message).toBe(
      `Your profile request has been submitted to ${PRODUCT_NAME} for approval!`,
    );
    const after = ok<Profile>(await get('/api/profile', tokens.cm));
    expect(after.title).toBe('Member');
    expect(after.pending_request).not.toBeNull();
    expect((await post('/api/user-requests', { ...form, title: 'Other' }, tokens.cm)).statusCode).toBe(409);

    const id = after.pending_request!.id;
    const detail = ok<UserRequestDetail>(await get(`/api/user-requests/${id}`, tokens.sys));
    // A country other than Australia sets State to Other.
    expect(detail.changes.map((c) => [c.key, c.from, c.to])).toEqual([
      ['title', 'Member', 'Chair'],
      ['country', null, 'New Zealand'],
      ['state', null, 'Other'],
      ['suburb', 'Ryde', 'Kew'],
    ]);
    expect((await get(`/api/user-requests/${id}`, tokens.taadmin)).statusCode).toBe(404);
    const nothing = await put(
      `/api/user-requests/${id}`,
      { status: 'approve', type: 'update', data: ['email'] },
      tokens.sys,
    );
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(M.tickSomething);
    expect(
      (await put(`/api/user-requests/${id}`, { status: 'approve', type: 'create', data: ['title'] }, tokens.sys))
        .statusCode,
    ).toBe(400);

    const approve = await put(
      `/api/user-requests/${id}`,
      { status: 'approve', type: 'update', data: ['title', 'suburb'] },
      tokens.sys,
    );
    expect(ok<{ message: string }>(approve).message).toBe(M.profileChangeApproved(detail.name));
    const [u] = await t.database.db.select().from(users).where(eq(users.id, cmUser.id));
    expect(u).toMatchObject({ title: 'Chair', suburb: 'Kew', country: null, state: null });
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, cmUser.id));
    expect(note).toMatchObject({ title: 'Profile change approved', url: '/profile' });
    expect(note!.body).toContain('Position Title, Suburb');
    expect(ok<Profile>(await get('/api/profile', tokens.cm)).pending_request).toBeNull();
  });

  it('an assessor needs a primary email, phone and address; their change goes to the TA admin, who applies the ticked cards', async () => {
    const base = { first_name: 'Test', last_name: 'Assessor' };
    const noPrimary = await post(
      '/api/user-requests',
      {
        ...base,
        user_info: { emails: [{ Type: 'Work', email: 'a@b.test', isPrimary: false }], phones: [], addresses: [] },
      },
      tokens.ta,
    );
    expect(noPrimary.statusCode).toBe(400);
    expect(noPrimary.json().message).toBe(M.primaryEmailRequired);
    const info = {
      // Their sign-in email stays the primary one: a new one would be the SYSADMIN's to decide.
      emails: [{ Type: 'Work', email: taUser.email, isPrimary: true }],
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
    };
    const badPost = await post(
      '/api/user-requests',
      { ...base, user_info: { ...info, addresses: [{ ...info.addresses[0], Postcode: '21a' }] } },
      tokens.ta,
    );
    expect(badPost.json().message).toBe(M.postcodeInvalid);
    const res = await post(
      '/api/user-requests',
      {
        ...base,
        last_name: 'Assessor-Smith',
        user_info: info,
        competency: { suggestChanges: 'Add microbiology', document: null },
      },
      tokens.ta,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(userRequests)
      .where(and(eq(userRequests.userId, taUser.id), eq(userRequests.status, 'pending')));
    expect(row!.handler).toBe('TA_ADMIN');
    const detail = ok<UserRequestDetail>(await get(`/api/user-requests/${row!.id}`, tokens.taadmin));
    expect(detail.groups.map((g) => g.label)).toEqual([
      'EMAIL DETAILS UPDATED',
      'PHONE DETAILS UPDATED',
      'ADDRESS UPDATED',
    ]);
    expect(detail.competency).toMatchObject({ suggestChanges: 'Add microbiology', has_pdf: false });
    expect(detail.change_request).toBe(
      'Last Name, COMPETENCY CHANGES SUGGESTED, EMAIL DETAILS UPDATED, PHONE DETAILS UPDATED, ADDRESS UPDATED',
    );
    // The SYSADMIN sees it, may not decide it.
    expect(
      (await put(`/api/user-requests/${row!.id}`, { status: 'approve', type: 'update', data: ['emails'] }, tokens.sys))
        .statusCode,
    ).toBe(403);
    const approve = await put(
      `/api/user-requests/${row!.id}`,
      { status: 'approve', type: 'update', data: ['emails', 'last_name'] },
      tokens.taadmin,
    );
    expect(approve.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(userInfos).where(eq(userInfos.userId, taUser.id));
    expect(stored!.emails).toEqual(info.emails);
    expect(stored!.phones).toEqual([]);
    expect(stored!.addresses).toEqual([]);
    expect(ok<Profile>(await get('/api/profile', tokens.ta)).last_name).toBe('Assessor-Smith');
  });

  it("an assessor's primary email, phone and address are their flat email, mobile_number and address: approval copies them, flat values sent are not a change", async () => {
    const db = t.database.db;
    const tess = await makeSignedIn(db, { roles: ['TA'] });
    const someone = await makeUser(db, {});
    const info = {
      emails: [
        { Type: 'Work', email: 'tess.primary@assessor.test', isPrimary: true },
        { Type: 'Home', email: 'tess.home@assessor.test', isPrimary: false },
      ],
      phones: [{ Type: 'Mobile', countryCode: '+61', phoneNumber: '400111333', isPrimary: true }],
      addresses: [
        {
          Type: 'Home',
          AddressLine: '7 Primary Road',
          Country: 'Australia',
          State: 'VIC',
          Suburb: 'Kew',
          Postcode: '3101',
          isPrimary: true,
        },
      ],
    };
    const sent = await post(
      '/api/user-requests',
      {
        first_name: tess.user.firstName,
        last_name: tess.user.lastName,
        email: 'flat.ignored@assessor.test',
        mobile_number: '+61499999999',
        user_info: info,
      },
      tess.token,
    );
    expect(sent.statusCode).toBe(200);
    const [row] = await db
      .select()
      .from(userRequests)
      .where(and(eq(userRequests.userId, tess.user.id), eq(userRequests.status, 'pending')));
    // A change of the primary email is a change of the sign-in email: the SYSADMIN's to decide.
    expect(row!.handler).toBe('SYSADMIN');
    const detail = ok<UserRequestDetail>(await get(`/api/user-requests/${row!.id}`, tokens.sys));
    expect(detail.change_request).toBe('EMAIL DETAILS UPDATED, PHONE DETAILS UPDATED, ADDRESS UPDATED');
    const approve = await put(
      `/api/user-requests/${row!.id}`,
      { status: 'approve', type: 'update', data: ['emails', 'phones', 'addresses'] },
      tokens.sys,
    );
    expect(approve.statusCode).toBe(200);
    // A new sign-in email ends the sessions the old one had: Tess signs in again.
    expect((await get('/api/profile', tess.token)).statusCode).toBe(401);
    tess.token = await tokenFor(db, tess.user);
    expect(ok<Profile>(await get('/api/profile', tess.token))).toMatchObject({
      email: 'tess.primary@assessor.test',
      mobile_number: '+61400111333',
      address: '7 Primary Road',
      country: 'Australia',
      state: 'VIC',
      suburb: 'Kew',
      postcode: '3101',
    });

    // A primary email another user signs in with is refused, and nothing of the change is applied.
    const taken = { ...info, emails: [{ Type: 'Work', email: someone.email.toUpperCase(), isPrimary: true }] };
    expect(
      (
        await post(
          '/api/user-requests',
          { first_name: tess.user.firstName, last_name: tess.user.lastName, user_info: taken },
          tess.token,
        )
      ).statusCode,
    ).toBe(200);
    const [second] = await db
      .select()
      .from(userRequests)
      .where(and(eq(userRequests.userId, tess.user.id), eq(userRequests.status, 'pending')));
    const refused = await put(
      `/api/user-requests/${second!.id}`,
      { status: 'approve', type: 'update', data: ['emails'] },
      tokens.sys,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.emailTaken);
    const [after] = await db.select().from(userInfos).where(eq(userInfos.userId, tess.user.id));
    expect(after!.emails).toEqual(info.emails);
    expect(ok<Profile>(await get('/api/profile', tess.token)).email).toBe('tess.primary@assessor.test');
  });

  it('a rejection changes nothing and tells the user the reason', async () => {
    const res = await post(
      '/api/user-requests',
      { first_name: 'Someone', last_name: 'Else', title: 'Reader' },
      tokens.ar,
    );
    expect(res.statusCode).toBe(200);
    const list = ok<UserRequestList>(await get('/api/user-requests?type=update&per_page=100', tokens.sys));
    const mine = list.data.find((r) => r.change_request.includes('First Name'))!;
    expect(
      (
        await put(
          `/api/user-requests/${mine.id}`,
          { status: 'reject', type: 'update', data: ['first_name'], reject_reason: 'Please use your legal name.' },
          tokens.sys,
        )
      ).statusCode,
    ).toBe(200);
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, mine.user_id!));
    expect(note).toMatchObject({ title: 'Profile change rejected' });
    expect(note!.body).toContain('Please use your legal name.');
    expect(ok<Profile>(await get('/api/profile', tokens.ar)).first_name).toBe('Test');
  });
});

describe('every admin call is refused to AR, TA and CM (403) and to no token (401)', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/user-requests'],
    ['GET', '/api/user-requests?current_role=SYSADMIN'],
    ['GET', '/api/user-requests/1'],
    ['PUT', '/api/user-requests/1', { status: 'approve', type: 'create' }],
    ['PUT', '/api/user-requests/1/registration', { roles: ['AR'] }],
  ];
  it.each(calls)('%s %s', async (method, url, payload) => {
    for (const who of ['ar', 'ta', 'cm'] as const) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        payload: payload as object,
        headers: auth(tokens[who]),
      });
      expect(res.statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: method as 'GET', url, payload: payload as object })).statusCode).toBe(401);
  });

  it('the profile calls need a sign-in', async () => {
    expect((await get('/api/profile')).statusCode).toBe(401);
    expect((await post('/api/user-requests', { first_name: 'x' })).statusCode).toBe(401);
  });
});

describe('competency PDFs', () => {
  it('an assessor opens their PDF (or hears it is missing), then marks the profile up to date; the TA admin does both for assessors; others are refused', async () => {
    const before = ok<Profile>(await get('/api/profile', tokens.ta));
    expect(before.abilities).toEqual({
      'profile.competency.view': true,
      'profile.competency.review': true,
      'profile.competency.suggest': true,
    });
    expect(before.user_info).toMatchObject({ competency_pdf: false, competency_viewed: false });
    expect(ok<Profile>(await get('/api/profile', tokens.cm)).abilities).toEqual({
      'profile.competency.view': false,
      'profile.competency.review': false,
      'profile.competency.suggest': false,
    });
    expect(ok<Profile>(await get('/api/profile', tokens.taadmin)).abilities['profile.competency.view']).toBe(false);
    const missing = await get('/api/activeuser/competencypdf', tokens.ta);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.competencyMissing);
    const early = await get('/api/activeuser/markprofileuptodate', tokens.ta);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(M.markUpToDateFailed);

    const { key, size } = await createStorage(t.config).put(Readable.from(Buffer.from('%PDF-1.4 competencies')), {
      prefix: 'competency',
    });
    const [file] = await t.database.db
      .insert(files)
      .values({ storageKey: key, name: 'Competencies.pdf', size, mimeType: 'application/pdf' })
      .returning();
    await t.database.db
      .insert(userInfos)
      .values({ userId: taUser.id, competencyFileId: file!.id })
      .onConflictDoUpdate({ target: userInfos.userId, set: { competencyFileId: file!.id } });

    const link = ok<{ data: { data: string } }>(await get('/api/activeuser/competencypdf', tokens.ta)).data.data;
    expect(link).toMatch(new RegExp(`^/api/competencies/${file!.id}\\?dl=`));
    const pdf = await t.app.inject({ method: 'GET', url: link });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.body).toBe('%PDF-1.4 competencies');
    expect(ok<Profile>(await get('/api/profile', tokens.ta)).user_info).toMatchObject({
      competency_pdf: true,
      competency_viewed: true,
      reviewed_at: null,
    });
    const marked = ok<{ data: boolean; message: string }>(await get('/api/activeuser/markprofileuptodate', tokens.ta));
    expect(marked).toEqual({ data: true, message: M.markedUpToDate });
    const [info] = await t.database.db.select().from(userInfos).where(eq(userInfos.userId, taUser.id));
    expect(info!.reviewedAt).not.toBeNull();
    expect(ok<Profile>(await get('/api/profile', tokens.ta)).user_info.reviewed_at).toBe(
      info!.reviewedAt!.toISOString(),
    );
    // Marking needs a sign-in; an AR or CM may not.
    expect((await get('/api/activeuser/markprofileuptodate')).statusCode).toBe(401);
    for (const who of ['ar', 'cm', 'taadmin'] as const)
      expect((await get('/api/activeuser/markprofileuptodate', tokens[who])).statusCode, who).toBe(403);

    // The TA admin.
    const adminLink = ok<{ data: { data: string } }>(
      await get(`/api/admin/ta/competencypdf/${taUser.id}`, tokens.taadmin),
    ).data.data;
    expect((await t.app.inject({ method: 'GET', url: adminLink })).statusCode).toBe(200);
    expect(
      ok<{ data: boolean }>(await get(`/api/admin/ta/markprofileuptodate/${taUser.id}`, tokens.taadmin)).data,
    ).toBe(true);
    // Not an assessor: 404.
    expect((await get(`/api/admin/ta/competencypdf/${cmUser.id}`, tokens.taadmin)).statusCode).toBe(404);

    // Everyone else.
    for (const who of ['sys', 'ar', 'cm'] as const) {
      expect((await get(`/api/admin/ta/competencypdf/${taUser.id}`, tokens[who])).statusCode, who).toBe(403);
      expect((await get(`/api/admin/ta/markprofileuptodate/${taUser.id}`, tokens[who])).statusCode, who).toBe(403);
      expect((await get('/api/activeuser/competencypdf', tokens[who])).statusCode, who).toBe(403);
      expect((await get(`/api/competencies/${file!.id}`, tokens[who])).statusCode, who).toBe(404);
    }
    expect((await get(`/api/competencies/${file!.id}`)).statusCode).toBe(401);
    // A ticket for another path does not open this one.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/competencies/${file!.id + 1}?${link.split('?')[1]}` }))
        .statusCode,
    ).toBe(401);
  });
});
