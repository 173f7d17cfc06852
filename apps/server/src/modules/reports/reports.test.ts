import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UnusedAssessorReport } from '@portal/shared';
import { userInfos, users } from '../../db/schema/index.js';
import { makeSignedIn, makeUser, type UserRow } from '../../test/factories/users.js';
import { auth, buildTestApp, loginAs, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let taAdmin: string;
const refused: Record<string, string> = {};
const monthsAgo = (n: number) => new Date(Date.now() - n * 31 * 86_400_000);
let never: UserRow;
let old: UserRow;
let recent: UserRow;
let formula: UserRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  taAdmin = (await makeSignedIn(db, { roles: ['TA_ADMIN'] })).token;
  for (const role of ['SYSADMIN', 'AR', 'TA', 'CM'] as const) {
    const signedIn = await makeSignedIn(db, { roles: [role], lastUsed: new Date() });
    await db.insert(userInfos).values({ userId: signedIn.user.id, reviewedAt: new Date() });
    refused[role] = signedIn.token;
  }
  never = await makeUser(db, { roles: ['TA'], firstName: 'Nora', lastName: 'Never' });
  old = await makeUser(db, { roles: ['TA', 'LA'], firstName: 'Otto', lastName: 'Old', lastUsed: monthsAgo(8) });
  recent = await makeUser(db, { roles: ['TA'], firstName: 'Rita', lastName: 'Recent', lastUsed: monthsAgo(1) });
  formula = await makeUser(db, {
    roles: ['TA'],
    firstName: '=HYPERLINK("x")',
    lastName: 'Sheet',
    lastUsed: monthsAgo(12),
  });
  await makeUser(db, { roles: ['TA'], activated: false, lastUsed: monthsAgo(20) });
  await makeUser(db, { roles: ['AR'], lastUsed: monthsAgo(20) });
  await db.insert(userInfos).values([
    { userId: old.id, reviewedAt: monthsAgo(1) },
    { userId: recent.id, reviewedAt: monthsAgo(9) },
  ]);
});
afterAll(() => t.close());

const report = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const names = (res: { json: <T>() => T }) => res.json<UnusedAssessorReport>().data.map((r) => r.name);

describe('GET /api/admin/ta/unusedtasformonths/{months}/{ids}', () => {
  it('lists the active assessors not used for the months asked, by Last Used, longest first', async () => {
    const res = await report('/api/admin/ta/unusedtasformonths/6/2', taAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res)).toEqual(['Nora Never', '=HYPERLINK("x") Sheet', 'Otto Old']);
    const row = res.json<UnusedAssessorReport>().data.find((r) => r.id === old.id);
    expect(row).toMatchObject({ email: old.email, reviewed_at: expect.any(String), last_used: expect.any(String) });
    expect(names(await report('/api/admin/ta/unusedtasformonths/10/2', taAdmin))).toEqual([
      'Nora Never',
      '=HYPERLINK("x") Sheet',
    ]);
  });

  it('by Profile Reviewed, and with both options only those old on both counts', async () => {
    expect(names(await report('/api/admin/ta/unusedtasformonths/6/1', taAdmin)).sort()).toEqual(
      ['Nora Never', '=HYPERLINK("x") Sheet', 'Rita Recent'].sort(),
    );
    expect(names(await report('/api/admin/ta/unusedtasformonths/6/1,2', taAdmin))).toEqual([
      'Nora Never',
      '=HYPERLINK("x") Sheet',
    ]);
  });

  it('exports the same rows as a CSV: quoted, formulas neutralised', async () => {
    await t.database.db
      .update(users)
      .set({ lastUsed: new Date('2025-01-15T02:00:00Z') })
      .where(eq(users.id, formula.id));
    const res = await report('/api/admin/ta/unusedtasformonths/10/2?format=csv', taAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Unused_TAs_10_Months.csv"');
    expect(res.rawPayload.toString('utf8')).toBe(
      '\uFEFF"Name","Email","Last Used","Profile Reviewed"\r\n' +
        `"Nora Never","${never.email}","",""\r\n` +
        `"'=HYPERLINK(""x"") Sheet","${formula.email}","15/01/2025",""\r\n`,
    );
  });

  it('answers 400 for months of 0 or none, and for no option or an unknown one', async () => {
    for (const url of ['0/2', 'abc/2', '6/', '6/3', '6/x']) {
      const res = await report(`/api/admin/ta/unusedtasformonths/${url}`, taAdmin);
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect((await report('/api/admin/ta/unusedtasformonths/0/2', taAdmin)).json().message).toBe(
      'Months must be more than 0.',
    );
    expect((await report('/api/admin/ta/unusedtasformonths/6/3', taAdmin)).json().message).toBe(
      'Please select at least one report option.',
    );
  });

  it('answers 401 signed out and 403 to the SYSADMIN (the wrong admin kind), AR, TA and CM', async () => {
    expect((await report('/api/admin/ta/unusedtasformonths/6/2')).statusCode).toBe(401);
    for (const [role, token] of Object.entries(refused))
      expect((await report('/api/admin/ta/unusedtasformonths/6/2', token)).statusCode, role).toBe(403);
  });
});

describe('last_used', () => {
  it('is set when a sign-in ends with an active session', async () => {
    const user = await makeUser(t.database.db, { roles: ['TA'] });
    expect(user.lastUsed).toBeNull();
    await loginAs(t, user.email);
    const [row] = await t.database.db.select({ lastUsed: users.lastUsed }).from(users).where(eq(users.id, user.id));
    expect(Date.now() - row!.lastUsed!.getTime()).toBeLessThan(60_000);
  });
});
