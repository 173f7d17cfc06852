import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REGISTRATION_MESSAGES } from '@portal/shared';
import { committees, userRequests, users } from '../db/schema/index.js';
import { makeCommittee } from '../test/factories/committees.js';
import { makeMeetingFolder } from '../test/factories/meetings.js';
import { multipart } from '../test/multipart.js';
import { makeSignedIn, makeUser } from '../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../test/helpers.js';
import { fromDatabaseError } from './errors.js';

/**
 * Races between requests that used to answer 500 on PostgreSQL: a unique index or a foreign key
 * held, or a row was gone when read back. Each now answers as the user's error (409 or 404), the
 * database unchanged. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let sys: string;
let committee: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  sys = (await makeSignedIn(t.database.db, { roles: ['SYSADMIN'] })).token;
  committee = await makeCommittee(t.database.db, { name: 'Race Committee' });
});
afterAll(() => t.close());

const form = (email: string) => ({
  email,
  first_name: 'Rita',
  last_name: 'Racer',
  roles: ['CM'],
  title: 'Chemist',
  mobile_number: '0412555666',
  address: '1 Test Street',
  suburb: 'Pyrmont',
  state: 'NSW',
  country: 'Australia',
  postcode: '2009',
  committees: [{ id: committee.id, value: committee.name }],
  subscriptions: { type: 'General', selected: [] },
  signature: { accept: true, name: 'Rita Racer', title: 'Chemist', date: '23/11/2026' },
});

let address = 0;
const register = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload: form(email), remoteAddress: `10.7.0.${++address}` });

describe('the mapping of PostgreSQL errors', () => {
  it("turns a unique violation into 409 (with the index's own message) and a foreign-key violation into 404", async () => {
    const db = t.database.db;
    const user = await makeUser(db, { email: 'taken@race.test' });
    const unique = await db
      .insert(users)
      .values({ email: 'TAKEN@race.test', firstName: 'A', lastName: 'B' })
      .catch((e: unknown) => e);
    expect(fromDatabaseError(unique)).toMatchObject({ statusCode: 409, message: REGISTRATION_MESSAGES.emailTaken });
    const otherUnique = await db
      .insert(committees)
      .values({ name: 'Race Committee' })
      .catch((e: unknown) => e);
    expect(fromDatabaseError(otherUnique)).toMatchObject({ statusCode: 409, message: MESSAGES.conflict });
    const foreign = await db
      .execute(sql`insert into user_roles (user_id, role) values (${user.id + 100_000}, 'CM')`)
      .catch((e: unknown) => e);
    expect(fromDatabaseError(foreign)).toMatchObject({ statusCode: 404, message: MESSAGES.notFound });
    expect(fromDatabaseError(new Error('anything else'))).toBeNull();
  });
});

describe('two registrations of one email in different case, approved at once', () => {
  it('approves one (200); the other answers 409, the email is taken, and stays pending', async () => {
    for (let round = 0; round < 3; round++) {
      const lower = `rita${round}@race.test`;
      const upper = `Rita${round}@RACE.test`;
      expect((await register(lower)).statusCode).toBe(200);
      expect((await register(upper)).statusCode).toBe(200);
      const pending = await t.database.db
        .select()
        .from(userRequests)
        .where(sql`lower(${userRequests.email}) = ${lower}`);
      expect(pending).toHaveLength(2);
      const answers = await Promise.all(
        pending.map((r) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/user-requests/${r.id}`,
            headers: auth(sys),
            payload: { status: 'approve', type: 'create' },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: REGISTRATION_MESSAGES.emailTaken });
      expect(
        await t.database.db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${lower}`),
      ).toHaveLength(1);
      const after = await t.database.db
        .select({ status: userRequests.status })
        .from(userRequests)
        .where(sql`lower(${userRequests.email}) = ${lower}`);
      expect(after.map((r) => r.status).sort()).toEqual(['approved', 'pending']);
    }
  });
});

describe('a meeting upload in parallel with the deletion of its folder', () => {
  it('answers 200 or 404 to every upload, never 500', async () => {
    const db = t.database.db;
    const { user, token } = await makeSignedIn(db, { roles: ['CM'] });
    const c = await makeCommittee(db, { admin: user });
    const root = await makeMeetingFolder(db, { committee: c });
    const statuses = new Set<number>();
    for (let round = 0; round < 4; round++) {
      const folder = await makeMeetingFolder(db, { committee: c, parent: root });
      const upload = (n: number) => {
        const body = multipart([
          { name: 'folderId', value: String(folder.id) },
          { name: 'file', filename: `minutes-${round}-${n}.txt`, content: 'minutes' },
        ]);
        return t.app.inject({
          method: 'POST',
          url: '/api/meetingdocuments',
          payload: body.payload,
          headers: { ...body.headers, ...auth(token) },
        });
      };
      const answers = await Promise.all([
        upload(1),
        upload(2),
        upload(3),
        t.app.inject({ method: 'DELETE', url: `/api/meetingfolders/${folder.id}`, headers: auth(token) }),
        upload(4),
        upload(5),
      ]);
      for (const a of answers) statuses.add(a.statusCode);
    }
    expect([...statuses].filter((s) => s !== 200 && s !== 404)).toEqual([]);
  });
});
