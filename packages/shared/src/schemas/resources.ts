import { z } from 'zod';
import { RESOURCE_MESSAGES } from '../messages.js';
import { safeString } from './common.js';

/**
 * Useful resources for technical assessors (spec/02 section 3 "Remote resource list entry": name,
 * dateUpdated, url, typeIcon). GET /api/resources/ta answers them; the body's back office adds,
 * replaces and removes them (SYSADMIN).
 */
export const resourceItem = z.object({
  id: z.number(),
  name: z.string(),
  /** ISO time of the last change of its file. */
  dateUpdated: z.string(),
  /** The download path (a browser reaches it through a download ticket: POST /api/downloads). */
  url: z.string(),
  /** The kind of file, for the icon (packages/shared files.ts `fileKindOf`). */
  typeIcon: z.enum(['pdf', 'word', 'excel', 'powerpoint', 'image', 'archive', 'text', 'file']),
  file_name: z.string(),
  size: z.number(),
});
export type ResourceItem = z.infer<typeof resourceItem>;

export const resourceList = z.object({ data: z.array(resourceItem) });
export type ResourceList = z.infer<typeof resourceList>;

/** POST /admin/resources (multipart): name, then file. */
export const resourceUploadFields = z.object({
  name: safeString({ error: RESOURCE_MESSAGES.nameRequired }).trim().min(1, RESOURCE_MESSAGES.nameRequired).max(255),
});
/** POST /admin/resources/{id}: the file, and optionally a new name. */
export const resourceReplaceFields = z.object({
  name: safeString().trim().min(1, RESOURCE_MESSAGES.nameRequired).max(255).optional(),
});

export const resourceSaved = z.object({ message: z.string(), data: resourceItem });
