/**
 * What the audit trail records: every admin decision and change, every sign-in and every
 * document download, each under one of these names. The audit page's action filter lists them.
 * An area adds its names here; `recordAudit` (apps/server/src/platform/audit.ts) takes no other.
 */
export const AUDIT_ACTIONS = {
  'auth.signIn.success': 'Signed in',
  'auth.signIn.failure': 'Sign-in failed',
  'auth.password.reset': 'Set a password from a reset link',
  'auth.password.change': 'Changed their password',
  'auth.account.activate': 'Activated their account',
  'auth.app.enable': 'Set up an authenticator app',
  'auth.app.remove': 'Removed the authenticator app',
  'auth.codeFallback.change': 'Changed the code fallback',
  'auth.recoveryCodes.create': 'Made new recovery codes',
  'auth.passkey.add': 'Added a passkey',
  'auth.passkey.remove': 'Removed a passkey',
  'auth.device.forget': 'Forgot a remembered browser',
  'profile.competency.review': 'Marked a profile up to date',
  'admin.audit.export': 'Exported the audit trail',
  'admin.report.export': 'Exported a report',
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
