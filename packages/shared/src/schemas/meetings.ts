import { z } from 'zod';
import { MEETING_MESSAGES } from '../messages.js';
import { pageQuery, paged } from './paging.js';
import { safeId, safeString } from './common.js';
import { abilitiesSchema } from '../permissions.js';

/** Meeting folders and documents (spec/02 sections 3 and 7, "Meetings"). */

/** What this user may do in a committee's meeting documents (the web app shows buttons from these). */
export const meetingAbilities = abilitiesSchema('meetingFolder');
export type MeetingAbilities = z.infer<typeof meetingAbilities>;

export const meetingFolder = z.object({
  id: z.number(),
  name: z.string(),
  subtitle: z.string().nullable(),
  parent_id: z.number().nullable(),
  committee_id: z.number(),
  /** True when the folder has direct members (is open to them and the committee admin only). */
  restricted: z.boolean(),
});
export type MeetingFolder = z.infer<typeof meetingFolder>;

/** GET /committeerootfolders/{committeeId} and GET /meetingfolders/{rootId}. */
export const meetingFolderList = z.object({ data: z.array(meetingFolder), abilities: meetingAbilities });
export type MeetingFolderList = z.infer<typeof meetingFolderList>;

/** A part of a search snippet: hit parts are the words that matched. */
export const snippetPart = z.object({ text: z.string(), hit: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPart>;

export const meetingDocument = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  mime_type: z.string(),
  updated_at: z.string(),
  folder_id: z.number(),
  folder_name: z.string(),
  root_folder_id: z.number().nullable(),
  root_folder_name: z.string().nullable(),
  committee_id: z.number(),
  /** The download path (through a download ticket). */
  uri: z.string(),
  user: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  /** pending until the document index has read its text; found by name meanwhile. */
  index_state: z.enum(['pending', 'indexed', 'skipped', 'failed']),
  /** Search results only: the matching text with its hits. */
  snippet: z.array(snippetPart).nullable().optional(),
});
export type MeetingDocument = z.infer<typeof meetingDocument>;

export const meetingDocumentPage = paged(meetingDocument).extend({ abilities: meetingAbilities });
export type MeetingDocumentPage = z.infer<typeof meetingDocumentPage>;

/** GET /meetingdocuments/recent/{committeeId}: newest first; the dashboard asks for 5. */
export const meetingRecentQuery = z.object({ ...pageQuery(5, 50) });

/** GET /meetingdocuments?folderid= */
export const meetingFolderDocumentsQuery = z.object({ folderid: safeId(), ...pageQuery(100, 500) });

/** GET /meetingdocuments/search?term=&cmid= */
export const meetingSearchQuery = z.object({
  term: safeString().trim().max(200).default(''),
  cmid: safeId(),
  ...pageQuery(5, 50),
});

export const committeeIdParam = z.object({ committeeId: safeId() });
export const rootIdParam = z.object({ rootId: safeId() });
export const folderMembersParams = z.object({ committeeId: safeId(), folderId: safeId() });

/** POST /meetingfolders */
export const createMeetingFolder = z.object({
  folderName: safeString({ error: MEETING_MESSAGES.folderNameRequired })
    .trim()
    .min(1, MEETING_MESSAGES.folderNameRequired)
    .max(255, MEETING_MESSAGES.folderNameMax),
  parentFolderId: safeId().nullable().optional(),
  committeeId: safeId(),
});
export type CreateMeetingFolder = z.input<typeof createMeetingFolder>;

/** The Create folder form (the committee and parent come from the page). */
export const meetingFolderForm = createMeetingFolder.pick({ folderName: true });

/** POST /meetingfolder/accesspermission: the folder's direct members become exactly userIds (none: open to the committee). */
export const meetingFolderAccess = z.object({
  folderId: safeId(),
  committeeId: safeId(),
  userIds: z.array(safeId()).max(1000).default([]),
});
export type MeetingFolderAccess = z.input<typeof meetingFolderAccess>;

/** POST /meetingdocuments/delete/bulk */
export const meetingBulkDelete = z.object({
  committeeId: safeId(),
  ids: z.array(safeId()).min(1, MEETING_MESSAGES.idsRequired).max(500),
});
export type MeetingBulkDelete = z.input<typeof meetingBulkDelete>;

/** POST /meetingdocuments/bulk: the zip of the selected documents. */
export const meetingBulkDownload = z.object({ ids: z.array(safeId()).min(1, MEETING_MESSAGES.idsRequired).max(500) });

/** The text fields of POST /meetingdocuments (multipart, beside the file). */
export const meetingUploadFields = z.object({ folderId: safeId({ error: 'The folder id is required.' }) });

export const meetingFolderCreated = z.object({ message: z.string(), folder: meetingFolder });
export const meetingUploadResponse = z.object({
  message: z.string(),
  document: meetingDocument,
  documents: z.array(meetingDocument),
});
export type MeetingUploadResponse = z.infer<typeof meetingUploadResponse>;

export const folderMember = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  /** The committee admin (always sees every folder). */
  admin: z.boolean(),
  /** A direct member of this folder. */
  direct: z.boolean(),
  /** Allowed by the root folder (sub folders of a restricted root). */
  inherited: z.boolean(),
  /** May see the folder, after both rules. */
  can_see: z.boolean(),
});
export type FolderMember = z.infer<typeof folderMember>;

/** GET /meetingfolder/members/{committeeId}/{folderId} */
export const folderMembersResponse = z.object({
  data: z.object({
    directMembers: z.array(z.number()),
    indirectMembers: z.array(z.number()),
    allMembers: z.array(z.number()),
    /** Every member of the committee, with what the folder's rules say of them. */
    members: z.array(folderMember),
  }),
});
export type FolderMembersResponse = z.infer<typeof folderMembersResponse>;
