import {
  documentDescription,
  jobDocumentUploadFields,
  MESSAGES,
  siteDocumentUploadFields,
  type DocumentGroups,
  type DocumentItem,
  type Role,
} from '@portal/shared';
import { z } from 'zod';
import { authorize, scopeFor, viewing } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { emit, personOf } from '../../platform/events.js';
import { insertFiles, type StoredFile } from '../../platform/files.js';
import { viewSideOn } from '../../platform/policy.js';
import { parseFields, type StoredUpload, type UploadUseCase } from '../../platform/uploads.js';
import './documents.policy.js';
import * as q from './documents.queries.js';
import { extend } from '../../platform/objects.js';

/**
 * Job documents and site documents: one service for both kinds of folder. What differs between
 * them (who may open a folder, from which side, who hears of an upload) is in openFolder and in
 * the event each kind emits; listing, uploading, downloading and zipping are written once.
 */

function present({
  doc,
  file,
  user,
}: {
  doc: q.DocumentRow['doc'];
  file: q.DocumentRow['file'];
  user: q.DocumentRow['user'];
}): DocumentItem {
  return {
    id: doc.id,
    name: file.name,
    description: doc.description,
    created_at: file.createdAt.toISOString(),
    size: file.size,
    mime_type: file.mimeType,
    user: user ? { first_name: user.firstName, last_name: user.lastName } : null,
    reviewed_comment: doc.reviewedComment,
    reviewed_date: doc.reviewedAt?.toISOString() ?? null,
  };
}

/** A folder the actor may open, and the sides they see it from. */
interface Folder {
  kind: q.Kind;
  id: number;
  /** The side the actor submits from; the other side is what they receive. */
  mine: q.Side;
  other: q.Side;
  /** The role the actor acts in. */
  role: Role;
  job: { id: number; jobNumber: string; siteId: number } | null;
}

const ACTIONS = {
  job: { list: 'jobs.document.list', upload: 'jobs.document.upload', download: 'jobs.document.download' },
  site: { list: 'sites.document.list', upload: 'sites.document.upload', download: 'sites.document.download' },
} as const;

/**
 * Opens a folder for the actor in a role, to list or to upload: authorize answers 404 when they
 * may not see it from that role, 403 for a role they do not hold.
 */
async function openFolder(
  deps: Deps,
  actor: Actor,
  kind: q.Kind,
  folderId: number,
  requestedRole: string | undefined,
  use: 'list' | 'upload',
): Promise<Folder> {
  const viewer = viewing(actor, requestedRole);
  const role = viewer.view;
  if (kind === 'site') {
    authorize(viewer, ACTIONS.site[use], {
      represented: (await q.representedSiteIds(deps.db, actor.user.id, [folderId])).has(folderId),
    });
    return { kind, id: folderId, mine: 'facility', other: 'body', role, job: null };
  }
  const job = authorize(viewer, ACTIONS.job[use], await q.findJobSides(deps.db, actor.user.id, folderId));
  const mine = viewSideOn(viewer, job)!;
  return { kind, id: folderId, mine, other: mine === 'facility' ? 'assessor' : 'facility', role, job };
}

export async function listDocuments(
  deps: Deps,
  actor: Actor,
  kind: q.Kind,
  query: { folderId: number; role?: string; page: number; per_page: number },
): Promise<DocumentGroups> {
  const folder = await openFolder(deps, actor, kind, query.folderId, query.role, 'list');
  const [submitted, received, counts] = await Promise.all([
    q.listDocuments(deps.db, kind, folder.id, folder.mine, query.page, query.per_page),
    q.listDocuments(deps.db, kind, folder.id, folder.other, query.page, query.per_page),
    q.countDocuments(deps.db, kind, folder.id),
  ]);
  return {
    // The rows come in the answer's shape (documents.queries listedDocumentOf).
    received,
    submitted,
    total: { received: counts[folder.other], submitted: counts[folder.mine] },
    page: query.page,
    per_page: query.per_page,
  };
}

/**
 * The files of these documents that the actor may download: the download rule's scope filters them
 * in SQL; the single download and the zip both come here. 404 when none may be read (or none
 * exists).
 */
export async function readableFiles(deps: Deps, actor: Actor, kind: q.Kind, ids: number[]): Promise<StoredFile[]> {
  return (await readableRows(deps, actor, kind, ids)).map((r) => r.file);
}

async function readableRows(deps: Deps, actor: Actor, kind: q.Kind, ids: number[]) {
  const rows = await q.findDocuments(deps.db, kind, ids, scopeFor(actor, ACTIONS[kind].download).where);
  if (rows.length === 0) throw notFound();
  return rows;
}

/**
 * The zip of these documents, named after what it holds: 'job-100234-documents.zip' when they are
 * of one job (site: 'site-S041201-documents.zip'), 'job-documents.zip' across several.
 */
