import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  jobDocumentUploadFields,
  MESSAGES,
  RECORD_MESSAGES,
  siteDocumentUploadFields,
  type DocumentGroups,
  type DocumentItem,
} from '@portal/shared';
import { viewRole, type Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { storageOf } from '../../platform/storage.js';
import { keepOnlyIfSaved, type StoredUpload } from '../../platform/uploads.js';
import type { ZipEntry } from '../../platform/zip.js';
import { notify } from '../notifications/notifications.service.js';
import { assertMayReview, assertMaySee, assertSiteView, sideForRole, visibleJobCondition } from './documents.policy.js';
import * as q from './documents.queries.js';

type DocRow = q.JobDocumentRow | q.SiteDocumentRow;

function present(doc: DocRow, user: q.Uploader | null): DocumentItem {
  return {
    id: doc.id,
    name: doc.name,
    description: doc.description,
    created_at: doc.createdAt.toISOString(),
    size: doc.size,
    mime_type: doc.mimeType,
    user: user ? { first_name: user.firstName, last_name: user.lastName } : null,
    reviewed_comment: doc.reviewedComment,
    reviewed_date: doc.reviewedAt?.toISOString() ?? null,
  };
}

/** zod issues as the one error shape: the first message, and every message by field. */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  throw badRequest(parsed.error.issues[0]?.message ?? MESSAGES.validationFailed, errors);
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
}

const other = (side: 'facility' | 'assessor') => (side === 'facility' ? 'assessor' : 'facility');

// Job documents

export async function listJobDocuments(
  deps: Deps,
  actor: Actor,
  query: { jobid: number; role?: string; page: number; per_page: number },
): Promise<DocumentGroups> {
  const role = viewRole(actor, query.role);
  const job = await q.findJobSides(deps.db, actor.user.id, query.jobid);
  const mine = sideForRole(actor, role, job);
  const [submitted, received, counts] = await Promise.all([
    q.listJobDocuments(deps.db, query.jobid, mine, query.page, query.per_page),
    q.listJobDocuments(deps.db, query.jobid, other(mine), query.page, query.per_page),
    q.countJobDocuments(deps.db, query.jobid),
  ]);
  return {
    received: received.map((r) => present(r.doc, r.user)),
    submitted: submitted.map((r) => present(r.doc, r.user)),
    total: { received: counts[other(mine)], submitted: counts[mine] },
    page: query.page,
    per_page: query.per_page,
  };
}

export async function openJobDocument(deps: Deps, actor: Actor, id: number): Promise<{ doc: DocRow; stream: Readable }> {
  const found = await q.findJobDocument(deps.db, actor.user.id, id);
  assertMaySee(actor, found);
  return { doc: found!.doc, stream: await storageOf(deps).get(found!.doc.storageKey) };
}

export async function bulkJobDocuments(deps: Deps, actor: Actor, ids: number[]): Promise<ZipEntry[]> {
  const rows = await q.findJobDocumentsWhere(deps.db, ids, visibleJobCondition(actor));
  if (rows.length === 0) throw notFound();
  const storage = storageOf(deps);
  return rows.map(({ doc }) => ({ name: doc.name, mtime: doc.createdAt, open: () => storage.get(doc.storageKey) }));
}

/**
 * Runs when the file part of an upload starts, with the fields sent before it: refuses early, so
 * no byte is stored for an upload that cannot succeed. The full check runs again after the file.
 */
export async function precheckJobUpload(deps: Deps, actor: Actor, fields: Record<string, string>, name: string) {
  if (fields.description !== undefined) parseFields(jobDocumentUploadFields.pick({ description: true }), fields);
  const jobId = Number(fields.jobId);
  if (!Number.isInteger(jobId) || jobId <= 0) return;
  const job = await q.findJobSides(deps.db, actor.user.id, jobId);
  // The role may come after the file: then only "on some side of the job" can be checked yet.
  if (fields.role !== undefined) sideForRole(actor, viewRole(actor, fields.role), job);
  else assertMaySee(actor, job);
  if (await q.jobDocumentNameTaken(deps.db, jobId, name)) throw badRequest(MESSAGES.duplicateDocument);
}

export async function saveJobDocument(deps: Deps, actor: Actor, fields: Record<string, string>, file: StoredUpload | null) {
  const storage = storageOf(deps);
  const run = async () => {
    const body = parseFields(jobDocumentUploadFields, fields);
    if (!file) throw badRequest(RECORD_MESSAGES.fileRequired, { file: [RECORD_MESSAGES.fileRequired] });
    const role = viewRole(actor, body.role);
    const job = await q.findJobSides(deps.db, actor.user.id, body.jobId);
    const side = sideForRole(actor, role, job);
    const saved = await deps.db.transaction(async (tx) => {
      if (await q.jobDocumentNameTaken(tx, body.jobId, file.name)) throw badRequest(MESSAGES.duplicateDocument);
      const doc = await q.insertJobDocument(tx, {
        jobId: body.jobId,
        name: file.name,
        description: body.description,
        storageKey: file.key,
        size: file.size,
        mimeType: file.mimeType,
        uploadedBy: actor.user.id,
        uploaderRole: role,
        side,
      });
      const to = side === 'facility' ? await q.assessorIdsOf(tx, job!.id) : await q.representativeIdsOf(tx, job!.siteId);
      const who = `${actor.user.firstName} ${actor.user.lastName}`;
      await notify(tx, {
        userIds: to.filter((id) => id !== actor.user.id),
        type: 'document',
        title: `New document on job ${job!.jobNumber}`,
        body: `${who} submitted "${file.name}" to job ${job!.jobNumber}.`,
        url: `/job/${job!.id}`,
        role: side === 'facility' ? 'TA' : 'AR',
        sender: who,
      });
      return doc;
    });
    return { message: MESSAGES.fileUploaded, document: present(saved, actor.user) };
  };
  if (!file) return run();
  try {
    return await keepOnlyIfSaved(storage, file, run);
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(MESSAGES.duplicateDocument);
    throw e;
  }
}

