import type { Tx } from '../db/client.js';

/**
 * Domain events: a service says what happened, inside the transaction of the change
 * (`emit(tx, 'jobs.document.received', {...})`), and the modules that react to it (today the
 * notifications module; later email, the document index, the audit trail) do their part in the
 * same transaction, so a reaction commits or rolls back with the change. Services never write
 * another area's rows (a notification, say) themselves.
 *
 * Every event type and its payload is declared here, in one place.
 */
export interface Person {
  id: number;
  /** 'First Last', as it is shown as a sender. */
  name: string;
}

export interface PortalEvents {
  /** Documents were submitted on a job by one side; the other side receives them. */
  'jobs.document.received': {
    job: { id: number; jobNumber: string; siteId: number };
    fromSide: 'facility' | 'assessor';
    by: Person;
    names: string[];
  };
  /** An assessor reviewed a document the facility submitted. */
  'jobs.document.reviewed': {
    job: { id: number; jobNumber: string };
    document: { name: string; uploadedBy: number | null; uploaderRole: string };
    by: Person;
    comment: string;
  };
  /** An AR submitted documents on a site (nobody is notified today; the body's back office may listen). */
  'sites.document.submitted': {
    site: { id: number };
    by: Person;
    names: string[];
  };
  /** A member replied in a forum discussion; its followers hear of it (the writer excepted). */
  'forum.reply.created': {
    thread: { id: number; title: string; committeeId: number };
    reply: { id: number };
    by: Person;
  };
  /** A committee admin added an event to the committee's calendar (start: Sydney wall-clock text). */
  'calendar.event.created': {
    event: { id: number; title: string; start: string; allDay: boolean };
    committee: { id: number; name: string };
    by: Person;
  };
  /** An admin decided a user's profile change: the keys applied (approve) or the reason (reject). */
  'requests.profileChange.decided': {
    userId: number;
    approved: boolean;
    /** The labels of the changes applied (approve). */
    applied: string[];
    reason: string | null;
    by: Person;
  };
  /**
   * A registration or a profile change was filed: the admins of the role that decides it hear of
   * it (never the user it is about).
   */
  'requests.request.created': {
    request: { id: number; type: 'create' | 'update'; name: string; summary: string };
    handler: 'SYSADMIN' | 'TA_ADMIN';
    about: { userId: number | null; email: string };
  };
  /** A publication was added to a subcategory or its file replaced (admin API or import). */
  'publications.publication.published': {
    publication: { id: number; name: string };
    category: { id: number; name: string; rootName: string };
    replaced: boolean;
  };
  /**
   * Someone sent the contact form (signed in or not): the admins hear of it in the portal, and the
   * body's mailbox (CONTACT_EMAIL, when set) gets it by mail.
   */
  'contact.message.sent': {
    from: { userId: number | null; name: string; email: string };
    subject: string;
    message: string;
    /** The body's mailbox (config CONTACT_EMAIL), or null: no mail copy. */
    mailbox: string | null;
  };
}

export type EventType = keyof PortalEvents;

/** A reaction to every event: it looks at the type and does its part in the transaction. */
export type Listener = <K extends EventType>(tx: Tx, type: K, payload: PortalEvents[K]) => Promise<void>;

const listeners = new Set<Listener>();

/** Adds a reaction (app.ts wires the modules' listeners once; adding one twice keeps one). */
export function listen(listener: Listener): void {
  listeners.add(listener);
}

/** Says what happened, in the transaction of the change; every listener runs before it returns. */
export async function emit<K extends EventType>(tx: Tx, type: K, payload: PortalEvents[K]): Promise<void> {
  for (const listener of listeners) await listener(tx, type, payload);
}

export const personOf = (user: { id: number; firstName: string; lastName: string }): Person => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`,
});
