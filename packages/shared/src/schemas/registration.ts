import { z } from 'zod';
import { LIMITS, REGISTRATION_LIMITS, REGISTRATION_ROLES } from '../constants.js';
import { REGISTRATION_MESSAGES as M } from '../messages.js';
import { parseDayMonthYear } from '../dates.js';
import { safeId, safeString } from './common.js';
import { REGISTRATION_PLACEHOLDERS } from './field-labels.js';

export { REGISTRATION_PLACEHOLDERS };
import { pageQuery } from './paging.js';

/**
 * The registration form (spec/02 sections 3 and 5 'Registration'): one schema for POST /register,
 * the admin's edit of a pending registration and the web wizard. The fields parse leniently (text
 * with a length cap, '' when missing) and every rule is checked by `checkRegistration` in the order
 * of the wizard's steps, so the first error is the one the wizard would show first.
 */

/** Email as the spec's pattern says: word characters, dot and hyphen, @, a domain, a 2-4 letter top-level domain. */
export const PROFILE_EMAIL_PATTERN = /^[\w.-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,4}$/;
const DIGITS = /^\d+$/;
/** A registration's mobile number: digits only (spec), 6 to 15 of them. */
const MOBILE_DIGITS = /^\d{6,15}$/;
/** Edit Personal Details' phone (spec/02 section 5 'Flat form'): an optional + then digits. */
const USER_PHONE = /^\+?\d{6,15}$/;

const text = (max = 255) => safeString().trim().max(max).default('');
const optionalText = (max = 255) => safeString().trim().max(max).optional();

export const registrationSite = z.object({ id: safeId(), value: safeString().max(600) });
export const registrationFacility = z.object({
  facility_number: text(20),
  facility_name: text(),
  sites: z.array(registrationSite).max(REGISTRATION_LIMITS.sitesPerFacilityMax).default([]),
});
export type RegistrationFacility = z.infer<typeof registrationFacility>;

export const registrationCommittee = z.object({ id: safeId(), value: safeString().max(255) });

/**
 * The publication categories asked for: ids of the categories the wizard lists (GET
 * /register/categories); a root stands for all its subcategories, as in POST /subscriptions.
 * Approval subscribes the new user to them.
 */
export const registrationSubscriptions = z.object({
  type: z.literal('General').default('General'),
  selected: z.array(safeId()).max(REGISTRATION_LIMITS.subscriptionsMax).default([]),
});

/** GET /register/categories: the publication categories a registrant may subscribe to (public: ids and names only). */
export const registrationCategories = z.object({
  data: z.array(
    z.object({ id: z.number(), name: z.string(), children: z.array(z.object({ id: z.number(), name: z.string() })) }),
  ),
});
export type RegistrationCategories = z.infer<typeof registrationCategories>;

export const registrationSignature = z.object({
  accept: z.boolean().default(false),
  name: text(),
  title: text(),
  /** The date the applicant signs, as the form shows it (DD/MM/YYYY). */
  date: text(20),
});

export const registrationFields = z.object({
  email: text(LIMITS.emailMax),
  first_name: text(),
  last_name: text(),
  roles: z.array(z.enum(REGISTRATION_ROLES)).max(REGISTRATION_ROLES.length).default([]),
  title: text(),
  mobile_number: text(30),
  address: text(LIMITS.addressMax),
  billing_address: optionalText(LIMITS.addressMax),
  suburb: optionalText(LIMITS.suburbMax),
  state: optionalText(20),
  country: optionalText(100),
  postcode: optionalText(10),
  /** The assessor's user id in the body's records (TA only). */
  userId: optionalText(50),
  facilities: z.array(registrationFacility).max(REGISTRATION_LIMITS.facilitiesMax).default([]),
  committees: z.array(registrationCommittee).max(REGISTRATION_LIMITS.committeesMax).default([]),
  subscriptions: registrationSubscriptions.default({ type: 'General', selected: [] }),
  signature: registrationSignature.optional(),
});
export type RegistrationForm = z.infer<typeof registrationFields>;
/** A registration as `user_requests.data` stores it (settled by the server, with its summary), read back through this schema. */
export const storedRegistration = registrationFields.extend({ summary: z.string().optional() });
export type RegistrationInput = z.input<typeof registrationFields>;

