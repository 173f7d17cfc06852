import { sql } from 'drizzle-orm';
import { ASSESSOR_ROLES, USER_ADMIN_MESSAGES as M, type RequestHandler } from '@portal/shared';
import type { Actor } from '../../platform/actor.js';
import { RuleSet } from '../../platform/access.js';
import { holdsAny, userHoldsOnly } from '../../platform/policy.js';

/** What a user's query says of them for the rules: who they are and which admin manages them. */
export interface ManagedUser {
  id: number;
  /** The admin role that manages them (`managerOf` their roles): TA_ADMIN for users holding only TA (and LA), SYSADMIN for the rest. */
  handler: RequestHandler;
}

/** Holds an admin role (whatever the view: the list picks the admin view from its ?role=). */
const isAdmin = (actor: Actor) => holdsAny(actor, 'SYSADMIN', 'TA_ADMIN');

/** SQL: the user of the row is the TA admin's to manage (`managerOf`): every role they hold is TA or LA. */
export const taAdminManagesSql = userHoldsOnly(...ASSESSOR_ROLES);

/**
 * All Users and a user's profile (spec/02 "Admin back office", DECISIONS "Who manages whom"),
 * decided from every role the user holds (`managerOf`): a TA_ADMIN manages the users whose roles
 * are all TA or LA, a SYSADMIN everyone else (every admin, and an assessor who also holds AR, CM or
 * an admin role); the list shows the kind of the admin view it is asked from (?role=TA: the TA
 * admin's). A user of a kind the admin does not manage is not seen (404, as a missing one); anyone
 * else 403 (the routes refuse them before the body is read). An admin does not deactivate or
 * delete their own account (403).
 */
const sees = (actor: Actor, u: ManagedUser) => holdsAny(actor, u.handler);
const manage = { can: isAdmin, sees };
const notSelf = { can: isAdmin, sees, may: (actor: Actor, u: ManagedUser) => u.id !== actor.user.id || M.notSelf };

/** The area's access rules, listed in its module descriptor (index.ts). */
export const usersRules = new RuleSet();

usersRules.define<ManagedUser>({
  'admin.user.list': {
    can: isAdmin,
    scope: (actor) =>
      actor.view === 'TA_ADMIN'
        ? taAdminManagesSql
        : actor.view === 'SYSADMIN'
          ? sql`not ${taAdminManagesSql}`
          : sql`false`,
    scopeKey: (actor) => actor.view,
  },
  'admin.user.view': manage,
  'admin.user.update': manage,
  'admin.user.activate': manage,
  'admin.user.forumWrite': manage,
  'admin.user.deactivate': notSelf,
  'admin.user.delete': notSelf,
});
