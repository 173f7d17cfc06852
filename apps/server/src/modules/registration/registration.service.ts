import { randomBytes } from 'node:crypto';
import {
  isAustralia,
  padFacilityNumber,
  PRODUCT_NAME,
  PROFILE_FIELD_KEYS,
  PROFILE_FIELDS,
  PROFILE_GROUPS,
  profileIssues,
  REGISTRATION_LIMITS,
  REGISTRATION_MESSAGES as M,
  type FacilityLookup,
  type Profile,
  type ProfileChangeForm,
  type ProfileField,
  type RegistrationForm,
  type UserInfo,
  type UserRequestDecision,
  type UserRequestDetail,
  type UserRequestList,
  type UserRequestListQuery,
  type UserRequestSummary,
  type Action,
  type CompetencyUploadResponse,
  type RegistrationCategories,
  competencyUploadFields,
} from '@portal/shared';
import type { Tx } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { allows, authorize, scopeFor, viewing } from '../../platform/access.js';
import { signDownload } from '../../platform/downloads.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { emit, personOf } from '../../platform/events.js';
import { insertFiles } from '../../platform/files.js';
import { queueAccountMail, sendQueuedNow } from '../../platform/outbox.js';
import { storageOf } from '../../platform/storage.js';
import type { StoredUpload, UploadUseCase } from '../../platform/uploads.js';
import { createActivationLink, takeAddressTry } from '../auth/auth.service.js';
import './registration.policy.js';
import * as q from './registration.queries.js';

const fullName = (first: string, last: string) => `${first} ${last}`.trim();
const actionOf = (type: 'create' | 'update'): Action => (type === 'create' ? 'admin.registration.review' : 'admin.profileChange.review');
/** Technical assessors' requests go to the TA admin (LA comes with TA). */
const handlerFor = (roles: readonly string[]) => (roles.includes('TA') || roles.includes('LA') ? ('TA_ADMIN' as const) : ('SYSADMIN' as const));

function conflict(message: string) {
  return new AppError(409, message);
}

// ---------------------------------------------------------------- the wizard's facility lookup

/** Counts a public call against the caller's address before its body is read (onRequest). */
export function countPublicCall(deps: Deps, kind: 'register' | 'facility-lookup', ip: string) {
  const max = kind === 'register' ? REGISTRATION_LIMITS.registerPerAddress : REGISTRATION_LIMITS.facilityLookupsPerAddress;
  return takeAddressTry(deps, kind, ip, max, REGISTRATION_LIMITS.windowMinutes);
}

/**
 * GET /facilities/getInfo/{number}: open to signed-out visitors, with only what the wizard needs,
 * and counted per address (onRequest) so the register cannot be walked.
 */
export async function lookupFacility(deps: Deps, raw: string): Promise<FacilityLookup> {
  const number = padFacilityNumber(raw.slice(0, 6));
  const f = number ? await q.findFacilityLookup(deps.db, number) : null;
  if (!f) throw notFound(M.facilityInvalid);
  return { facility_number: f.number, name: f.name, sites: f.sites.map((s) => ({ id: s.id, site_number: s.siteNumber, name: s.name })) };
}

/** GET /register/categories: the publication categories of the wizard's step 4 (public: ids and names only). */
export async function listRegistrationCategories(deps: Deps): Promise<RegistrationCategories> {
  const rows = await q.listCategories(deps.db);
  const roots = rows.filter((r) => r.parentId === null);
  return { data: roots.map((r) => ({ id: r.id, name: r.name, children: rows.filter((c) => c.parentId === r.id).map((c) => ({ id: c.id, name: c.name })) })) };
}

// ---------------------------------------------------------------- registration

/**
 * What the roles chosen keep of a registration: facilities for AR, committees for CM, the user id
 * for TA, the signature for TA or CM; facility names and site labels come from the body's records,
 * and every facility, site and committee is checked to exist (400 with the spec's message).
 */
