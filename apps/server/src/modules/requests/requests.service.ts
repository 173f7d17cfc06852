import {
  PRODUCT_NAME,
  PROFILE_FIELD_KEYS,
  PROFILE_FIELDS,
  PROFILE_GROUPS,
  REGISTRATION_MESSAGES as M,
  requestHandlerOf,
  ROLE_NAMES,
  rolesBeyondGrant,
  USER_ADMIN_MESSAGES,
  storedProfileChange,
  storedRegistration,
  type Action,
  type AuditAction,
  type ProfileField,
  type RegistrationForm,
  type StoredProfileChange,
  type UserInfo,
  type UserRequestDecision,
  type UserRequestDetail,
  type UserRequestList,
  type UserRequestListQuery,
  type UserRequestSummary,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { allows, authorize, refusalOf, scopeFor, viewing } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { changedFields, recordAudit } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { emit, personOf } from '../../platform/events.js';
import { queueAccountMail, sendQueuedNow } from '../../platform/outbox.js';
import { createActivationLink, endAccessOf } from '../auth/index.js';
import { findSuggestionOfRequest, findUserInfo, saveUserInfo } from '../profile/index.js';
import {
  findCommitteesByIds,
  findUserIdByEmail,
  fullName,
  settleRegistration,
  subcategoriesOf,
} from '../registration/index.js';
import './requests.policy.js';
import * as q from './requests.queries.js';
import { extend } from '../../platform/objects.js';

const actionOf = (type: 'create' | 'update'): Action =>
  type === 'create' ? 'admin.registration.review' : 'admin.profileChange.review';

function conflict(message: string) {
  return new AppError(409, message);
}

// ---------------------------------------------------------------- admin: lists and details

type Row = q.UserRequestRow & { decidedByName?: string | null };

/** What a request's stored JSON holds, read through its schema: a registration as sent (or edited), or a profile change. */
const registrationOf = (row: Row) => storedRegistration.parse(row.data);
const changeOf = (row: Row) => storedProfileChange.parse(row.data);

function changeSummary(row: Row): string {
  return typeof row.data.summary === 'string' ? row.data.summary : '';
}

function presentSummary(actor: Actor, row: Row): UserRequestSummary {
  return presentListRow(actor, extend(row, { summary: changeSummary(row), createdAt: row.createdAt.toISOString() }));
}

/** A row of the list as its summary (a whole request row goes through it too: presentSummary). */
function presentListRow(actor: Actor, row: q.ListRow): UserRequestSummary {
  const pending = row.status === 'pending';
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    name: row.name,
    email: row.email,
    roles: row.roles,
    change_request: row.summary,
    user_id: row.userId,
    created_at: row.createdAt,
    can_decide: pending && allows(actor, actionOf(row.type), row),
    decide_note: pending ? refusalOf(actor, actionOf(row.type), row) : null,
  };
}

/** GET /user-requests?current_role=: the pending requests the admin's view sees, paged in SQL. */
export async function listRequests(deps: Deps, actor: Actor, query: UserRequestListQuery): Promise<UserRequestList> {
  const a = viewing(actor, query.current_role);
  authorize(a, 'admin.request.view');
  const me = sql.placeholder(q.ME);
  const { rows, total, decidable } = await q.listPendingRequests(deps.db, scopeFor(a, 'admin.request.view', me), {
    decidable: scopeFor(a, actionOf(query.type ?? 'create'), me),
    me: a.user.id,
    type: query.type,
    page: query.page,
    perPage: query.per_page,
    sort: query.sort,
    direction: query.direction,
    name: query.name,
    role: query.role,
    change: query.change,
  });
  return {
    data: rows.map((r) => presentListRow(a, r)),
    total,
    decidable_total: decidable,
    page: query.page,
    per_page: query.per_page,
  };
}

/** GET /user-requests/{id}. */
export async function getRequest(
  deps: Deps,
  actor: Actor,
  id: number,
  currentRole?: string,
): Promise<UserRequestDetail> {
  const a = viewing(actor, currentRole);
  const row = authorize(a, 'admin.request.view', await q.findRequest(deps.db, id));
  return presentDetail(deps, a, row);
}

