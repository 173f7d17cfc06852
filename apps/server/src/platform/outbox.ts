import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '@portal/shared';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { emailSettings, mailOutbox, users } from '../db/schema/index.js';
import type { Deps } from './deps.js';
import { asJob } from './logging.js';
import type { BackgroundWork } from './shutdown.js';
import { hmac, safeEqual } from './tokens.js';

/**
 * The durable outbox (DESIGN "Notification events"). A notification that mails writes its rows
 * here in the transaction of the change (`queueMail`), so a rolled-back change mails nobody and a
 * committed one is never lost. The worker (`startOutboxWorker`) sends what is due after commit,
 * marks each row sent once the SMTP server took it, and after a failure tries again later with a
 * growing wait. Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease (locked_until), so two
 * server processes on one PostgreSQL never send the same row. (pg-boss needs PostgreSQL's
 * LISTEN/NOTIFY and several connections; it does not run on PGlite: docs/DECISIONS.md.)
 *
 * A user who chose the daily digest gets their rows held; once the oldest held one is a day old
 * they go out together in one mail.
 */

export interface MailContent {
  subject: string;
  /** The notification's own text (plain). */
  text: string;
  /** The same as HTML (the escaped text when the template gives none). */
  html?: string;
  /** The notification's link inside the portal ('/publications/12'). */
  url: string | null;
}

