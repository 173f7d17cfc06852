import {
  grantableBy,
  isAssessorRoles,
  ROLE_NAMES,
  rolesBeyondGrant,
  USER_ABILITIES,
  USER_ADMIN_MESSAGES as M,
  USER_EDIT_ROLES,
  REGISTRATION_MESSAGES,
  type CommitteePermissionBody,
  type RegistrationForm,
  type UserDetail,
  type UserEditForm,
  type UserList,
  type UserListQuery,
} from '@portal/shared';
import type { Tx } from '../../db/client.js';
import { abilitiesOf, authorize, scopeFor, viewing } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { changedFields, recordAudit } from '../../platform/audit.js';
import { holdsAny } from '../../platform/policy.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { endAccessOf } from '../auth/index.js';
import { upsertUserInfo } from '../profile/index.js';
import { findUserIdByEmail, settleRegistration, subcategoriesOf } from '../registration/index.js';
import * as q from './users.queries.js';
import { extend } from '../../platform/objects.js';

const record = (id: number) => ({ type: 'user', id });

// ---------------------------------------------------------------- All Users and a user's profile

/**
 * GET /users?role=: TA asks from the TA admin's view, NONTA and CM from the SYSADMIN's (403 to an
 * admin without that role); no role: the SYSADMIN's list, else the TA admin's.
 */
