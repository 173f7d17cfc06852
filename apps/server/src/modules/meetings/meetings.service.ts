import {
  ABILITIES,
  MEETING_MESSAGES,
  MESSAGES,
  meetingUploadFields,
  type FolderMembersResponse,
  type MeetingAbilities,
  type MeetingDocument,
  type MeetingFolder,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import { abilitiesOf, allows, authorize, scopeFor } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { insertFiles, type StoredFile } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import type { StoredUpload, UploadUseCase } from '../../platform/uploads.js';
import { indexerOf } from './meetings.indexer.js';
import { isMemberOf, type MeetingFacts } from './meetings.policy.js';
import * as q from './meetings.queries.js';
import { extend } from '../../platform/objects.js';

/**
 * Meeting folders and documents of a committee (spec/02 "Meeting documents"). Every use
 * case starts with `authorize`; lists, search, the recent list, downloads and zips filter with the
 * folder access rule in SQL (meetings.policy.ts `folderVisible`).
 */

/** A committee as a record of the rules: visible to its members. */
const committeeFacts = (actor: Actor, committeeId: number): MeetingFacts => ({
  committeeId,
  visible: isMemberOf(actor, committeeId),
});

function abilitiesIn(actor: Actor, facts: MeetingFacts): MeetingAbilities {
  return abilitiesOf(actor, ABILITIES.meetingFolder, facts);
}

const presentFolder = (f: q.FolderRow): MeetingFolder => ({
  id: f.id,
  name: f.name,
  subtitle: f.subtitle,
  parent_id: f.parentId,
  committee_id: f.committeeId,
  restricted: f.restricted,
});

export const snippetParts = q.snippetParts;

export function presentDocument(d: q.DocumentRow): MeetingDocument {
  return {
    id: d.id,
    name: d.file.name,
    size: d.file.size,
    mime_type: d.file.mimeType,
    updated_at: d.updatedAt.toISOString(),
    folder_id: d.folderId,
    folder_name: d.folderName,
    root_folder_id: d.rootId,
    root_folder_name: d.rootName,
    committee_id: d.committeeId,
    uri: `/api/meetingdocuments/${d.id}`,
    user: d.user ? { first_name: d.user.firstName, last_name: d.user.lastName } : null,
    index_state: d.indexState,
    ...(d.snippet !== undefined ? { snippet: snippetParts(d.snippet) } : {}),
  };
}

/** Loads a folder the actor may see for this action: 404 when they may not see it, 403 for an admin's action. */
async function openFolder(deps: Deps, actor: Actor, action: Parameters<typeof authorize>[1], folderId: number) {
  return authorize(actor, action, await q.findFolder(deps.db, actor.user.id, folderId));
}

export async function rootFolders(deps: Deps, actor: Actor, committeeId: number) {
  const committee = authorize(actor, 'meetings.folder.list', committeeFacts(actor, committeeId));
  const rows = await q.listFolders(deps.db, actor.user.id, scopeFor(actor, 'meetings.folder.list').where, {
    committeeId,
  });
  return { data: rows.map(presentFolder), abilities: abilitiesIn(actor, committee) };
}

export async function subFolders(deps: Deps, actor: Actor, rootId: number) {
  const root = await openFolder(deps, actor, 'meetings.folder.list', rootId);
  const rows = await q.listFolders(deps.db, actor.user.id, scopeFor(actor, 'meetings.folder.list').where, {
    parentId: root.id,
  });
  return { data: rows.map(presentFolder), abilities: abilitiesIn(actor, root) };
}

const paging = (page: number, perPage: number) => ({ page, perPage });

export async function folderDocuments(
  deps: Deps,
  actor: Actor,
  query: { folderid: number; page: number; per_page: number },
) {
  const folder = await openFolder(deps, actor, 'meetings.folder.list', query.folderid);
  const { rows, total } = await q.folderDocuments(deps.db, folder.id, paging(query.page, query.per_page));
  return { data: rows, total, page: query.page, per_page: query.per_page, abilities: abilitiesIn(actor, folder) };
}

/** The folders' rule, with the user as the statements' placeholder, for the statements that test it once a folder (the recent list and its count, the search). */
const folderScope = (actor: Actor) => scopeFor(actor, 'meetings.folder.list', sql.placeholder(q.ME));

export async function recentDocuments(
  deps: Deps,
  actor: Actor,
  committeeId: number,
  query: { page: number; per_page: number },
) {
  const committee = authorize(actor, 'meetings.folder.list', committeeFacts(actor, committeeId));
  const { rows, total } = await q.recentDocuments(
    deps.db,
    folderScope(actor),
    actor.user.id,
    committeeId,
    paging(query.page, query.per_page),
  );
  return {
    data: rows,
    total,
    page: query.page,
    per_page: query.per_page,
    abilities: abilitiesIn(actor, committee),
  };
}

/** Names and contents, ranked; an empty term answers the recent documents (the table's other title). */
export async function searchDocuments(
  deps: Deps,
  actor: Actor,
  query: { term: string; cmid: number; page: number; per_page: number },
) {
  const committee = authorize(actor, 'meetings.folder.list', committeeFacts(actor, query.cmid));
  const text = q.searchQueryText(query.term);
  if (!text) return recentDocuments(deps, actor, query.cmid, query);
  const { rows, total } = await q.searchDocuments(
    deps.db,
    folderScope(actor),
    actor.user.id,
    query.cmid,
    text,
    paging(query.page, query.per_page),
  );
  return {
    data: rows,
    total,
    page: query.page,
    per_page: query.per_page,
    abilities: abilitiesIn(actor, committee),
  };
}

/** The documents of these ids the actor may download; 404 when none (or none exists). */
export async function readableFiles(
  deps: Deps,
  actor: Actor,
  ids: number[],
): Promise<{ files: StoredFile[]; zipName: string }> {
  const rows = await q.findDocuments(deps.db, actor.user.id, ids);
  const allowed = rows.filter((r) =>
    allows(actor, 'meetings.document.download', { committeeId: r.committeeId, visible: r.visible }),
  );
  if (allowed.length === 0) throw notFound();
  const folders = new Set(allowed.map((r) => r.folderId));
  const zipName = folders.size === 1 ? `${safeZipPart(allowed[0]!.folderName)}-documents.zip` : 'meeting-documents.zip';
  return { files: allowed.map((r) => r.file as StoredFile), zipName };
}

const safeZipPart = (name: string) =>
  name
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80) || 'meeting';

