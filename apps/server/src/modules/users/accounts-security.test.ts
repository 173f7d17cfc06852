import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  managerOf,
  SECOND_FACTOR,
  SECOND_FACTOR_MESSAGES,
  SIGN_IN_LIMITS,
  USER_ADMIN_MESSAGES as M,
  type Role,
  type UserDetail,
  type UserList,
} from '@portal/shared';
import {
  auditLog,
  oneTimeLinks,
  recoveryCodes,
  rememberTokens,
  userRequests,
  userRoles,
  sessions,
  users,
} from '../../db/schema/index.js';
import { createActivationLink } from '../auth/index.js';
import { DEMO_PASSWORD } from '../../db/seed/demo-data.js';
import { enableApp } from '../../test/factories/second-factors.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeFacility } from '../../test/factories/facilities.js';
import { makeSite } from '../../test/factories/sites.js';
import { makeSignedIn, makeUser, tokenFor, type UserRow } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';
import { loadConfig } from '../../config.js';
import { sha256 } from '../../platform/tokens.js';

/**
 * Accounts under attack (issue 63, items 1-2), walked as the attacker did: an admin of one kind
 * reaching a user who holds more than that kind manages, and an admin granting a role outside their
 * row of ROLE_GRANTS. Who manages whom is decided from every role the target holds (`managerOf`):
 * a TA_ADMIN manages only users whose roles are all TA or LA; a user holding anything else is a
 * SYSADMIN's. Actors and targets hold several roles at once. PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */

let t: TestApp;
type Person = { user: UserRow; token: string; roles: Role[] };

const ACTORS = {
  sys: ['SYSADMIN'],
  taAdmin: ['TA_ADMIN'],
  taAdminTa: ['TA_ADMIN', 'TA'],
  sysTa: ['SYSADMIN', 'TA'],
  sysTaAdmin: ['SYSADMIN', 'TA_ADMIN'],
} satisfies Record<string, Role[]>;

const TARGETS = {
  ta: ['TA'],
  taLa: ['TA', 'LA'],
  taSys: ['TA', 'SYSADMIN'],
  taAr: ['TA', 'AR'],
  taCm: ['TA', 'CM'],
  taTaAdmin: ['TA', 'TA_ADMIN'],
  taAdmin: ['TA_ADMIN'],
  sys: ['SYSADMIN'],
  ar: ['AR'],
} satisfies Record<string, Role[]>;

const actors = {} as Record<keyof typeof ACTORS, Person>;
const targets = {} as Record<keyof typeof TARGETS, Person>;
let site: { id: number; siteNumber: string; name: string };
let facility: { id: number; facilityNumber: string; name: string };

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  for (const [k, roles] of Object.entries(ACTORS))
    actors[k as keyof typeof ACTORS] = { ...(await makeSignedIn(db, { roles, lastName: `Actor ${k}` })), roles };
  for (const [k, roles] of Object.entries(TARGETS))
    targets[k as keyof typeof TARGETS] = {
      ...(await makeSignedIn(db, { roles, lastName: `Targetmark ${k}`, email: `target-${k.toLowerCase()}@lab.test` })),
      roles,
    };
  facility = await makeFacility(db, { name: 'Grant Labs' });
  site = await makeSite(db, { facilityId: facility.id, name: 'Grant Labs North' });
}, 60_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: Person, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: auth(who.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A valid Edit Personal Details body for an assessor, with these roles and email. */
const assessorEdit = (roles: string[], email: string, extra: Record<string, unknown> = {}) => ({
  roles,
  first_name: 'Tess',
  last_name: 'Targetmark',
  title: 'Assessor',
  mobile_number: '+61400111222',
  email,
  address: '1 Lab Street',
  country: 'Australia',
  state: 'NSW',
  suburb: 'Ryde',
  postcode: '2112',
  userId: 'TA-1',
  ...extra,
});

const rolesOf = async (id: number) =>
  (await t.database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id)))
    .map((r) => r.role)
    .sort();

const manages = (actor: Person, target: Person) => actor.roles.includes(managerOf(target.roles));

