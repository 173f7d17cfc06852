import { z } from 'zod';

/**
 * Committees (spec/02 section 3 "Committee", "Committee member"; section 7 "Committees and
 * events"). GET /committees lists the user's committees (every committee for SYSADMIN, who
 * manages them); GET /committeenames is public (the registration wizard's step 3); GET
 * /committees/{id} is the committee with its members, for its members only.
 */

/** The committee admin, as the spec's committee carries it. */
export const committeeAdmin = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

export const committee = z.object({
  id: z.number(),
  name: z.string(),
  /** The spec's name/value: the same text. */
  value: z.string(),
  admin_id: z.number().nullable(),
  admin: committeeAdmin.nullable(),
  /** True when the signed-in user is this committee's admin. */
  is_admin: z.boolean(),
  /** True when the signed-in user is a member of it (false only in a SYSADMIN's full list). */
  is_member: z.boolean(),
});
export type Committee = z.infer<typeof committee>;

export const committeeList = z.object({ data: z.array(committee) });
export type CommitteeList = z.infer<typeof committeeList>;

/** GET /committeenames: what the signed-out registration wizard offers (id and value, spec 3 "Registration form"). */
export const committeeName = z.object({ id: z.number(), name: z.string(), value: z.string() });
export const committeeNames = z.object({ data: z.array(committeeName) });
export type CommitteeNames = z.infer<typeof committeeNames>;

/** The title a member without one is shown with (spec 3 "Committee member": default General). */
export const DEFAULT_MEMBER_TITLE = 'General';

export const committeeMember = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string(),
  mobile_number: z.string().nullable(),
  email: z.string(),
  /** The committee's admin. */
  admin: z.boolean(),
});
export type CommitteeMember = z.infer<typeof committeeMember>;

export const committeeDetail = committee.extend({ members: z.array(committeeMember) });
export type CommitteeDetail = z.infer<typeof committeeDetail>;
