/**
 * What the audit trail records: every admin decision and change, every sign-in and every
 * document download, each under one of these names. The audit page's action filter lists them.
 * An area adds its names here; `recordAudit` (apps/server/src/platform/audit.ts) takes no other.
 */
export const AUDIT_ACTIONS = {
  'auth.signIn.success': 'Signed in',
  'auth.signIn.failure': 'Sign-in failed',
  'documents.download': 'Downloaded a document',
  'admin.registration.approve': 'Approved a registration',
  'admin.registration.reject': 'Rejected a registration',
  'admin.registration.edit': 'Edited a registration',
  'admin.profileChange.approve': 'Approved a profile change',
  'admin.profileChange.reject': 'Rejected a profile change',
  'admin.user.update': 'Edited a user',
  'admin.user.activate': 'Activated a user',
  'admin.user.deactivate': 'Deactivated a user',
  'admin.user.delete': 'Deleted a user',
  'admin.user.forumWrite': 'Changed forum permissions',
  'admin.secondFactor.reset': 'Reset second factors',
  'admin.committee.create': 'Created a committee',
  'admin.committee.update': 'Changed a committee',
  'admin.notification.send': 'Sent a notification',
  'admin.import.run': 'Ran an import',
  'admin.publication.manage': 'Changed publications',
  'admin.resource.manage': 'Changed resources',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];
