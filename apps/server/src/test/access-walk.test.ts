import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRole } from '@portal/shared';
import {
  arSites,
  committeeMembers,
  committees,
  events,
  facilities,
  files,
  forumAttachments,
  forumReplies,
  forumThreads,
  invoices,
  jobAssessors,
  jobDocuments,
  jobs,
  meetingDocuments,
  meetingFolderMembers,
  meetingFolders,
  sessions,
  siteDocuments,
  sites,
  userRoles,
  users,
} from '../db/schema/index.js';
import { Readable } from 'node:stream';
import { registeredActions } from '../platform/access.js';
import { createStorage } from '../platform/storage/storage.js';
import { sha256 } from '../platform/tokens.js';
import {
  EXPECTATIONS,
  type Call,
  type Kind,
  type MeetingFolderRec,
  type Persona,
  type Records,
} from './access-walk.expectations.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { filesUnder } from './multipart.js';

/**
 * The access walk: every operation of the OpenAPI document × every demo user (and no token) ×
 * their own record and one of nobody's, checked against EXPECTATIONS. It fails on any 2xx that the
 * expectations refuse, on a refusal they allow, and on any operation without an expectation, so it
 * grows with the API. Every answer is also searched for the marker of nobody's records: a 2xx
 * holding it is a leak, whatever the route.
 */

const MARK = 'WALKOTHER';
const DEMO = ['admin', 'taadmin', 'ar', 'ta', 'la', 'cm', 'multi'].map((n) => `${n}@portal.test`);

let t: TestApp;
const people: (Persona & { token: string })[] = [];
let other: Records;
const own = new Map<string, Partial<{ [K in Kind]: Records[K] }>>();