export async function createFolder(
  deps: Deps,
  actor: Actor,
  body: { folderName: string; parentFolderId?: number | null; committeeId: number },
) {
  let facts: MeetingFacts = committeeFacts(actor, body.committeeId);
  if (body.parentFolderId) {
    const parent = await openFolder(deps, actor, 'meetings.folder.manage', body.parentFolderId);
    if (parent.committeeId !== body.committeeId) throw badRequest(MEETING_MESSAGES.committeeMismatch);
    if (parent.parentId !== null) throw badRequest(MEETING_MESSAGES.parentNotRoot);
    facts = parent;
  }
  authorize(actor, 'meetings.folder.manage', facts);
  const row = await q.insertFolder(deps.db, {
    committeeId: body.committeeId,
    parentId: body.parentFolderId ?? null,
    name: body.folderName,
    createdBy: actor.user.id,
  });
  return {
    message: MESSAGES.actionSuccessful,
    folder: presentFolder(extend(row, { restricted: false, visible: true })),
  };
}

export async function deleteFolder(deps: Deps, actor: Actor, folderId: number) {
  const folder = await openFolder(deps, actor, 'meetings.folder.manage', folderId);
  const stored = await deps.db.transaction(async (tx) => {
    const under = await q.filesUnderFolder(tx, folder.id);
    await q.deleteFolder(
      tx,
      folder.id,
      under.map((f) => f.id),
    );
    return under;
  });
  await removeObjects(
    deps,
    stored.map((s) => s.key),
  );
  return { message: MESSAGES.actionSuccessful };
}

/** After commit: the stored objects of deleted rows (the hourly sweep removes any left behind). */
async function removeObjects(deps: Deps, keys: string[]) {
  const storage = storageOf(deps);
  await Promise.all(
    keys.map((k) =>
      storage
        .delete(k)
        .catch((e: unknown) => deps.log.warn({ err: (e as Error).message }, 'stored object not removed')),
    ),
  );
}

export async function folderMembers(
  deps: Deps,
  actor: Actor,
  committeeId: number,
  folderId: number,
): Promise<FolderMembersResponse> {
  const folder = await openFolder(deps, actor, 'meetings.folder.manage', folderId);
  if (folder.committeeId !== committeeId) throw notFound();
  const [direct, rootDirect, members] = await Promise.all([
    q.directMembers(deps.db, folder.id),
    folder.parentId ? q.directMembers(deps.db, folder.parentId) : Promise.resolve([]),
    q.committeeMemberList(deps.db, committeeId),
  ]);
  const passes = (ids: number[], id: number) => ids.length === 0 || ids.includes(id);
  return {
    data: {
      directMembers: direct,
      indirectMembers: rootDirect,
      allMembers: [...new Set([...direct, ...rootDirect])].sort((a, b) => a - b),
      members: members.map((m) => ({
        id: m.id,
        first_name: m.firstName,
        last_name: m.lastName,
        admin: m.admin,
        direct: direct.includes(m.id),
        inherited: rootDirect.includes(m.id),
        can_see: m.admin || (passes(direct, m.id) && passes(rootDirect, m.id)),
      })),
    },
  };
}

