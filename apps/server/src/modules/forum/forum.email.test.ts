import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@portal/shared';
import { mailOutbox } from '../../db/schema/index.js';
import { renderMail, sendDue } from '../../platform/outbox.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeThread } from '../../test/factories/forum.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, lastMessageTo, type TestApp } from '../../test/helpers.js';
import { multipart } from '../../test/multipart.js';

/** A reply to a followed discussion mails its followers (template 'forum.reply.created', kind 'forum'). */
let t: TestApp;
type Person = Awaited<ReturnType<typeof makeSignedIn>>;
let author: Person;
let follower: Person;
let writer: Person;
let thread: { id: number };

const reply = (who: Person, text: string) => {
  const body = multipart([
    { name: 'threadId', value: String(thread.id) },
    { name: 'postContent', value: `<p>${text}</p>` },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/forumreply',
    payload: body.payload,
    headers: { ...body.headers, ...auth(who.token) },
  });
};
const outboxOf = (userId: number) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'forum')));

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  author = await makeSignedIn(db, { roles: ['CM'] });
  follower = await makeSignedIn(db, { roles: ['CM'] });
  writer = await makeSignedIn(db, { roles: ['CM'], firstName: 'Wendy', lastName: 'Writer' });
  const committee = await makeCommittee(db, {
    admin: author.user,
    members: [
      { user: follower.user, canWrite: true },
      { user: writer.user, canWrite: true },
    ],
  });
  thread = await makeThread(db, { committee, author: author.user, title: 'Trace metals round' });
  expect(
    (await t.app.inject({ method: 'GET', url: `/api/forum/follow/${thread.id}`, headers: auth(follower.token) }))
      .statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

describe('forum reply email', () => {
  it('mails the followers (plain text and HTML, the portal’s name, the link, a signed unsubscribe link); not the writer', async () => {
    const res = await reply(writer, 'Results are in.');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await outboxOf(follower.user.id);
    expect(row).toMatchObject({
      subject: 'New reply in "Trace metals round"',
      url: `/discussion/${thread.id}`,
      status: 'pending',
    });
    expect(await outboxOf(writer.user.id)).toHaveLength(0);

    await sendDue(t.app.deps);
    const mail = await lastMessageTo(t, follower.user.email);
    expect(mail?.subject).toBe('New reply in "Trace metals round"');
    expect(mail?.text).toContain(PRODUCT_NAME);
    expect(mail?.text).toContain('Wendy Writer replied to the discussion "Trace metals round" that you follow.');
    expect(mail?.text).toContain(`http://portal.test/discussion/${thread.id}`);
    expect(mail?.text).toMatch(
      /To stop receiving forum notifications by email: http:\/\/portal\.test\/api\/unsubscribe\?u=\d+&k=forum&s=/,
    );
    const html = renderMail(t.config, row!).html;
    expect(html).toContain(`<a href="http://portal.test/discussion/${thread.id}">Open it in the portal</a>`);
    expect(html).toContain('Stop receiving forum notifications by email');
  });

  it('stops once the follower unsubscribes from forum mail (the in-app notification stays)', async () => {
    const mail = await lastMessageTo(t, follower.user.email);
    const link = /http:\/\/portal\.test(\/api\/unsubscribe\?\S+)/.exec(mail!.text)![1]!;
    const done = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const before = (await outboxOf(follower.user.id)).length;
    expect((await reply(writer, 'One more thing.')).statusCode).toBe(200);
    expect(await outboxOf(follower.user.id)).toHaveLength(before);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?count=20&role=CM',
      headers: auth(follower.token),
    });
    expect(
      list.json().data.filter((n: { data: { title: string } }) => n.data.title === 'New reply in "Trace metals round"'),
    ).toHaveLength(2);
  });

  it('holds the mail of a follower on the daily digest', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/notifications/email-settings',
          headers: auth(author.token),
          payload: { frequency: 'digest' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await reply(writer, 'Digest me.')).statusCode).toBe(200);
    const rows = await outboxOf(author.user.id);
    expect(rows.at(-1)?.status).toBe('held');
  });
});
