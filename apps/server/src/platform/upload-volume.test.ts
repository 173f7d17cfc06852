import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_MESSAGES, niceSize } from '@portal/shared';
import { committeeMembers, files, forumReplies, uploadVolumes } from '../db/schema/index.js';
import { makeCommittee } from '../test/factories/committees.js';
import { makeThread } from '../test/factories/forum.js';
import { makeSignedIn } from '../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../test/helpers.js';
import { filesUnder, multipart, type Part } from '../test/multipart.js';

/**
 * The volume of uploads: the files of one request together, and what one user uploads in an hour
 * (counted in the database in one statement), on the forum's reply, which any committee member may
 * send. A refused upload stores nothing; a refusal for access comes before any file is read.
 */

type Signed = Awaited<ReturnType<typeof makeSignedIn>>;
let t: TestApp;
let member: Signed;
let outsider: Signed;
let thread: { id: number };
let committee: { id: number };

beforeAll(async () => {
  // Files of 8 KB at most, 10 KB in one request, 40 KB an hour.
  t = await buildTestApp(
    { MAX_UPLOAD_KB: '8', UPLOAD_REQUEST_MAX_KB: '10', UPLOAD_KB_PER_HOUR: '40' },
    { seed: false },
  );
  const db = t.database.db;
  const admin = await makeSignedIn(db, { roles: ['CM'] });
  member = await makeSignedIn(db, { roles: ['CM'] });
  outsider = await makeSignedIn(db, { roles: ['CM'] });
  committee = await makeCommittee(db, { admin: admin.user, members: [{ user: member.user }] });
  await makeCommittee(db, { admin: outsider.user });
  thread = await makeThread(db, { committee, author: admin.user });
});
afterAll(() => t.close());

const reply = (who: Signed, parts: Part[], opts: { cutOff?: boolean } = {}) => {
  const body = multipart(parts, opts);
  return t.app.inject({
    method: 'POST',
    url: '/api/forumreply',
    payload: body.payload,
    headers: { ...body.headers, ...auth(who.token) },
  });
};
const fieldsOf = () => [
  { name: 'threadId', value: String(thread.id) },
  { name: 'committeId', value: String(committee.id) },
  { name: 'postContent', value: '<p>with files</p>' },
];
const file = (name: string, kb: number): Part => ({
  name: 'files[]',
  filename: name,
  content: Buffer.alloc(kb * 1000, 'a'),
});
const stored = () => filesUnder(path.join(t.config.dataDir, 'files'));
const volumeOf = async (userId: number) =>
  (await t.database.db.select().from(uploadVolumes)).find((v) => v.userId === userId)?.bytes ?? 0;

describe('the files of one request', () => {
  it('may total at most UPLOAD_REQUEST_MAX_KB: past it the request is refused with the message, nothing stored or counted', async () => {
    const res = await reply(member, [
      ...fieldsOf(),
      { name: 'filesCount', value: '2' },
      file('one.txt', 6),
      file('two.txt', 6),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RECORD_MESSAGES.uploadRequestTooLarge(niceSize(10)));
    expect(stored()).toEqual([]);
    expect(await t.database.db.select().from(files)).toEqual([]);
    expect(await t.database.db.select().from(forumReplies)).toEqual([]);
    expect(await volumeOf(member.user.id)).toBe(0);
  });

  it('is refused before a byte is read when its declared length is past the bound', async () => {
    const body = multipart([...fieldsOf(), file('one.txt', 1)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forumreply',
      payload: body.payload,
      headers: { ...body.headers, ...auth(member.token), 'content-length': String(body.payload.length) },
    });
    expect(res.statusCode).toBe(200);
    // The same kind of request, declaring 3 GB: refused on the header, nothing stored.
    const before = stored().length;
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/forumreply',
      payload: body.payload,
      headers: { ...body.headers, ...auth(member.token), 'content-length': String(3e9) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(RECORD_MESSAGES.uploadRequestTooLarge(niceSize(10)));
    expect(stored().length).toBe(before);
    await t.database.db.delete(uploadVolumes);
  });
});

describe('the access check of an upload', () => {
  it('refuses a reply into a committee the user is not in before its file is read, and a file sent before the thread', async () => {
    const before = stored().length;
    // The body stops inside the file: had the file been read, the answer would be 'upload incomplete'.
    const notMine = await reply(outsider, [...fieldsOf(), file('mine.txt', 5)], { cutOff: true });
    expect(notMine.statusCode).toBe(404);
    const fileFirst = await reply(outsider, [file('first.txt', 5), ...fieldsOf()], { cutOff: true });
    expect(fileFirst.statusCode).toBe(400);
    expect(fileFirst.json().message).toBe(RECORD_MESSAGES.fieldsBeforeFiles('threadId'));
    expect(stored().length).toBe(before);
    expect(await volumeOf(outsider.user.id)).toBe(0);
  });
});

describe('the upload volume of a user', () => {
  it('lets exactly what fits in the hour through under parallel uploads; the rest get 429 with the message and store nothing', async () => {
    await t.database.db.delete(uploadVolumes);
    const before = stored().length;
    const parts = () => [...fieldsOf(), { name: 'filesCount', value: '1' }, file('part.txt', 7)];
    const size = multipart(parts()).payload.length;
    const fits = Math.floor(40_000 / size);
    expect(fits).toBeGreaterThanOrEqual(3);
    const answers = await Promise.all(
      Array.from({ length: fits + 5 }, (_, i) =>
        reply(
          member,
          parts().map((p) => ('filename' in p ? { ...p, filename: `part-${i}.txt` } : p)),
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(fits);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(answers.find((a) => a.statusCode === 429)!.json().message).toBe(
      RECORD_MESSAGES.uploadVolumeSpent(niceSize(40)),
    );
    expect(stored().length - before).toBe(fits);
    // What counts is what was stored: the files, not the framing around them.
    expect(await volumeOf(member.user.id)).toBe(fits * 7000);
    // Another member has an hour of their own.
    const other = await makeSignedIn(t.database.db, { roles: ['CM'] });
    await t.database.db.insert(committeeMembers).values({ committeeId: committee.id, userId: other.user.id });
    const theirs = await reply(other, parts());
    expect(theirs.statusCode).toBe(200);
  });
});
