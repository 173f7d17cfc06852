import { z } from 'zod';
import { isPhoneNumber, LIMITS } from '../constants.js';
import { REGISTRATION_MESSAGES as M } from '../messages.js';
import { abilitiesSchema } from '../permissions.js';
import { safeString } from './common.js';
import { PROFILE_FIELDS } from './field-labels.js';

export { PROFILE_FIELDS };
import {
  PROFILE_EMAIL_PATTERN,
  registrationSignature,
  registrationSubscriptions,
  USER_REQUEST_STATUSES,
  USER_REQUEST_TYPES,
  userRequestSummary,
} from './registration.js';

/**
 * A user's profile and the profile-change request (spec/02 section 5 'Profile'): POST /user-requests
 * sends the whole form; the server stores only what differs from the profile, and an admin applies
 * the keys they tick (PUT /user-requests/{id}).
 */

export type ProfileField = keyof typeof PROFILE_FIELDS;
export const PROFILE_FIELD_KEYS = Object.keys(PROFILE_FIELDS) as ProfileField[];

/** The grouped changes of an assessor's profile, with the checkbox labels of the approval screen. */
export const PROFILE_GROUPS = {
  competency: 'COMPETENCY CHANGES SUGGESTED',
  emails: 'EMAIL DETAILS UPDATED',
  phones: 'PHONE DETAILS UPDATED',
  addresses: 'ADDRESS UPDATED',
} as const;
export type ProfileGroup = keyof typeof PROFILE_GROUPS;
export const PROFILE_CHANGE_KEYS = [...PROFILE_FIELD_KEYS, ...(Object.keys(PROFILE_GROUPS) as ProfileGroup[])];

const POSTCODE = /^\d+$/;
const COUNTRY_CODE = /^\+\d+$/;
const PHONE_DIGITS = /^\d+$/;

const opt = (max = 255) => safeString().trim().max(max).default('');
/** A profile field: left out means unchanged; null (an empty value as the profile shows it) is ''. */
const field = (max = 255) =>
  safeString()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === null ? '' : v));

export const profileEmail = z.object({
  Type: opt(50),
  email: opt(LIMITS.emailMax),
  isPrimary: z.boolean().default(false),
});
export const profilePhone = z.object({
  Type: opt(50),
  countryCode: opt(6),
  phoneNumber: opt(20),
  isPrimary: z.boolean().default(false),
});
export const profileAddress = z.object({
  Type: opt(50),
  AddressLine: opt(LIMITS.addressMax),
  Country: opt(100),
  State: opt(20),
  Suburb: opt(LIMITS.suburbMax),
  Postcode: opt(10),
  isPrimary: z.boolean().default(false),
});
export type ProfileEmail = z.infer<typeof profileEmail>;
export type ProfilePhone = z.infer<typeof profilePhone>;
export type ProfileAddress = z.infer<typeof profileAddress>;

export const userInfo = z.object({
  emails: z.array(profileEmail).max(10).default([]),
  phones: z.array(profilePhone).max(10).default([]),
  addresses: z.array(profileAddress).max(10).default([]),
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * A profile value as it is compared (server and web alike): text trimmed, an empty text the same
 * as none, object keys in one order and empty ones dropped. Typing a value and restoring it, or a
 * card read back with its keys in another order, is then no change.
 */
export function normalisedProfileValue(v: unknown): unknown {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (v === undefined) return null;
  if (Array.isArray(v)) return v.map(normalisedProfileValue);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) {
      const value = normalisedProfileValue((v as Record<string, unknown>)[key]);
      if (value !== null) out[key] = value;
    }
    return out;
  }
  return v;
}

/** Whether two profile values are the same once normalised. */
export const sameProfileValue = (a: unknown, b: unknown) =>
  JSON.stringify(normalisedProfileValue(a)) === JSON.stringify(normalisedProfileValue(b));

