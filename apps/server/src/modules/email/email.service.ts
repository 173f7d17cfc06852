import { eq, sql } from 'drizzle-orm';
import { PUBLICATION_MESSAGES, type EmailFrequency } from '@portal/shared';
import { emailSettings, users } from '../../db/schema/index.js';
import { authorize } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { KIND_LABELS, verifyUnsubscribe } from '../../platform/outbox.js';
import './email.policy.js';

export const labelOf = (kind: string) => KIND_LABELS[kind] ?? `${kind} notifications`;

export async function getSettings(deps: Deps, actor: Actor) {
  authorize(actor, 'notifications.email.update');
  const [row] = await deps.db.select().from(emailSettings).where(eq(emailSettings.userId, actor.user.id));
  return { frequency: (row?.frequency ?? 'each') as EmailFrequency, unsubscribed: row?.unsubscribed ?? [] };
}

export async function saveSettings(
  deps: Deps,
  actor: Actor,
  body: { frequency: EmailFrequency; unsubscribed?: string[] },
) {
  authorize(actor, 'notifications.email.update');
  const values = {
    frequency: body.frequency,
    updatedAt: new Date(),
    ...(body.unsubscribed ? { unsubscribed: body.unsubscribed } : {}),
  };
  await deps.db
    .insert(emailSettings)
    .values({ userId: actor.user.id, ...values })
    .onConflictDoUpdate({ target: emailSettings.userId, set: values });
  return { message: PUBLICATION_MESSAGES.emailPreferenceSaved, ...(await getSettings(deps, actor)) };
}

export const validLink = (deps: Deps, q: { u: number; k: string; s: string }) =>
  verifyUnsubscribe(deps.config, q.u, q.k, q.s);

/** The signed link's user stops receiving that kind by mail (idempotent). False for a bad link. */
export async function unsubscribe(deps: Deps, q: { u: number; k: string; s: string }): Promise<boolean> {
  if (!validLink(deps, q)) return false;
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, q.u));
  if (!user) return false;
  await deps.db
    .insert(emailSettings)
    .values({ userId: q.u, unsubscribed: [q.k] })
    .onConflictDoUpdate({
      target: emailSettings.userId,
      set: {
        unsubscribed: sql`case when ${q.k} = any(${emailSettings.unsubscribed}) then ${emailSettings.unsubscribed} else array_append(${emailSettings.unsubscribed}, ${q.k}::text) end`,
        updatedAt: new Date(),
      },
    });
  return true;
}