/** The wizard's steps: 1 personal details, 2 facilities, 3 committees, 4 subscriptions, 5 summary. */
export type RegistrationStep = 1 | 2 | 3 | 4 | 5;

/** The step after `step` for the roles chosen (spec/02 section 4): CM 1→3, TA 1→4, AR 2 then 3 if CM, else 4. */
export function nextRegistrationStep(step: RegistrationStep, roles: readonly string[]): RegistrationStep {
  const ar = roles.includes('AR');
  const cm = roles.includes('CM');
  if (step === 1) return ar ? 2 : cm ? 3 : 4;
  if (step === 2) return cm ? 3 : 4;
  if (step === 3) return 4;
  return 5;
}

/** The step before `step` for the roles chosen (Back walks the same path backwards). */
export function previousRegistrationStep(step: RegistrationStep, roles: readonly string[]): RegistrationStep {
  const path = registrationPath(roles);
  const i = path.indexOf(step);
  return i > 0 ? path[i - 1]! : 1;
}

/** Every step the roles chosen pass through, in order. */
export function registrationPath(roles: readonly string[]): RegistrationStep[] {
  const path: RegistrationStep[] = [1];
  while (path[path.length - 1] !== 5) path.push(nextRegistrationStep(path[path.length - 1]!, roles));
  return path;
}

/** The terms and signature are asked of TA and CM applicants. */
export const needsSignature = (roles: readonly string[]) => roles.includes('TA') || roles.includes('CM');

type Issue = { path: (string | number)[]; message: string };

/**
 * Every rule of spec/02 section 5 'Registration' (or 'Admin edit registration' for `mode: 'admin'`,
 * the user edit of Edit Personal Details for `mode: 'user'`),
 * for the steps given, in the wizard's order. Answers the issues; the first is the one shown.
 */