async function presentDetail(deps: Deps, actor: Actor, row: Row): Promise<UserRequestDetail> {
  const base = extend(presentSummary(actor, row), {
    reject_reason: row.rejectReason,
    decided_by: row.decidedByName ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
  });
  if (row.type === 'create') {
    const { summary: _summary, ...form } = registrationOf(row);
    return extend(base, { registration: form, changes: [], groups: [], competency: null });
  }
  const d = changeOf(row);
  const changes = PROFILE_FIELD_KEYS.filter((k) => d.fields && k in d.fields).map((k) => ({
    key: k,
    label: PROFILE_FIELDS[k],
    from: d.before?.[k] ?? null,
    to: d.fields![k] ?? null,
  }));
  const groups = (['emails', 'phones', 'addresses'] as const)
    .filter((k) => d.user_info?.[k] !== undefined)
    .map((k) => ({
      key: k,
      label: PROFILE_GROUPS[k],
      before: (d.user_info_before?.[k] ?? []) as Record<string, unknown>[],
      after: d.user_info![k] as Record<string, unknown>[],
    }));
  const [info, suggestion] = await Promise.all([
    row.userId ? findUserInfo(deps.db, row.userId) : null,
    d.competency?.document ? findSuggestionOfRequest(deps.db, row.id) : null,
  ]);
  const competency = d.competency
    ? {
        suggestChanges: d.competency.suggestChanges,
        document: suggestion?.document ?? null,
        orgDoc: suggestion?.name ?? null,
        has_pdf: Boolean(info?.competencyFileId),
        abilities: {
          'admin.competency.view':
            Boolean(info?.competencyFileId) &&
            allows(actor, 'admin.competency.view', { ownerId: row.userId!, assessor: row.handler === 'TA_ADMIN' }),
          'admin.competencySuggestion.view':
            suggestion !== null &&
            allows(actor, 'admin.competencySuggestion.view', { ownerId: row.userId!, handler: row.handler }),
        },
      }
    : null;
  return extend(base, { registration: null, changes, groups, competency });
}

// ---------------------------------------------------------------- admin: decisions and edits

/** The request under lock, checked: the actor decides it and it is of the type said. */
async function lockDecidable(tx: Tx, actor: Actor, id: number, type?: 'create' | 'update') {
  const row = await q.lockRequest(tx, id);
  authorize(actor, actionOf(row?.type ?? type ?? 'create'), row);
  if (type && row!.type !== type) throw badRequest(M.wrongType);
  return row!;
}

/** 403 when a registration asks for a role the actor may not grant (ROLE_GRANTS): checked at its edit and approval. */
function checkGrants(actor: Actor, roles: readonly string[]) {
  const beyond = rolesBeyondGrant(actor.roles, [], roles);
  if (beyond.length > 0)
    throw new AppError(403, USER_ADMIN_MESSAGES.roleNotGrantable(beyond.map((r) => ROLE_NAMES[r])));
}

/** As lockDecidable, and still pending. */
async function lockPending(tx: Tx, actor: Actor, id: number, type?: 'create' | 'update') {
  const row = await lockDecidable(tx, actor, id, type);
  if (row.status !== 'pending') throw conflict(M.notPending);
  return row;
}

/** The answer to a decision, for a request of this type and name. */
function decidedMessage(row: Row, status: 'approve' | 'reject') {
  if (row.type === 'create')
    return status === 'approve' ? M.registrationApproved(row.name) : M.registrationRejected(row.name);
  return status === 'approve' ? M.profileChangeApproved(row.name) : M.profileChangeRejected(row.name);
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
    const row = await lockDecidable(tx, a, id, body.type);
    if (row.status !== 'pending') {
      // The same decision again (a double click, a retry after a lost answer): what was asked holds,
      // so it answers as the first did and changes, mails and records nothing. Another decision: 409.
      if (row.status === (body.status === 'approve' ? 'approved' : 'rejected')) return decidedMessage(row, body.status);
      throw conflict(M.notPending);
    }
    const decided = { decidedBy: actor.user.id, decidedAt: new Date() };
    const audit = (action: AuditAction, before: unknown, after: unknown) =>
      recordAudit(tx, { action, who: actor.user, ip: deps.ip, record: { type: 'user_request', id }, before, after });
    if (row.type === 'create') {
      const form = registrationOf(row);
      if (body.status === 'reject') {
        await q.updateRequest(tx, id, { status: 'rejected', rejectReason: reason, ...decided });
        await audit('admin.registration.reject', { status: 'pending' }, { status: 'rejected', reject_reason: reason });
        after.push(
          await queueAccountMail(tx, row.email, {
            subject: `${PRODUCT_NAME}: your registration`,
            text: `Hello ${form.first_name},\n\nThank you for registering with ${PRODUCT_NAME}. Your registration was not approved, for this reason:\n\n${reason}\n\nIf you have questions, please contact us.`,
          }),
        );
        return M.registrationRejected(row.name);
      }
      checkGrants(actor, form.roles);
      const { link, userId } = await approveRegistration(deps, tx, id, form, decided);
      await audit(
        'admin.registration.approve',
        { status: 'pending' },
        { status: 'approved', user_id: userId, email: form.email, roles: form.roles },
      );
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
      await audit('admin.profileChange.reject', { status: 'pending' }, { status: 'rejected', reject_reason: reason });
      await emit(tx, 'requests.profileChange.decided', {
        userId,
        approved: false,
        applied: [],
        reason,
        by: personOf(actor.user),
      });
      return M.profileChangeRejected(row.name);
    }
    const change = changeOf(row);
    const applied = await applyProfileChange(tx, userId, change, body.data);
    await q.updateRequest(tx, id, { status: 'approved', appliedKeys: applied, ...decided });
    await audit(
      'admin.profileChange.approve',
      appliedValues(change, applied, 'before'),
      extend(appliedValues(change, applied, 'after'), { user_id: userId }),
    );
    const labels = applied.map((k) =>
      k in PROFILE_FIELDS ? PROFILE_FIELDS[k as ProfileField] : PROFILE_GROUPS[k as keyof typeof PROFILE_GROUPS],
    );
    await emit(tx, 'requests.profileChange.decided', {
      userId,
      approved: true,
      applied: labels,
      reason: null,
      by: personOf(actor.user),
    });
    return M.profileChangeApproved(row.name);
  });
  for (const mailId of after)
    await sendQueuedNow(deps, mailId).catch((e: unknown) =>
      deps.log.warn({ err: e }, 'request decision mail waits in the outbox'),
    );
  return { message };
}

