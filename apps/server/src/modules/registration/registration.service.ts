import {
  padFacilityNumber,
  MAIL_LIMITS,
  PRODUCT_NAME,
  REGISTRATION_LIMITS,
  REGISTRATION_MESSAGES as M,
  requestHandlerOf,
  type FacilityLookup,
  type RegistrationCategories,
  type RegistrationForm,
} from '@portal/shared';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { emit } from '../../platform/events.js';
import { queueAccountMail, sendQueuedNow } from '../../platform/outbox.js';
import { countTries, takeAddressTry } from '../../platform/tries.js';
import * as q from './registration.queries.js';
import { extend } from '../../platform/objects.js';

/** A person's name as requests show it. */
export const fullName = (first: string, last: string) => `${first} ${last}`.trim();

// ---------------------------------------------------------------- the wizard's facility lookup

/** Counts a public call against the caller's address before its body is read (onRequest). */
export function countPublicCall(deps: Deps, kind: 'register' | 'facility-lookup', ip: string) {
  const max =
    kind === 'register' ? REGISTRATION_LIMITS.registerPerAddress : REGISTRATION_LIMITS.facilityLookupsPerAddress;
  return takeAddressTry(deps, kind, ip, max, REGISTRATION_LIMITS.windowMinutes);
}

/**
 * GET /facilities/getInfo/{number}: open to signed-out visitors, with only what the wizard needs,
 * and counted per address (onRequest) so the register cannot be walked.
 */
export async function lookupFacility(deps: Deps, raw: string): Promise<FacilityLookup> {
  const number = padFacilityNumber(raw.slice(0, 6));
  const f = number ? await q.findFacilityLookup(deps.db, number) : null;
  if (!f) throw notFound(M.facilityInvalid);
  return {
    facility_number: f.number,
    name: f.name,
    sites: f.sites.map((s) => ({ id: s.id, site_number: s.siteNumber, name: s.name })),
  };
}

/** GET /register/categories: the publication categories of the wizard's step 4 (public: ids and names only). */
export async function listRegistrationCategories(deps: Deps): Promise<RegistrationCategories> {
  const rows = await q.listCategories(deps.db);
  const roots = rows.filter((r) => r.parentId === null);
  return {
    data: roots.map((r) => ({
      id: r.id,
      name: r.name,
      children: rows.filter((c) => c.parentId === r.id).map((c) => ({ id: c.id, name: c.name })),
    })),
  };
}

// ---------------------------------------------------------------- registration

/**
 * What the roles chosen keep of a registration: facilities for AR, committees for CM, the user id
 * for TA, the signature for TA or CM; facility names and site labels come from the body's records,
 * and every facility, site and committee is checked to exist (400 with the spec's message).
 */
export async function settleRegistration(
  db: Tx | Deps['db'],
  form: RegistrationForm,
  keep?: RegistrationForm['signature'],
): Promise<RegistrationForm> {
  const roles = [...new Set(form.roles)];
  const ar = roles.includes('AR');
  const cm = roles.includes('CM');
  const facilities = ar ? form.facilities : [];
  const numbers = facilities.map((f) => padFacilityNumber(f.facility_number.slice(0, 6)));
  const known = await q.findFacilitiesByNumbers(
    db,
    numbers.filter((n): n is string => n !== null),
  );
  const settled = facilities.map((f, i) => {
    const number = numbers[i];
    const record = number ? known.get(number) : undefined;
    if (!number || !record)
      throw badRequest(M.facilityInvalid, { [`facilities.${i}.facility_number`]: [M.facilityInvalid] });
    if (numbers.indexOf(number) !== i)
      throw badRequest(M.facilityDuplicate, { [`facilities.${i}.facility_number`]: [M.facilityDuplicate] });
    const siteIds = [...new Set(f.sites.map((s) => s.id))];
    if (siteIds.some((id) => !record.sites.has(id)))
      throw badRequest(M.siteInvalid, { [`facilities.${i}.sites`]: [M.siteInvalid] });
    return {
      facility_number: number,
      facility_name: record.name,
      sites: siteIds.map((id) => ({ id, value: record.sites.get(id)! })),
    };
  });
  const committeeIds = cm ? [...new Set(form.committees.map((c) => c.id))] : [];
  const names = await q.findCommitteesByIds(db, committeeIds);
  if (committeeIds.some((id) => !names.has(id)))
    throw badRequest(M.committeeInvalid, { committees: [M.committeeInvalid] });
  const selected = [...new Set(form.subscriptions.selected)];
  const categories = await q.subcategoriesOf(db, selected);
  if (selected.some((id) => !categories.known.has(id)))
    throw badRequest(M.subscriptionInvalid, { 'subscriptions.selected': [M.subscriptionInvalid] });
  const ta = roles.includes('TA');
  return extend(form, {
    subscriptions: { type: 'General', selected },
    email: form.email.trim(),
    roles,
    userId: ta ? form.userId : undefined,
    facilities: settled,
    committees: committeeIds.map((id) => ({ id, value: names.get(id)! })),
    signature: keep !== undefined ? keep : ta || cm ? form.signature : undefined,
  });
}

/**
 * POST /register: checked again here (the shared schema ran on the body), stored as a pending
 * request. An email that already has an account gets the same answer, and its owner a mail; no
 * request is stored for it. (Counted per address before the body is read: `countPublicCall`.)
 */
export async function register(deps: Deps, form: RegistrationForm) {
  const settled = await settleRegistration(deps.db, form);
  const name = fullName(settled.first_name, settled.last_name);
  const onFile = await q.findAccountEmail(deps.db, settled.email);
  if (onFile !== null) {
    // Not awaited: the time of the answer must not tell whether the email has an account.
    // Mailed to the address on file, not to the spelling the form used.
    void noticeOwner(deps, onFile).catch((e: unknown) => deps.log.error({ err: e }, 'registration notice mail failed'));
    return { message: M.registered };
  }
  await deps.db.transaction(async (tx) => {
    const row = await q.insertRegistration(tx, {
      handler: requestHandlerOf(settled.roles),
      email: settled.email,
      name,
      roles: settled.roles,
      data: extend(settled, { summary: 'New registration' }),
    });
    await emit(tx, 'requests.request.created', {
      request: { id: row.id, type: 'create', name, summary: 'New registration' },
      handler: row.handler,
      about: { userId: null, email: row.email },
    });
  });
  return { message: M.registered };
}

/**
 * Mails the owner of an email named by a registration that someone tried: at most
 * MAIL_LIMITS.registrationNoticePerTarget an hour to one address, counted in one statement, so
 * registrations sent from many addresses cannot make the portal mail anyone over and over.
 */
async function noticeOwner(deps: Deps, email: string) {
  const key = `registration-notice-to:${email.toLowerCase()}`;
  const counts = await countTries(deps.db, [key], MAIL_LIMITS.windowMinutes);
  if ((counts[key] ?? 0) > MAIL_LIMITS.registrationNoticePerTarget) return;
  const mailId = await queueAccountMail(deps.db, email, {
    subject: `${PRODUCT_NAME}: someone tried to register with your email`,
    text: `Hello,\n\nSomeone (perhaps you) filled in the ${PRODUCT_NAME} registration form with this email address. You already have an account, so no new registration was made.\n\nSign in at ${deps.config.appUrl}/ ; if you have forgotten your password, use "Forgot password" on the sign-in page.\n\nIf this was not you, you can ignore this email.`,
  });
  await sendQueuedNow(deps, mailId);
}
