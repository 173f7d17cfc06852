import { z } from 'zod';
import { LIMITS, STATES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { pageQuery, paged } from './paging.js';

export const contact = z.object({
  name: z.string().trim().min(1).max(255),
  phone: z.string().trim().max(50),
});
export type Contact = z.infer<typeof contact>;

/** A facility (spec/01 section 3); facility_number is always 6 digits, zero padded. */
export const facility = z.object({
  id: z.number(),
  facility_number: z.string(),
  name: z.string(),
  billing_email: z.string().nullable(),
  address: z.string().nullable(),
  suburb: z.string().nullable(),
  post_code: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  contacts: z.array(contact),
});
export type Facility = z.infer<typeof facility>;

export const facilityRef = z.object({ id: z.number(), facility_number: z.string(), name: z.string() });
export type FacilityRef = z.infer<typeof facilityRef>;

export const clientCoordinator = z.object({
  names: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** A site (spec/01 section 3). client_coordinator is the Accreditation Specialist card. */
export const site = z.object({
  id: z.number(),
  site_number: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  post_code: z.string().nullable(),
  contacts: z.array(contact),
  client_coordinator: clientCoordinator,
  facility_id: z.number(),
  facility: facilityRef,
});
export type Site = z.infer<typeof site>;

export const siteSummary = site.pick({ id: true, site_number: true, name: true, status: true, suburb: true, state: true });
export type SiteSummary = z.infer<typeof siteSummary>;

/** GET /facilities/{id}: the facility and the sites of it the user represents. */
export const facilityDetail = facility.extend({ sites: z.array(siteSummary) });
export type FacilityDetail = z.infer<typeof facilityDetail>;

export const facilityListQuery = z.object(pageQuery(50, 100));
export const facilityList = paged(facility);
export type FacilityList = z.infer<typeof facilityList>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * PUT /facilities/{id} (the 'Update Contact Details' modal). facility_number is the back office's key:
 * it may be sent back (at most 6 characters) but is never changed here.
 */
export const facilityUpdate = z.object({
  facility_number: z.string().max(LIMITS.facilityNumberLength, MESSAGES.facilityNumberMax).optional(),
  billing_email: z.union([z.literal(''), z.email()]).nullable().optional(),
  address: optionalText(255),
  suburb: optionalText(100),
  state: z.enum(STATES).nullable().optional(),
  contacts: z.array(contact).max(20).optional(),
});
export type FacilityUpdate = z.input<typeof facilityUpdate>;

/** PUT /sites/{id}. */
export const siteUpdate = z.object({
  email: z.union([z.literal(''), z.email()]).nullable().optional(),
  phone: optionalText(50),
  address: optionalText(255),
  suburb: optionalText(100),
  state: z.enum(STATES).nullable().optional(),
});
export type SiteUpdate = z.input<typeof siteUpdate>;

/** Pads a facility number to 6 digits for lookup; null when it is not 1 to 6 digits. */
export function padFacilityNumber(raw: string): string | null {
  const s = raw.trim();
  return /^\d{1,6}$/.test(s) ? s.padStart(LIMITS.facilityNumberLength, '0') : null;
}