/** Creates the user a registration asks for (active, no password) and answers their activation link. */
async function approveRegistration(
  deps: Deps,
  tx: Tx,
  id: number,
  form: RegistrationForm,
  decided: { decidedBy: number; decidedAt: Date },
) {
  if ((await findUserIdByEmail(tx, form.email)) !== null) throw conflict(M.emailTaken);
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
  await q.representSites(
    tx,
    userId,
    await q.existingSiteIds(
      tx,
      form.facilities.flatMap((f) => f.sites.map((s) => s.id)),
    ),
  );
  const committees = await findCommitteesByIds(
    tx,
    form.committees.map((c) => c.id),
  );
  await q.joinCommittees(tx, userId, [...committees.keys()]);
  // The categories asked for that still exist (a root: all its subcategories, as POST /subscriptions).
  await q.subscribe(tx, userId, (await subcategoriesOf(tx, form.subscriptions?.selected ?? [])).subcategories);
  await q.updateRequest(tx, id, { status: 'approved', userId, ...decided });
  return { link: await createActivationLink(deps, userId, form.email, tx), userId };
}

/** The values a profile change applied, as they were (`before`) or as they became (`after`), for the audit trail. */
function appliedValues(d: StoredProfileChange, applied: string[], side: 'before' | 'after') {
  const out: Record<string, unknown> = {};
  for (const k of applied) {
    if (k in PROFILE_FIELDS)
      out[k] = (side === 'before' ? d.before?.[k as ProfileField] : d.fields?.[k as ProfileField]) ?? null;
    else if (k === 'competency') out[k] = side === 'before' ? null : (d.competency?.suggestChanges ?? null);
    else {
      const group = k as 'emails' | 'phones' | 'addresses';
      out[k] = (side === 'before' ? d.user_info_before?.[group] : d.user_info?.[group]) ?? null;
    }
  }
  return out;
}

/** Applies only the ticked keys a change holds; at least one must be ticked. */
async function applyProfileChange(tx: Tx, userId: number, d: StoredProfileChange, ticked: string[]): Promise<string[]> {
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
    const owner = await findUserIdByEmail(tx, values.email);
    if (owner !== null && owner !== userId) throw conflict(M.emailTaken);
  }
  const emailBefore = await q.signInEmailOf(tx, userId);
  if (Object.keys(values).length) await q.updateUser(tx, userId, values);
  const info: Partial<UserInfo> = {};
  for (const k of ['emails', 'phones', 'addresses'] as const)
    if (keys.includes(k)) Object.assign(info, { [k]: d.user_info![k] });
  // The primary rows are copied into the flat email, phone and address fields with them.
  if (Object.keys(info).length) await saveUserInfo(tx, userId, info);
  // A new sign-in email ends every session, remembered device and link the old one had.
  if ((await q.signInEmailOf(tx, userId))?.toLowerCase() !== emailBefore?.toLowerCase())
    await endAccessOf(tx, userId, { links: true });
  return keys;
}

/** PUT /user-requests/{id}/registration: the admin edits a pending registration (spec 'Admin edit registration'). */
export async function editRegistration(
  deps: Deps,
  actor: Actor,
  id: number,
  form: RegistrationForm,
  currentRole?: string,
) {
  const a = viewing(actor, currentRole);
  return deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, a, id, 'create');
    checkGrants(actor, form.roles);
    const before = registrationOf(row);
    const settled = await settleRegistration(tx, form, before.signature);
    const { summary: _summary, ...beforeForm } = before;
    const changed = changedFields(beforeForm, settled as unknown as Record<string, unknown>);
    if (
      settled.email.toLowerCase() !== row.email.toLowerCase() &&
      (await findUserIdByEmail(tx, settled.email)) !== null
    )
      throw conflict(M.emailTaken);
    await q.updateRequest(tx, id, {
      email: settled.email,
      name: fullName(settled.first_name, settled.last_name),
      roles: settled.roles,
      handler: requestHandlerOf(settled.roles),
      data: extend(settled, { summary: 'New registration' }),
    });
    await recordAudit(tx, {
      action: 'admin.registration.edit',
      who: actor.user,
      ip: deps.ip,
      record: { type: 'user_request', id },
      before: changed?.before ?? {},
      after: changed?.after ?? {},
    });
    return { message: M.registrationSaved, id };
  });
}
