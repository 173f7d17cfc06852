import { CONTACT_LIMITS, CONTACT_MESSAGES, contactPublicMessage, type ContactRequest } from '@portal/shared';
import { authorize } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { emit } from '../../platform/events.js';
import { takeTries } from '../../platform/tries.js';
import './contact.policy.js';

/** The sender as the admins see them: the account's for a signed-in user, the form's otherwise. */
function senderOf(actor: Actor | null, body: ContactRequest) {
  if (actor) {
    authorize(actor, 'contact.message.send');
    return {
      userId: actor.user.id,
      name: `${actor.user.firstName} ${actor.user.lastName}`.trim(),
      email: actor.user.email,
    };
  }
  const parsed = contactPublicMessage.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
    throw badRequest(parsed.error.issues[0]?.message ?? CONTACT_MESSAGES.nameRequired, errors);
  }
  return { userId: null, name: parsed.data.name, email: parsed.data.email.toLowerCase() };
}

/**
 * POST /contact: the message reaches the system administrators in the portal and the body's
 * mailbox (CONTACT_EMAIL) by mail, both written in one transaction (the mail through the outbox).
 * Counted first, in one statement, per client address and, signed out, per sender email.
 */
export async function sendContactMessage(deps: Deps, actor: Actor | null, body: ContactRequest, ip: string) {
  const from = senderOf(actor, body);
  const limits: Record<string, number> = { [`contact-from:${ip}`]: CONTACT_LIMITS.perAddress };
  if (!actor) limits[`contact-sender:${from.email}`] = CONTACT_LIMITS.perSenderEmail;
  await takeTries(deps, limits, CONTACT_LIMITS.windowMinutes);
  await deps.db.transaction((tx) =>
    emit(tx, 'contact.message.sent', {
      from,
      subject: body.subject,
      message: body.message,
      mailbox: deps.config.contactEmail ?? null,
    }),
  );
  return { message: CONTACT_MESSAGES.sent };
}
