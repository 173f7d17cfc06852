import { z } from 'zod';
import { PAGE_SIZES, USER_EDIT_ROLES, USER_LIST_ROLES } from '../constants.js';
import { safeId, safeString } from './common.js';
import { paged, pageQuery } from './paging.js';
import { personDetails, profileIssues, userInfo } from './profile.js';
import { registrationFields, registrationIssues, type RegistrationInput } from './registration.js';

/**
 * The admin's user management (spec/02 section 7 "Users, requests and profile"): All Users, a
 * user's profile, Edit Personal Details. The edit is the registration form (its fields and rules
 * in `mode: 'user'`) with the roles an admin may give, and an assessor's cards for the TA admin.
 */

/** GET /users: ?role= TA (the TA admin's), NONTA (the SYSADMIN's) or CM; a search by name or email. */
export const userListQuery = z.object({
  role: z.enum(USER_LIST_ROLES).optional(),
  search: safeString().trim().max(100).optional(),
  ...pageQuery(PAGE_SIZES.users, 50),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userCard = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  activated: z.boolean(),
});
export type UserCard = z.infer<typeof userCard>;
export const userList = paged(userCard);
export type UserList = z.infer<typeof userList>;

/** The actions the user's profile page offers, as the server decides them. */
export const USER_ABILITIES = [
  'admin.user.update',
  'admin.user.activate',
  'admin.user.deactivate',
  'admin.user.delete',
  'admin.user.forumWrite',
  'admin.secondFactor.reset',
] as const;

/** GET /users/{id}: the profile with sites, committees (and the forum write flag of each), subscriptions. */
export const userDetail = z.object({
  ...personDetails,
  activated: z.boolean(),
  /** The facilities whose sites they represent, as Edit Personal Details holds them. */
  facilities: z.array(
    z.object({
      facility_number: z.string(),
      facility_name: z.string(),
      sites: z.array(z.object({ id: z.number(), value: z.string() })),
    }),
  ),
  /** Their committees: admin when they are its admin, can_write the forum write permission. */
  committees: z.array(z.object({ id: z.number(), value: z.string(), admin: z.boolean(), can_write: z.boolean() })),
  /** The names of the committees they admin (deactivating them leaves those without an admin). */
  committeeAdmin: z.array(z.string()),
  /** Whether they may add discussions in every committee they belong to. */
  committeePermission: z.boolean(),
  /** The publication subcategories they subscribe to. */
  subscriptions: z.object({ type: z.literal('General'), selected: z.array(z.number()) }),
  /** An assessor's emails, phones and addresses (the TA admin's detailed layout), else null. */
  user_info: userInfo.nullable(),
  /** Edit Personal Details shows the TA admin's detailed layout (an assessor's cards) rather than the flat form. */
  detailed_edit: z.boolean(),
  abilities: z.object(
    Object.fromEntries(USER_ABILITIES.map((a) => [a, z.boolean()])) as Record<
      (typeof USER_ABILITIES)[number],
      z.ZodBoolean
    >,
  ),
  /** The roles of Edit Personal Details this admin may grant or remove (ROLE_GRANTS); the others are shown disabled. */
  grantable_roles: z.array(z.enum(USER_EDIT_ROLES)),
});
export type UserDetail = z.infer<typeof userDetail>;

const userEditFields = registrationFields.omit({ signature: true, billing_address: true }).extend({
  roles: z.array(z.enum(USER_EDIT_ROLES)).max(USER_EDIT_ROLES.length).default([]),
  /** The TA admin's detailed layout: an assessor's cards, whose primaries fill the flat fields. */
  user_info: userInfo.optional(),
});
export type UserEditForm = z.infer<typeof userEditFields>;
export type UserEditInput = z.input<typeof userEditFields>;

type Issue = { path: (string | number)[]; message: string };

/** Every rule of spec/02 section 5 for a user edit: the registration's, and the cards' when sent. */
export function userEditIssues(v: UserEditInput): Issue[] {
  const issues = registrationIssues(v as RegistrationInput, [1, 2, 3], 'user');
  if (v.user_info)
    issues.push(
      ...profileIssues({ first_name: v.first_name, last_name: v.last_name, user_info: v.user_info }, true).filter(
        (i) => i.path[0] === 'user_info',
      ),
    );
  return issues;
}

/** PUT /users/{id} (and the Edit Personal Details form). */
export const userEdit = userEditFields.superRefine((v, ctx) => {
  for (const issue of userEditIssues(v)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/** PUT /committeepermissions/{id}: the forum write permission of one committee of the user. */
export const committeePermissionBody = z.object({
  committee_id: safeId(),
  can_write: z.boolean(),
});
export type CommitteePermissionBody = z.infer<typeof committeePermissionBody>;