export async function reviewJobDocument(deps: Deps, actor: Actor, id: number, comment: string) {
  const found = await q.findJobDocument(deps.db, actor.user.id, id);
  if (!found) throw notFound();
  assertMayReview(actor, found, found.doc.side);
  const updated = await deps.db.transaction(async (tx) => {
    const doc = await q.reviewJobDocument(tx, id, comment, actor.user.id);
    const who = `${actor.user.firstName} ${actor.user.lastName}`;
    if (doc.uploadedBy !== null && doc.uploadedBy !== actor.user.id) {
      await notify(tx, {
        userIds: [doc.uploadedBy],
        type: 'document',
        title: `Document reviewed on job ${found.jobNumber}`,
        body: `${who} reviewed "${doc.name}": ${comment}`,
        url: `/job/${doc.jobId}`,
        role: doc.uploaderRole === 'AR' ? 'AR' : 'TA',
        sender: who,
      });
    }
    return doc;
  });
  return { message: MESSAGES.actionSuccessful, document: present(updated, found.user) };
}

// Site documents

async function assertSiteRepresented(deps: Deps, actor: Actor, siteId: number) {
  assertSiteView(actor, await q.findSiteRepresented(deps.db, actor.user.id, siteId));
}

export async function listSiteDocuments(deps: Deps, actor: Actor, query: { siteid: number; page: number; per_page: number }): Promise<DocumentGroups> {
  await assertSiteRepresented(deps, actor, query.siteid);
  const [submitted, received, counts] = await Promise.all([
    q.listSiteDocuments(deps.db, query.siteid, 'facility', query.page, query.per_page),
    q.listSiteDocuments(deps.db, query.siteid, 'body', query.page, query.per_page),
    q.countSiteDocuments(deps.db, query.siteid),
  ]);
  return {
    received: received.map((r) => present(r.doc, r.user)),
    submitted: submitted.map((r) => present(r.doc, r.user)),
    total: { received: counts.body, submitted: counts.facility },
    page: query.page,
    per_page: query.per_page,
  };
}

export async function openSiteDocument(deps: Deps, actor: Actor, id: number) {
  const doc = actor.roles.includes('AR') ? await q.findRepresentedSiteDocument(deps.db, actor.user.id, id) : null;
  if (!doc) throw notFound();
  return { doc, stream: await storageOf(deps).get(doc.storageKey) };
}

export async function bulkSiteDocuments(deps: Deps, actor: Actor, ids: number[]): Promise<ZipEntry[]> {
  const rows = actor.roles.includes('AR') ? await q.findRepresentedSiteDocuments(deps.db, actor.user.id, ids) : [];
  if (rows.length === 0) throw notFound();
  const storage = storageOf(deps);
  return rows.map((doc) => ({ name: doc.name, mtime: doc.createdAt, open: () => storage.get(doc.storageKey) }));
}

export async function precheckSiteUpload(deps: Deps, actor: Actor, fields: Record<string, string>, name: string) {
  if (fields.description !== undefined) parseFields(siteDocumentUploadFields.pick({ description: true }), fields);
  const siteId = Number(fields.siteId);
  if (!Number.isInteger(siteId) || siteId <= 0) return;
  await assertSiteRepresented(deps, actor, siteId);
  if (await q.siteDocumentNameTaken(deps.db, siteId, name)) throw badRequest(MESSAGES.duplicateDocument);
}

export async function saveSiteDocument(deps: Deps, actor: Actor, fields: Record<string, string>, file: StoredUpload | null) {
  const storage = storageOf(deps);
  const run = async () => {
    const body = parseFields(siteDocumentUploadFields, fields);
    if (!file) throw badRequest(RECORD_MESSAGES.fileRequired, { file: [RECORD_MESSAGES.fileRequired] });
    await assertSiteRepresented(deps, actor, body.siteId);
    const doc = await deps.db.transaction(async (tx) => {
      if (await q.siteDocumentNameTaken(tx, body.siteId, file.name)) throw badRequest(MESSAGES.duplicateDocument);
      return q.insertSiteDocument(tx, {
        siteId: body.siteId,
        name: file.name,
        description: body.description,
        storageKey: file.key,
        size: file.size,
        mimeType: file.mimeType,
        uploadedBy: actor.user.id,
        side: 'facility',
      });
    });
    return { message: MESSAGES.fileUploaded, document: present(doc, actor.user) };
  };
  if (!file) return run();
  try {
    return await keepOnlyIfSaved(storage, file, run);
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(MESSAGES.duplicateDocument);
    throw e;
  }
}
