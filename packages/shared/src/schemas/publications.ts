import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { PUBLICATION_MESSAGES } from '../messages.js';
import { safeId, safeString } from './common.js';
import { pageQuery, paged } from './paging.js';

/**
 * Publications, categories and subscriptions (spec/02 "Publications and subscriptions", section 3:
 * Publication id, name, uri, updated_at; Category id, name, children; subscription category id,
 * name, parent_id, isSubscribe, isNotify).
 */

export const categoryRef = z.object({ id: z.number(), name: z.string() });

export const publicationItem = z.object({
  id: z.number(),
  name: z.string(),
  /** The download path (through a download ticket: POST /api/downloads). */
  uri: z.string(),
  updated_at: z.string(),
  file_name: z.string(),
  size: z.number(),
  category: categoryRef,
  subcategory: categoryRef,
});
export type PublicationItem = z.infer<typeof publicationItem>;

export const publicationListQuery = z.object(pageQuery(PAGE_SIZES.publications));
export const publicationList = paged(publicationItem);
export type PublicationList = z.infer<typeof publicationList>;

/** GET /publications/category/{id}: a category's publications, a page at a time, by name. */
export const categoryPublicationsQuery = z.object(pageQuery(PAGE_SIZES.categoryPublications));

/** A publication as the subscriptions browser lists it. */
export const publicationLeaf = z.object({ id: z.number(), name: z.string(), updated_at: z.string(), uri: z.string() });
export type PublicationLeaf = z.infer<typeof publicationLeaf>;

export const subcategoryNode = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.number(),
  isSubscribe: z.boolean(),
  isNotify: z.boolean(),
  /** How many publications it holds (withPublication=true); they are asked for a page at a time. */
  publication_count: z.number().optional(),
});
export type SubcategoryNode = z.infer<typeof subcategoryNode>;

export const categoryNode = z.object({
  id: z.number(),
  name: z.string(),
  parent_id: z.null(),
  /** True when every subcategory is subscribed (the subscribe-all box). */
  isSubscribe: z.boolean(),
  /** True when every subcategory has notify on. */
  isNotify: z.boolean(),
  children: z.array(subcategoryNode),
});
export type CategoryNode = z.infer<typeof categoryNode>;

export const categoryTree = z.object({ data: z.array(categoryNode) });
export type CategoryTree = z.infer<typeof categoryTree>;

export const categoryTreeQuery = z.object({
  withPublication: z.enum(['true', 'false']).optional(),
  /** Only the categories the user subscribes to (the 'Your Subscriptions' browser). */
  subscribed: z.enum(['true', 'false']).optional(),
});

export const categoryParents = z.object({ data: z.array(categoryRef) });

/** POST /subscriptions {category_ids}: a root id stands for all its subcategories. */
export const subscriptionBody = z.object({
  category_ids: z
    .array(safeId(), { error: PUBLICATION_MESSAGES.categoryIdsRequired })
    .min(1, PUBLICATION_MESSAGES.categoryIdsRequired)
    .max(500),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

export const subscriptionQuery = z.object({ type: z.enum(['notification']).optional() });

/** DELETE /subscriptions/{json list}: '[1,2]' (a bare '1,2' is taken too). */
export const subscriptionIdsParam = z.object({ ids: safeString().max(5000) });

export function parseIdList(text: string): number[] | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text.trim().startsWith('[') ? text : `[${text}]`);
  } catch {
    return null;
  }
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0 || list.length > 500) return null;
  const ids = list.map((v) => Number(v));
  return ids.every((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31) ? [...new Set(ids)] : null;
}

export const subscriptionResult = z.object({ message: z.string(), data: z.array(categoryNode) });

/** POST /publications/bulk {ids} (the spec's ids[] is taken too): one zip. */
export const publicationBulkBody = z.object({
  ids: z.array(safeId()).max(500).optional(),
  'ids[]': z.union([safeId(), z.array(safeId()).max(500)]).optional(),
});

/** The admin's upload fields (multipart, before the file): the name and the subcategory's id. */
export const publicationUploadFields = z.object({
  name: safeString({ error: PUBLICATION_MESSAGES.nameRequired })
    .trim()
    .min(1, PUBLICATION_MESSAGES.nameRequired)
    .max(255),
  category_id: safeId({ error: PUBLICATION_MESSAGES.subcategoryRequired }),
});
/** The back office's Add Publication form in the browser: the same name rule, the subcategory as the Select's string. */
export const publicationAddForm = z.object({
  name: publicationUploadFields.shape.name,
  category_id: z.string().regex(/^\d+$/, PUBLICATION_MESSAGES.subcategoryRequired),
});
export type PublicationAddForm = z.infer<typeof publicationAddForm>;

/** Replacing: the file, and optionally a new name. */
export const publicationReplaceFields = z.object({
  name: safeString().trim().min(1, PUBLICATION_MESSAGES.nameRequired).max(255).optional(),
});

export const publicationSaved = z.object({ message: z.string(), data: publicationItem });
export type PublicationSaved = z.infer<typeof publicationSaved>;