export async function readableZip(
  deps: Deps,
  actor: Actor,
  kind: q.Kind,
  ids: number[],
): Promise<{ files: StoredFile[]; name: string }> {
  const rows = await readableRows(deps, actor, kind, ids);
  const folders = [...new Set(rows.map((r) => r.doc.folderId))];
  const number = folders.length === 1 ? await q.folderNumber(deps.db, kind, folders[0]!) : null;
  return { files: rows.map((r) => r.file), name: number ? `${kind}-${number}-documents.zip` : `${kind}-documents.zip` };
}

const UPLOAD_FIELDS = { job: jobDocumentUploadFields, site: siteDocumentUploadFields } as const;
type UploadBody = z.output<(typeof UPLOAD_FIELDS)[q.Kind]>;
const folderIdOf = (body: UploadBody) => ('jobId' in body ? body.jobId : body.siteId);

const descriptionOnly = z.object({ description: documentDescription });

/**
 * Runs when a file part starts, with the fields sent before it: refuses early, so no byte is
 * stored for an upload that cannot succeed. The full check runs again in save.
 */
async function precheckUpload(deps: Deps, actor: Actor, kind: q.Kind, fields: Record<string, string>, name: string) {
  if (fields.description !== undefined) parseFields(descriptionOnly, fields);
  const folderId = Number(kind === 'job' ? fields.jobId : fields.siteId);
  if (!Number.isInteger(folderId) || folderId <= 0) return;
  if (kind === 'job' && fields.role === undefined) {
    // The role may come after the file: then only "on some side of the job" can be checked yet.
    authorize(actor, 'jobs.job.view', await q.findJobSides(deps.db, actor.user.id, folderId));
  } else {
    await openFolder(deps, actor, kind, folderId, fields.role, 'upload');
  }
  if (await q.nameTaken(deps.db, kind, folderId, [name])) throw badRequest(MESSAGES.duplicateDocument);
}

/** Saves the documents of an upload: the file rows, the document rows and the event, in one transaction. */
async function saveUpload(deps: Deps, actor: Actor, kind: q.Kind, body: UploadBody, uploads: StoredUpload[]) {
  const folder = await openFolder(
    deps,
    actor,
    kind,
    folderIdOf(body),
    'role' in body ? body.role : undefined,
    'upload',
  );
  const names = uploads.map((u) => u.name);
  const saved = await deps.db.transaction(async (tx) => {
    if (await q.lockFolderAndFindName(tx, kind, folder.id, names)) throw badRequest(MESSAGES.duplicateDocument);
    const stored = await insertFiles(tx, uploads, actor.user.id);
    const docs = await q.insertDocuments(
      tx,
      kind,
      stored.map((file) => ({
        folderId: folder.id,
        fileId: file.id,
        description: body.description,
        side: folder.mine,
        uploaderRole: folder.role,
      })),
    );
    const by = personOf(actor.user);
    if (folder.job) {
      await emit(tx, 'jobs.document.received', {
        job: folder.job,
        fromSide: folder.mine as 'facility' | 'assessor',
        by,
        names,
      });
    } else {
      await emit(tx, 'sites.document.submitted', { site: { id: folder.id }, by, names });
    }
    return docs.map((doc, i) => present({ doc, file: stored[i]!, user: actor.user }));
  });
  return { message: MESSAGES.fileUploaded, document: saved[0]!, documents: saved };
}

/** The upload of one kind of document, for platform/uploads.ts's acceptUpload. */
export function documentUpload(
  deps: Deps,
  actor: Actor,
  kind: q.Kind,
): UploadUseCase<(typeof UPLOAD_FIELDS)[q.Kind], Awaited<ReturnType<typeof saveUpload>>> {
  return {
    fields: UPLOAD_FIELDS[kind],
    precheck: (fields, name) => precheckUpload(deps, actor, kind, fields, name),
    save: (body, uploads) => saveUpload(deps, actor, kind, body, uploads),
  };
}

export async function reviewJobDocument(deps: Deps, actor: Actor, id: number, comment: string) {
  const doc = await q.findJobDocumentForReview(deps.db, id);
  const job = doc ? await q.findJobSides(deps.db, actor.user.id, doc.jobId) : null;
  authorize(actor, 'jobs.document.review', doc && job ? extend(job, { docSide: doc.side }) : null);
  if (!doc || !job) throw notFound();
  await deps.db.transaction(async (tx) => {
    await q.reviewJobDocument(tx, id, comment, actor.user.id);
    await emit(tx, 'jobs.document.reviewed', {
      job: { id: job.id, jobNumber: job.jobNumber },
      document: { name: doc.name, uploadedBy: doc.uploadedBy, uploaderRole: doc.uploaderRole },
      by: personOf(actor.user),
      comment,
    });
  });
  const [row] = await q.findDocuments(deps.db, 'job', [id], scopeFor(actor, 'jobs.document.download').where);
  return { message: MESSAGES.actionSuccessful, document: present(row!) };
}