/** A country other than Australia (or AU, any case) has State 'Other'. */
export const isAustralia = (country: string | null | undefined) =>
  !country || ['australia', 'au'].includes(country.trim().toLowerCase());

/** The flat fields an assessor's primary email, phone and address stand for (spec/02 section 5). */
export const PRIMARY_CONTACT_FIELDS = [
  'email',
  'mobile_number',
  'address',
  'country',
  'state',
  'suburb',
  'postcode',
] as const;
export type PrimaryContactField = (typeof PRIMARY_CONTACT_FIELDS)[number];

/**
 * The flat email, mobile_number (country code plus number) and address fields copied from the
 * primary rows: the one source of an assessor's contact details. A kind given without a primary row
 * gives nothing, so its flat fields stay as they are.
 */
export function primaryContactOf(info: {
  emails?: readonly { email?: string | null; isPrimary?: boolean }[];
  phones?: readonly { countryCode?: string | null; phoneNumber?: string | null; isPrimary?: boolean }[];
  addresses?: readonly {
    AddressLine?: string | null;
    Country?: string | null;
    State?: string | null;
    Suburb?: string | null;
    Postcode?: string | null;
    isPrimary?: boolean;
  }[];
}): Partial<Record<PrimaryContactField, string>> {
  const out: Partial<Record<PrimaryContactField, string>> = {};
  const email = info.emails?.find((e) => e.isPrimary);
  if (email?.email?.trim()) out.email = email.email.trim();
  const phone = info.phones?.find((p) => p.isPrimary);
  if (phone?.phoneNumber?.trim()) out.mobile_number = `${phone.countryCode?.trim() ?? ''}${phone.phoneNumber.trim()}`;
  const a = info.addresses?.find((x) => x.isPrimary);
  if (a) {
    out.address = a.AddressLine?.trim() ?? '';
    out.country = a.Country?.trim() ?? '';
    out.state = isAustralia(a.Country) ? (a.State?.trim() ?? '') : 'Other';
    out.suburb = a.Suburb?.trim() ?? '';
    out.postcode = a.Postcode?.trim() ?? '';
  }
  return out;
}

type Issue = { path: (string | number)[]; message: string };

/** The rules of the profile form; `assessor` adds the primary email, phone and address of a TA. */
export function profileIssues(v: z.input<typeof profileChangeFields>, assessor: boolean): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const blank = (s: string | undefined | null) => !s || s.trim() === '';
  if (blank(v.first_name)) add(['first_name'], M.fieldRequired);
  if (blank(v.last_name)) add(['last_name'], M.fieldRequired);
  if (v.email !== undefined && blank(v.email)) add(['email'], M.fieldRequired);
  else if (!blank(v.email) && !PROFILE_EMAIL_PATTERN.test(v.email!.trim())) add(['email'], M.emailPattern);
  if (!blank(v.postcode) && !POSTCODE.test(v.postcode!.trim())) add(['postcode'], M.postcodeInvalid);
  if (!blank(v.mobile_number) && !isPhoneNumber(v.mobile_number!))
    add(['mobile_number'], M.invalidDetail(PROFILE_FIELDS.mobile_number));
  const info = v.user_info;
  if (info) {
    (info.emails ?? []).forEach((e, i) => {
      if (blank(e.email)) add(['user_info', 'emails', i, 'email'], M.fieldRequired);
      else if (!PROFILE_EMAIL_PATTERN.test(e.email!.trim())) add(['user_info', 'emails', i, 'email'], M.emailPattern);
    });
    (info.phones ?? []).forEach((p, i) => {
      if (blank(p.countryCode)) add(['user_info', 'phones', i, 'countryCode'], M.fieldRequired);
      else if (!COUNTRY_CODE.test(p.countryCode!.trim()))
        add(['user_info', 'phones', i, 'countryCode'], M.countryCodeInvalid);
      if (blank(p.phoneNumber)) add(['user_info', 'phones', i, 'phoneNumber'], M.fieldRequired);
      else if (!PHONE_DIGITS.test(p.phoneNumber!.trim())) add(['user_info', 'phones', i, 'phoneNumber'], M.phoneDigits);
    });
    (info.addresses ?? []).forEach((a, i) => {
      if (blank(a.AddressLine)) add(['user_info', 'addresses', i, 'AddressLine'], M.fieldRequired);
      if (blank(a.Country)) add(['user_info', 'addresses', i, 'Country'], M.fieldRequired);
      if (blank(a.Suburb)) add(['user_info', 'addresses', i, 'Suburb'], M.fieldRequired);
      if (blank(a.Postcode)) add(['user_info', 'addresses', i, 'Postcode'], M.fieldRequired);
      else if (!POSTCODE.test(a.Postcode!.trim())) add(['user_info', 'addresses', i, 'Postcode'], M.postcodeInvalid);
    });
  }
  if (assessor) {
    if (!(info?.emails ?? []).some((e) => e.isPrimary)) add(['user_info', 'emails'], M.primaryEmailRequired);
    if (!(info?.phones ?? []).some((p) => p.isPrimary)) add(['user_info', 'phones'], M.primaryPhoneRequired);
    if (!(info?.addresses ?? []).some((a) => a.isPrimary)) add(['user_info', 'addresses'], M.primaryAddressRequired);
  }
  return issues;
}