export async function assignAccess(
  deps: Deps,
  actor: Actor,
  body: { folderId: number; committeeId: number; userIds: number[] },
) {
  const folder = await openFolder(deps, actor, 'meetings.folder.manage', body.folderId);
  if (folder.committeeId !== body.committeeId) throw badRequest(MEETING_MESSAGES.committeeMismatch);
  const wanted = [...new Set(body.userIds)];
  await deps.db.transaction(async (tx) => {
    await q.lockFolder(tx, folder.id);
    const members = new Set((await q.committeeMemberList(tx, folder.committeeId)).map((m) => m.id));
    if (wanted.some((id) => !members.has(id)))
      throw badRequest(MEETING_MESSAGES.notCommitteeMembers, { userIds: [MEETING_MESSAGES.notCommitteeMembers] });
    await q.setDirectMembers(tx, folder.id, wanted);
  });
  return { message: MESSAGES.actionSuccessful };
}

/** Deletes documents the actor may delete: each must be of this committee and visible; 404 otherwise, nothing deleted. */
export async function deleteDocuments(deps: Deps, actor: Actor, committeeId: number | null, ids: number[]) {
  const rows = await q.findDocuments(deps.db, actor.user.id, ids);
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const r of rows) {
    if (committeeId !== null && r.committeeId !== committeeId) throw notFound();
    authorize(actor, 'meetings.document.delete', { committeeId: r.committeeId, visible: r.visible });
  }
  await deps.db.transaction((tx) =>
    q.deleteDocuments(
      tx,
      rows.map((r) => ({ id: r.id, fileId: r.file.id })),
    ),
  );
  await removeObjects(
    deps,
    rows.map((r) => r.file.storageKey),
  );
  return { message: MESSAGES.actionSuccessful };
}

/* ---------------------------------------------------------------- upload */

async function uploadFolder(deps: Deps, actor: Actor, folderId: number) {
  const folder = await openFolder(deps, actor, 'meetings.document.upload', folderId);
  if (folder.parentId === null)
    throw badRequest(MEETING_MESSAGES.uploadToSubFolder, { folderId: [MEETING_MESSAGES.uploadToSubFolder] });
  return folder;
}

async function precheck(deps: Deps, actor: Actor, fields: Record<string, string>, name: string) {
  const folderId = Number(fields.folderId);
  if (!Number.isInteger(folderId) || folderId <= 0) return;
  await uploadFolder(deps, actor, folderId);
  if (await q.nameTaken(deps.db, folderId, [name])) throw badRequest(MESSAGES.duplicateDocument);
}

async function save(deps: Deps, actor: Actor, body: { folderId: number }, uploads: StoredUpload[]) {
  const folder = await uploadFolder(deps, actor, body.folderId);
  const names = uploads.map((u) => u.name);
  const ids = await deps.db.transaction(async (tx) => {
    await q.lockFolder(tx, folder.id);
    if (await q.nameTaken(tx, folder.id, names)) throw badRequest(MESSAGES.duplicateDocument);
    const stored = await insertFiles(tx, uploads, actor.user.id);
    const docs = await q.insertDocuments(
      tx,
      stored.map((f) => ({ folderId: folder.id, committeeId: folder.committeeId, fileId: f.id, name: f.name })),
    );
    return docs.map((d) => d.id);
  });
  indexerOf(deps.db)?.nudge();
  const rows = await q.findDocuments(deps.db, actor.user.id, ids);
  const documents = rows.map(presentDocument);
  // Removed meanwhile (its folder deleted by a parallel request).
  if (!documents[0]) throw notFound();
  return { message: MEETING_MESSAGES.documentUploaded, document: documents[0], documents };
}

export function meetingUpload(
  deps: Deps,
  actor: Actor,
): UploadUseCase<typeof meetingUploadFields, Awaited<ReturnType<typeof save>>> {
  return {
    fields: meetingUploadFields,
    // The folder is checked before any file is read.
    fieldsFirst: ['folderId'],
    precheck: (fields, name) => precheck(deps, actor, fields, name),
    save: (body, uploads) => save(deps, actor, body, uploads),
  };
}
