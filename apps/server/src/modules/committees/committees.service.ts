import {
  DEFAULT_MEMBER_TITLE,
  type Committee,
  type CommitteeDetail,
  type CommitteeList,
  type CommitteeNames,
} from '@portal/shared';
import { authorize, scopeFor } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
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
  return {
    ...present(actor, c),
    members: members.map((m) => ({
      id: m.id,
      first_name: m.firstName,
      last_name: m.lastName,
      title: m.title || DEFAULT_MEMBER_TITLE,
      mobile_number: m.mobileNumber,
      email: m.email,
      admin: m.id === c.adminId,
    })),
  };
}