/** Signed-in sessions made directly: the walk tests access, not signing in (and logout ends one). */
async function sessionFor(userId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await t.database.db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId, stage: 'active', expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

async function makeNobodysRecords(): Promise<Records> {
  const db = t.database.db;
  const [f] = await db
    .insert(facilities)
    .values({ facilityNumber: '999901', name: `${MARK} Facility` })
    .returning();
  const [s] = await db
    .insert(sites)
    .values({ siteNumber: `S${MARK}`, facilityId: f!.id, name: `${MARK} Site` })
    .returning();
  const [j] = await db
    .insert(jobs)
    .values({ jobNumber: `${MARK}1`, siteId: s!.id, type: 'RES', jobDetails: MARK })
    .returning();
  // Stored-file rows whose objects do not exist: a refusal must come before storage is asked.
  const [jf, sf] = await db
    .insert(files)
    .values(
      [1, 2].map((n) => ({
        storageKey: `uploads/${MARK}-missing-${n}`,
        name: `${MARK}.txt`,
        size: 4,
        mimeType: 'text/plain',
      })),
    )
    .returning();
  const [jd] = await db
    .insert(jobDocuments)
    .values({ jobId: j!.id, fileId: jf!.id, description: MARK, side: 'facility', uploaderRole: 'AR' })
    .returning();
  const [sd] = await db
    .insert(siteDocuments)
    .values({ siteId: s!.id, fileId: sf!.id, description: MARK, side: 'facility' })
    .returning();
  await db.insert(invoices).values({
    transactionNumber: `${MARK}-INV`,
    facilityId: f!.id,
    transactionType: 'Invoice',
    transactionDate: '2026-01-01',
    jobNumber: `${MARK}1`,
    amount: '1.00',
  });
  const [c] = await db
    .insert(committees)
    .values({ name: `${MARK} Committee` })
    .returning();
  const forum = await makeForumRecords(c!.id, null);
  const [ev] = await db
    .insert(events)
    .values({
      committeeId: c!.id,
      title: `${MARK} Event`,
      startsAt: new Date('2030-01-01T00:00:00Z'),
      endsAt: new Date('2030-01-01T01:00:00Z'),
    })
    .returning();
  const job = { id: j!.id, siteId: s!.id };
  const meetingFolder = await walkMeetingFolder(c!.id, null);
  const [md] = await walkMeetingDocuments(meetingFolder.id, c!.id, 1, MARK);
  return {
    facility: { id: f!.id, number: f!.facilityNumber, siteIds: [s!.id] },
    site: { id: s!.id },
    job,
    jobDocument: { id: jd!.id, job, side: 'facility' },
    siteDocument: { id: sd!.id, siteId: s!.id },
    committee: { id: c!.id },
    ...forum,
    event: { id: ev!.id, committeeId: c!.id, creatorEmail: null },
    meetingFolder,
    meetingDocument: { id: md!, folder: meetingFolder, spares: [md!, md!] },
  };
}

/**
 * Forum records of one author in one committee, made for the walk: a thread (viewed, edited,
 * replied to, followed) and a spare one (deleted), a reply and a spare one, and a thread holding a
 * stored attachment that no edit of the walk removes.
 */
async function makeForumRecords(committeeId: number, authorId: number | null) {
  const db = t.database.db;
  // Nobody's carry the marker; a user's own must not (their 2xx answers are searched for it).
  const label = authorId === null ? MARK : 'Walk';
  const thread = (n: number) => ({
    committeeId,
    categoryId: 1,
    userId: authorId,
    title: `${label} thread ${n}`,
    body: `<p>${label}</p>`,
    bodyText: label,
  });
  const [a, b, withFile] = await db
    .insert(forumThreads)
    .values([thread(1), thread(2), thread(3)])
    .returning();
  const [r1, r2] = await db
    .insert(forumReplies)
    .values([1, 2].map(() => ({ threadId: a!.id, userId: authorId, body: `<p>${label}</p>`, bodyText: label })))
    .returning();
  const stored = await createStorage(t.config).put(Readable.from([Buffer.from(label)]), { prefix: 'uploads' });
  const [f] = await db
    .insert(files)
    .values({ storageKey: stored.key, name: `${label}.txt`, size: stored.size, mimeType: 'text/plain' })
    .returning();
  const [att] = await db.insert(forumAttachments).values({ threadId: withFile!.id, fileId: f!.id }).returning();
  return {
    forumThread: { id: a!.id, spareId: b!.id, committeeId, authorId },
    forumReply: { id: r1!.id, spareId: r2!.id, committeeId, authorId },
    forumAttachment: { id: att!.id, committeeId },
  };
}

/** A root and sub folder of the committee for the walk (or the sub folder given), with a spare sub folder to delete. */
async function walkMeetingFolder(
  committeeId: number,
  sub: typeof meetingFolders.$inferSelect | null,
): Promise<MeetingFolderRec> {
  const db = t.database.db;
  const [root] = sub
    ? await db.select().from(meetingFolders).where(eq(meetingFolders.id, sub.parentId!))
    : await db
        .insert(meetingFolders)
        .values({ committeeId, name: `${MARK} Root` })
        .returning();
  const [folder] = sub
    ? [sub]
    : await db
        .insert(meetingFolders)
        .values({ committeeId, parentId: root!.id, name: `${MARK} Sub` })
        .returning();
  const [spare] = await db
    .insert(meetingFolders)
    .values({ committeeId, parentId: root!.id, name: `Walk spare` })
    .returning();
  const [committee] = await db
    .select({ adminId: committees.adminId })
    .from(committees)
    .where(eq(committees.id, committeeId));
  const emailsOf = async (folderId: number) =>
    (
      await db
        .select({ email: users.email })
        .from(meetingFolderMembers)
        .innerJoin(users, eq(users.id, meetingFolderMembers.userId))
        .where(eq(meetingFolderMembers.folderId, folderId))
    ).map((r) => r.email);
  const [admin] = committee?.adminId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, committee.adminId))
    : [];
  return {
    id: folder!.id,
    rootId: root!.id,
    committeeId,
    admin: admin?.email ?? null,
    direct: await emailsOf(folder!.id),
    rootDirect: await emailsOf(root!.id),
    spare: spare!.id,
  };
}

/** Documents in a meeting folder whose stored objects do not exist (a refusal comes before storage). */
async function walkMeetingDocuments(
  folderId: number,
  committeeId: number,
  n: number,
  label = 'walk-spare',
): Promise<number[]> {
  const db = t.database.db;
  const made = await db
    .insert(files)
    .values(
      Array.from({ length: n }, (_, i) => ({
        storageKey: `uploads/${label}-meeting-${folderId}-${i}-${randomBytes(4).toString('hex')}`,
        name: `${label}-${i}.txt`,
        size: 4,
        mimeType: 'text/plain',
      })),
    )
    .returning();
  const docs = await db
    .insert(meetingDocuments)
    .values(made.map((f) => ({ folderId, committeeId, fileId: f.id, search: sql`to_tsvector('english', 'walk')` })))
    .returning();
  return docs.map((d) => d.id);
}

