import { z } from 'zod';
import { CONTACT_LIMITS } from '../constants.js';
import { CONTACT_MESSAGES } from '../messages.js';
import { safeString } from './common.js';

/**
 * POST /api/contact (spec/02 "Contact"; the path is ours, DECISIONS). Subject and message are
 * required; a signed-out visitor also gives a name and an email. A signed-in user's name and email
 * come from their account, so the signed-in form sends only the two.
 */
const subject = safeString({ error: CONTACT_MESSAGES.subjectRequired })
  .trim()
  .min(1, CONTACT_MESSAGES.subjectRequired)
  .max(CONTACT_LIMITS.subjectMax, CONTACT_MESSAGES.subjectMax(CONTACT_LIMITS.subjectMax));
const message = safeString({ error: CONTACT_MESSAGES.messageRequired })
  .trim()
  .min(1, CONTACT_MESSAGES.messageRequired)
  .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageMax(CONTACT_LIMITS.messageMax));

/** The signed-in form. */
export const contactMessage = z.object({ subject, message });
export type ContactMessage = z.infer<typeof contactMessage>;

/** The signed-out form: name and email too. */
export const contactPublicMessage = contactMessage.extend({
  name: safeString({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameMax(CONTACT_LIMITS.nameMax)),
  email: safeString({ error: CONTACT_MESSAGES.emailInvalid })
    .trim()
    .max(254)
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
});
export type ContactPublicMessage = z.infer<typeof contactPublicMessage>;

/** What the route takes: name and email are checked as required by the service when there is no session. */
export const contactRequest = contactMessage.extend({
  name: safeString().max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameMax(CONTACT_LIMITS.nameMax)).optional(),
  email: safeString().max(254).optional(),
});
export type ContactRequest = z.infer<typeof contactRequest>;