async function settleRegistration(deps: Deps, db: Tx | Deps['db'], form: RegistrationForm, keep?: RegistrationForm['signature']): Promise<RegistrationForm> {
  const roles = [...new Set(form.roles)];
  const ar = roles.includes('AR');
  const cm = roles.includes('CM');
  const facilities = ar ? form.facilities : [];
  const numbers = facilities.map((f) => padFacilityNumber(f.facility_number.slice(0, 6)));
  const known = await q.findFacilitiesByNumbers(db, numbers.filter((n): n is string => n !== null));
  const settled = facilities.map((f, i) => {
    const number = numbers[i];
    const record = number ? known.get(number) : undefined;
    if (!number || !record) throw badRequest(M.facilityInvalid, { [`facilities.${i}.facility_number`]: [M.facilityInvalid] });
    if (numbers.indexOf(number) !== i) throw badRequest(M.facilityDuplicate, { [`facilities.${i}.facility_number`]: [M.facilityDuplicate] });
    const siteIds = [...new Set(f.sites.map((s) => s.id))];
    if (siteIds.some((id) => !record.sites.has(id))) throw badRequest(M.siteInvalid, { [`facilities.${i}.sites`]: [M.siteInvalid] });
    return { facility_number: number, facility_name: record.name, sites: siteIds.map((id) => ({ id, value: record.sites.get(id)! })) };
  });
  const committeeIds = cm ? [...new Set(form.committees.map((c) => c.id))] : [];
  const names = await q.findCommitteesByIds(db, committeeIds);
  if (committeeIds.some((id) => !names.has(id))) throw badRequest(M.committeeInvalid, { committees: [M.committeeInvalid] });
  const selected = [...new Set(form.subscriptions.selected)];
  const categories = await q.subcategoriesOf(db, selected);
  if (selected.some((id) => !categories.known.has(id))) throw badRequest(M.subscriptionInvalid, { 'subscriptions.selected': [M.subscriptionInvalid] });
  const ta = roles.includes('TA');
  return {
    ...form,
    subscriptions: { type: 'General', selected },
    email: form.email.trim(),
    roles,
    userId: ta ? form.userId : undefined,
    facilities: settled,
    committees: committeeIds.map((id) => ({ id, value: names.get(id)! })),
    signature: keep !== undefined ? keep : ta || cm ? form.signature : undefined,
  };
}

/**
 * POST /register: checked again here (the shared schema ran on the body), stored as a pending
 * request. An email that already has an account gets the same answer, and its owner a mail; no
 * request is stored for it. (Counted per address before the body is read: `countPublicCall`.)
 */
export async function register(deps: Deps, form: RegistrationForm) {
  const settled = await settleRegistration(deps, deps.db, form);
  const name = fullName(settled.first_name, settled.last_name);
  if ((await q.findUserIdByEmail(deps.db, settled.email)) !== null) {
    const mail = queueAccountMail(deps.db, settled.email, {
      subject: `${PRODUCT_NAME}: someone tried to register with your email`,
      text: `Hello,\n\nSomeone (perhaps you) filled in the ${PRODUCT_NAME} registration form with this email address. You already have an account, so no new registration was made.\n\nSign in at ${deps.config.appUrl}/ ; if you have forgotten your password, use "Forgot password" on the sign-in page.\n\nIf this was not you, you can ignore this email.`,
    }).then((mailId) => sendQueuedNow(deps, mailId));
    // Not awaited: the time of the answer must not tell whether the email has an account.
    void mail.catch((e: unknown) => deps.log.error({ err: e }, 'registration notice mail failed'));
    return { message: M.registered };
  }
  await q.insertRequest(deps.db, {
    type: 'create',
    handler: handlerFor(settled.roles),
    email: settled.email,
    name,
    roles: settled.roles,
    data: { ...settled, summary: 'New registration' },
  });
  return { message: M.registered };
}