/** Each user's facts, and the first record of each kind that is theirs. */
async function loadPeople() {
  const db = t.database.db;
  for (const email of DEMO) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const id = u!.id;
    const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id)))
      .map((r) => r.role)
      .filter(isRole);
    const siteIds = (await db.select({ id: arSites.siteId }).from(arSites).where(eq(arSites.userId, id))).map(
      (r) => r.id,
    );
    const jobIds = (
      await db.select({ id: jobAssessors.jobId }).from(jobAssessors).where(eq(jobAssessors.userId, id))
    ).map((r) => r.id);
    const memberships = await db
      .select({ id: committeeMembers.committeeId, write: committeeMembers.canWrite, adminId: committees.adminId })
      .from(committeeMembers)
      .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
      .where(eq(committeeMembers.userId, id))
      .orderBy(asc(committeeMembers.committeeId));
    const committeeIds = memberships.map((r) => r.id);
    const writes = new Set(memberships.filter((m) => m.write || m.adminId === id).map((m) => m.id));
    const adminOf = (await db.select({ id: committees.id }).from(committees).where(eq(committees.adminId, id))).map(
      (r) => r.id,
    );
    people.push({
      email,
      id,
      roles,
      sites: new Set(siteIds),
      jobs: new Set(jobIds),
      committees: new Set(committeeIds),
      writes,
      adminOf: new Set(adminOf),
      token: await sessionFor(id),
    });

    const mine: Partial<{ [K in Kind]: Records[K] }> = {};
    const sitesIn = siteIds.length ? siteIds : [-1];
    const jobsIn = jobIds.length ? jobIds : [-1];
    const [site] = await db
      .select({ id: sites.id, facilityId: sites.facilityId })
      .from(sites)
      .where(inArray(sites.id, sitesIn))
      .orderBy(asc(sites.id))
      .limit(1);
    if (site) {
      const [f] = await db.select().from(facilities).where(eq(facilities.id, site.facilityId));
      const all = await db.select({ id: sites.id }).from(sites).where(eq(sites.facilityId, f!.id));
      mine.facility = { id: f!.id, number: f!.facilityNumber, siteIds: all.map((x) => x.id) };
      mine.site = { id: site.id };
    }
    const jobOf = or(inArray(jobs.siteId, sitesIn), inArray(jobs.id, jobsIn));
    const [job] = await db
      .select({ id: jobs.id, siteId: jobs.siteId })
      .from(jobs)
      .where(jobOf)
      .orderBy(asc(jobs.id))
      .limit(1);
    if (job) mine.job = job;
    // A document of one of their jobs, the facility's first (the one an assessor may review).
    const docs = await db
      .select({ id: jobDocuments.id, side: jobDocuments.side, jobId: jobs.id, siteId: jobs.siteId })
      .from(jobDocuments)
      .innerJoin(jobs, eq(jobs.id, jobDocuments.jobId))
      .where(jobOf)
      .orderBy(asc(jobDocuments.id));
    const doc = docs.find((d) => d.side === 'facility') ?? docs[0];
    if (doc) mine.jobDocument = { id: doc.id, side: doc.side, job: { id: doc.jobId, siteId: doc.siteId } };
    const [sd] = await db
      .select()
      .from(siteDocuments)
      .where(inArray(siteDocuments.siteId, sitesIn))
      .orderBy(asc(siteDocuments.id))
      .limit(1);
    if (sd) mine.siteDocument = { id: sd.id, siteId: sd.siteId };
    if (committeeIds.length) {
      mine.committee = { id: committeeIds[0]! };
      Object.assign(mine, await makeForumRecords(committeeIds[0]!, id));
    }
    // An event of one of their committees, one they created first (the one they may change).
    const evs = await db
      .select({
        id: events.id,
        committeeId: events.committeeId,
        createdBy: events.createdBy,
        creatorEmail: users.email,
      })
      .from(events)
      .leftJoin(users, eq(users.id, events.createdBy))
      .where(inArray(events.committeeId, committeeIds.length ? committeeIds : [-1]))
      .orderBy(asc(events.id));
    const ev = evs.find((e) => e.createdBy === id) ?? evs[0];
    if (ev) mine.event = { id: ev.id, committeeId: ev.committeeId, creatorEmail: ev.creatorEmail };
    // The first sub folder of their committees that holds a document, with spares to delete.
    const [sub] = committeeIds.length
      ? await db
          .select()
          .from(meetingFolders)
          .where(
            and(
              inArray(meetingFolders.committeeId, committeeIds),
              isNotNull(meetingFolders.parentId),
              sql`exists (select 1 from ${meetingDocuments} where ${meetingDocuments.folderId} = ${meetingFolders.id})`,
            ),
          )
          .orderBy(asc(meetingFolders.id))
          .limit(1)
      : [];
    if (sub) {
      mine.meetingFolder = await walkMeetingFolder(sub.committeeId, sub);
      const [md] = await db
        .select({ id: meetingDocuments.id })
        .from(meetingDocuments)
        .where(eq(meetingDocuments.folderId, sub.id))
        .orderBy(asc(meetingDocuments.id))
        .limit(1);
      const spares = await walkMeetingDocuments(sub.id, sub.committeeId, 2);
      mine.meetingDocument = { id: md!.id, folder: mine.meetingFolder, spares: [spares[0]!, spares[1]!] };
    }
    own.set(email, mine);
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  other = await makeNobodysRecords();
  await loadPeople();
}, 120_000);
afterAll(() => t.close());

