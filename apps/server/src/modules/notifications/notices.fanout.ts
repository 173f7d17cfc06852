import type { Db } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { asJob } from '../../platform/logging.js';
import { ADMIN_NOTICE_KIND, backoffMs, escapeHtml, OUTBOX } from '../../platform/outbox.js';
import type { BackgroundWork } from '../../platform/shutdown.js';
import * as q from './notifications.queries.js';

/**
 * The fan-out of an admin's notice (POST /notifications). The call only logs the notice as
 * 'queued' with its recipients' selection, so it answers at once whatever the audience's size; this
 * worker then writes every recipient's notification and mail (two set-based INSERT ... SELECT, no
 * recipient passes through the process) and marks the notice sent with the count reached, all in
 * one transaction. The notice is claimed with FOR UPDATE SKIP LOCKED inside that transaction:
 * several server processes fan it out once, and a crash or a failure mid-way rolls everything back
 * and leaves it queued, to be tried again after a growing wait. The mails then go out through the
 * outbox like any other.
 */

export function noticeContent(row: { title: string; body: string; senderName: string; senderEmail: string }) {
  const sender = `${row.senderName} (${row.senderEmail})`;
  const text = `${row.title}\n\nFrom: ${sender}\n\n${row.body}`;
  return {
    title: row.title,
    body: row.body,
    sender,
    mail: { kind: ADMIN_NOTICE_KIND, subject: row.title, text, html: escapeHtml(text).replace(/\n/g, '<br>') },
  };
}

/**
 * Fans out the queued notices that are due, one transaction each, until none is left (or `stop`
 * says so). A failure is recorded on the notice and the pass goes on with the others.
 */
export async function fanOutQueued(
  deps: Deps,
  stop: () => boolean = () => false,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  while (!stop()) {
    let claimed: { id: number; attempts: number } | undefined;
    try {
      const done = await deps.db.transaction(async (tx) => {
        const row = await q.claimQueuedNotice(tx);
        if (!row) return false;
        claimed = row;
        const recipients = await q.insertNotice(tx, row.selection as q.Audience, noticeContent(row));
        await q.markNoticeSent(tx, row.id, recipients);
        return true;
      });
      if (!done) break;
      sent++;
    } catch (e) {
      if (!claimed) throw e;
      failed++;
      const error = String((e as Error).message ?? e);
      await q.recordFanOutFailure(deps.db, claimed.id, error, backoffMs(claimed.attempts + 1));
      deps.log.error({ err: e, noticeId: claimed.id }, 'notice fan-out failed; it stays queued');
    }
  }
  return { sent, failed };
}

/** The pass in progress in this process, per database: passes run one after another. */
const passes = new WeakMap<Db, Promise<unknown>>();

/**
 * Runs a fan-out pass after the one in progress in this process (if any) and answers it. The call
 * kicks it right after its commit, so the notice goes out at once from the process that queued it;
 * tests await it to see the fan-out done.
 */
export function drainNotices(deps: Deps, stop?: () => boolean): Promise<{ sent: number; failed: number }> {
  const before = passes.get(deps.db) ?? Promise.resolve();
  const pass = before.catch(() => undefined).then(() => fanOutQueued(deps, stop));
  passes.set(deps.db, pass);
  void pass
    .catch(() => undefined)
    .finally(() => {
      if (passes.get(deps.db) === pass) passes.delete(deps.db);
    });
  return pass;
}

/** After commit: fan the notice out now, off the request (its failure is logged, the notice stays queued). */
export function kickFanOut(deps: Deps): void {
  void asJob(deps, 'notice-fanout', (deps) => drainNotices(deps)).catch((e: unknown) =>
    deps.log.error({ err: e }, 'notice fan-out: a pass failed'),
  );
}

/**
 * Fans out what is queued every `intervalMs`: notices another process queued and crashed before
 * fanning out, and retries after a failure. The timer does not keep the process alive; stop waits
 * for a pass in progress.
 */
export function startNoticeFanOut(deps: Deps, intervalMs = OUTBOX.intervalMs): BackgroundWork {
  let stopped = false;
  const tick = () =>
    asJob(deps, 'notice-fanout', (deps) => drainNotices(deps, () => stopped)).catch((e: unknown) =>
      deps.log.error({ err: e }, 'notice fan-out: a pass failed'),
    );
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, intervalMs);
  timer.unref();
  void tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await passes.get(deps.db)?.catch(() => undefined);
    },
  };
}
