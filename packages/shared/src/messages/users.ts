/** The admin's user management (spec/02 "Admin back office" and section 8). */
export const USER_ADMIN_MESSAGES = {
  deleted: 'The user is deleted from system!',
  deleteFailed: 'Delete user error!',
  forumUpdated: 'Forum permissions updated.',
  forumFailed: 'Forum permissions did not update successfully.',
  forumToggle: 'User can Add Discussions to Committee Forums',
  activated: 'The user is activated.',
  deactivated: 'The user is deactivated.',
  alreadyActive: 'The user is already active.',
  alreadyInactive: 'The user is already deactivated.',
  notSelf: 'You cannot deactivate or delete your own account.',
  notMember: 'The user is not a member of this committee.',
  saved: 'The user is updated.',
  removedName: 'Removed user',
  confirmActivate: 'Activate this user? They can sign in again.',
  confirmDeactivate: 'Deactivate this user? They are signed out at once and cannot sign in until activated again.',
  confirmDelete:
    'Delete this user? Their personal details are removed; their forum posts, documents and decisions stay, shown as a removed user.',
  confirmReset: "Remove this user's authenticator app, passkeys and recovery codes? They sign in with an emailed code.",
  committeeAdminWarning: (committees: string[]) =>
    `This user is the admin of ${committees.join(', ')}. Once deactivated, ${committees.length === 1 ? 'the committee' : 'these committees'} will have no admin.`,
  noUsers: 'No users found.',
  /** 403: an admin granting or removing a role outside their row of ROLE_GRANTS (permissions.ts). */
  roleNotGrantable: (roleNames: string[]) =>
    `Only a System Administrator can grant or remove the ${roleNames.length === 1 ? 'role' : 'roles'} ${roleNames.join(', ')}.`,
  /** Beside a role checkbox the admin may not change. */
  roleGrantHint: 'Only a System Administrator can grant or remove the roles shown disabled.',
} as const;
