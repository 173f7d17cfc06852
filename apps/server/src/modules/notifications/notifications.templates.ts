import { calendarPathFor, PRODUCT_NAME } from '@portal/shared';
import type { Tx } from '../../db/client.js';
import type { EventType, PortalEvents } from '../../platform/events.js';
import * as q from './notifications.queries.js';
import { notifiedSubscribers, READER_ROLES } from './publication-recipients.js';

/**
 * One template per event type: who hears of it, and the in-app row they get (title, body, url,
 * the view it belongs to, the sender). Every notification text of the portal is here. An event
 * type with no template notifies nobody.
 *
 * Email: a template with `email: (payload) => ({ subject, text, html? })` also mails its recipients
 * (outbox rows written in the same transaction, sent after commit; platform/outbox.ts honours each
 * one's unsubscribe and digest choice), so a rolled-back change never mails anyone. `mailbox` mails
 * an address that is no user's (the body's contact mailbox).
 */
export interface InAppRow {
  type: string;
  title: string;
  body: string;
  url: string | null;
  /** The view the notification belongs to (a user with several roles sees it in that one). */
  role: string | null;
  committeeId?: number | null;
  sender: string | null;
}

export interface Template<K extends EventType> {
  recipients: (tx: Tx, payload: PortalEvents[K]) => Promise<number[]>;
  inApp: (payload: PortalEvents[K]) => InAppRow;
  /** The mail the recipients get too (onEvent queues it for them in the same transaction). */
  email?: (payload: PortalEvents[K]) => { subject: string; text: string; html?: string };
  /** A mail to an address that is no user's (null: none), in the same transaction. */
  mailbox?: (payload: PortalEvents[K]) => { to: string; subject: string; text: string; html?: string } | null;
}

const requestText = (e: PortalEvents['requests.request.created']) =>
  e.request.type === 'create'
    ? `${e.request.name} registered and waits for approval.`
    : `${e.request.name} asked to change their profile (${e.request.summary}) and waits for approval.`;

