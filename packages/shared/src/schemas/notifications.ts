import { z } from 'zod';
import { safeId, safeInt } from './common.js';
import { PAGE_SIZES } from '../constants.js';
import { ROLES } from '../roles.js';

/** A notification as the spec's screens read it (spec/02 section 3). */
export const notificationItem = z.object({
  id: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  data: z.object({
    title: z.string(),
    data: z.object({
      type: z.string(),
      url: z.string().nullable(),
      notification_body: z.string(),
    }),
  }),
  body: z.string().nullable(),
  sender: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListQuery = z.object({
  count: safeInt().min(1).max(PAGE_SIZES.notificationsMaxFetch).default(PAGE_SIZES.notificationsFetch),
  role: z.enum(ROLES).optional(),
  cmId: safeId().optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationList = z.object({
  data: z.array(notificationItem),
  /** Unread notifications in this role and committee. */
  unread: z.number(),
  /** All notifications (read or not) not deleted, in this role and committee. */
  total: z.number(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationUpdateQuery = z.object({
  type: z.enum(['read', 'delete']),
  role: z.enum(ROLES).optional(),
  cmId: safeId().optional(),
});

/**
 * PUT /notifications/{ids}: ids is a JSON list of notification ids (["a","b"]), one bare id, or
 * the word all (every notification of the role and committee, for 'Clear all').
 */
export function parseNotificationIds(raw: string): string[] | 'all' | null {
  if (raw === 'all') return 'all';
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  let ids: unknown = raw;
  if (raw.startsWith('[')) {
    try {
      ids = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const list = Array.isArray(ids) ? ids : [ids];
  if (list.length === 0 || list.length > 500) return null;
  return list.every((id) => typeof id === 'string' && uuid.test(id)) ? (list as string[]) : null;
}