// ---------------------------------------------------------------- admin: lists and details

type Row = q.UserRequestRow & { decidedByName?: string | null };

function changeSummary(row: Row): string {
  return typeof row.data.summary === 'string' ? row.data.summary : '';
}

function presentSummary(actor: Actor, row: Row): UserRequestSummary {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    name: row.name,
    email: row.email,
    roles: row.roles,
    change_request: changeSummary(row),
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    can_decide: row.status === 'pending' && allows(actor, actionOf(row.type), row),
  };
}

/** GET /user-requests?current_role=: the pending requests the admin's view sees, paged in SQL. */
export async function listRequests(deps: Deps, actor: Actor, query: UserRequestListQuery): Promise<UserRequestList> {
  const a = viewing(actor, query.current_role);
  authorize(a, 'admin.request.view');
  const { rows, total } = await q.listPendingRequests(deps.db, scopeFor(a, 'admin.request.view').where, {
    type: query.type,
    page: query.page,
    perPage: query.per_page,
    sort: query.sort,
    direction: query.direction,
    name: query.name,
    role: query.role,
    change: query.change,
  });
  return { data: rows.map((r) => presentSummary(a, r)), total, page: query.page, per_page: query.per_page };
}

type ChangeData = {
  fields?: Partial<Record<ProfileField, string>>;
  before?: Partial<Record<ProfileField, string | null>>;
  user_info?: Partial<UserInfo>;
  user_info_before?: Partial<UserInfo>;
  competency?: { suggestChanges: string; document: string | null; orgDoc?: string | null };
};

/** GET /user-requests/{id}. */
export async function getRequest(deps: Deps, actor: Actor, id: number, currentRole?: string): Promise<UserRequestDetail> {
  const a = viewing(actor, currentRole);
  const row = authorize(a, 'admin.request.view', await q.findRequest(deps.db, id));
  return presentDetail(deps, a, row);
}

