import { randomBytes } from 'node:crypto';
import {
  sameProfileValue,
  isAssessorRoles,
  isAustralia,
  PRIMARY_CONTACT_FIELDS,
  PRODUCT_NAME,
  PROFILE_FIELD_KEYS,
  PROFILE_FIELDS,
  PROFILE_GROUPS,
  profileIssues,
  REGISTRATION_MESSAGES as M,
  requestHandlerOf,
  competencyUploadFields,
  type CompetencyUploadResponse,
  type Profile,
  type ProfileChangeForm,
  type ProfileField,
  type StoredProfileChange,
} from '@portal/shared';
import { allows, authorize, viewing } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import { signDownload } from '../../platform/downloads.js';
import { recordAudit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { emit } from '../../platform/events.js';
import { insertFiles } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import type { StoredUpload, UploadUseCase } from '../../platform/uploads.js';
import { fullName } from '../registration/index.js';
import './profile.policy.js';
import * as q from './profile.queries.js';
import { extend } from '../../platform/objects.js';

function conflict(message: string) {
  return new AppError(409, message);
}

// ---------------------------------------------------------------- one's own profile

/** GET /profile: the signed-in user's profile, their facilities and committees, and a pending change. */
export async function getProfile(deps: Deps, actor: Actor): Promise<Profile> {
  authorize(actor, 'profile.user.view');
  const [u, info, memberships, pending] = await Promise.all([
    q.findUser(deps.db, actor.user.id),
    q.findUserInfo(deps.db, actor.user.id),
    q.findMembershipsOf(deps.db, actor.user.id),
    q.findPendingChangeOf(deps.db, actor.user.id),
  ]);
  if (!u) throw notFound();
  const assessor = isAssessorRoles(actor.roles);
  const facilities = new Map<string, { facility_number: string; name: string; sites: string[] }>();
  for (const s of memberships.siteRows) {
    const f = facilities.get(s.facilityNumber) ?? {
      facility_number: s.facilityNumber,
      name: s.facilityName,
      sites: [],
    };
    f.sites.push(`${s.siteNumber} - ${s.siteName}`);
    facilities.set(s.facilityNumber, f);
  }
  return {
    id: u.id,
    first_name: u.firstName,
    middle_name: u.middleName,
    last_name: u.lastName,
    title: u.title,
    email: u.email,
    mobile_number: u.mobileNumber,
    address: u.address,
    country: u.country,
    state: u.state,
    suburb: u.suburb,
    postcode: u.postcode,
    resource_id: u.resourceId,
    roles: actor.roles,
    facilities: [...facilities.values()],
    committees: memberships.committees,
    assessor,
    user_info: {
      emails: info?.emails ?? [],
      phones: info?.phones ?? [],
      addresses: info?.addresses ?? [],
      competency_pdf: Boolean(info?.competencyFileId),
      competency_viewed: Boolean(info?.competencyViewedAt),
      reviewed_at: info?.reviewedAt?.toISOString() ?? null,
    },
    pending_request: pending ? { id: pending.id, created_at: pending.createdAt.toISOString() } : null,
    abilities: {
      // One's own PDF, for an assessor (a TA_ADMIN's own profile has none).
      'profile.competency.view': assessor && allows(actor, 'profile.competency.view', { ownerId: u.id, assessor }),
      'profile.competency.review': allows(actor, 'profile.competency.review'),
      'profile.competency.suggest': allows(actor, 'profile.competency.suggest'),
    },
  };
}

/**
 * POST /user-requests: stores what differs from the profile as a pending change, for the admin who
 * handles the user; nothing changes until they approve. One pending change per user.
 */
export async function requestProfileChange(deps: Deps, actor: Actor, body: ProfileChangeForm) {
  authorize(actor, 'profile.change.request');
  const assessor = isAssessorRoles(actor.roles);
  const issues = profileIssues(body, assessor);
  if (issues.length) {
    const errors: Record<string, string[]> = {};
    for (const i of issues) (errors[i.path.join('.')] ??= []).push(i.message);
    throw badRequest(issues[0]!.message, errors);
  }
  const u = await q.findUser(deps.db, actor.user.id);
  if (!u) throw notFound();
  const form = extend(body, { state: body.country === undefined || isAustralia(body.country) ? body.state : 'Other' });
  // An assessor's email, phone and address are their primary rows; the flat fields follow them.
  if (assessor) for (const k of PRIMARY_CONTACT_FIELDS) delete form[k];
  const current: Record<ProfileField, string | null> = {
    first_name: u.firstName,
    middle_name: u.middleName,
    last_name: u.lastName,
    title: u.title,
    mobile_number: u.mobileNumber,
    email: u.email,
    address: u.address,
    country: u.country,
    state: u.state,
    suburb: u.suburb,
    postcode: u.postcode,
  };
  const fields: Partial<Record<ProfileField, string>> = {};
  const before: Partial<Record<ProfileField, string | null>> = {};
  for (const k of PROFILE_FIELD_KEYS) {
    // A field left out is unchanged.
    if (form[k] !== undefined && !sameProfileValue(form[k], current[k])) {
      fields[k] = form[k];
      before[k] = current[k];
    }
  }
  const data: StoredProfileChange = { fields, before };
  if (assessor && form.user_info) {
    const info = await q.findUserInfo(deps.db, actor.user.id);
    for (const k of ['emails', 'phones', 'addresses'] as const) {
      const was = info?.[k] ?? [];
      if (!sameProfileValue(form.user_info[k], was)) {
        (data.user_info ??= {})[k] = form.user_info[k] as never;
        (data.user_info_before ??= {})[k] = was as never;
      }
    }
  }
  if (assessor && form.competency && (form.competency.suggestChanges.trim() || form.competency.document)) {
    data.competency = { suggestChanges: form.competency.suggestChanges, document: form.competency.document };
  }
  const labels = [
    ...Object.keys(fields).map((k) => PROFILE_FIELDS[k as ProfileField]),
    ...(['competency', 'emails', 'phones', 'addresses'] as const)
      .filter((k) => (k === 'competency' ? data.competency : data.user_info?.[k]))
      .map((k) => PROFILE_GROUPS[k]),
  ];
  if (labels.length === 0) throw badRequest(M.profileUnchanged);
  data.summary = labels.join(', ');
  if (await q.findPendingChangeOf(deps.db, actor.user.id)) throw conflict(M.profilePending);
  const document = data.competency?.document ?? null;
  try {
    await deps.db.transaction(async (tx) => {
      const request = await q.insertChangeRequest(tx, {
        handler: requestHandlerOf(actor.roles, changesSignInEmail(data, u.email)),
        email: u.email,
        name: fullName(u.firstName, u.lastName),
        roles: actor.roles,
        userId: u.id,
        data,
      });
      await emit(tx, 'requests.request.created', {
        request: { id: request.id, type: 'update', name: request.name, summary: data.summary ?? '' },
        handler: request.handler,
        about: { userId: u.id, email: u.email },
      });
      // The document uploaded from Edit Profile travels with the change: it must be this user's, not sent yet.
      if (document && !(await q.attachSuggestion(tx, u.id, document, request.id))) {
        throw badRequest(M.competencyDocumentUnknown, { 'competency.document': [M.competencyDocumentUnknown] });
      }
    });
  } catch (e) {
    // The partial unique index: a second save at the same moment.
    if (
      (e as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (e as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw conflict(M.profilePending);
    throw e;
  }
  return { message: M.profileSubmitted(PRODUCT_NAME) };
}

/** A change of the email one signs in with: the flat email, or a new primary email on the Email card. */
function changesSignInEmail(d: StoredProfileChange, current: string): boolean {
  if (d.fields?.email !== undefined) return true;
  const primary = (d.user_info?.emails as { email?: string; isPrimary?: boolean }[] | undefined)?.find(
    (e) => e.isPrimary,
  );
  return primary?.email !== undefined && primary.email.toLowerCase() !== current.toLowerCase();
}

// ---------------------------------------------------------------- competency PDFs

/** The signed link the browser follows to open a competency PDF (a download ticket, platform/downloads.ts). */
function competencyLink(deps: Deps, actor: Actor, fileId: number): string {
  const url = signDownload(deps.config.secret, actor.sessionId, `/api/competencies/${fileId}`);
  if (!url) throw new Error('competency path is not a download path');
  return url;
}

/** GET /activeuser/competencypdf: the assessor's own PDF (data.data is a URL); opening it is recorded. */
export async function myCompetencyPdf(deps: Deps, actor: Actor) {
  authorize(actor, 'profile.competency.view');
  const c = await q.findCompetencyOf(deps.db, actor.user.id);
  if (!c?.fileId) throw notFound(M.competencyMissing);
  await q.upsertUserInfo(deps.db, actor.user.id, { competencyViewedAt: new Date() });
  return { data: { data: competencyLink(deps, actor, c.fileId) } };
}

/** GET /activeuser/markprofileuptodate: only once the competency PDF has been opened. */
export async function markMyProfileUpToDate(deps: Deps, actor: Actor) {
  authorize(actor, 'profile.competency.review');
  const c = await q.findCompetencyOf(deps.db, actor.user.id);
  if (!c?.viewedAt) throw badRequest(M.markUpToDateFailed);
  await markedUpToDate(deps, actor, actor.user.id);
  return { data: true, message: M.markedUpToDate };
}

/** GET /admin/ta/competencypdf/{userId}: a TA_ADMIN opens an assessor's PDF. */
export async function assessorCompetencyPdf(deps: Deps, actor: Actor, userId: number) {
  const c = authorize(actor, 'admin.competency.view', await q.findCompetencyOf(deps.db, userId));
  if (!c.fileId) throw notFound(M.competencyMissing);
  return { data: { data: competencyLink(deps, actor, c.fileId) } };
}

/** GET /admin/ta/markprofileuptodate/{id}: a TA_ADMIN marks an assessor's profile up to date. */
export async function markAssessorUpToDate(deps: Deps, actor: Actor, userId: number) {
  authorize(actor, 'admin.competency.review', await q.findCompetencyOf(deps.db, userId));
  await markedUpToDate(deps, actor, userId);
  return { data: true, message: M.markedUpToDate };
}

/** The profile's review date, and its row on the audit trail (who marked whose profile), in one transaction. */
async function markedUpToDate(deps: Deps, actor: Actor, userId: number) {
  await deps.db.transaction(async (tx) => {
    await q.upsertUserInfo(tx, userId, { reviewedAt: new Date() });
    await recordAudit(tx, {
      action: 'profile.competency.review',
      who: actor.user,
      ip: deps.ip,
      record: { type: 'user', id: userId },
      after: { outcome: 'profile marked up to date' },
    });
  });
}

/** GET /competencies/{fileId} (through a ticket): the PDF, to its owner and to TA admins only. */
export async function competencyFile(deps: Deps, actor: Actor, fileId: number) {
  const row = authorize(actor, 'profile.competency.view', await q.findCompetencyFile(deps.db, fileId));
  return row.file;
}

// ---------------------------------------------------------------- suggested-changes documents

/** The signed link that opens a suggested-changes document (a download ticket). */
function suggestionLink(deps: Deps, actor: Actor, document: string): string {
  const url = signDownload(deps.config.secret, actor.sessionId, `/api/competency-suggestions/${document}`);
  if (!url) throw new Error('suggestion path is not a download path');
  return url;
}

/** A new document's name as the client holds it: random, so it says nothing and cannot be guessed. */
const newDocumentName = () => randomBytes(12).toString('hex');

function onlyOne(uploads: StoredUpload[]): StoredUpload {
  if (uploads.length !== 1) throw badRequest(M.competencyUploadFailed, { files: ['Send one file.'] });
  return uploads[0]!;
}

/**
 * POST /user-requests/edittacompetencydoc (multipart fileName, file): an assessor's suggested-changes
 * document, waiting to be sent with their next profile change; it replaces one uploaded before and
 * not sent. Answers the spec's success, data.fileName and data.signedUrl.
 */
export function uploadSuggestion(
  deps: Deps,
  actor: Actor,
): UploadUseCase<typeof competencyUploadFields, CompetencyUploadResponse> {
  return {
    fields: competencyUploadFields,
    precheck: async () => authorize(actor, 'profile.competency.suggest'),
    save: async (_body, uploads) => {
      authorize(actor, 'profile.competency.suggest');
      const upload = onlyOne(uploads);
      const document = newDocumentName();
      const replaced = await deps.db.transaction(async (tx) => {
        const keys = await q.deleteDraftSuggestions(tx, actor.user.id);
        const [file] = await insertFiles(tx, [upload], actor.user.id);
        await q.insertSuggestion(tx, { document, userId: actor.user.id, fileId: file!.id });
        return keys;
      });
      await removeStoredKeys(deps, replaced);
      return {
        success: true,
        message: M.competencyUploaded,
        data: { fileName: document, orgDoc: upload.name, signedUrl: suggestionLink(deps, actor, document) },
      };
    },
  };
}

async function removeStoredKeys(deps: Deps, keys: string[]) {
  const storage = storageOf(deps);
  await Promise.all(
    keys.map((k) =>
      storage
        .delete(k)
        .catch((err: unknown) => deps.log.warn({ err }, 'a removed competency document stays in storage')),
    ),
  );
}

/** POST /user-requests/removeUploadedCompetencySuggestDocument {fileName}: one's own document not sent yet. */
export async function removeSuggestion(deps: Deps, actor: Actor, document: string) {
  authorize(actor, 'profile.competency.suggest');
  const keys = await deps.db.transaction(async (tx) => {
    authorize(actor, 'profile.competency.suggest', await q.findSuggestion(tx, document));
    return q.deleteDraftSuggestions(tx, actor.user.id, document);
  });
  await removeStoredKeys(deps, keys);
  return { success: true as const, message: M.competencyRemoved };
}

/** GET /admin/ta/competencysuggested/{document}: data.data is a link that opens it (admins who see its change). */
export async function suggestionOfChange(deps: Deps, actor: Actor, document: string, currentRole?: string) {
  const a = viewing(actor, currentRole);
  authorize(a, 'admin.competencySuggestion.view');
  const row = authorize(a, 'admin.competencySuggestion.view', await q.findSuggestion(deps.db, document));
  return { data: { data: suggestionLink(deps, a, row.document) } };
}

/** GET /competency-suggestions/{document} (through a ticket): the file, to its owner and the admins who see its change. */
export async function suggestionFile(deps: Deps, actor: Actor, document: string) {
  return authorize(actor, 'profile.competencySuggestion.download', await q.findSuggestion(deps.db, document)).file;
}
