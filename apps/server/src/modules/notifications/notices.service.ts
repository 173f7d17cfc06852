import {
  ADMIN_COMMS_MESSAGES as M,
  NOTIFICATION_GROUPS,
  REPORT_OPTIONS,
  TA_SEND_TO_LABELS,
  type NotificationLog,
  type NotificationSend,
  type NotificationSent,
} from '@portal/shared';
import { allows, authorize, scopeFor } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { kickFanOut } from './notices.fanout.js';
import * as q from './notifications.queries.js';
import './notifications.policy.js';

/** The audience the body names, in words for the log; refuses a notice that names none. */
async function audienceOf(deps: Deps, actor: Actor, input: NotificationSend) {
  const sendTo = input.send_to;
  if (sendTo === undefined) {
    const groups = allows(actor, 'admin.notification.send', { audience: 'groups' as const });
    throw badRequest(groups ? M.notificationNoGroup : M.notificationNoOption);
  }
  if (Array.isArray(sendTo)) {
    authorize(actor, 'admin.notification.send', { audience: 'groups' as const });
    const asked = [...new Set(input.committee_ids)];
    const committees = await q.committeeNamesOf(deps.db, asked);
    // A committee that is gone must not widen the notice to every committee's members.
    if (committees.length !== asked.length)
      throw badRequest(M.notificationUnknownCommittee, { committee_ids: [M.notificationUnknownCommittee] });
    const roles = NOTIFICATION_GROUPS.filter((g) => g !== 'CM' && sendTo.includes(g)) as ('AR' | 'TA')[];
    // CM alone reaches every committee's members; with committees named, only theirs.
    const allCommitteeMembers = sendTo.includes('CM') && committees.length === 0;
    if (roles.length === 0 && !allCommitteeMembers && committees.length === 0)
      throw badRequest(M.notificationNoGroup, { send_to: [M.notificationNoGroup] });
    const words = [
      ...roles,
      ...(allCommitteeMembers ? ['CM'] : []),
      ...(committees.length > 0 ? [`CM: ${committees.map((c) => c.name).join(', ')}`] : []),
    ];
    const audience: q.Audience = {
      kind: 'groups',
      roles,
      allCommitteeMembers,
      committeeIds: committees.map((c) => c.id),
    };
    return {
      audience,
      text: words.join('; '),
      picked: { send_to: sendTo, committee_ids: audience.kind === 'groups' ? audience.committeeIds : [] },
    };
  }
  authorize(actor, 'admin.notification.send', { audience: 'assessors' as const });
  if (sendTo === 'REPORT_USERS' && input.user_ids.length === 0)
    throw badRequest(M.notificationNoReportUsers, { user_ids: [M.notificationNoReportUsers] });
  const months = input.unUsedForMonths;
  const options = (input.selectedReportOptions ?? [])
    .map((id) => REPORT_OPTIONS.find((o) => o.id === id)?.label)
    .filter(Boolean);
  const text =
    sendTo === 'ALL_TA_USERS'
      ? TA_SEND_TO_LABELS.ALL_TA_USERS
      : `${TA_SEND_TO_LABELS.REPORT_USERS}${months ? ` (${months} months${options.length ? `: ${options.join(', ')}` : ''})` : ''}`;
  const audience: q.Audience = {
    kind: 'assessors',
    userIds: sendTo === 'ALL_TA_USERS' ? 'all' : [...new Set(input.user_ids)],
  };
  return {
    audience,
    text,
    picked: { send_to: sendTo, months: months ?? null, options: input.selectedReportOptions ?? [] },
  };
}

/**
 * POST /notifications: an admin's notice to a group. Every recipient gets it once in the portal
 * (type Admin: it opens as a modal) and by mail through the outbox, whatever their mail choices.
 * The call's transaction writes the log row, queued with the recipients' selection, and the audit
 * row, and answers how many it will reach (one count); the fan-out (notices.fanout.ts) writes the
 * notifications and mails after commit, so the call answers at once whatever the audience's size.
 */
export async function sendNotice(deps: Deps, actor: Actor, input: NotificationSend): Promise<NotificationSent> {
  authorize(actor, 'admin.notification.send');
  const senderName = input.sender_name.trim();
  const senderEmail = input.sender_email.trim();
  const title = input.notification_title.trim();
  const body = input.notification_body.trim();
  if (!senderName || !senderEmail || !title || !body) throw badRequest(M.notificationFieldsEmpty);
  const { audience, text: sentTo, picked } = await audienceOf(deps, actor, input);
  const sent = await deps.db.transaction(async (tx) => {
    const recipients = await q.countAudience(tx, audience);
    const id = await q.insertSentNotification(tx, {
      title,
      body,
      senderName,
      senderEmail,
      audience: audience.kind,
      sendTo: picked,
      sentToText: sentTo,
      recipients,
      sentBy: actor.user.id,
      status: 'queued',
      selection: audience,
    });
    await recordAudit(tx, {
      action: 'admin.notification.send',
      who: actor.user,
      ip: deps.ip,
      record: { type: 'sent_notification', id },
      after: { title, sent_to: sentTo, recipients },
    });
    return { message: M.notificationSent, recipients, id };
  });
  kickFanOut(deps);
  return sent;
}

/** GET /notifications/log: the notices of the audiences this admin sends to, newest first, paged in SQL. */
export async function listNoticeLog(
  deps: Deps,
  actor: Actor,
  query: { page: number; per_page: number },
): Promise<NotificationLog> {
  authorize(actor, 'admin.notification.send');
  const { where } = scopeFor(actor, 'admin.notification.send');
  const rows = await q.listSentNotifications(deps.db, where, query.page, query.per_page);
  const total = rows[0]?.total ?? (query.page > 1 ? await q.countSentNotifications(deps.db, where) : 0);
  return {
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      date: r.createdAt.toISOString(),
      recipient: r.recipients,
      notificationSentTo: r.sentToText,
      sender: `${r.senderName} (${r.senderEmail})`,
      reminders: (r.reminders as { sent_on: string; sent_to: number }[]) ?? [],
      sending: r.status === 'queued',
    })),
    total,
    page: query.page,
    per_page: query.per_page,
    audiences: {
      groups: allows(actor, 'admin.notification.send', { audience: 'groups' as const }),
      assessors: allows(actor, 'admin.notification.send', { audience: 'assessors' as const }),
    },
  };
}