describe('who manages whom: every admin action, every actor and target holding several roles', () => {
  for (const actorKey of Object.keys(ACTORS) as (keyof typeof ACTORS)[])
    for (const targetKey of Object.keys(TARGETS) as (keyof typeof TARGETS)[])
      it(`${ACTORS[actorKey].join('+')} on a user holding ${TARGETS[targetKey].join('+')}`, async () => {
        const actor = actors[actorKey];
        const target = targets[targetKey];
        const id = target.user.id;
        const yes = manages(actor, target);
        const seen = await call('GET', `/api/users/${id}`, actor);
        expect(seen.statusCode).toBe(yes ? 200 : 404);
        if (yes) {
          const detail = seen.json<UserDetail>();
          expect(detail.abilities['admin.user.update']).toBe(true);
          expect(detail.abilities['admin.secondFactor.reset']).toBe(true);
        }

        // The lists that offer those actions: the target is in one of the actor's lists exactly when managed.
        const lists = [
          ...(actor.roles.includes('TA_ADMIN') ? ['TA'] : []),
          ...(actor.roles.includes('SYSADMIN') ? ['NONTA'] : []),
        ];
        const listed = [];
        for (const role of lists) {
          const res = await call('GET', `/api/users?role=${role}&search=Targetmark%20${targetKey}`, actor);
          expect(res.statusCode).toBe(200);
          listed.push(...res.json<UserList>().data.filter((u) => u.id === id));
        }
        expect(listed.length > 0).toBe(yes);

        // Second factors: the admin who manages the user resets them; a SYSADMIN sees an assessor-only
        // user but is refused (403); anyone else does not see the user (404).
        const reset = await call('POST', `/api/admin/users/${id}/second-factors/reset`, actor);
        expect(reset.statusCode).toBe(yes ? 200 : actor.roles.includes('SYSADMIN') ? 403 : 404);

        if (!yes) {
          const before = (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
          const edit = await call(
            'PUT',
            `/api/users/${id}`,
            actor,
            assessorEdit(['TA'], `attacker-${actorKey.toLowerCase()}@evil.test`),
          );
          expect(edit.statusCode).toBe(404);
          expect((await call('POST', `/api/deactivate/${id}`, actor)).statusCode).toBe(404);
          expect((await call('POST', `/api/activate/${id}`, actor)).statusCode).toBe(404);
          expect(
            (await call('PUT', `/api/committeepermissions/${id}`, actor, { committee_id: 1, can_write: true }))
              .statusCode,
          ).toBe(404);
          expect((await call('DELETE', `/api/users/${id}`, actor)).statusCode).toBe(404);
          const after = (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
          expect(after).toEqual(before);
          expect(await rolesOf(id)).toEqual([...target.roles].sort());
        } else {
          expect((await call('POST', `/api/deactivate/${id}`, actor)).statusCode).toBe(200);
          expect((await call('POST', `/api/activate/${id}`, actor)).statusCode).toBe(200);
        }
      });
});

describe('the take-over of a SYSADMIN who also holds TA (issue 63, item 1)', () => {
  it("a TA_ADMIN cannot change the SYSADMIN's email, reset their second factors or see them; a SYSADMIN can", async () => {
    const db = t.database.db;
    const victim = await makeUser(db, { roles: ['SYSADMIN', 'TA'], email: 'chief@body.test', lastName: 'Chief' });
    await db.insert(recoveryCodes).values({ userId: victim.id, codeHash: 'kept-code-hash' });
    const attacker = actors.taAdmin;

    const edit = await call('PUT', `/api/users/${victim.id}`, attacker, assessorEdit(['TA'], 'attacker@evil.test'));
    expect(edit.statusCode).toBe(404);
    expect((await call('POST', `/api/admin/users/${victim.id}/second-factors/reset`, attacker)).statusCode).toBe(404);
    const [row] = await db.select().from(users).where(eq(users.id, victim.id));
    expect(row!.email).toBe('chief@body.test');
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, victim.id))).toHaveLength(1);
    const list = await call('GET', '/api/users?role=TA&search=chief', attacker);
    expect(list.json<UserList>().data).toEqual([]);

    // Their SYSADMIN colleague manages them.
    const sys = actors.sys;
    expect((await call('GET', `/api/users/${victim.id}`, sys)).statusCode).toBe(200);
    expect((await call('GET', '/api/users?role=NONTA&search=chief', sys)).json<UserList>().data).toHaveLength(1);
    expect((await call('POST', `/api/admin/users/${victim.id}/second-factors/reset`, sys)).statusCode).toBe(200);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, victim.id))).toHaveLength(0);
  });
});

