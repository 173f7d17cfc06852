import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, CONTACT_MESSAGES, MESSAGES } from '@portal/shared';
import { mailOutbox, notifications } from '../../db/schema/index.js';
import { sendDue } from '../../platform/outbox.js';
import { makeSignedIn, makeUser } from '../../test/factories/users.js';
import { auth, buildTestApp, lastMessageTo, login, type TestApp } from '../../test/helpers.js';

const MAILBOX = 'enquiries@body.test';
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeSignedIn>>;
let secondAdmin: Awaited<ReturnType<typeof makeUser>>;
let cm: Awaited<ReturnType<typeof makeSignedIn>>;

let address = 0;
/** Each call from its own client address unless told, so the per-address limit stays out of the way. */
const send = (payload: unknown, token?: string, remoteAddress = `10.1.0.${++address % 250}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: payload as object,
    headers: token ? auth(token) : {},
    remoteAddress,
  });

const notificationsOf = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

beforeAll(async () => {
  t = await buildTestApp({ CONTACT_EMAIL: MAILBOX }, { seed: false });
  const db = t.database.db;
  admin = await makeSignedIn(db, { roles: ['SYSADMIN'] });
  secondAdmin = await makeUser(db, { roles: ['SYSADMIN'] });
  await makeUser(db, { roles: ['SYSADMIN'], activated: false });
  cm = await makeSignedIn(db, { roles: ['CM'], firstName: 'Carla', lastName: 'Member' });
});
afterAll(() => t.close());

describe('POST /api/contact', () => {
  it('signed out: reaches every active admin in the portal with the sender’s name and email, and the body’s mailbox by mail', async () => {
    const res = await send({
      name: 'Vera Visitor',
      email: 'Vera@Example.org',
      subject: 'Accreditation fees',
      message: 'How much does it cost?',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CONTACT_MESSAGES.sent);

    for (const id of [admin.user.id, secondAdmin.id]) {
      const [n] = await notificationsOf(id);
      expect(n).toMatchObject({
        type: 'contact',
        title: 'Contact message: Accreditation fees',
        role: 'SYSADMIN',
        sender: 'Vera Visitor (vera@example.org)',
        url: null,
      });
      expect(n!.body).toContain('How much does it cost?');
      expect(n!.body).toContain('vera@example.org');
    }
    // The admin sees it in their notifications.
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications?count=20', headers: auth(admin.token) });
    expect(list.json().data[0]).toMatchObject({
      data: { title: 'Contact message: Accreditation fees', data: { type: 'contact' } },
      sender: 'Vera Visitor (vera@example.org)',
    });

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, MAILBOX));
    expect(mail).toMatchObject({ userId: null, kind: 'contact', status: 'pending' });
    await sendDue(t.app.deps);
    const sent = await lastMessageTo(t, MAILBOX);
    expect(sent?.subject).toBe('Members Portal contact message: Accreditation fees');
    expect(sent?.text).toContain('How much does it cost?');
    expect(sent?.text).toContain('Reply to vera@example.org.');
    expect(sent?.text).not.toContain('unsubscribe');
  });

  it('signed in: the account’s name and email, whatever the body says', async () => {
    const res = await send(
      { subject: 'Meeting room', message: 'Is room 2 free?', name: 'Someone Else', email: 'else@example.org' },
      cm.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await notificationsOf(admin.user.id);
    const n = rows.find((r) => r.title === 'Contact message: Meeting room')!;
    expect(n.sender).toBe(`Carla Member (${cm.user.email})`);
    expect(n.body).not.toContain('else@example.org');
  });

  it('400 with the form’s messages: signed in without subject or message; signed out also without name or a valid email', async () => {
    const none = await send({}, cm.token);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({
      subject: [CONTACT_MESSAGES.subjectRequired],
      message: [CONTACT_MESSAGES.messageRequired],
    });
    const blank = await send({ subject: '   ', message: 'x' }, cm.token);
    expect(blank.json()).toMatchObject({ message: CONTACT_MESSAGES.subjectRequired });

    const out = await send({ subject: 'Hello', message: 'Hi there' });
    expect(out.statusCode).toBe(400);
    expect(out.json().errors).toMatchObject({
      name: [CONTACT_MESSAGES.nameRequired],
      email: [CONTACT_MESSAGES.emailInvalid],
    });
    const badEmail = await send({ subject: 'Hello', message: 'Hi there', name: 'Vera', email: 'not-an-email' });
    expect(badEmail.json()).toMatchObject({
      message: CONTACT_MESSAGES.emailInvalid,
      errors: { email: [CONTACT_MESSAGES.emailInvalid] },
    });
    const outNone = await send({ name: 'Vera', email: 'vera@example.org' });
    expect(outNone.json().errors).toMatchObject({
      subject: [CONTACT_MESSAGES.subjectRequired],
      message: [CONTACT_MESSAGES.messageRequired],
    });
  });

  it('refuses NUL characters and over-long text (shared schemas)', async () => {
    const nul = await send({ subject: 'a\u0000b', message: 'x' }, cm.token);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(MESSAGES.nulCharacter);
    const long = await send({ subject: 'x', message: 'y'.repeat(CONTACT_LIMITS.messageMax + 1) }, cm.token);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ message: [CONTACT_MESSAGES.messageMax(CONTACT_LIMITS.messageMax)] });
  });

  it('401 for a token that is not a session, or one still waiting for its second factor', async () => {
    expect((await send({ subject: 'a', message: 'b' }, 'not-a-token')).statusCode).toBe(401);
    const pending = (await login(t, cm.user.email)).json<{ token: string }>().token;
    expect(pending).toBeTruthy();
    expect((await send({ subject: 'a', message: 'b' }, pending)).statusCode).toBe(401);
  });

  it('counts per client address in one statement: 13 at once against 10, exactly 3 refused', async () => {
    const from = '10.9.9.9';
    const responses = await Promise.all(
      Array.from({ length: CONTACT_LIMITS.perAddress + 3 }, (_, i) =>
        send({ subject: `Parallel ${i}`, message: 'm' }, cm.token, from),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(CONTACT_LIMITS.perAddress);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    const delivered = (await notificationsOf(admin.user.id)).filter((n) =>
      n.title.startsWith('Contact message: Parallel'),
    );
    expect(delivered).toHaveLength(CONTACT_LIMITS.perAddress);
  });

  it('signed out, counts per sender email too, whatever the address', async () => {
    const responses = await Promise.all(
      Array.from({ length: CONTACT_LIMITS.perSenderEmail + 3 }, (_, i) =>
        send({ name: 'Sam', email: 'sam@example.org', subject: `Sender ${i}`, message: 'm' }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(CONTACT_LIMITS.perSenderEmail);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    // Another case of the same address counts as the same sender.
    expect((await send({ name: 'Sam', email: 'SAM@example.org', subject: 'Again', message: 'm' })).statusCode).toBe(
      429,
    );
  });
});

describe('without CONTACT_EMAIL', () => {
  it('notifies the admins and mails nobody', async () => {
    const t2 = await buildTestApp({}, { seed: false });
    try {
      const a = await makeSignedIn(t2.database.db, { roles: ['SYSADMIN'] });
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Vera', email: 'vera@example.org', subject: 'Hi', message: 'There' },
      });
      expect(res.statusCode).toBe(200);
      expect(await t2.database.db.select().from(notifications).where(eq(notifications.userId, a.user.id))).toHaveLength(
        1,
      );
      expect(await t2.database.db.select().from(mailOutbox)).toHaveLength(0);
    } finally {
      await t2.close();
    }
  });
});