const profileChangeFields = z.object({
  first_name: field(),
  middle_name: field(),
  last_name: field(),
  title: field(),
  mobile_number: field(30),
  email: field(LIMITS.emailMax),
  address: field(LIMITS.addressMax),
  country: field(100),
  state: field(20),
  suburb: field(LIMITS.suburbMax),
  postcode: field(10),
  /** An assessor's emails, phones and addresses (one primary of each). */
  user_info: userInfo.optional(),
  /** An assessor's suggested changes to their competencies. */
  competency: z
    .object({
      suggestChanges: opt(2000),
      /** The `fileName` POST /user-requests/edittacompetencydoc answered (the upload waiting to be sent). */
      document: safeString().max(255).nullable().default(null),
      /** The uploaded file's own name, as the form shows it (the server keeps the name it stored). */
      orgDoc: safeString().max(255).nullable().optional(),
    })
    .optional(),
});
export type ProfileChangeForm = z.infer<typeof profileChangeFields>;
export type ProfileChangeInput = z.input<typeof profileChangeFields>;

/** Some of an assessor's cards: the groups a change names (a group left out is not part of it). */
const someCards = z.object({
  emails: z.array(profileEmail).optional(),
  phones: z.array(profilePhone).optional(),
  addresses: z.array(profileAddress).optional(),
});

/**
 * A profile change as `user_requests.data` stores it, read back through this schema: the fields that
 * differ (and what they were), the cards that differ (and what they were), and the competency part.
 */
export const storedProfileChange = z.object({
  summary: z.string().optional(),
  fields: z.partialRecord(z.enum(PROFILE_FIELD_KEYS as [ProfileField, ...ProfileField[]]), z.string()).optional(),
  before: z
    .partialRecord(z.enum(PROFILE_FIELD_KEYS as [ProfileField, ...ProfileField[]]), z.string().nullable())
    .optional(),
  user_info: someCards.optional(),
  user_info_before: someCards.optional(),
  competency: z
    .object({ suggestChanges: z.string(), document: z.string().nullable(), orgDoc: z.string().nullable().optional() })
    .optional(),
});
export type StoredProfileChange = z.infer<typeof storedProfileChange>;

/** POST /user-requests (the server adds the assessor's rules, knowing who asks). */
export const profileChangeRequest = profileChangeFields.superRefine((v, ctx) => {
  for (const issue of profileIssues(v, false))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});