/** '2026-11-25 09:30:00' -> '25/11/2026 9:30 am' (all day: the date only), Sydney time as stored. */
function eventWhen(start: string, allDay: boolean): string {
  const [y, m, d] = start.slice(0, 10).split('-');
  const date = `${d}/${m}/${y}`;
  if (allDay) return date;
  const [h, min] = start.slice(11, 16).split(':').map(Number) as [number, number];
  return `${date} ${h % 12 === 0 ? 12 : h % 12}:${String(min).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

export const TEMPLATES: { [K in EventType]?: Template<K> } = {
  'jobs.document.received': {
    // The other side of the job: its assessors for the facility's documents, the site's ARs for the assessors'.
    recipients: async (tx, e) => {
      const ids =
        e.fromSide === 'facility' ? await q.assessorIdsOf(tx, e.job.id) : await q.representativeIdsOf(tx, e.job.siteId);
      return ids.filter((id) => id !== e.by.id);
    },
    inApp: (e) => ({
      type: 'document',
      title: `New document on job ${e.job.jobNumber}`,
      body: `${e.by.name} submitted ${quoted(e.names)} to job ${e.job.jobNumber}.`,
      url: `/job/${e.job.id}`,
      role: e.fromSide === 'facility' ? 'TA' : 'AR',
      sender: e.by.name,
    }),
  },
  'jobs.document.reviewed': {
    // The uploader, unless they reviewed it themselves (or their account is gone).
    recipients: async (_tx, e) =>
      e.document.uploadedBy !== null && e.document.uploadedBy !== e.by.id ? [e.document.uploadedBy] : [],
    inApp: (e) => ({
      type: 'document',
      title: `Document reviewed on job ${e.job.jobNumber}`,
      body: `${e.by.name} reviewed "${e.document.name}": ${e.comment}`,
      url: `/job/${e.job.id}`,
      role: e.document.uploaderRole === 'AR' ? 'AR' : 'TA',
      sender: e.by.name,
    }),
  },
  'forum.reply.created': {
    // The discussion's followers who are still members of its committee, except the writer.
    recipients: async (tx, e) =>
      (await q.forumFollowerIdsOf(tx, e.thread.id, e.thread.committeeId)).filter((id) => id !== e.by.id),
    inApp: (e) => ({
      type: 'forum',
      title: `New reply in "${e.thread.title}"`,
      body: `${e.by.name} replied to the discussion "${e.thread.title}".`,
      url: `/discussion/${e.thread.id}`,
      role: 'CM',
      committeeId: e.thread.committeeId,
      sender: e.by.name,
    }),
    email: (e) => ({
      subject: `New reply in "${e.thread.title}"`,
      text: `${e.by.name} replied to the discussion "${e.thread.title}" that you follow.`,
    }),
  },
  'calendar.event.created': {
    // The committee's members, but not the admin who added it.
    recipients: async (tx, e) => (await q.committeeMemberIdsOf(tx, e.committee.id)).filter((id) => id !== e.by.id),
    inApp: (e) => ({
      type: 'event',
      title: `New event in ${e.committee.name}`,
      body: `${e.by.name} added "${e.event.title}" on ${eventWhen(e.event.start, e.event.allDay)}.`,
      url: calendarPathFor(e.event.start),
      role: 'CM',
      committeeId: e.committee.id,
      sender: e.by.name,
    }),
  },
  'requests.profileChange.decided': {
    // The user whose profile it is, in whichever view they look from.
    recipients: async (_tx, e) => [e.userId],
    inApp: (e) => ({
      type: 'user',
      title: e.approved ? 'Profile change approved' : 'Profile change rejected',
      body: e.approved
        ? `${e.by.name} approved your profile change: ${e.applied.join(', ')}.`
        : `${e.by.name} rejected your profile change. Reason: ${e.reason ?? ''}`,
      url: '/profile',
      role: null,
      sender: e.by.name,
    }),
  },
  'requests.request.created': {
    // The admins who decide it (its handler's role), in that view; never the user it is about.
    recipients: (tx, e) => q.activeHoldersOf(tx, e.handler, e.about),
    inApp: (e) => ({
      type: 'admin',
      title: e.request.type === 'create' ? 'New registration' : 'New profile change',
      body: requestText(e),
      url:
        e.request.type === 'create'
          ? `/admin/pending-registration/${e.request.id}`
          : `/admin/pending-profile-change/${e.request.id}`,
      role: e.handler,
      sender: null,
    }),
    email: (e) => ({
      subject: `${PRODUCT_NAME}: ${e.request.type === 'create' ? 'new registration' : 'new profile change'} from ${e.request.name}`,
      text: `${requestText(e)}\n\nOpen Outstanding Activities in ${PRODUCT_NAME} to decide it.`,
    }),
  },
  'publications.publication.published': {
    // Subscribers of the subcategory who turned notify on (and may read publications).
    recipients: (tx, e) => notifiedSubscribers(tx, e.category.id, READER_ROLES),
    inApp: (e) => ({
      type: 'publication',
      title: e.replaced ? `Publication updated: ${e.publication.name}` : `New publication: ${e.publication.name}`,
      body: `"${e.publication.name}" was ${e.replaced ? 'updated' : 'published'} in ${e.category.rootName} > ${e.category.name}.`,
      url: `/publications/${e.publication.id}`,
      role: null,
      sender: null,
    }),
    email: (e) => ({
      subject: e.replaced ? `Publication updated: ${e.publication.name}` : `New publication: ${e.publication.name}`,
      text: `"${e.publication.name}" was ${e.replaced ? 'updated' : 'published'} in ${e.category.rootName} > ${e.category.name}.`,
    }),
  },
  'contact.message.sent': {
    // Every active system administrator (spec/02: the contact-form notification carries the sender's name and email).
    recipients: async (tx, e) => (await q.systemAdminIds(tx)).filter((id) => id !== e.from.userId),
    inApp: (e) => ({
      type: 'contact',
      title: `Contact message: ${e.subject}`,
      body: contactText(e),
      // No page to open: the notification opens as a modal holding the whole message.
      url: null,
      role: 'SYSADMIN',
      sender: `${e.from.name} (${e.from.email})`,
    }),
    mailbox: (e) =>
      e.mailbox
        ? {
            to: e.mailbox,
            subject: `${PRODUCT_NAME} contact message: ${e.subject}`,
            text: `${contactText(e)}\n\nReply to ${e.from.email}.`,
          }
        : null,
  },
};

function contactText(e: PortalEvents['contact.message.sent']): string {
  return `From: ${e.from.name} (${e.from.email})${e.from.userId === null ? ', not signed in' : ''}\nSubject: ${e.subject}\n\n${e.message}`;
}
