import { z } from 'zod';
import { isPhoneNumber, LIMITS, STATES } from '../constants.js';
import { MESSAGES, RECORD_MESSAGES } from '../messages.js';
import { abilitiesSchema } from '../permissions.js';
import { pageQuery, paged } from './paging.js';
import { safeString } from './common.js';

const text = (what: string, max: number) =>
  safeString({ error: RECORD_MESSAGES.notText(what) })
    .trim()
    .max(max, RECORD_MESSAGES.tooLong(what, max));

/** Text that must be given: missing, null, empty or only spaces all say '{what} is required'. */
const requiredText = (what: string, max: number) =>
  safeString({ error: RECORD_MESSAGES.required(what) })
    .trim()
    .min(1, { error: RECORD_MESSAGES.required(what), abort: true })
    .max(max, RECORD_MESSAGES.tooLong(what, max));

const requiredEmail = (what: string) => requiredText(what, LIMITS.emailMax).pipe(z.email(RECORD_MESSAGES.emailInvalid));

const requiredPhone = (what: string) =>
  requiredText(what, LIMITS.phoneMax).refine(isPhoneNumber, RECORD_MESSAGES.phoneInvalid);

const requiredState = z.enum(STATES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? RECORD_MESSAGES.required('state')
      : RECORD_MESSAGES.stateInvalid,
});

export const contact = z.object({
  name: safeString({ error: RECORD_MESSAGES.contactNameRequired })
    .trim()
    .min(1, { error: RECORD_MESSAGES.contactNameRequired, abort: true })
    .max(LIMITS.contactNameMax, RECORD_MESSAGES.tooLong('contact name', LIMITS.contactNameMax)),
  phone: requiredPhone('phone number'),
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
  abilities: abilitiesSchema('facility'),
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
  abilities: abilitiesSchema('site'),
});
export type Site = z.infer<typeof site>;

export const siteSummary = site.pick({
  id: true,
  site_number: true,
  name: true,
  status: true,
  suburb: true,
  state: true,
});
export type SiteSummary = z.infer<typeof siteSummary>;

/** GET /facilities/{id}: the facility and the sites of it the user represents. */
export const facilityDetail = facility.extend({ sites: z.array(siteSummary) });
export type FacilityDetail = z.infer<typeof facilityDetail>;

export const facilityListQuery = z.object(pageQuery(50, 100));
export const facilityList = paged(facility);
export type FacilityList = z.infer<typeof facilityList>;

const optionalText = (what: string, max: number) => text(what, max).nullable().optional();
const optionalState = z.enum(STATES, { error: RECORD_MESSAGES.stateInvalid }).nullable().optional();

/**
 * PUT /facilities/{id} (the 'Update Contact Details' modal). A field left out keeps its value; a field
 * sent must be valid: billing email, address, suburb and state cannot be emptied, and every
 * contact has a name and a phone number. facility_number is the back office's key: it may be sent back
 * (at most 6 characters) but is never changed here. The web form checks its values with this schema too.
 */
export const facilityUpdate = z.object({
  facility_number: safeString().max(LIMITS.facilityNumberLength, MESSAGES.facilityNumberMax).optional(),
  billing_email: requiredEmail('billing email').optional(),
  address: requiredText('address', LIMITS.addressMax).optional(),
  suburb: requiredText('suburb', LIMITS.suburbMax).optional(),
  state: requiredState.optional(),
  contacts: z.array(contact).max(LIMITS.contactsMax, RECORD_MESSAGES.contactsMax(LIMITS.contactsMax)).optional(),
});
export type FacilityUpdate = z.input<typeof facilityUpdate>;

/** PUT /sites/{id}: the site's email and phone cannot be emptied; address, suburb and state may be cleared. */
export const siteUpdate = z.object({
  email: requiredEmail('email').optional(),
  phone: requiredPhone('phone number').optional(),
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