async function presentDetail(deps: Deps, actor: Actor, row: Row): Promise<UserRequestDetail> {
  const base = {
    ...presentSummary(actor, row),
    reject_reason: row.rejectReason,
    decided_by: row.decidedByName ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
  if (row.type === 'create') {
    const { summary: _summary, ...form } = row.data as RegistrationForm & { summary?: string };
    return { ...base, registration: form, changes: [], groups: [], competency: null };
  }
  const d = row.data as ChangeData;
  const changes = PROFILE_FIELD_KEYS.filter((k) => d.fields && k in d.fields).map((k) => ({
    key: k,
    label: PROFILE_FIELDS[k],
    from: d.before?.[k] ?? null,
    to: d.fields![k] ?? null,
  }));
  const groups = (['emails', 'phones', 'addresses'] as const)
    .filter((k) => d.user_info?.[k] !== undefined)
    .map((k) => ({ key: k, label: PROFILE_GROUPS[k], before: (d.user_info_before?.[k] ?? []) as Record<string, unknown>[], after: d.user_info![k] as Record<string, unknown>[] }));
  const [info, suggestion] = await Promise.all([row.userId ? q.findUserInfo(deps.db, row.userId) : null, d.competency?.document ? q.findSuggestionOfRequest(deps.db, row.id) : null]);
  const competency = d.competency
    ? {
        suggestChanges: d.competency.suggestChanges,
        document: suggestion?.document ?? null,
        orgDoc: suggestion?.name ?? null,
        has_pdf: Boolean(info?.competencyFileId),
        abilities: {
          'admin.competency.view': Boolean(info?.competencyFileId) && allows(actor, 'admin.competency.view', { ownerId: row.userId!, assessor: row.handler === 'TA_ADMIN' }),
          'admin.competencySuggestion.view': suggestion !== null && allows(actor, 'admin.competencySuggestion.view', { ownerId: row.userId!, handler: row.handler }),
        },
      }
    : null;
  return { ...base, registration: null, changes, groups, competency };
}

// ---------------------------------------------------------------- admin: decisions and edits

/** The request under lock, checked: the actor decides it, it is pending, and of the type said. */
async function lockPending(tx: Tx, actor: Actor, id: number, type?: 'create' | 'update') {
  const row = await q.lockRequest(tx, id);
  authorize(actor, actionOf(row?.type ?? type ?? 'create'), row);
  if (type && row!.type !== type) throw badRequest(M.wrongType);
  if (row!.status !== 'pending') throw conflict(M.notPending);
  return row!;
}

/** PUT /user-requests/{id}: approve or reject a registration or a profile change. */
export async function decide(deps: Deps, actor: Actor, id: number, body: UserRequestDecision, currentRole?: string) {
  const a = viewing(actor, currentRole);
  const reason = body.reject_reason?.trim() ?? '';
  if (body.status === 'reject' && !reason) {
    // Judge access first, so a refusal never says more than 403/404.
    authorize(a, actionOf(body.type), await q.findRequest(deps.db, id));
    throw badRequest(M.rejectReasonRequired, { reject_reason: [M.rejectReasonRequired] });
  }
  // Mails queued in the transaction, sent at once after it commits (the outbox retries a failure).
  const after: number[] = [];
  const message = await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, a, id, body.type);
    const decided = { decidedBy: actor.user.id, decidedAt: new Date() };
    if (row.type === 'create') {
      const form = row.data as unknown as RegistrationForm;
      if (body.status === 'reject') {
        await q.updateRequest(tx, id, { status: 'rejected', rejectReason: reason, ...decided });
        after.push(
          await queueAccountMail(tx, row.email, {
            subject: `${PRODUCT_NAME}: your registration`,
            text: `Hello ${form.first_name},\n\nThank you for registering with ${PRODUCT_NAME}. Your registration was not approved, for this reason:\n\n${reason}\n\nIf you have questions, please contact us.`,
          }),
        );
        return M.registrationRejected(row.name);
      }
      const link = await approveRegistration(deps, tx, id, form, decided);
      after.push(
        await queueAccountMail(tx, row.email, {
          subject: `${PRODUCT_NAME}: your registration is approved`,
          text: `Hello ${form.first_name},\n\nYour registration with ${PRODUCT_NAME} has been approved. Open this link to choose your password and activate your account (it works once, for 7 days):\n${link}\n`,
        }),
      );
      return M.registrationApproved(row.name);
    }
    // A profile change.
    const userId = row.userId!;
    if (body.status === 'reject') {
      await q.updateRequest(tx, id, { status: 'rejected', rejectReason: reason, ...decided });
      await emit(tx, 'requests.profileChange.decided', { userId, approved: false, applied: [], reason, by: personOf(actor.user) });
      return M.profileChangeRejected(row.name);
    }
    const applied = await applyProfileChange(tx, userId, row.data as ChangeData, body.data);
    await q.updateRequest(tx, id, { status: 'approved', appliedKeys: applied, ...decided });
    const labels = applied.map((k) => (k in PROFILE_FIELDS ? PROFILE_FIELDS[k as ProfileField] : PROFILE_GROUPS[k as keyof typeof PROFILE_GROUPS]));
    await emit(tx, 'requests.profileChange.decided', { userId, approved: true, applied: labels, reason: null, by: personOf(actor.user) });
    return M.profileChangeApproved(row.name);
  });
  for (const mailId of after) await sendQueuedNow(deps, mailId).catch((e: unknown) => deps.log.warn({ err: e }, 'request decision mail waits in the outbox'));
  return { message };
}

