import {
  ABILITIES,
  MESSAGES,
  type Facility,
  type FacilityDetail,
  type FacilityList,
  type FacilityUpdate,
} from '@portal/shared';
import { abilitiesOf, authorize, scopeFor } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import './facilities.policy.js';
import type { FacilityFacts } from './facilities.policy.js';
import * as q from './facilities.queries.js';
import { extend } from '../../platform/objects.js';

export function presentFacility(actor: Actor, f: q.FacilityRow & FacilityFacts): Facility {
  return {
    id: f.id,
    facility_number: f.facilityNumber,
    name: f.name,
    billing_email: f.billingEmail,
    address: f.address,
    suburb: f.suburb,
    post_code: f.postCode,
    state: f.state,
    country: f.country,
    contacts: f.contacts ?? [],
    abilities: abilitiesOf(actor, ABILITIES.facility, f),
  };
}

export async function listFacilities(
  deps: Deps,
  actor: Actor,
  query: { page: number; per_page: number },
): Promise<FacilityList> {
  authorize(actor, 'facilities.facility.list');
  const { rows, total } = await q.listFacilities(
    deps.db,
    scopeFor(actor, 'facilities.facility.list').where,
    query.page,
    query.per_page,
  );
  return {
    data: rows.map((f) => presentFacility(actor, extend(f, { represented: true }))),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

async function detail(deps: Deps, actor: Actor, f: q.FacilityRow & FacilityFacts): Promise<FacilityDetail> {
  const siteRows = await q.listRepresentedSitesOf(deps.db, actor.user.id, f.id);
  return Object.assign(presentFacility(actor, f), {
    sites: siteRows.map((s) => ({
      id: s.id,
      site_number: s.siteNumber,
      name: s.name,
      status: s.status,
      suburb: s.suburb,
      state: s.state,
    })),
  });
}

export async function getFacility(deps: Deps, actor: Actor, id: number): Promise<FacilityDetail> {
  const f = authorize(actor, 'facilities.facility.view', await q.findFacility(deps.db, actor.user.id, { id }));
  return detail(deps, actor, f);
}

export async function updateFacility(deps: Deps, actor: Actor, id: number, body: FacilityUpdate) {
  authorize(actor, 'facilities.facility.update', await q.findFacility(deps.db, actor.user.id, { id }));
  const updated = await q.updateFacility(deps.db, id, {
    ...(body.billing_email !== undefined ? { billingEmail: body.billing_email || null } : {}),
    ...(body.address !== undefined ? { address: body.address || null } : {}),
    ...(body.suburb !== undefined ? { suburb: body.suburb || null } : {}),
    ...(body.state !== undefined ? { state: body.state } : {}),
    ...(body.contacts !== undefined ? { contacts: body.contacts } : {}),
  });
  return {
    message: MESSAGES.actionSuccessful,
    facility: presentFacility(actor, extend(updated!, { represented: true })),
  };
}
