import { ABILITIES, MESSAGES, type Site, type SiteUpdate } from '@portal/shared';
import { abilitiesOf, authorize } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import './sites.policy.js';
import * as q from './sites.queries.js';

type Found = NonNullable<Awaited<ReturnType<typeof q.findSite>>>;

function present(actor: Actor, found: Found): Site {
  const { site: s, facility: f } = found;
  return {
    id: s.id,
    site_number: s.siteNumber,
    name: s.name,
    status: s.status,
    email: s.email,
    phone: s.phone,
    address: s.address,
    suburb: s.suburb,
    state: s.state,
    country: s.country,
    post_code: s.postCode,
    contacts: s.contacts ?? [],
    client_coordinator: s.clientCoordinator ?? { names: null, phone: null, email: null },
    facility_id: f.id,
    facility: { id: f.id, facility_number: f.facilityNumber, name: f.name },
    abilities: abilitiesOf(actor, ABILITIES.site, found),
  };
}

export async function getSite(deps: Deps, actor: Actor, id: number): Promise<Site> {
  return present(actor, authorize(actor, 'sites.site.view', await q.findSite(deps.db, actor.user.id, id)));
}

export async function updateSite(deps: Deps, actor: Actor, id: number, body: SiteUpdate) {
  authorize(actor, 'sites.site.update', await q.findSite(deps.db, actor.user.id, id));
  await q.updateSite(deps.db, id, {
    ...(body.email !== undefined ? { email: body.email || null } : {}),
    ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
    ...(body.address !== undefined ? { address: body.address || null } : {}),
    ...(body.suburb !== undefined ? { suburb: body.suburb || null } : {}),
    ...(body.state !== undefined ? { state: body.state } : {}),
  });
  // Out of reach meanwhile (an import removed the access or the site): as for any other missing site.
  const row = await q.findSite(deps.db, actor.user.id, id);
  if (!row) throw notFound();
  return { message: MESSAGES.actionSuccessful, site: present(actor, row) };
}
