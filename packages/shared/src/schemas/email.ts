import { z } from 'zod';
import { EMAIL_FREQUENCIES } from '../constants.js';
import { safeId, safeString } from './common.js';

/** The email preference (a beyond-spec setting): each notification as it comes, or a daily digest. */
export const emailSettingsBody = z.object({
  frequency: z.enum(EMAIL_FREQUENCIES, 'Choose each one as it comes or a daily digest.'),
  /** Kinds of notification not to receive by email (the unsubscribe links add to it). */
  unsubscribed: z.array(safeString().max(40)).max(20).optional(),
});
export type EmailSettingsBody = z.infer<typeof emailSettingsBody>;

export const emailSettingsResponse = z.object({
  frequency: z.enum(EMAIL_FREQUENCIES),
  unsubscribed: z.array(z.string()),
});
export type EmailSettings = z.infer<typeof emailSettingsResponse>;

/** The signed unsubscribe link of a mail: user, kind, signature. */
export const unsubscribeQuery = z.object({
  u: safeId(),
  k: safeString().min(1).max(40),
  s: safeString().min(1).max(100),
});
