import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MESSAGES, RECORD_MESSAGES } from '../messages.js';
import { ROLES } from '../roles.js';
import { pageQuery } from './paging.js';
import { safeId, safeString } from './common.js';

/** The description of an upload: mandatory, at most 255 characters (spec/01 section 5). */
export const documentDescription = safeString({ error: MESSAGES.descriptionRequired })
  .trim()
  .min(1, MESSAGES.descriptionRequired)
  .max(LIMITS.descriptionMax, MESSAGES.descriptionMax);

/** The upload modal's form: the description typed for the chosen file. */
export const documentDescriptionForm = z.object({ description: documentDescription });

/** A job or site document (spec/01 section 3). */
export const documentItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  size: z.number(),
  mime_type: z.string(),
  /** Null for a site document the body sent. */
  user: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  reviewed_comment: z.string().nullable(),
  reviewed_date: z.string().nullable(),
});
export type DocumentItem = z.infer<typeof documentItem>;

/** Documents grouped as the tabs show them, oldest first (dateUploaded ascending). */
export const documentGroups = z.object({
  received: z.array(documentItem),
  submitted: z.array(documentItem),
  total: z.object({ received: z.number(), submitted: z.number() }),
  page: z.number(),
  per_page: z.number(),
});
export type DocumentGroups = z.infer<typeof documentGroups>;

/** GET /jobdocuments?jobid=&role= (per_page applies to each group). */
export const jobDocumentListQuery = z.object({
  jobid: safeId(),
  role: z.enum(ROLES).optional(),
  ...pageQuery(100, 500),
});

/** GET /sitedocuments?siteid= */
export const siteDocumentListQuery = z.object({
  siteid: safeId(),
  ...pageQuery(100, 500),
});

/** The text fields of POST /jobdocuments (multipart, beside the file). */
export const jobDocumentUploadFields = z.object({
  jobId: safeId({ error: 'The job id is required.' }),
  description: documentDescription,
  role: z.enum(ROLES).optional(),
});

/** The text fields of POST /sitedocuments (multipart, beside the file). */
export const siteDocumentUploadFields = z.object({
  siteId: safeId({ error: 'The site id is required.' }),
  description: documentDescription,
});

/** document is the first (or only) one; documents every file of the upload, in the order sent. */
export const uploadResponse = z.object({
  message: z.string(),
  document: documentItem,
  documents: z.array(documentItem),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

/** PUT /jobdocuments/{id}: the review. */
export const documentReview = z.object({
  reviewed_comment: safeString({ error: RECORD_MESSAGES.reviewCommentRequired })
    .trim()
    .min(1, RECORD_MESSAGES.reviewCommentRequired)
    .max(LIMITS.reviewCommentMax, MESSAGES.reviewCommentMax),
});
export type DocumentReview = z.input<typeof documentReview>;

export const reviewResponse = z.object({ message: z.string(), document: documentItem });

/** GET /jobdocuments/bulk?ids[]=1&ids[]=2 (also ?ids=1,2). */
export const bulkQuery = z.object({
  'ids[]': z.union([safeString(), z.array(safeString())]).optional(),
  ids: z.union([safeString(), z.array(safeString())]).optional(),
});

/** The ids of a bulk download, or null when there is none or one is not a number. */
export function parseBulkIds(q: { 'ids[]'?: string | string[]; ids?: string | string[] }, max = 500): number[] | null {
  const raw = [q['ids[]'] ?? [], q.ids ?? []].flat().flatMap((s) => s.split(','));
  if (raw.length === 0 || raw.length > max) return null;
  const ids = raw.map((s) => Number(s.trim()));
  return ids.every((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31) ? [...new Set(ids)] : null;
}

/** POST /api/downloads: a link the browser can follow to stream a download (see docs/api.md). */
export const downloadLinkRequest = z.object({ path: safeString().min(1).max(8000) });
export const downloadLinkResponse = z.object({ url: z.string() });
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponse>;
