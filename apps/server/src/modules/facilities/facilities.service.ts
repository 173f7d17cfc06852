import { MESSAGES, padFacilityNumber, type Facility, type FacilityDetail, type FacilityList, type FacilityUpdate } from '@portal/shared';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { assertRepresentative } from './facilities.policy.js';
import * as q from './facilities.queries.js';

export function presentFacility(f: q.FacilityRow): Facility {
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
  };
}

export async function listFacilities(deps: Deps, actor: Actor, query: { page: number; per_page: number }): Promise<FacilityList> {
  assertRepresentative(actor);
  const { rows, total } = await q.listRepresentedFacilities(deps.db, actor.user.id, query.page, query.per_page);
  return { data: rows.map(presentFacility), total, page: query.page, per_page: query.per_page };
}

async function detail(deps: Deps, actor: Actor, f: q.FacilityRow | null): Promise<FacilityDetail> {
  if (!f) throw notFound();
  const siteRows = await q.listRepresentedSitesOf(deps.db, actor.user.id, f.id);
  return {
    ...presentFacility(f),
    sites: siteRows.map((s) => ({ id: s.id, site_number: s.siteNumber, name: s.name, status: s.status, suburb: s.suburb, state: s.state })),
  };
}

export async function getFacility(deps: Deps, actor: Actor, id: number): Promise<FacilityDetail> {
  if (!actor.roles.includes('AR')) throw notFound();
  return detail(deps, actor, await q.findRepresentedFacility(deps.db, actor.user.id, { id }));
}

/** GET /facilities/getInfo/{number}: the number is padded to 6 digits for the lookup. */
export async function getFacilityByNumber(deps: Deps, actor: Actor, raw: string): Promise<FacilityDetail> {
  const number = padFacilityNumber(raw);
  if (!number || !actor.roles.includes('AR')) throw notFound();
  return detail(deps, actor, await q.findRepresentedFacility(deps.db, actor.user.id, { number }));
}

export async function updateFacility(deps: Deps, actor: Actor, id: number, body: FacilityUpdate) {
  if (!actor.roles.includes('AR')) throw notFound();
  const f = await q.findRepresentedFacility(deps.db, actor.user.id, { id });
  if (!f) throw notFound();
  const updated = await q.updateFacility(deps.db, id, {
    ...(body.billing_email !== undefined ? { billingEmail: body.billing_email || null } : {}),
    ...(body.address !== undefined ? { address: body.address || null } : {}),
    ...(body.suburb !== undefined ? { suburb: body.suburb || null } : {}),
    ...(body.state !== undefined ? { state: body.state } : {}),
    ...(body.contacts !== undefined ? { contacts: body.contacts } : {}),
  });
  return { message: MESSAGES.actionSuccessful, facility: presentFacility(updated!) };
}