/** Creates the user a registration asks for (active, no password) and answers their activation link. */
async function approveRegistration(deps: Deps, tx: Tx, id: number, form: RegistrationForm, decided: { decidedBy: number; decidedAt: Date }) {
  if ((await q.findUserIdByEmail(tx, form.email)) !== null) throw conflict(M.emailTaken);
  const userId = await q.insertUser(tx, {
    email: form.email,
    firstName: form.first_name,
    lastName: form.last_name,
    title: form.title || null,
    mobileNumber: form.mobile_number || null,
    address: form.address || null,
    suburb: form.suburb || null,
    state: form.state || null,
    country: form.country || null,
    postcode: form.postcode || null,
    resourceId: form.userId || null,
    activated: true,
    passwordHash: null,
  });
  await q.addRoles(tx, userId, form.roles);
  await q.representSites(tx, userId, await q.existingSiteIds(tx, form.facilities.flatMap((f) => f.sites.map((s) => s.id))));
  const committees = await q.findCommitteesByIds(tx, form.committees.map((c) => c.id));
  await q.joinCommittees(tx, userId, [...committees.keys()]);
  // The categories asked for that still exist (a root: all its subcategories, as POST /subscriptions).
  await q.subscribe(tx, userId, (await q.subcategoriesOf(tx, form.subscriptions?.selected ?? [])).subcategories);
  await q.updateRequest(tx, id, { status: 'approved', userId, ...decided });
  return createActivationLink(deps, userId, form.email, tx);
}

/** Applies only the ticked keys a change holds; at least one must be ticked. */
async function applyProfileChange(tx: Tx, userId: number, d: ChangeData, ticked: string[]): Promise<string[]> {
  const available = new Set<string>([
    ...Object.keys(d.fields ?? {}),
    ...(['emails', 'phones', 'addresses'] as const).filter((k) => d.user_info?.[k] !== undefined),
    ...(d.competency ? ['competency'] : []),
  ]);
  const keys = [...new Set(ticked)].filter((k) => available.has(k));
  if (keys.length === 0) throw badRequest(M.tickSomething, { data: [M.tickSomething] });
  const columns: Record<ProfileField, keyof typeof users.$inferInsert> = {
    first_name: 'firstName',
    middle_name: 'middleName',
    last_name: 'lastName',
    title: 'title',
    mobile_number: 'mobileNumber',
    email: 'email',
    address: 'address',
    country: 'country',
    state: 'state',
    suburb: 'suburb',
    postcode: 'postcode',
  };
  const values: Record<string, string | null> = {};
  for (const k of keys) if (k in columns) values[columns[k as ProfileField]] = d.fields![k as ProfileField] || null;
  if (values.email) {
    const owner = await q.findUserIdByEmail(tx, values.email);
    if (owner !== null && owner !== userId) throw conflict(M.emailTaken);
  }
  if (Object.keys(values).length) await q.updateUser(tx, userId, values);
  const info: Partial<UserInfo> = {};
  for (const k of ['emails', 'phones', 'addresses'] as const) if (keys.includes(k)) Object.assign(info, { [k]: d.user_info![k] });
  if (Object.keys(info).length) await q.upsertUserInfo(tx, userId, info);
  return keys;
}