/** Every operation of the OpenAPI document, as 'METHOD /path/{param}'. */
function operations(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

let counter = 0;
function request(op: string, call: Call, token?: string): InjectOptions {
  const [method, path] = op.split(' ') as [InjectOptions['method'], string];
  const url = call.url ?? path;
  if (url.includes('{')) throw new Error(`${op}: the expectation's call must fill ${url}`);
  return {
    method,
    url,
    query: call.query,
    payload: call.payload as InjectOptions['payload'],
    headers: { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  };
}

interface Outcome {
  op: string;
  who: string;
  record: string;
  status: number;
  expected: 'allow' | 'refuse' | 'any';
}

describe("the access walk: every operation × every demo user × own and nobody's records", () => {
  it('has an expectation for every operation, and a registered rule for every action they name', () => {
    const missing = operations().filter((op) => !(op in EXPECTATIONS));
    expect(missing, 'operations without an expectation in test/access-walk.expectations.ts').toEqual([]);
    const actions = new Set(registeredActions());
    const unruled = Object.entries(EXPECTATIONS).flatMap(([op, e]) =>
      'action' in e && !actions.has(e.action) ? [`${op}: ${e.action}`] : [],
    );
    expect(unruled, 'actions without a rule in an <area>.policy.ts').toEqual([]);
  });

  it('answers no 2xx that the rules refuse, and refuses nothing they allow', async () => {
    const outcomes: Outcome[] = [];
    const leaks: string[] = [];
    const run = async (
      op: string,
      who: string,
      record: string,
      call: Call,
      token: string | undefined,
      expected: Outcome['expected'],
      everyRecord = false,
    ) => {
      const res = await t.app.inject(request(op, call, token));
      outcomes.push({ op, who, record, status: res.statusCode, expected });
      if (res.statusCode < 300 && res.body.includes(MARK) && !everyRecord)
        leaks.push(`${op} as ${who} (${record}): answered nobody's record`);
    };

    for (const op of operations()) {
      const e = EXPECTATIONS[op]!;
      if ('public' in e) {
        await run(op, 'no token', '-', e.call?.() ?? {}, undefined, 'any', e.everyRecord === true);
        continue;
      }
      if ('self' in e) {
        await run(op, 'no token', '-', e.call?.(people[0]!) ?? {}, undefined, 'refuse');
        for (const p of people) {
          // Logging out ends the session: each user logs out a session of their own made for it.
          const token =
            op === 'GET /api/logout'
              ? await sessionFor(
                  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, p.email)))[0]!.id,
                )
              : p.token;
          await run(op, p.email, '-', e.call?.(p) ?? {}, token, 'any');
        }
        continue;
      }
      if (!('record' in e)) {
        await run(op, 'no token', '-', e.call?.(people[0]!) ?? {}, undefined, 'refuse');
        for (const p of people) {
          const expected = 'refusedTo' in e ? (e.refusedTo(p) ? 'refuse' : 'any') : e.allowed(p) ? 'allow' : 'refuse';
          await run(
            op,
            p.email,
            '-',
            e.call?.(p) ?? {},
            p.token,
            expected,
            'everyRecord' in e && e.everyRecord?.(p) === true,
          );
        }
        continue;
      }
      const kind = e.record;
      const allowed = e.allowed as (p: Persona, r: Records[Kind]) => boolean;
      const call = e.call as (r: Records[Kind], p: Persona, n: number) => Call;
      await run(op, 'no token', "nobody's", call(other[kind], people[0]!, ++counter), undefined, 'refuse');
      for (const p of people) {
        const mine = own.get(p.email)![kind];
        if (mine)
          await run(op, p.email, 'own', call(mine, p, ++counter), p.token, allowed(p, mine) ? 'allow' : 'refuse');
        await run(
          op,
          p.email,
          "nobody's",
          call(other[kind], p, ++counter),
          p.token,
          allowed(p, other[kind]) ? 'allow' : 'refuse',
        );
      }
    }

    const wrong = outcomes.filter((o) => {
      if (o.status >= 500) return true;
      if (o.expected === 'refuse')
        return o.who === 'no token' ? o.status !== 401 : o.status < 300 || ![403, 404].includes(o.status);
      if (o.expected === 'allow') return o.status >= 300;
      return false;
    });
    expect(wrong.map((o) => `${o.op} as ${o.who} on ${o.record}: ${o.status}, expected ${o.expected}`)).toEqual([]);
    expect(leaks).toEqual([]);
    // The walk covered something on each side: allowed calls that passed and refusals that held.
    expect(outcomes.filter((o) => o.expected === 'allow').length).toBeGreaterThan(30);
    expect(outcomes.filter((o) => o.expected === 'refuse' && o.who !== 'no token').length).toBeGreaterThan(100);
  }, 240_000);

  it('refuses an upload it refuses before reading its file: the same calls with a file that never ends answer 403 or 404, and nothing is stored', async () => {
    const stored = () => filesUnder(path.join(t.config.dataDir, 'files')).length;
    const before = stored();
    const wrong: string[] = [];
    let tried = 0;
    for (const op of operations()) {
      const e = EXPECTATIONS[op]!;
      if (!('allowed' in e)) continue;
      const cells: { who: Persona & { token: string }; call: Call }[] = [];
      if ('record' in e) {
        const allowed = e.allowed as (p: Persona, r: Records[Kind]) => boolean;
        const call = e.call as (r: Records[Kind], p: Persona, n: number) => Call;
        for (const p of people)
          if (!allowed(p, other[e.record])) cells.push({ who: p, call: call(other[e.record], p, ++counter) });
      } else {
        for (const p of people) if (!e.allowed(p)) cells.push({ who: p, call: e.call?.(p) ?? {} });
      }
      for (const { who, call } of cells) {
        const upload = withEndlessFile(call);
        if (!upload) continue;
        tried++;
        const res = await t.app.inject(request(op, upload, who.token));
        if (![403, 404].includes(res.statusCode))
          wrong.push(`${op} as ${who.email}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(tried).toBeGreaterThan(20);
    expect(stored()).toBe(before);
  }, 240_000);

  it('keeps the development mailbox from any request carrying a forwarding header', async () => {
    for (const url of ['/api/dev/mail', '/dev/mail']) {
      for (const headers of [
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
      ]) {
        expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(404);
      }
    }
  });
});

/**
 * A multipart call with one more file part after its fields whose body stops inside the file: an
 * upload that read the file would answer 'The upload did not complete' (400). Null for other calls.
 */
function withEndlessFile(call: Call): Call | null {
  const type = call.headers?.['content-type'] ?? '';
  const boundary = /boundary=(.+)$/.exec(type)?.[1];
  if (!boundary || !Buffer.isBuffer(call.payload)) return null;
  const closing = Buffer.from(`--${boundary}--\r\n`);
  const body = call.payload.subarray(0, call.payload.length - closing.length);
  const file = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="endless.txt"\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(4096)}`,
  );
  return { ...call, payload: Buffer.concat([body, file]) };
}