describe('shadow admins: who may grant which role (issue 63, item 2)', () => {
  it('a TA_ADMIN grants or removes only TA and LA: TA_ADMIN, SYSADMIN-kind roles, AR and CM answer 403', async () => {
    const db = t.database.db;
    const tess = await makeUser(db, { roles: ['TA'], email: 'tess@lab.test', lastName: 'Grantee' });
    // A body valid for every role asked (an AR's facility, a CM's committee), so only the grant refuses it.
    const committee = await makeCommittee(db, { name: 'Grant Committee' });
    const full = {
      facilities: [
        {
          facility_number: facility.facilityNumber,
          facility_name: facility.name,
          sites: [{ id: site.id, value: `${site.siteNumber}-${site.name}` }],
        },
      ],
      committees: [{ id: committee.id, value: committee.name }],
    };
    for (const [roles, names] of [
      [['TA', 'TA_ADMIN'], ['Technical Assessor Admin']],
      [['TA', 'AR'], ['Authorised Representative']],
      [
        ['TA', 'CM', 'TA_ADMIN'],
        ['Technical Assessor Admin', 'Committee Member'],
      ],
    ] as const) {
      for (const actor of [actors.taAdmin, actors.taAdminTa]) {
        const res = await call('PUT', `/api/users/${tess.id}`, actor, assessorEdit([...roles], 'tess@lab.test', full));
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(M.roleNotGrantable([...names]));
        expect(await rolesOf(tess.id)).toEqual(['TA']);
      }
    }
    // Within their row: an ordinary edit of the assessor still works.
    const fine = await call('PUT', `/api/users/${tess.id}`, actors.taAdmin, assessorEdit(['TA'], 'tess@lab.test'));
    expect(fine.statusCode).toBe(200);
    const detail = (await call('GET', `/api/users/${tess.id}`, actors.taAdmin)).json<UserDetail>();
    expect(detail.grantable_roles).toEqual(['TA']);
    expect((await call('GET', `/api/users/${tess.id}`, actors.sysTaAdmin)).json<UserDetail>().grantable_roles).toEqual([
      'AR',
      'CM',
      'TA',
      'TA_ADMIN',
    ]);
  });

  it('a SYSADMIN grants TA_ADMIN, and then sees and manages the new admin; the TA_ADMIN no longer does', async () => {
    const db = t.database.db;
    const nova = await makeUser(db, { roles: ['TA'], email: 'nova@lab.test', lastName: 'Promoted' });
    // A user holding both admin roles grants from their SYSADMIN row, whatever their view.
    const res = await call(
      'PUT',
      `/api/users/${nova.id}`,
      actors.sysTaAdmin,
      assessorEdit(['TA', 'TA_ADMIN'], 'nova@lab.test'),
    );
    expect(res.statusCode).toBe(200);
    expect(await rolesOf(nova.id)).toEqual(['TA', 'TA_ADMIN']);
    expect((await call('GET', '/api/users?role=NONTA&search=nova@lab.test', actors.sys)).json<UserList>().total).toBe(
      1,
    );
    expect((await call('GET', `/api/users/${nova.id}`, actors.sys)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${nova.id}`, actors.taAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/api/users?role=TA&search=nova@lab.test', actors.taAdmin)).json<UserList>().total).toBe(
      0,
    );
    // And the SYSADMIN may take it away again.
    expect(
      (await call('PUT', `/api/users/${nova.id}`, actors.sys, assessorEdit(['TA'], 'nova@lab.test'))).statusCode,
    ).toBe(200);
    expect(await rolesOf(nova.id)).toEqual(['TA']);
  });

  it("a TA_ADMIN editing an assessor's registration cannot add a role outside TA and LA (403, nothing changed)", async () => {
    const db = t.database.db;
    const email = 'applicant.ta@lab.test';
    const form = {
      ...assessorEdit(['TA'], email),
      mobile_number: '0412555666',
      facilities: [],
      committees: [],
      subscriptions: { type: 'General', selected: [] },
      signature: { accept: true, name: 'Tess Targetmark', title: 'Assessor', date: '01/12/2026' },
    };
    const [request] = await db
      .insert(userRequests)
      .values({
        type: 'create',
        status: 'pending',
        email,
        name: 'Tess Targetmark',
        roles: ['TA'],
        handler: 'TA_ADMIN',
        data: { ...form, summary: 'New registration' },
      })
      .returning();
    const res = await call('PUT', `/api/user-requests/${request!.id}/registration`, actors.taAdmin, {
      ...form,
      roles: ['TA', 'AR'],
      facilities: [
        {
          facility_number: facility.facilityNumber,
          facility_name: facility.name,
          sites: [{ id: site.id, value: `${site.siteNumber}-${site.name}` }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(M.roleNotGrantable(['Authorised Representative']));
    const [row] = await db.select().from(userRequests).where(eq(userRequests.id, request!.id));
    expect(row).toMatchObject({ roles: ['TA'], handler: 'TA_ADMIN', status: 'pending' });
    // Within the row it is theirs to approve.
    const approve = await call('PUT', `/api/user-requests/${request!.id}`, actors.taAdmin, {
      type: 'create',
      status: 'approve',
    });
    expect(approve.statusCode).toBe(200);
    const [created] = await db.select().from(users).where(eq(users.email, email));
    expect(await rolesOf(created!.id)).toEqual(['TA']);
  });
});

describe('links and sessions that outlive what ended them (issue 63, item 3)', () => {
  const activeUser = (token: string) => t.app.inject({ method: 'GET', url: '/api/activeuser', headers: auth(token) });

  it('deactivation ends every session and link; activating again revives no link sent before', async () => {
    const db = t.database.db;
    const member = await makeSignedIn(db, { roles: ['AR'], email: 'leaver@lab.test', lastName: 'Leaver' });
    const link = new URL(await createActivationLink(t.app.deps, member.user.id, member.user.email));
    const token = link.searchParams.get('token')!;
    const check = () => t.app.inject({ method: 'GET', url: `/api/activation/check?token=${token}` });
    expect((await check()).statusCode).toBe(200);
    await db.insert(oneTimeLinks).values({
      tokenHash: 'a-reset-link-of-the-leaver',
      userId: member.user.id,
      purpose: 'reset',
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    expect((await call('POST', `/api/deactivate/${member.user.id}`, actors.sys)).statusCode).toBe(200);
    expect((await activeUser(member.token)).statusCode).toBe(401);
    expect((await call('POST', `/api/activate/${member.user.id}`, actors.sys)).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(400);
    const links = await db.select().from(oneTimeLinks).where(eq(oneTimeLinks.userId, member.user.id));
    expect(links).toHaveLength(2);
    for (const l of links) expect(l.usedAt).not.toBeNull();
  });

  it("an admin's reset of second factors ends the user's sessions and remembered browsers", async () => {
    const db = t.database.db;
    const member = await makeSignedIn(db, { roles: ['TA'], email: 'reset.me@lab.test' });
    const other = await tokenFor(db, member.user);
    await db.insert(rememberTokens).values({
      userId: member.user.id,
      tokenHash: 'remembered-browser-of-reset-me',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(
      (await call('POST', `/api/admin/users/${member.user.id}/second-factors/reset`, actors.taAdmin)).statusCode,
    ).toBe(200);
    expect((await activeUser(member.token)).statusCode).toBe(401);
    expect((await activeUser(other)).statusCode).toBe(401);
    const [remembered] = await db.select().from(rememberTokens).where(eq(rememberTokens.userId, member.user.id));
    expect(remembered!.revokedAt).not.toBeNull();
  });

  it("a user's own new authenticator app, recovery codes and its removal end their other sessions, not this one", async () => {
    const db = t.database.db;
    const member = await makeSignedIn(db, { roles: ['CM'], email: 'own.factors@lab.test' });
    const elsewhere = async () => tokenFor(db, member.user);
    let other = await elsewhere();
    await enableApp(t, member.token);
    expect((await activeUser(member.token)).statusCode).toBe(200);
    expect((await activeUser(other)).statusCode).toBe(401);

    other = await elsewhere();
    expect((await call('POST', '/api/twofactor/recovery-codes', { ...member, roles: [] })).statusCode).toBe(200);
    expect((await activeUser(other)).statusCode).toBe(401);

    other = await elsewhere();
    expect((await call('DELETE', '/api/twofactor/app', { ...member, roles: [] })).statusCode).toBe(200);
    expect((await activeUser(other)).statusCode).toBe(401);
    expect((await activeUser(member.token)).statusCode).toBe(200);
  });

  it('an admin who changes a user’s sign-in email ends their sessions and reset links', async () => {
    const db = t.database.db;
    const member = await makeSignedIn(db, { roles: ['TA'], email: 'old.address@lab.test' });
    await db.insert(oneTimeLinks).values({
      tokenHash: 'a-reset-link-to-the-old-address',
      userId: member.user.id,
      purpose: 'reset',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const res = await call(
      'PUT',
      `/api/users/${member.user.id}`,
      actors.taAdmin,
      assessorEdit(['TA'], 'new.address@lab.test'),
    );
    expect(res.statusCode).toBe(200);
    expect((await activeUser(member.token)).statusCode).toBe(401);
    const [link] = await db.select().from(oneTimeLinks).where(eq(oneTimeLinks.userId, member.user.id));
    expect(link!.usedAt).not.toBeNull();
  });

  it("an approved change of a member's sign-in email ends their sessions (the SYSADMIN decides it)", async () => {
    const db = t.database.db;
    const member = await makeSignedIn(db, {
      roles: ['CM'],
      email: 'moving@lab.test',
      firstName: 'Mo',
      lastName: 'Ving',
      title: 'Member',
    });
    const profile = (await call('GET', '/api/profile', { ...member, roles: [] })).json<Record<string, unknown>>();
    const asked = await call(
      'POST',
      '/api/user-requests',
      { ...member, roles: [] },
      {
        first_name: profile.first_name,
        last_name: profile.last_name,
        title: profile.title,
        email: 'moved@lab.test',
      },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const [request] = await db.select().from(userRequests).where(eq(userRequests.userId, member.user.id));
    const approve = await call('PUT', `/api/user-requests/${request!.id}`, actors.sys, {
      status: 'approve',
      type: 'update',
      data: ['email'],
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await activeUser(member.token)).statusCode).toBe(401);
  });

  it('resetting the second factors of a deleted user answers 404, like every other action on one', async () => {
    const db = t.database.db;
    const gone = await makeUser(db, { roles: ['AR'], email: 'gone@lab.test' });
    expect((await call('DELETE', `/api/users/${gone.id}`, actors.sys)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/users/${gone.id}/second-factors/reset`, actors.sys)).statusCode).toBe(404);
  });
});