export async function listUsers(deps: Deps, actor: Actor, query: UserListQuery): Promise<UserList> {
  const role = query.role ?? (holdsAny(actor, 'SYSADMIN') ? 'NONTA' : 'TA');
  const a = viewing(actor, role === 'TA' ? 'TA_ADMIN' : 'SYSADMIN');
  authorize(a, 'admin.user.list');
  const { rows, total } = await q.listUsers(deps.db, scopeFor(a, 'admin.user.list'), {
    cm: role === 'CM',
    search: query.search,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

/** GET /users/{id}: the profile with sites, committees, the forum permission, subscriptions and what the admin may do. */
export async function getUser(deps: Deps, actor: Actor, id: number): Promise<UserDetail> {
  const user = authorize(actor, 'admin.user.view', await q.findUser(deps.db, id));
  const parts = await q.findUserParts(deps.db, id);
  const facilities = new Map<string, UserDetail['facilities'][number]>();
  for (const s of parts.siteRows) {
    const f = facilities.get(s.facilityNumber) ?? {
      facility_number: s.facilityNumber,
      facility_name: s.facilityName,
      sites: [],
    };
    f.sites.push({ id: s.siteId, value: `${s.siteNumber} - ${s.siteName}` });
    facilities.set(s.facilityNumber, f);
  }
  const committees = parts.committeeRows.map((c) => ({
    id: c.id,
    value: c.name,
    admin: c.admin,
    can_write: c.canWrite,
  }));
  return {
    id: user.id,
    first_name: user.firstName,
    middle_name: user.middleName,
    last_name: user.lastName,
    title: user.title,
    email: user.email,
    mobile_number: user.mobileNumber,
    address: user.address,
    country: user.country,
    state: user.state,
    suburb: user.suburb,
    postcode: user.postcode,
    resource_id: user.resourceId,
    roles: user.roles,
    activated: user.activated,
    facilities: [...facilities.values()],
    committees,
    committeeAdmin: committees.filter((c) => c.admin).map((c) => c.value),
    committeePermission: committees.length > 0 && committees.every((c) => c.can_write || c.admin),
    subscriptions: { type: 'General', selected: parts.subscriptions },
    user_info: isAssessorRoles(user.roles) ? (parts.info ?? { emails: [], phones: [], addresses: [] }) : null,
    detailed_edit: user.handler === 'TA_ADMIN' && parts.info !== null,
    abilities: abilitiesOf(actor, USER_ABILITIES, user),
    grantable_roles: USER_EDIT_ROLES.filter((r) => grantableBy(actor.roles).includes(r)),
  };
}

// ---------------------------------------------------------------- Edit Personal Details

/** The values an edit can change, as the audit record compares them. */
async function editableOf(tx: Tx, user: q.ManagedUserRow) {
  const parts = await q.findUserParts(tx, user.id);
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    title: user.title,
    email: user.email,
    mobile_number: user.mobileNumber,
    address: user.address,
    country: user.country,
    state: user.state,
    suburb: user.suburb,
    postcode: user.postcode,
    resource_id: user.resourceId,
    roles: user.roles,
    sites: parts.siteRows.map((s) => s.siteId).sort((a, b) => a - b),
    committees: parts.committeeRows.map((c) => c.id).sort((a, b) => a - b),
    subscriptions: parts.subscriptions,
    user_info: parts.info,
  };
}

/**
 * PUT /users/{id}: the registration's rules (shared schema, `mode: 'user'`) and its checks of
 * facilities, sites, committees and categories (`settleRegistration`), then every part replaced in
 * one transaction with its audit record. Roles an admin does not give (SYSADMIN, LA) are kept; LA
 * goes with TA. A role granted or removed outside the admin's row of ROLE_GRANTS answers 403 before
 * anything else is checked. An assessor's cards are the TA admin's to edit (the admin who manages
 * assessor-only users).
 */
export async function updateUser(deps: Deps, actor: Actor, id: number, form: UserEditForm) {
  return deps.db.transaction(async (tx) => {
    const user = authorize(actor, 'admin.user.update', await q.findUser(tx, id, true));
    const given = [...new Set(form.roles)];
    const kept = user.roles.filter(
      (r) => !(USER_EDIT_ROLES as readonly string[]).includes(r) && (r !== 'LA' || given.includes('TA')),
    );
    const roles = [...new Set([...given, ...kept])].sort();
    // Before any other check: an admin never grants or removes a role outside their row of ROLE_GRANTS.
    const beyond = rolesBeyondGrant(actor.roles, user.roles, roles);
    if (beyond.length > 0) throw new AppError(403, M.roleNotGrantable(beyond.map((r) => ROLE_NAMES[r])));
    const settled = await settleRegistration(
      tx,
      extend(form, { roles: form.roles.filter((r) => r !== 'TA_ADMIN'), signature: undefined }) as RegistrationForm,
    );
    const email = settled.email;
    if (email.toLowerCase() !== user.email.toLowerCase() && (await findUserIdByEmail(tx, email)) !== null)
      throw new AppError(409, REGISTRATION_MESSAGES.emailTaken, { email: [REGISTRATION_MESSAGES.emailTaken] });
    const before = await editableOf(tx, user);

    await q.updateUserRow(tx, id, {
      firstName: settled.first_name,
      lastName: settled.last_name,
      title: settled.title || null,
      email,
      mobileNumber: settled.mobile_number || null,
      address: settled.address || null,
      country: settled.country || null,
      state: settled.state || null,
      suburb: settled.suburb || null,
      postcode: settled.postcode || null,
      resourceId: given.includes('TA') ? settled.userId || user.resourceId : user.resourceId,
    });
    await q.replaceRoles(tx, id, roles);
    await q.replaceSites(tx, id, [...new Set(settled.facilities.flatMap((f) => f.sites.map((s) => s.id)))]);
    await q.replaceCommittees(
      tx,
      id,
      settled.committees.map((c) => c.id),
    );
    await q.replaceSubscriptions(tx, id, (await subcategoriesOf(tx, settled.subscriptions.selected)).subcategories);
    if (form.user_info && user.handler === 'TA_ADMIN' && isAssessorRoles(roles))
      await upsertUserInfo(tx, id, form.user_info);

    // A new sign-in email ends every way in that the old one opened: sessions, remembered devices, links.
    if (email.toLowerCase() !== user.email.toLowerCase()) await endAccessOf(tx, id, { links: true });
    const after = await editableOf(tx, (await q.findUser(tx, id))!);
    const changed = changedFields(before, after);
    if (changed)
      await recordAudit(tx, {
        action: 'admin.user.update',
        who: actor.user,
        ip: deps.ip,
        record: record(id),
        ...changed,
      });
    return { message: M.saved };
  });
}

// ---------------------------------------------------------------- activate, deactivate, delete

/**
 * POST /activate/{id} and POST /deactivate/{id}. The row is locked before it is tested, so two
 * clicks at once change it once. Deactivating ends their sessions, remember-me and every reset and
 * activation link at once (activating again revives none of them); signing in is refused until
 * activated again.
 */
async function setActivated(deps: Deps, actor: Actor, id: number, activated: boolean) {
  const action = activated ? 'admin.user.activate' : 'admin.user.deactivate';
  return deps.db.transaction(async (tx) => {
    const user = authorize(actor, action, await q.findUser(tx, id, true));
    if (user.activated === activated) throw badRequest(activated ? M.alreadyActive : M.alreadyInactive);
    await q.updateUserRow(tx, id, { activated });
    if (!activated) await endAccessOf(tx, id, { links: true });
    await recordAudit(tx, {
      action,
      who: actor.user,
      ip: deps.ip,
      record: record(id),
      before: { activated: !activated },
      after: { activated },
    });
    return { message: activated ? M.activated : M.deactivated };
  });
}

export const activateUser = (deps: Deps, actor: Actor, id: number) => setActivated(deps, actor, id, true);
export const deactivateUser = (deps: Deps, actor: Actor, id: number) => setActivated(deps, actor, id, false);

/** DELETE /users/{id}: the person goes, what others need stays (DECISIONS "Deleting a user"). */
export async function deleteUser(deps: Deps, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const user = authorize(actor, 'admin.user.delete', await q.findUser(tx, id, true));
    await q.anonymiseUser(tx, id, M.removedName);
    await recordAudit(tx, {
      action: 'admin.user.delete',
      who: actor.user,
      ip: deps.ip,
      record: record(id),
      before: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, roles: user.roles },
      after: { name: M.removedName },
    });
    return { message: M.deleted };
  });
}

// ---------------------------------------------------------------- forum write permission

/** PUT /committeepermissions/{id}: 'User can Add Discussions to Committee Forums' for one committee of theirs. */
export async function setForumWrite(deps: Deps, actor: Actor, id: number, body: CommitteePermissionBody) {
  return deps.db.transaction(async (tx) => {
    authorize(actor, 'admin.user.forumWrite', await q.findUser(tx, id, true));
    const membership = await q.findMembership(tx, id, body.committee_id);
    if (!membership) throw badRequest(M.notMember, { committee_id: [M.notMember] });
    await q.setForumWrite(tx, id, body.committee_id, body.can_write);
    if (membership.canWrite !== body.can_write)
      await recordAudit(tx, {
        action: 'admin.user.forumWrite',
        who: actor.user,
        ip: deps.ip,
        record: record(id),
        before: { committee: membership.name, can_write: membership.canWrite },
        after: { committee: membership.name, can_write: body.can_write },
      });
    return { message: M.forumUpdated };
  });
}
