import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORUM_MESSAGES,
  MESSAGES,
  type ForumSearchResults,
  type ForumThreadDetail,
  type ForumThreadList,
  type MemberList,
} from '@portal/shared';
import { files, forumAttachments, forumReplies, forumThreads, notifications } from '../../db/schema/index.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { categoryId, makeReply, makeThread } from '../../test/factories/forum.js';
import { makeSignedIn, type UserRow } from '../../test/factories/users.js';
import { auth, buildTestApp, storedObjects, type TestApp } from '../../test/helpers.js';
import { multipart, type Part } from '../../test/multipart.js';

let t: TestApp;
type Person = { user: UserRow; token: string };
let admin: Person; // admin of the Chemistry committee
let writer: Person; // member with the write flag
let plain: Person; // member without it
let outsider: Person; // CM of another committee only
let ar: Person; // not a committee member at all
let chem: { id: number };
let other: { id: number };
let general: number;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  admin = await makeSignedIn(db, { roles: ['CM'], firstName: 'Cara', lastName: 'Chair', title: 'Chair' });
  writer = await makeSignedIn(db, {
    roles: ['CM'],
    firstName: 'Wes',
    lastName: 'Writer',
    title: 'Analyst',
    mobileNumber: '+61400111222',
  });
  plain = await makeSignedIn(db, {
    roles: ['CM'],
    firstName: 'Pat',
    lastName: 'Plain',
    title: null,
    email: 'pat.plain@lab.test',
  });
  outsider = await makeSignedIn(db, { roles: ['CM'], firstName: 'Otto', lastName: 'Outside' });
  ar = await makeSignedIn(db, { roles: ['AR'] });
  chem = await makeCommittee(db, {
    name: 'Chemistry',
    admin: admin.user,
    members: [{ user: writer.user, canWrite: true }, { user: plain.user }],
  });
  other = await makeCommittee(db, { name: 'Other', admin: outsider.user });
  general = await categoryId(db, 'General');
}, 60_000);
afterAll(() => t.close());

const get = (url: string, who?: Person) => t.app.inject({ method: 'GET', url, headers: who ? auth(who.token) : {} });
const del = (url: string, who?: Person) => t.app.inject({ method: 'DELETE', url, headers: who ? auth(who.token) : {} });
function post(url: string, who: Person | undefined, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? auth(who.token) : {}) },
  });
}
const field = (name: string, value: string | number): Part => ({ name, value: String(value) });
const file = (filename: string, content = `content of ${filename}`): Part => ({
  name: 'files[]',
  filename,
  type: 'text/plain',
  content,
});
const threadFields = (
  o: { committee?: number; title?: string; category?: number | string; content?: string } = {},
): Part[] => [
  field('committeId', o.committee ?? chem.id),
  field('discussionTitle', o.title ?? 'Trace metals round'),
  field('categories', o.category ?? general),
  field('postContent', o.content ?? '<p>The <strong>proficiency</strong> round opens soon.</p>'),
];
const storedFiles = async () =>
  (await storedObjects(t.config)).filter((f) => !f.includes(`${path.sep}.tmp${path.sep}`));

describe('categories and the list', () => {
  it('gives the seeded categories to committee members; 401 without a token, 403 to others', async () => {
    const res = await get('/api/forumcategories', plain);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['General', 'Technical', 'Meetings', 'Policy']);
    expect((await get('/api/forumcategories')).statusCode).toBe(401);
    expect((await get('/api/forumcategories', ar)).statusCode).toBe(403);
  });

  it('pages the committee’s threads with their total; New Discussion only with the write flag or as admin', async () => {
    for (let i = 0; i < 12; i++)
      await makeThread(t.database.db, { committee: chem, author: admin.user, title: `Listed ${i}` });
    const page = (
      await get(`/api/forumthreads?committeeid=${chem.id}&per_page=5&page=2`, plain)
    ).json() as ForumThreadList;
    expect(page.total).toBeGreaterThanOrEqual(12);
    expect(page.data).toHaveLength(5);
    expect(page.data[0]).toMatchObject({
      user: { first_name: 'Cara', last_name: 'Chair' },
      categories: [{ name: 'General' }],
      replies_count: 0,
    });
    expect(page.abilities['forum.thread.create']).toBe(false);
    expect(
      ((await get(`/api/forumthreads?committeeid=${chem.id}`, writer)).json() as ForumThreadList).abilities[
        'forum.thread.create'
      ],
    ).toBe(true);
    expect(
      ((await get(`/api/forumthreads?committeeid=${chem.id}`, admin)).json() as ForumThreadList).abilities[
        'forum.thread.create'
      ],
    ).toBe(true);
  });

  it('answers 404 to a non-member and to a user of no committee, 401 without a token', async () => {
    expect((await get(`/api/forumthreads?committeeid=${chem.id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/forumthreads?committeeid=${chem.id}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/forumthreads?committeeid=${chem.id}`)).statusCode).toBe(401);
  });
});