/** The edit-profile form of an assessor (the web app's; the server checks the same with `profileIssues`). */
export const assessorProfileForm = profileChangeFields.superRefine((v, ctx) => {
  for (const issue of profileIssues(v, true))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/**
 * A user's stored details as they are shown (spec/02 section 3, User): the start of the signed-in
 * user's own profile and of the profile an admin opens, so the two answers cannot drift apart.
 */
export const personDetails = {
  id: z.number(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  title: z.string().nullable(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  suburb: z.string().nullable(),
  postcode: z.string().nullable(),
  resource_id: z.string().nullable(),
  roles: z.array(z.string()),
};

/** GET /profile: the signed-in user's profile, what a pending change asks, and an assessor's cards. */
export const profile = z.object({
  ...personDetails,
  /** 'number - name' of the sites an AR represents, by facility. */
  facilities: z.array(z.object({ facility_number: z.string(), name: z.string(), sites: z.array(z.string()) })),
  committees: z.array(z.string()),
  assessor: z.boolean(),
  user_info: userInfo.extend({
    competency_pdf: z.boolean(),
    /** The competency PDF has been opened (Mark Profile up to date waits for it). */
    competency_viewed: z.boolean(),
    reviewed_at: z.string().nullable(),
  }),
  pending_request: z.object({ id: z.number(), created_at: z.string() }).nullable(),
  /** View Competencies, Mark Profile up to date, and the suggested-changes document of Edit Profile. */
  abilities: abilitiesSchema('profile'),
});
export type Profile = z.infer<typeof profile>;

/** GET /user-requests/{id}: one request in full. */
export const userRequestDetail = userRequestSummary.extend({
  status: z.enum(USER_REQUEST_STATUSES),
  type: z.enum(USER_REQUEST_TYPES),
  reject_reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** A registration as sent (or as the admin edited it). */
  registration: z
    .object({
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      roles: z.array(z.string()),
      title: z.string(),
      mobile_number: z.string(),
      address: z.string(),
      billing_address: z.string().optional(),
      suburb: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
      postcode: z.string().optional(),
      userId: z.string().optional(),
      facilities: z.array(
        z.object({
          facility_number: z.string(),
          facility_name: z.string(),
          sites: z.array(z.object({ id: z.number(), value: z.string() })),
        }),
      ),
      committees: z.array(z.object({ id: z.number(), value: z.string() })),
      subscriptions: registrationSubscriptions,
      signature: registrationSignature.optional(),
    })
    .nullable(),
  /** A profile change: each changed field with its From and To. */
  changes: z.array(
    z.object({ key: z.string(), label: z.string(), from: z.string().nullable(), to: z.string().nullable() }),
  ),
  /** A profile change of an assessor's cards: before and after, for the groups that changed. */
  groups: z.array(
    z.object({
      key: z.enum(['emails', 'phones', 'addresses']),
      label: z.string(),
      before: z.array(z.record(z.string(), z.unknown())),
      after: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
  competency: z
    .object({
      suggestChanges: z.string(),
      /** The suggested-changes document's fileName (GET /admin/ta/competencysuggested/{document}), or null. */
      document: z.string().nullable(),
      /** Its file's name. */
      orgDoc: z.string().nullable(),
      has_pdf: z.boolean(),
      /** View Competencies (the TA admin's path) and Suggested Changes, for this admin. */
      abilities: abilitiesSchema('competencyChange'),
    })
    .nullable(),
});
export type UserRequestDetail = z.infer<typeof userRequestDetail>;

/** POST /user-requests/edittacompetencydoc (multipart: fileName, then file): the spec's answer. */
export const competencyUploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ fileName: z.string(), orgDoc: z.string(), signedUrl: z.string() }),
});
export type CompetencyUploadResponse = z.infer<typeof competencyUploadResponse>;

/** The fields of the upload (sent before the file): the file's name as the browser has it. */
export const competencyUploadFields = z.object({ fileName: safeString().trim().max(255).optional() });

/** POST /user-requests/removeUploadedCompetencySuggestDocument. */
export const competencyRemoveRequest = z.object({ fileName: safeString().trim().min(1).max(255) });