describe('what the audit trail records (issue 63, item 4)', () => {
  const actionsOf = async (actorId: number) =>
    (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, actorId))).map(
      (r) => r.action,
    );

  it("a member's own password change, authenticator app, recovery codes and its removal are each a row", async () => {
    const db = t.database.db;
    const member = await makeSignedIn(db, { roles: ['CM'], email: 'audited.member@lab.test' });
    const person = { ...member, roles: [] as Role[] };
    const changed = await call('POST', '/api/change-password', person, {
      oldPassword: DEMO_PASSWORD,
      newPassword: 'another-long-one',
    });
    expect(changed.statusCode).toBe(200);
    await enableApp(t, member.token);
    expect((await call('POST', '/api/twofactor/recovery-codes', person)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/twofactor/app', person)).statusCode).toBe(200);
    expect(await actionsOf(member.user.id)).toEqual(
      expect.arrayContaining([
        'auth.password.change',
        'auth.app.enable',
        'auth.recoveryCodes.create',
        'auth.app.remove',
      ]),
    );
  });

  it('the audit export and a report export are recorded against the admin who ran them', async () => {
    const sys = await makeSignedIn(t.database.db, { roles: ['SYSADMIN'], lastName: 'Exporter' });
    const taAdmin = await makeSignedIn(t.database.db, { roles: ['TA_ADMIN'], lastName: 'Reporter' });
    expect((await call('GET', '/api/audit.csv', { ...sys, roles: ['SYSADMIN'] })).statusCode).toBe(200);
    const report = await call('GET', '/api/admin/ta/unusedtasformonths/6/1?format=csv', {
      ...taAdmin,
      roles: ['TA_ADMIN'],
    });
    expect(report.statusCode).toBe(200);
    expect(await actionsOf(sys.user.id)).toContain('admin.audit.export');
    expect(await actionsOf(taAdmin.user.id)).toContain('admin.report.export');
  });

  it('marking an assessor’s profile up to date is recorded against the TA_ADMIN, by POST and by the spec’s GET', async () => {
    const taAdmin = await makeSignedIn(t.database.db, { roles: ['TA_ADMIN'], lastName: 'Reviewer' });
    const assessor = await makeSignedIn(t.database.db, { roles: ['TA'], email: 'reviewed.ta@lab.test' });
    const who = { ...taAdmin, roles: ['TA_ADMIN'] as Role[] };
    for (const method of ['POST', 'GET'] as const)
      expect((await call(method, `/api/admin/ta/markprofileuptodate/${assessor.user.id}`, who)).statusCode).toBe(200);
    expect((await actionsOf(taAdmin.user.id)).filter((a) => a === 'profile.competency.review')).toHaveLength(2);
  });
});