describe('starting a discussion', () => {
  it('stores the sanitized body and the attachments, and the author follows it', async () => {
    const before = (await storedFiles()).length;
    const res = await post('/api/forumthreads', writer, [
      ...threadFields({
        content: '<p>Bold <strong>text</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
      }),
      field('filesCount', 2),
      file('scheme.txt'),
      file('notes.txt'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Discussion Thread created Successfully.');
    const id = res.json().thread.id as number;
    const detail = (await get(`/api/forumthreads/${id}`, writer)).json() as ForumThreadDetail;
    expect(detail.post).toBe('<p>Bold <strong>text</strong></p>');
    expect(detail.documents.map((d) => d.name)).toEqual(['scheme.txt', 'notes.txt']);
    expect(detail.is_following).toBe(true);
    expect(detail.abilities).toMatchObject({ 'forum.thread.update': true, 'forum.thread.delete': true });
    expect((await storedFiles()).length).toBe(before + 2);
  });

  it('refuses a member without the write flag (403), a non-member (404), no token (401), and stores nothing', async () => {
    const before = (await storedFiles()).length;
    const plainRes = await post('/api/forumthreads', plain, [...threadFields(), file('a.txt')]);
    expect(plainRes.statusCode).toBe(403);
    expect(plainRes.json().message).toBe(FORUM_MESSAGES.writeNotAllowed);
    expect((await post('/api/forumthreads', outsider, [...threadFields(), file('a.txt')])).statusCode).toBe(404);
    expect((await post('/api/forumthreads', ar, threadFields())).statusCode).toBe(404);
    expect((await post('/api/forumthreads', undefined, threadFields())).statusCode).toBe(401);
    expect((await storedFiles()).length).toBe(before);
  });

  it('answers 400 with the messages: title over 100, no category, empty body, a name attached twice', async () => {
    const before = (await storedFiles()).length;
    const cases: [Part[], string][] = [
      [threadFields({ title: 'x'.repeat(101) }), 'The discussion title may not be greater than 100 characters.'],
      [threadFields({ title: '  ' }), FORUM_MESSAGES.titleRequired],
      [threadFields({ category: '' }), FORUM_MESSAGES.categoryRequired],
      [threadFields().filter((p) => p.name !== 'categories'), FORUM_MESSAGES.categoryRequired],
      [threadFields({ category: 999999 }), FORUM_MESSAGES.categoryUnknown],
      [threadFields({ content: '<p></p>' }), FORUM_MESSAGES.contentRequired],
      [threadFields({ content: '<script>alert(1)</script>' }), FORUM_MESSAGES.contentRequired],
      [[...threadFields(), file('same.txt'), file('same.txt')], 'File same.txt is already attached.'],
    ];
    for (const [parts, message] of cases) {
      const res = await post('/api/forumthreads', writer, parts);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await storedFiles()).length).toBe(before);
  });
});

describe('a discussion', () => {
  it('shows replies newest first with their attachments, and every attachment as related documents', async () => {
    const db = t.database.db;
    const thread = await makeThread(db, { committee: chem, author: admin.user, title: 'Replies order' });
    await makeReply(db, { thread, author: plain.user, post: '<p>first</p>', createdAt: new Date(Date.now() - 60_000) });
    const replied = await post('/api/forumreply', plain, [
      field('threadId', thread.id),
      field('committeId', chem.id),
      field('postContent', '<p>second</p>'),
      file('reply.txt'),
    ]);
    expect(replied.statusCode).toBe(200);
    expect(replied.json().message).toBe('Thread reply created successfully.');
    const detail = (await get(`/api/forumthreads/${thread.id}`, writer)).json() as ForumThreadDetail;
    expect(detail.replies.map((r) => r.post)).toEqual(['<p>second</p>', '<p>first</p>']);
    expect(detail.replies_total).toBe(2);
    expect(detail.replies[0]!.documents.map((d) => d.name)).toEqual(['reply.txt']);
    expect(detail.related_documents.map((d) => d.name)).toEqual(['reply.txt']);
    expect(detail.replies[0]!.abilities).toEqual({ 'forum.reply.update': false, 'forum.reply.delete': false });
    expect(detail.abilities).toMatchObject({ 'forum.thread.update': false, 'forum.reply.create': true });
    // Their author sees both replies as editable; a reply whose account is gone, nobody.
    await makeReply(db, { thread, author: null, post: '<p>orphan</p>', createdAt: new Date(Date.now() - 120_000) });
    const mine = (await get(`/api/forumthreads/${thread.id}`, plain)).json() as ForumThreadDetail;
    expect(mine.replies.map((r) => [r.post, r.user?.id ?? null, r.abilities])).toEqual([
      ['<p>second</p>', plain.user.id, { 'forum.reply.update': true, 'forum.reply.delete': true }],
      ['<p>first</p>', plain.user.id, { 'forum.reply.update': true, 'forum.reply.delete': true }],
      ['<p>orphan</p>', null, { 'forum.reply.update': false, 'forum.reply.delete': false }],
    ]);
  });

  it('answers 404 for another committee’s thread, a missing one and a user of no committee', async () => {
    const theirs = await makeThread(t.database.db, { committee: other, author: outsider.user });
    expect((await get(`/api/forumthreads/${theirs.id}`, admin)).statusCode).toBe(404);
    expect((await get('/api/forumthreads/99999999', admin)).statusCode).toBe(404);
    expect((await get(`/api/forumthreads/${theirs.id}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/forumthreads/${theirs.id}`)).statusCode).toBe(401);
    expect(
      (await post('/api/forumreply', admin, [field('threadId', theirs.id), field('postContent', '<p>hi</p>')]))
        .statusCode,
    ).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('lets only the author edit a thread, keeping or removing attachments', async () => {
    const created = await post('/api/forumthreads', writer, [
      ...threadFields({ title: 'To edit' }),
      file('keep.txt'),
      file('drop.txt'),
    ]);
    const id = created.json().thread.id as number;
    const docs = ((await get(`/api/forumthreads/${id}`, writer)).json() as ForumThreadDetail).documents;
    const keep = docs.find((d) => d.name === 'keep.txt')!;
    const edit = (who: Person, extra: Part[]) =>
      post(`/api/forumthreads/${id}`, who, [
        field('_method', 'put'),
        field('threadId', id),
        ...threadFields({ title: 'Edited title', content: '<p>Edited</p>' }),
        ...extra,
      ]);

    const refused = await edit(admin, [field('existingFiles[]', keep.id)]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FORUM_MESSAGES.authorOnly);
    expect((await edit(outsider, [])).statusCode).toBe(404);

    const dup = await edit(writer, [field('existingFiles[]', keep.id), file('keep.txt')]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('File keep.txt is already attached.');

    const before = (await storedFiles()).length;
    const ok = await edit(writer, [field('existingFiles[]', keep.id), file('new.txt')]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Discussion Thread created updated.');
    const after = (await get(`/api/forumthreads/${id}`, writer)).json() as ForumThreadDetail;
    expect(after.title).toBe('Edited title');
    expect(after.post).toBe('<p>Edited</p>');
    expect(after.documents.map((d) => d.name).sort()).toEqual(['keep.txt', 'new.txt']);
    expect((await storedFiles()).length).toBe(before); // one removed, one added
  });

  it('deletes a thread with its replies, attachments and files, by its author only', async () => {
    const created = await post('/api/forumthreads', writer, [...threadFields({ title: 'To delete' }), file('t.txt')]);
    const id = created.json().thread.id as number;
    await post('/api/forumreply', plain, [field('threadId', id), field('postContent', '<p>reply</p>'), file('r.txt')]);
    const before = (await storedFiles()).length;
    const refused = await del(`/api/forumthreads/${id}`, plain);
    expect(refused.statusCode).toBe(403);
    expect((await del(`/api/forumthreads/${id}`, outsider)).statusCode).toBe(404);
    expect((await del(`/api/forumthreads/${id}`)).statusCode).toBe(401);
    const res = await del(`/api/forumthreads/${id}`, writer);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Discussion Thread Deleted Successfully.');
    const db = t.database.db;
    expect(await db.select().from(forumReplies).where(eq(forumReplies.threadId, id))).toEqual([]);
    expect(await db.select().from(forumAttachments).where(eq(forumAttachments.threadId, id))).toEqual([]);
    expect(await db.select().from(files).where(eq(files.name, 'r.txt'))).toEqual([]);
    expect((await storedFiles()).length).toBe(before - 2);
    expect((await get(`/api/forumthreads/${id}`, writer)).statusCode).toBe(404);
  });

  it('lets only a reply’s author edit or delete it', async () => {
    const thread = await makeThread(t.database.db, { committee: chem, author: admin.user });
    const created = await post('/api/forumreply', plain, [
      field('threadId', thread.id),
      field('postContent', '<p>mine</p>'),
      file('one.txt'),
    ]);
    const reply = created.json().reply as { id: number; documents: { id: number }[] };
    const edit = (who: Person, parts: Part[]) =>
      post(`/api/forumreply/${reply.id}`, who, [field('_method', 'put'), field('replyId', reply.id), ...parts]);
    expect((await edit(admin, [field('postContent', '<p>not yours</p>')])).statusCode).toBe(403);
    expect((await edit(outsider, [field('postContent', '<p>x</p>')])).statusCode).toBe(404);
    expect((await edit(plain, [field('postContent', '<p></p>')])).json().message).toBe(FORUM_MESSAGES.contentRequired);
    const ok = await edit(plain, [
      field('postContent', '<p>edited <em>reply</em></p>'),
      field('existingFiles[]', reply.documents[0]!.id),
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Thread reply Edited successfully.');
    expect(ok.json().reply).toMatchObject({ post: '<p>edited <em>reply</em></p>', documents: [{ name: 'one.txt' }] });
    expect((await del(`/api/forumreply/${reply.id}`, admin)).statusCode).toBe(403);
    const gone = await del(`/api/forumreply/${reply.id}`, plain);
    expect(gone.json().message).toBe('Thread reply deleted successfully.');
    expect(((await get(`/api/forumthreads/${thread.id}`, plain)).json() as ForumThreadDetail).replies_total).toBe(0);
    expect(await t.database.db.select().from(files).where(eq(files.name, 'one.txt'))).toEqual([]);
  });
});

describe('attachments', () => {
  it('are downloaded by members of the thread’s committee only', async () => {
    const created = await post('/api/forumthreads', writer, [
      ...threadFields({ title: 'With a file' }),
      file('report.txt', 'the report'),
    ]);
    const detail = (await get(`/api/forumthreads/${created.json().thread.id}`, writer)).json() as ForumThreadDetail;
    const docId = detail.documents[0]!.id;
    const res = await get(`/api/forumdocument/${docId}`, plain);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('the report');
    expect(res.headers['content-disposition']).toContain('report.txt');
    expect((await get(`/api/forumdocument/${docId}`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/forumdocument/${docId}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/forumdocument/${docId}`)).statusCode).toBe(401);
    // Through a download ticket, as the browser does.
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/downloads',
      headers: auth(plain.token),
      payload: { path: `/api/forumdocument/${docId}` },
    });
    expect(ticket.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ticket.json().url })).body).toBe('the report');
  });
});

describe('follow and notify', () => {
  it('notifies the followers of a reply, never its writer, in the committee’s view', async () => {
    const created = await post('/api/forumthreads', writer, [...threadFields({ title: 'Followed thread' })]);
    const id = created.json().thread.id as number;
    expect((await get(`/api/forum/isfollowing/${id}`, plain)).json()).toEqual({ following: false });
    expect((await get(`/api/forum/follow/${id}`, plain)).json()).toMatchObject({ following: true });
    expect((await get(`/api/forum/isfollowing/${id}`, plain)).json()).toEqual({ following: true });
    expect((await get(`/api/forum/follow/${id}`, outsider)).statusCode).toBe(404);

    await post('/api/forumreply', plain, [field('threadId', id), field('postContent', '<p>A reply</p>')]);
    const db = t.database.db;
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.url, `/discussion/${id}`));
    expect(rows.map((r) => r.userId)).toEqual([writer.user.id]);
    expect(rows[0]).toMatchObject({ committeeId: chem.id, role: 'CM', title: 'New reply in "Followed thread"' });
    const bell = await get(`/api/notifications?cmId=${chem.id}&role=CM`, writer);
    expect(
      bell.json().data.some((n: { data: { data: { url: string } } }) => n.data.data.url === `/discussion/${id}`),
    ).toBe(true);

    expect((await get(`/api/forum/unfollow/${id}`, writer)).json()).toMatchObject({ following: false });
    await post('/api/forumreply', admin, [field('threadId', id), field('postContent', '<p>Another</p>')]);
    const after = await db
      .select()
      .from(notifications)
      .where(eq(notifications.url, `/discussion/${id}`));
    expect(after.map((r) => r.userId).sort()).toEqual([writer.user.id, plain.user.id].sort());
  });
});

describe('search', () => {
  it('finds a body word, a prefix of the last word, an attachment name and a reply, never another committee’s', async () => {
    const db = t.database.db;
    await makeThread(db, {
      committee: chem,
      author: admin.user,
      title: 'Chromatography columns',
      post: '<p>Which <strong>zirconium</strong> columns do you use?</p>',
    });
    await makeThread(db, {
      committee: other,
      author: outsider.user,
      title: 'Zirconium elsewhere',
      post: '<p>zirconium in the other committee</p>',
    });
    const withReply = await makeThread(db, { committee: chem, author: admin.user, title: 'Unrelated title' });
    await makeReply(db, {
      thread: withReply,
      author: plain.user,
      post: '<p>We calibrate with a <em>spectrophotometer</em>.</p>',
    });
    await post('/api/forumthreads', writer, [...threadFields({ title: 'Files only' }), file('uncertainty-budget.txt')]);

    const find = async (term: string, who = plain, cm = chem.id) =>
      (await get(`/api/forum/search?cmid=${cm}&term=${encodeURIComponent(term)}`, who)).json() as ForumSearchResults;
    const body = await find('zirconium');
    expect(body.data.map((r) => r.title)).toEqual(['Chromatography columns']);
    expect(body.total).toBe(1);
    expect(body.data[0]!.snippet).toContain('<mark>zirconium</mark>');
    expect((await find('which zircon')).data.map((r) => r.title)).toEqual(['Chromatography columns']);
    expect((await find('spectrophotometer')).data.map((r) => r.title)).toEqual(['Unrelated title']);
    expect((await find('spectrophotometer')).data[0]!.snippet).toContain('<mark>spectrophotometer</mark>');
    expect((await find('budget')).data.map((r) => r.title)).toEqual(['Files only']);
    expect((await find('nothingmatcheshere')).data).toEqual([]);
    expect((await get(`/api/forum/search?cmid=${other.id}&term=zirconium`, plain)).statusCode).toBe(404);
    expect((await get(`/api/forum/search?cmid=${chem.id}&term=zirconium`)).statusCode).toBe(401);
    const empty = await get(`/api/forum/search?cmid=${chem.id}&term=%20`, plain);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(FORUM_MESSAGES.searchTermRequired);
  });

  it('finds a thread by a reply’s word after the reply is added, edited and deleted, through the service', async () => {
    const thread = await makeThread(t.database.db, { committee: chem, author: admin.user, title: 'Reply words' });
    const find = async (term: string) =>
      (
        (
          await get(`/api/forum/search?cmid=${chem.id}&term=${encodeURIComponent(term)}`, plain)
        ).json() as ForumSearchResults
      ).data.map((r) => r.title);
    expect(await find('ytterbium')).toEqual([]);

    const added = await post('/api/forumreply', plain, [
      field('threadId', thread.id),
      field('postContent', '<p>Our <em>ytterbium</em> standard drifted.</p>'),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const replyId = added.json().reply.id as number;
    expect(await find('ytterbium')).toEqual(['Reply words']);
    expect(await find('ytterb')).toEqual(['Reply words']);
    const snippet = (
      (await get(`/api/forum/search?cmid=${chem.id}&term=ytterbium`, plain)).json() as ForumSearchResults
    ).data[0]!.snippet;
    expect(snippet).toContain('<mark>ytterbium</mark>');

    const edited = await post(`/api/forumreply/${replyId}`, plain, [
      field('_method', 'put'),
      field('replyId', replyId),
      field('postContent', '<p>Our lutetium standard drifted.</p>'),
      file('holmium-notes.txt'),
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await find('ytterbium')).toEqual([]);
    expect(await find('lutetium')).toEqual(['Reply words']);
    expect(await find('holmium')).toEqual(['Reply words']);

    expect((await del(`/api/forumreply/${replyId}`, plain)).statusCode).toBe(200);
    expect(await find('lutetium')).toEqual([]);
    expect(await find('holmium')).toEqual([]);
    // Another thread's replies are not this one's.
    const second = await makeThread(t.database.db, { committee: chem, author: admin.user, title: 'Second thread' });
    await makeReply(t.database.db, { thread: second, author: plain.user, post: '<p>thulium only here</p>' });
    expect(await find('thulium')).toEqual(['Second thread']);
  });

  it('ranks a thread’s own hit above a reply’s, pages, and counts past the last page', async () => {
    const inReply = await makeThread(t.database.db, {
      committee: chem,
      author: admin.user,
      title: 'Gadolinium in a reply',
    });
    await makeReply(t.database.db, { thread: inReply, author: plain.user, post: '<p>about erbium</p>' });
    await makeThread(t.database.db, {
      committee: chem,
      author: admin.user,
      title: 'Erbium first',
      post: '<p>erbium erbium</p>',
    });
    const page = (n: number) =>
      get(`/api/forum/search?cmid=${chem.id}&term=erbium&per_page=1&page=${n}`, plain).then(
        (r) => r.json() as ForumSearchResults,
      );
    expect((await page(1)).data.map((r) => r.title)).toEqual(['Erbium first']);
    expect((await page(2)).data.map((r) => r.title)).toEqual(['Gadolinium in a reply']);
    expect(await page(3)).toMatchObject({ data: [], total: 2 });
    expect((await page(1)).total).toBe(2);
  });

  it('escapes the snippet: text that looks like markup stays text', async () => {
    await makeThread(t.database.db, {
      committee: chem,
      author: admin.user,
      title: 'Escaping',
      post: '<p>quokka &lt;img src=x onerror=alert(1)&gt; here</p>',
    });
    const res = (await get(`/api/forum/search?cmid=${chem.id}&term=quokka`, plain)).json() as ForumSearchResults;
    expect(res.data[0]!.snippet).toContain('&lt;img');
    expect(res.data[0]!.snippet).not.toContain('<img');
  });
});

describe('members', () => {
  it('lists the committee’s members, admin first, title defaulting to General, the user marked', async () => {
    const res = (await get(`/api/forum/members?cmid=${chem.id}`, plain)).json() as MemberList;
    expect(res.total).toBe(3);
    expect(res.data[0]).toMatchObject({ first_name: 'Cara', admin: true, is_you: false });
    expect(res.data.find((m) => m.first_name === 'Pat')).toMatchObject({
      title: 'General',
      is_you: true,
      email: 'pat.plain@lab.test',
    });
  });

  it('searches any word against names, title, phone or email (trimmed, whitespace collapsed)', async () => {
    const names = async (search: string) =>
      (
        (
          await get(`/api/forum/members?cmid=${chem.id}&search=${encodeURIComponent(search)}`, plain)
        ).json() as MemberList
      ).data.map((m) => m.first_name);
    expect(await names('  writer  ')).toEqual(['Wes']);
    expect(await names('chair   plain')).toEqual(['Cara', 'Pat']);
    expect(await names('general')).toEqual(['Pat']);
    expect(await names('0111')).toEqual(['Wes']);
    expect(await names('lab.test')).toEqual(['Pat']);
    expect(await names('100%')).toEqual([]);
  });

  it('answers 404 to a non-member and 401 without a token', async () => {
    expect((await get(`/api/forum/members?cmid=${chem.id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/forum/members?cmid=${chem.id}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/forum/members?cmid=${chem.id}`)).statusCode).toBe(401);
  });
});

it('keeps the error shape of the platform for an unknown id', async () => {
  const res = await del('/api/forumreply/99999999', plain);
  expect(res.statusCode).toBe(404);
  expect(res.json().message).toBe(MESSAGES.notFound);
  expect((await t.database.db.select().from(forumThreads).where(eq(forumThreads.id, -1))).length).toBe(0);
});