/** PUT /user-requests/{id}/registration: the admin edits a pending registration (spec 'Admin edit registration'). */
export async function editRegistration(deps: Deps, actor: Actor, id: number, form: RegistrationForm, currentRole?: string) {
  const a = viewing(actor, currentRole);
  return deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, a, id, 'create');
    const before = row.data as unknown as RegistrationForm;
    const settled = await settleRegistration(deps, tx, form, before.signature);
    if (settled.email.toLowerCase() !== row.email.toLowerCase() && (await q.findUserIdByEmail(tx, settled.email)) !== null) throw conflict(M.emailTaken);
    await q.updateRequest(tx, id, {
      email: settled.email,
      name: fullName(settled.first_name, settled.last_name),
      roles: settled.roles,
      handler: handlerFor(settled.roles),
      data: { ...settled, summary: 'New registration' },
    });
    return { message: M.registrationSaved, id };
  });
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
  const assessor = handlerFor(actor.roles) === 'TA_ADMIN';
  const facilities = new Map<string, { facility_number: string; name: string; sites: string[] }>();
  for (const s of memberships.siteRows) {
    const f = facilities.get(s.facilityNumber) ?? { facility_number: s.facilityNumber, name: s.facilityName, sites: [] };
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

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * POST /user-requests: stores what differs from the profile as a pending change, for the admin who
 * handles the user; nothing changes until they approve. One pending change per user.
 */
export async function requestProfileChange(deps: Deps, actor: Actor, body: ProfileChangeForm) {
  authorize(actor, 'profile.change.request');
  const assessor = handlerFor(actor.roles) === 'TA_ADMIN';
  const issues = profileIssues(body, assessor);
  if (issues.length) {
    const errors: Record<string, string[]> = {};
    for (const i of issues) (errors[i.path.join('.')] ??= []).push(i.message);
    throw badRequest(issues[0]!.message, errors);
  }
  const u = await q.findUser(deps.db, actor.user.id);
  if (!u) throw notFound();
  const form = { ...body, state: body.country === undefined || isAustralia(body.country) ? body.state : 'Other' };
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
    if (form[k] !== undefined && form[k] !== (current[k] ?? '')) {
      fields[k] = form[k];
      before[k] = current[k];
    }
  }
  const data: ChangeData & { summary?: string } = { fields, before };
  if (assessor && form.user_info) {
    const info = await q.findUserInfo(deps.db, actor.user.id);
    for (const k of ['emails', 'phones', 'addresses'] as const) {
      const was = info?.[k] ?? [];
      if (!sameJson(form.user_info[k], was)) {
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
    ...(['competency', 'emails', 'phones', 'addresses'] as const).filter((k) => (k === 'competency' ? data.competency : data.user_info?.[k])).map((k) => PROFILE_GROUPS[k]),
  ];
  if (labels.length === 0) throw badRequest(M.profileUnchanged);
  data.summary = labels.join(', ');
  if (await q.findPendingChangeOf(deps.db, actor.user.id)) throw conflict(M.profilePending);
  const document = data.competency?.document ?? null;
  try {
    await deps.db.transaction(async (tx) => {
      const request = await q.insertRequest(tx, {
        type: 'update',
        handler: handlerFor(actor.roles),
        email: u.email,
        name: fullName(u.firstName, u.lastName),
        roles: actor.roles,
        userId: u.id,
        data: data as Record<string, unknown>,
      });
      // The document uploaded from Edit Profile travels with the change: it must be this user's, not sent yet.
      if (document && !(await q.attachSuggestion(tx, u.id, document, request.id))) {
        throw badRequest(M.competencyDocumentUnknown, { 'competency.document': [M.competencyDocumentUnknown] });
      }
    });
  } catch (e) {
    // The partial unique index: a second save at the same moment.
    if ((e as { code?: string; cause?: { code?: string } }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') throw conflict(M.profilePending);
    throw e;
  }
  return { message: M.profileSubmitted(PRODUCT_NAME) };
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
  await q.upsertUserInfo(deps.db, actor.user.id, { reviewedAt: new Date() });
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
  await q.upsertUserInfo(deps.db, userId, { reviewedAt: new Date() });
  return { data: true, message: M.markedUpToDate };
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
export function uploadSuggestion(deps: Deps, actor: Actor): UploadUseCase<typeof competencyUploadFields, CompetencyUploadResponse> {
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
      return { success: true, message: M.competencyUploaded, data: { fileName: document, orgDoc: upload.name, signedUrl: suggestionLink(deps, actor, document) } };
    },
  };
}

async function removeStoredKeys(deps: Deps, keys: string[]) {
  const storage = storageOf(deps);
  await Promise.all(keys.map((k) => storage.delete(k).catch((err: unknown) => deps.log.warn({ err }, 'a removed competency document stays in storage'))));
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