export const OUTBOX = {
  batch: 50,
  leaseSeconds: 120,
  maxAttempts: 8,
  /** The wait before try n+1: base * 2^(n-1), at most backoffMaxMs. */
  backoffBaseMs: 5_000,
  backoffMaxMs: 3_600_000,
  digestAfterMs: 24 * 3_600_000,
  intervalMs: 2_000,
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Queues one mail per recipient who wants it: active and not unsubscribed from this kind; held for
 * those on the daily digest. Call it in the transaction that writes the notification.
 */
export async function queueMail(tx: Tx, userIds: number[], kind: string, content: MailContent): Promise<number> {
  if (userIds.length === 0) return 0;
  // The ids go in as parameters, at most 65,535 to a statement: looked up 10,000 at a time.
  const recipients = [];
  for (let i = 0; i < userIds.length; i += 10_000) {
    recipients.push(
      ...(await tx
        .select({
          id: users.id,
          email: users.email,
          frequency: emailSettings.frequency,
          unsubscribed: emailSettings.unsubscribed,
        })
        .from(users)
        .leftJoin(emailSettings, eq(emailSettings.userId, users.id))
        .where(and(inArray(users.id, userIds.slice(i, i + 10_000)), eq(users.activated, true)))),
    );
  }
  const html = content.html ?? escapeHtml(content.text).replace(/\n/g, '<br>');
  const rows = recipients
    .filter((r) => !(r.unsubscribed ?? []).includes(kind))
    .map((r) => ({
      userId: r.id,
      toAddress: r.email,
      kind,
      subject: content.subject,
      text: content.text,
      html,
      url: content.url,
      status: (r.frequency === 'digest' ? 'held' : 'pending') as 'held' | 'pending',
    }));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(mailOutbox).values(rows.slice(i, i + 1000));
  return rows.length;
}

/**
 * Queues one mail to an address that is no user's (the body's mailbox, CONTACT_EMAIL): sent like
 * the others, without an unsubscribe link. Call it in the transaction of the change.
 */
export async function queueAddressMail(tx: Tx, toAddress: string, kind: string, content: MailContent): Promise<void> {
  const html = content.html ?? escapeHtml(content.text).replace(/\n/g, '<br>');
  await tx.insert(mailOutbox).values({
    userId: null,
    toAddress,
    kind,
    subject: content.subject,
    text: content.text,
    html,
    url: content.url,
    status: 'pending',
  });
}

/**
 * Mail of one's own account (a sign-in code, an activation or reset link, a notice to an address):
 * sent as written, without the portal's frame or an unsubscribe link, and its text, which holds a
 * code or a one-time link, is blanked once the mail went out or was given up.
 */
export const ACCOUNT_KIND = 'account';

/** Queues an account mail in the transaction of the action; answers its id for `sendQueuedNow`. */
export async function queueAccountMail(
  tx: Tx | Db,
  toAddress: string,
  content: { subject: string; text: string },
): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      userId: null,
      toAddress,
      kind: ACCOUNT_KIND,
      subject: content.subject,
      text: content.text,
      html: '',
      url: null,
      status: 'pending',
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * A notice an admin sent to a group (POST /notifications): always mailed, whatever the recipient's
 * unsubscribe and digest choices, so its mail carries no unsubscribe link.
 */
export const ADMIN_NOTICE_KIND = 'admin';

/** Mails counted since the process started (GET /api/metrics). */
export const mailStats = { sent: 0, failed: 0 };

// ---- Signed unsubscribe links (no sign-in needed). ----

const unsubscribeSignature = (secret: string, userId: number, kind: string) =>
  hmac(secret, `unsubscribe|${userId}|${kind}`);

export function unsubscribeUrl(config: Config, userId: number, kind: string): string {
  const q = new URLSearchParams({ u: String(userId), k: kind, s: unsubscribeSignature(config.secret, userId, kind) });
  return `${config.appUrl}/api/unsubscribe?${q.toString()}`;
}

export function verifyUnsubscribe(config: Config, userId: number, kind: string, signature: string): boolean {
  return safeEqual(signature, unsubscribeSignature(config.secret, userId, kind));
}

/** Names of the kinds, as a mail's footer says them. */
export const KIND_LABELS: Record<string, string> = {
  publication: 'publication notifications',
  forum: 'forum notifications',
  document: 'document notifications',
  admin: 'notifications from the administrators',
};
const labelOf = (kind: string) => KIND_LABELS[kind] ?? `${kind} notifications`;

type OutboxRow = typeof mailOutbox.$inferSelect;

/** The mail as sent: the portal's name, the notification, its link, and the unsubscribe link of its kind. */
export function renderMail(
  config: Config,
  row: Pick<OutboxRow, 'userId' | 'kind' | 'subject' | 'text' | 'html' | 'url'>,
) {
  if (row.kind === 'digest') return { subject: row.subject, text: row.text, html: row.html, unsubscribe: null };
  if (row.kind === ACCOUNT_KIND) return { subject: row.subject, text: row.text, html: undefined, unsubscribe: null };
  const link = row.url ? `${config.appUrl}${row.url}` : null;
  const unsubscribe =
    row.userId !== null && row.kind !== ADMIN_NOTICE_KIND ? unsubscribeUrl(config, row.userId, row.kind) : null;
  const text = [
    PRODUCT_NAME,
    '',
    row.text,
    ...(link ? ['', `Open it in the portal: ${link}`] : []),
    ...(unsubscribe ? ['', `To stop receiving ${labelOf(row.kind)} by email: ${unsubscribe}`] : []),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1b1e">',
    `<p style="font-weight:bold">${escapeHtml(PRODUCT_NAME)}</p>`,
    `<p>${row.html}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">Open it in the portal</a></p>` : '',
    unsubscribe
      ? `<p style="font-size:12px;color:#555"><a href="${escapeHtml(unsubscribe)}">Stop receiving ${escapeHtml(labelOf(row.kind))} by email</a></p>`
      : '',
    '</body></html>',
  ].join('');
  return { subject: row.subject, text, html, unsubscribe };
}

// ---- The worker. ----

/** Claims up to `batch` due rows with a lease; another process skips rows this one holds. */
async function claimDue(db: Db, batch: number): Promise<OutboxRow[]> {
  const ids = sql`(select ${mailOutbox.id} from ${mailOutbox}
    where ${mailOutbox.status} = 'pending' and ${mailOutbox.nextAttemptAt} <= now()
      and (${mailOutbox.lockedUntil} is null or ${mailOutbox.lockedUntil} < now())
    order by ${mailOutbox.nextAttemptAt}, ${mailOutbox.id}
    limit ${batch}
    for update skip locked)`;
  return db
    .update(mailOutbox)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${OUTBOX.leaseSeconds})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(sql`${mailOutbox.id} in ${ids}`)
    .returning();
}

/** The lease of one row, if it is still due and nobody holds it. */
async function claimOne(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${OUTBOX.leaseSeconds})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(
      sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} = 'pending' and (${mailOutbox.lockedUntil} is null or ${mailOutbox.lockedUntil} < now())`,
    )
    .returning();
  return row;
}

/** Sends one claimed row and records the outcome; answers whether it went out. */
async function deliver(deps: Deps, row: OutboxRow, error?: (e: unknown) => void): Promise<boolean> {
  const mail = renderMail(deps.config, row);
  // An account mail's text holds a code or a one-time link: not kept once it went out or was given up.
  const blank = row.kind === ACCOUNT_KIND ? { text: '', html: '' } : {};
  try {
    await deps.mailer.send(
      {
        to: row.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.unsubscribe
          ? { 'List-Unsubscribe': `<${mail.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : undefined,
      },
      deps.log,
    );
  } catch (e) {
    mailStats.failed++;
    const giveUp = row.attempts >= OUTBOX.maxAttempts;
    await deps.db
      .update(mailOutbox)
      .set({
        status: giveUp ? 'failed' : 'pending',
        lockedUntil: null,
        lastError: String((e as Error).message ?? e).slice(0, 500),
        nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
        ...(giveUp ? blank : {}),
      })
      .where(eq(mailOutbox.id, row.id));
    if (giveUp) deps.log.error({ outboxId: row.id }, 'outbox: gave up on a mail after the last try');
    error?.(e);
    return false;
  }
  mailStats.sent++;
  await deps.db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null, ...blank })
    .where(eq(mailOutbox.id, row.id));
  return true;
}

