import { MESSAGES, type NotificationItem, type NotificationList } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { authorize, scopeFor, viewing } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { Listener } from '../../platform/events.js';
import { queueAddressMail, queueMail } from '../../platform/outbox.js';
import * as q from './notifications.queries.js';
import { TEMPLATES, type Template } from './notifications.templates.js';
import { extend } from '../../platform/objects.js';
import './notifications.policy.js';

function present(row: q.ListRow): NotificationItem {
  return {
    id: row.id,
    created_at: row.created_at,
    read_at: row.read_at,
    data: { title: row.title, data: { type: row.type, url: row.url, notification_body: row.body } },
    body: row.body,
    sender: row.sender,
  };
}

/** The view the client asks for (role, committee), once the actor may have it. */
function scopeOf(
  actor: Actor,
  action: 'notifications.notification.list' | 'notifications.notification.update',
  role: string | undefined,
  cmId: number | undefined,
): q.Scope {
  const viewer = viewing(actor, role);
  authorize(viewer, action, { committeeId: cmId });
  return { records: scopeFor(viewer, action).where, role: viewer.view, committeeId: cmId };
}

export async function listForUser(
  deps: Deps,
  actor: Actor,
  query: { count: number; role?: string; cmId?: number },
): Promise<NotificationList> {
  const viewer = viewing(actor, query.role);
  authorize(viewer, 'notifications.notification.list', { committeeId: query.cmId });
  const { rows, counts } = await q.listNotifications(
    deps.db,
    {
      records: scopeFor(viewer, 'notifications.notification.list', sql.placeholder(q.ME)),
      me: actor.user.id,
      role: viewer.view,
      committeeId: query.cmId,
    },
    query.count,
  );
  return { data: rows.map(present), unread: counts.unread, total: counts.total };
}

export async function updateForUser(
  deps: Deps,
  actor: Actor,
  ids: string[] | 'all',
  query: { type: 'read' | 'delete'; role?: string; cmId?: number },
) {
  const scope = scopeOf(actor, 'notifications.notification.update', query.role, query.cmId);
  const updated = await q.updateNotifications(deps.db, scope, ids, query.type);
  if (ids !== 'all' && updated === 0) throw notFound();
  return { message: MESSAGES.actionSuccessful, updated };
}

export interface NewNotification {
  userIds: number[];
  type: string;
  title: string;
  body: string;
  url?: string | null;
  role?: string | null;
  committeeId?: number | null;
  sender?: string | null;
}

/**
 * Writes in-app rows, one per distinct recipient. Only this module calls it: other modules emit an
 * event (platform/events.ts) and onEvent turns it into rows through its template.
 */
export function notify(db: Db | Tx, n: NewNotification) {
  return q.insertNotifications(
    db,
    [...new Set(n.userIds)].map((userId) => ({
      userId,
      type: n.type,
      title: n.title,
      body: n.body,
      url: n.url ?? null,
      role: n.role ?? null,
      committeeId: n.committeeId ?? null,
      sender: n.sender ?? null,
    })),
  );
}

/** The notifications module's reaction to every event, in the event's transaction (wired in app.ts). */
export const onEvent: Listener = async (tx, type, payload) => {
  const template = TEMPLATES[type] as Template<typeof type> | undefined;
  if (!template) return;
  const userIds = await template.recipients(tx, payload);
  const row = template.inApp(payload);
  const mailbox = template.mailbox?.(payload);
  if (mailbox)
    await queueAddressMail(tx, mailbox.to, row.type, {
      subject: mailbox.subject,
      text: mailbox.text,
      html: mailbox.html,
      url: row.url,
    });
  if (userIds.length === 0) return;
  await notify(tx, { userIds, ...row });
  // The email channel: the same recipients, in the same transaction (platform/outbox.ts sends after commit).
  if (template.email) await queueMail(tx, userIds, row.type, extend(template.email(payload), { url: row.url }));
};