describe('smaller items (issue 63, item 6)', () => {
  it('a right password before the second factor answers no profile, committees or phone number', async () => {
    const member = await makeUser(t.database.db, {
      roles: ['CM', 'TA'],
      email: 'half.signed@lab.test',
      mobileNumber: '+61400999888',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body.two_factor_required).toBe(true);
    for (const key of ['user', 'committees', 'committeePermissions']) expect(body).not.toHaveProperty(key);
    expect(body['2fa_setup']).toEqual({ completed: false });
    expect(res.body).not.toContain('+61400999888');
    expect(res.body).not.toContain(member.lastName);
  });

  it('personal JSON answers Cache-Control: no-store', async () => {
    const me = actors.sysTaAdmin;
    for (const url of ['/api/activeuser', '/api/notifications', '/api/audit', `/api/users/${targets.ta.user.id}`]) {
      const res = await call('GET', url, me);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('/api/health names no database kind; /api/docs is off in production unless API_DOCS=true', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok' });
    const production = { NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:1', APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    const off = await buildTestApp({ API_DOCS: 'false' }, { seed: false });
    try {
      for (const url of ['/api/docs', '/api/docs/json'])
        expect((await off.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('changing second factors in an old session asks for the password again (issue 63, item 3)', () => {
  const age = (sessionToken: string, minutes: number) =>
    t.database.db
      .update(sessions)
      .set({ authenticatedAt: sql`now() - make_interval(mins => ${minutes}::int)` })
      .where(eq(sessions.tokenHash, sha256(sessionToken)));

  it('an app, a passkey or new recovery codes: 403 with the message past the window; the password opens it again', async () => {
    const member = await makeSignedIn(t.database.db, { roles: ['AR', 'TA'], email: 'old.session@lab.test' });
    const me = { ...member, roles: [] as Role[] };
    await enableApp(t, member.token);
    await age(member.token, SECOND_FACTOR.reauthMinutes + 1);
    const changes: ['POST' | 'DELETE', string][] = [
      ['POST', '/api/twofactor/app/setup'],
      ['DELETE', '/api/twofactor/app'],
      ['POST', '/api/twofactor/recovery-codes'],
      ['POST', '/api/twofactor/passkeys/options'],
      ['DELETE', '/api/twofactor/passkeys/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, url] of changes) {
      const res = await call(method, url, me);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(SECOND_FACTOR_MESSAGES.reauthRequired);
    }
    // Reading the factors and renaming are no change of how one signs in.
    expect((await call('GET', '/api/twofactor/factors', me)).statusCode).toBe(200);

    const wrong = await call('POST', '/api/twofactor/reauthenticate', me, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(SECOND_FACTOR_MESSAGES.reauthWrongPassword);
    expect((await call('POST', '/api/twofactor/recovery-codes', me)).statusCode).toBe(403);

    const right = await call('POST', '/api/twofactor/reauthenticate', me, { password: DEMO_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect((await call('POST', '/api/twofactor/recovery-codes', me)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/twofactor/app', me)).statusCode).toBe(200);
  });

  it("wrong passwords at once count with the account's sign-in tries: no more are judged than the limit", async () => {
    const member = await makeSignedIn(t.database.db, { roles: ['CM'], email: 'guessing.session@lab.test' });
    const me = { ...member, roles: [] as Role[] };
    const all = await Promise.all(
      Array.from({ length: SIGN_IN_LIMITS.perAccount + 10 }, () =>
        call('POST', '/api/twofactor/reauthenticate', me, { password: 'a-guess' }),
      ),
    );
    expect(all.filter((r) => r.statusCode === 422)).toHaveLength(SIGN_IN_LIMITS.perAccount);
    expect(all.filter((r) => r.statusCode === 429)).toHaveLength(10);
    // The right password now waits too: the account is locked as a sign-in would be.
    expect((await call('POST', '/api/twofactor/reauthenticate', me, { password: DEMO_PASSWORD })).statusCode).toBe(429);
  });
});