export function registrationIssues(
  v: RegistrationInput,
  steps: readonly RegistrationStep[] = [1, 2, 3, 4, 5],
  mode: 'visitor' | 'admin' | 'user' = 'visitor',
): Issue[] {
  const issues: Issue[] = [];
  const roles = v.roles ?? [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const blank = (s: string | undefined) => !s || s.trim() === '';
  const P = REGISTRATION_PLACEHOLDERS;

  if (steps.includes(1)) {
    if (roles.length === 0) add(['roles'], M.roleRequired);
    const required = ['first_name', 'last_name', 'title', 'mobile_number', 'email', 'address'] as const;
    for (const key of required) if (blank(v[key])) add([key], M.invalidDetail(P[key]));
    if (!blank(v.mobile_number) && !(mode === 'user' ? USER_PHONE : MOBILE_DIGITS).test(v.mobile_number!.trim()))
      add(['mobile_number'], M.invalidDetail(P.mobile_number));
    if (!blank(v.email) && !PROFILE_EMAIL_PATTERN.test(v.email!.trim())) add(['email'], M.invalidDetail(P.email));
    if (!blank(v.postcode) && !DIGITS.test(v.postcode!.trim())) add(['postcode'], M.invalidDetail(P.postcode));
    if (roles.includes('TA') && blank(v.userId)) add(['userId'], M.invalidDetail(P.userId));
  }
  if (steps.includes(2) && roles.includes('AR')) {
    const facilities = v.facilities ?? [];
    if (facilities.length === 0 || facilities.some((f) => blank(f.facility_number))) {
      add(['facilities'], mode === 'admin' && facilities.length === 0 ? M.editFacilityRequired : M.facilityRequired);
    } else {
      const seen = new Set<string>();
      facilities.forEach((f, i) => {
        const number = (f.facility_number ?? '').trim();
        if (seen.has(number)) add(['facilities', i, 'facility_number'], M.facilityDuplicate);
        seen.add(number);
        if (blank(f.facility_name)) add(['facilities', i, 'facility_name'], M.facilityNameMissing(i + 1));
        else if ((f.sites ?? []).length === 0)
          add(['facilities', i, 'sites'], M.siteRequired(number, f.facility_name!.trim()));
      });
    }
  }
  if (steps.includes(3) && roles.includes('CM') && (v.committees ?? []).length === 0) {
    add(['committees'], mode === 'admin' ? M.editCommitteeRequired : M.committeeRequired);
  }
  if (steps.includes(5) && mode === 'visitor' && needsSignature(roles)) {
    const s = v.signature;
    if (!s?.accept) add(['signature', 'accept'], M.termsRequired);
    if (blank(s?.name)) add(['signature', 'name'], M.invalidDetail(P.signatureName));
    if (blank(s?.title)) add(['signature', 'title'], M.invalidDetail(P.signatureTitle));
    if (blank(s?.date) || parseDayMonthYear(s?.date ?? '') === null)
      add(['signature', 'date'], M.invalidDetail(P.signatureDate));
  }
  return issues;
}

const withRules = (mode: 'visitor' | 'admin') =>
  registrationFields.superRefine((v, ctx) => {
    for (const issue of registrationIssues(v, undefined, mode))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

/** POST /register (and the wizard). */
export const registrationRequest = withRules('visitor');
/** PUT /user-requests/{id}/registration: the admin's edit of a pending registration. */
export const registrationEdit = withRules('admin');

/** The wizard's facility lookup: GET /facilities/getInfo/{number}, open to signed-out visitors. */
export const facilityLookup = z.object({
  facility_number: z.string(),
  name: z.string(),
  sites: z.array(z.object({ id: z.number(), site_number: z.string(), name: z.string() })),
});
export type FacilityLookup = z.infer<typeof facilityLookup>;

/** A site as the wizard shows and sends it: 'number - name' (spec: sites shown 'number - name'). */
export const siteLabel = (s: { site_number: string; name: string }) => `${s.site_number} - ${s.name}`;

// ---------------------------------------------------------------- pending requests

export const USER_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** 'create' is a registration, 'update' a profile change (spec/02 section 3). */
export const USER_REQUEST_TYPES = ['create', 'update'] as const;

export const userRequestListQuery = z.object({
  ...pageQuery(20),
  current_role: z.enum(['SYSADMIN', 'TA_ADMIN']).optional(),
  type: z.enum(USER_REQUEST_TYPES).optional(),
  sort: z.enum(['name', 'role', 'change', 'created_at']).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  name: safeString().trim().max(100).optional(),
  role: safeString().trim().max(20).optional(),
  change: safeString().trim().max(100).optional(),
});
export type UserRequestListQuery = z.infer<typeof userRequestListQuery>;

export const userRequestSummary = z.object({
  id: z.number(),
  type: z.enum(USER_REQUEST_TYPES),
  status: z.enum(USER_REQUEST_STATUSES),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  /** The labels of what a profile change asks to change ('First Name, Email Details'); the roles asked for in a registration. */
  change_request: z.string(),
  user_id: z.number().nullable(),
  created_at: z.string(),
  /** This admin may approve, reject or edit it (TA_ADMIN: assessors' requests; SYSADMIN: the others). */
  can_decide: z.boolean(),
  /** Why this admin may not decide it (their own request, another admin's kind), when they see it; else null. */
  decide_note: z.string().nullable(),
});
export type UserRequestSummary = z.infer<typeof userRequestSummary>;

export const userRequestList = z.object({
  data: z.array(userRequestSummary),
  total: z.number(),
  /** How many of the filtered requests this admin may decide (Outstanding Activities counts these). */
  decidable_total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type UserRequestList = z.infer<typeof userRequestList>;

export const userRequestDecision = z.object({
  status: z.enum(['approve', 'reject']),
  type: z.enum(USER_REQUEST_TYPES),
  /** A profile change: the ticked change keys to apply (first_name, ..., emails, phones, addresses, competency). */
  data: z.array(safeString().max(50)).max(50).default([]),
  reject_reason: safeString().trim().max(1000).optional(),
});
export type UserRequestDecision = z.infer<typeof userRequestDecision>;
