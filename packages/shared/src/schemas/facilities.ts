import { z } from 'zod';
import { LIMITS, STATES } from '../constants.js';
import { MESSAGES, RECORD_MESSAGES } from '../messages.js';
import { pageQuery, paged } from './paging.js';
import { safeString } from './common.js';

const text = (what: string, max: number) => safeString({ error: RECORD_MESSAGES.notText(what) }).trim().max(max, RECORD_MESSAGES.tooLong(what, max));

export const contact = z.object({
  name: safeString({ error: RECORD_MESSAGES.contactNameRequired })
    .trim()
    .min(1, RECORD_MESSAGES.contactNameRequired)
    .max(LIMITS.contactNameMax, RECORD_MESSAGES.tooLong('contact name', LIMITS.contactNameMax)),
  phone: text('phone number', LIMITS.phoneMax),
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

const optionalText = (what: string, max: number) => text(what, max).nullable().optional();
const optionalEmail = z.union([z.literal(''), z.email(RECORD_MESSAGES.emailInvalid)], { error: RECORD_MESSAGES.emailInvalid }).nullable().optional();
const optionalState = z.enum(STATES, { error: RECORD_MESSAGES.stateInvalid }).nullable().optional();

/**
 * PUT /facilities/{id} (the 'Update Contact Details' modal). facility_number is the back office's key:
 * it may be sent back (at most 6 characters) but is never changed here.
 */
export const facilityUpdate = z.object({
  facility_number: safeString().max(LIMITS.facilityNumberLength, MESSAGES.facilityNumberMax).optional(),
  billing_email: optionalEmail,
  address: optionalText('address', LIMITS.addressMax),
  suburb: optionalText('suburb', LIMITS.suburbMax),
  state: optionalState,
  contacts: z.array(contact).max(LIMITS.contactsMax, RECORD_MESSAGES.contactsMax(LIMITS.contactsMax)).optional(),
});
export type FacilityUpdate = z.input<typeof facilityUpdate>;

/** PUT /sites/{id}. */
export const siteUpdate = z.object({
  email: optionalEmail,
  phone: optionalText('phone number', LIMITS.phoneMax),
  address: optionalText('address', LIMITS.addressMax),
  suburb: optionalText('suburb', LIMITS.suburbMax),
  state: optionalState,
});
export type SiteUpdate = z.input<typeof siteUpdate>;

/** Pads a facility number to 6 digits for lookup; null when it is not 1 to 6 digits. */
export function padFacilityNumber(raw: string): string | null {
  const s = raw.trim();
  return /^\d{1,6}$/.test(s) ? s.padStart(LIMITS.facilityNumberLength, '0') : null;
}
