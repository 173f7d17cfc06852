import type { Tx } from '../../db/client.js';
import type { EventType, PortalEvents } from '../../platform/events.js';
import * as q from './notifications.queries.js';
import { notifiedSubscribers, READER_ROLES } from './publication-recipients.js';

/**
 * One template per event type: who hears of it, and the in-app row they get (title, body, url,
 * the view it belongs to, the sender). Every notification text of the portal is here. An event
 * type with no template notifies nobody.
 *
 * Email: a template may later say `email: (payload) => ({ subject, text })`; the publications
 * issue adds the sending (an outbox row written here in the same transaction, sent after commit),
 * so a rolled-back change never mails anyone.
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
  /**
   * The email hook (not sent yet): the publications issue fills it for the types that mail, and
   * onEvent queues it for the same recipients in the same transaction.
   */
  email?: (payload: PortalEvents[K]) => { subject: string; text: string; html?: string };
}

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

export const TEMPLATES: { [K in EventType]?: Template<K> } = {
  'jobs.document.received': {
    // The other side of the job: its assessors for the facility's documents, the site's ARs for the assessors'.
    recipients: async (tx, e) => {
      const ids = e.fromSide === 'facility' ? await q.assessorIdsOf(tx, e.job.id) : await q.representativeIdsOf(tx, e.job.siteId);
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
    recipients: async (_tx, e) => (e.document.uploadedBy !== null && e.document.uploadedBy !== e.by.id ? [e.document.uploadedBy] : []),
    inApp: (e) => ({
      type: 'document',
      title: `Document reviewed on job ${e.job.jobNumber}`,
      body: `${e.by.name} reviewed "${e.document.name}": ${e.comment}`,
      url: `/job/${e.job.id}`,
      role: e.document.uploaderRole === 'AR' ? 'AR' : 'TA',
      sender: e.by.name,
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
};
