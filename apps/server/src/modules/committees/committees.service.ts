import {
  ADMIN_COMMS_MESSAGES as M,
  DEFAULT_MEMBER_TITLE,
  type CommitteeSave,
  type ManagedCommittee,
  type ManagedCommitteeList,
  type Committee,
  type CommitteeDetail,
  type CommitteeList,
  type CommitteeNames,
} from '@portal/shared';
import { authorize, scopeFor } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import './committees.policy.js';
import * as q from './committees.queries.js';

function present(actor: Actor, c: q.CommitteeRow): Committee {
  return {
    id: c.id,
    name: c.name,
    value: c.name,
    admin_id: c.adminId,
    admin:
      c.adminId !== null && c.adminFirstName !== null
        ? { id: c.adminId, first_name: c.adminFirstName, last_name: c.adminLastName ?? '' }
        : null,
    is_admin: c.adminId === actor.user.id,
    is_member: actor.committees.some((m) => m.id === c.id),
  };
}

/** GET /committees: the user's committees; a SYSADMIN's list holds every committee. */
export async function listCommittees(deps: Deps, actor: Actor): Promise<CommitteeList> {
  authorize(actor, 'committees.committee.list');
  const rows = await q.listCommittees(deps.db, scopeFor(actor, 'committees.committee.list').where);
  return { data: rows.map((c) => present(actor, c)) };
}

/** GET /committeenames: public, for the registration wizard (names only, no members or admins). */
export async function listCommitteeNames(deps: Deps): Promise<CommitteeNames> {
  const rows = await q.listCommitteeNames(deps.db);
  return { data: rows.map((c) => ({ id: c.id, name: c.name, value: c.name })) };
}

/** GET /committees/{id}: the committee and its members, for its members (404 for anyone else). */
export async function getCommittee(deps: Deps, actor: Actor, id: number): Promise<CommitteeDetail> {
  const c = authorize(actor, 'committees.member.list', await q.findCommittee(deps.db, id));
  const members = await q.listMembers(deps.db, c.id, c.adminId);
  return Object.assign(present(actor, c), {
    members: members.map((m) => ({
      id: m.id,
      first_name: m.firstName,
      last_name: m.lastName,
      title: m.title || DEFAULT_MEMBER_TITLE,
      mobile_number: m.mobileNumber,
      email: m.email,
      admin: m.id === c.adminId,
    })),
  });
}

// ---- The admin's committee management (SYSADMIN) ----

function presentManaged(c: q.ManagedCommitteeRow): ManagedCommittee {
  return { id: c.id, name: c.name, admin_id: c.adminId, admin_name: c.adminName, members: c.members };
}

/** GET /admin/committees: every committee with its admin and members, and whom a committee may hold. */
export async function listManagedCommittees(deps: Deps, actor: Actor): Promise<ManagedCommitteeList> {
  authorize(actor, 'admin.committee.manage');
  const [rows, candidates] = await Promise.all([q.listManagedCommittees(deps.db), q.listCandidates(deps.db)]);
  return {
    data: rows.map(presentManaged),
    candidates: candidates.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email })),
  };
}

/** The payload's rules: a name, members without repeats, and an admin who is one of them. */
function checkedInput(input: CommitteeSave) {
  const name = input.committee_name.trim();
  if (!name) throw badRequest(M.committeeNameRequired, { committee_name: [M.committeeNameRequired] });
  const members = [...new Set(input.committee_members ?? [])];
  const adminId = input.committee_admin_id ?? null;
  if (adminId !== null && !members.includes(adminId))
    throw badRequest(M.committeeAdminNotMember, { committee_admin_id: [M.committeeAdminNotMember] });
  return { name, members, adminId };
}

async function checkCandidates(deps: Deps, ids: number[]) {
  if ((await q.countCandidates(deps.db, ids)) !== ids.length)
    throw badRequest(M.committeeMembersInvalid, { committee_members: [M.committeeMembersInvalid] });
}

/** POST /committees: a new committee with its members and admin, audited in its transaction. */
export async function createCommittee(deps: Deps, actor: Actor, input: CommitteeSave) {
  authorize(actor, 'admin.committee.manage');
  const { name, members, adminId } = checkedInput(input);
  await checkCandidates(deps, members);
  const id = await deps.db.transaction(async (tx) => {
    const row = await q.insertCommittee(tx, name, adminId);
    if (!row) throw badRequest(M.committeeNameTaken, { committee_name: [M.committeeNameTaken] });
    await q.addMembers(tx, row.id, members);
    await recordAudit(tx, {
      action: 'admin.committee.create',
      who: actor.user,
      ip: deps.ip,
      record: { type: 'committee', id: row.id },
      after: { name, admin_id: adminId, members },
    });
    return row.id;
  });
  return { message: M.committeeAdded, data: presentManaged((await q.findManagedCommittee(deps.db, id))!) };
}

/** PUT /committees/{id}: renames, sets the admin, adds and removes members; audited with what changed. */
export async function updateCommittee(deps: Deps, actor: Actor, id: number, input: CommitteeSave) {
  authorize(actor, 'admin.committee.manage');
  const { name, members, adminId } = checkedInput(input);
  await deps.db.transaction(async (tx) => {
    await q.lockCommittee(tx, id);
    const before = await q.findManagedCommittee(tx, id);
    if (!before) throw notFound();
    const added = members.filter((m) => !before.members.includes(m));
    const removed = before.members.filter((m) => !members.includes(m));
    // Only newcomers must hold CM: a member who since lost it stays until removed.
    if ((await q.countCandidates(tx, added)) !== added.length)
      throw badRequest(M.committeeMembersInvalid, { committee_members: [M.committeeMembersInvalid] });
    if (!(await q.updateCommittee(tx, id, name, adminId)))
      throw badRequest(M.committeeNameTaken, { committee_name: [M.committeeNameTaken] });
    await q.addMembers(tx, id, added);
    await q.removeMembers(tx, id, removed);
    await recordAudit(tx, {
      action: 'admin.committee.update',
      who: actor.user,
      ip: deps.ip,
      record: { type: 'committee', id },
      before: { name: before.name, admin_id: before.adminId },
      after: { name, admin_id: adminId, members_added: added, members_removed: removed },
    });
  });
  return { message: M.committeeUpdated, data: presentManaged((await q.findManagedCommittee(deps.db, id))!) };
}