/**
 * Sends one queued mail at once, after the commit of the transaction that queued it (a sign-in code
 * must not wait for the worker's next pass). If it fails it stays due and the worker tries again
 * with the usual backoff; the error is thrown so the caller can say the mail did not go out.
 */
export async function sendQueuedNow(deps: Deps, id: number): Promise<void> {
  const row = await claimOne(deps.db, id);
  if (!row) return;
  let failure: unknown;
  if (!(await deliver(deps, row, (e) => (failure = e)))) throw failure;
}

export const backoffMs = (attempts: number) =>
  Math.min(OUTBOX.backoffBaseMs * 2 ** Math.max(0, attempts - 1), OUTBOX.backoffMaxMs);

/**
 * Sends what is due, batch after batch, until nothing is due (or `stop` says so). Answers how many
 * were sent and how many failed this time.
 */
export async function sendDue(
  deps: Deps,
  stop: () => boolean = () => false,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    if (stop()) break;
    const rows = await claimDue(deps.db, OUTBOX.batch);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (await deliver(deps, row)) sent++;
      else failed++;
    }
    // A failure ends the pass: what failed waits for its backoff, the rest for the next tick.
    if (failed > 0) break;
  }
  return { sent, failed };
}

/** Folds each digest user's held rows, the oldest a day old or more, into one pending mail. */
export async function composeDigests(deps: Deps, now = new Date()): Promise<number> {
  const due = await deps.db
    .selectDistinct({ userId: mailOutbox.userId })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'held'),
        sql`${mailOutbox.createdAt} <= ${new Date(now.getTime() - OUTBOX.digestAfterMs)}`,
      ),
    );
  let composed = 0;
  for (const { userId } of due) {
    if (userId === null) continue;
    await deps.db.transaction(async (tx) => {
      const held = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.status, 'held')))
        .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
        .for('update', { skipLocked: true });
      if (held.length === 0) return;
      const kinds = [...new Set(held.map((h) => h.kind))];
      const subject = `${PRODUCT_NAME}: your daily digest (${held.length} ${held.length === 1 ? 'notification' : 'notifications'})`;
      const text = [
        PRODUCT_NAME,
        '',
        `Your notifications of the last day:`,
        ...held.flatMap((h) => ['', `* ${h.subject}`, h.text, ...(h.url ? [`  ${deps.config.appUrl}${h.url}`] : [])]),
        '',
        ...kinds.map((k) => `To stop receiving ${labelOf(k)} by email: ${unsubscribeUrl(deps.config, userId, k)}`),
      ].join('\n');
      const html = [
        '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1b1e">',
        `<p style="font-weight:bold">${escapeHtml(PRODUCT_NAME)}</p><p>Your notifications of the last day:</p><ul>`,
        ...held.map(
          (h) =>
            `<li><p><strong>${escapeHtml(h.subject)}</strong><br>${h.html}${h.url ? `<br><a href="${escapeHtml(deps.config.appUrl + h.url)}">Open it in the portal</a>` : ''}</p></li>`,
        ),
        '</ul>',
        ...kinds.map(
          (k) =>
            `<p style="font-size:12px;color:#555"><a href="${escapeHtml(unsubscribeUrl(deps.config, userId, k))}">Stop receiving ${escapeHtml(labelOf(k))} by email</a></p>`,
        ),
        '</body></html>',
      ].join('');
      await tx.insert(mailOutbox).values({
        userId,
        toAddress: held[0]!.toAddress,
        kind: 'digest',
        subject,
        text,
        html,
        url: null,
        status: 'pending',
      });
      await tx
        .update(mailOutbox)
        .set({ status: 'merged' })
        .where(
          inArray(
            mailOutbox.id,
            held.map((h) => h.id),
          ),
        );
      composed++;
    });
  }
  return composed;
}

/**
 * Sends due mail every `intervalMs` (and composes due digests), one pass at a time; the timer does
 * not keep the process alive. The returned stop waits for a pass in progress.
 */
export function startOutboxWorker(deps: Deps, intervalMs = OUTBOX.intervalMs): BackgroundWork {
  let stopped = false;
  let busy = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (busy) return;
    busy = true;
    running = asJob(deps, 'outbox', async (deps) => {
      await composeDigests(deps);
      await sendDue(deps, () => stopped);
    })
      .catch((e: unknown) => deps.log.error({ err: e }, 'outbox: a pass failed'))
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(() => {
    if (!stopped) tick();
  }, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
