/** Every message a user sees, by name. Strings quoted by the spec are kept word for word. */
export const MESSAGES = {
  // Sign-in (spec/01 2.3, 5, 8)
  passwordPlaceholder: 'Must have at least 6 characters',
  loginFailed: 'These credentials do not match our records, or the account is locked. Try again later.',
  loginUsernameRequired: 'User name is required.',
  loginUsernameEmail: 'User name must be an email address.',
  loginPasswordRequired: 'Password is required.',
  loginPasswordMin: 'Password must have at least 6 characters.',
  inactiveAccount: 'These credentials do not match our records, or the account is locked. Try again later.',
  twoFactorInvalid: 'Invalid token. Try again!',
  twoFactorSendFailed: 'Something went wrong while sending auth code.',
  twoFactorResendTooSoon: 'Please wait 30 seconds before asking for another code.',
  twoFactorCodeSent: 'A verification code has been sent.',
  twoFactorDoNotRemindFailed: 'Something went wrong with do not remind call.',
  twoFactorPendingOnly: 'Complete the two-step verification first.',
  twoFactorAlreadyEnabled: 'Two-step verification is already enabled and cannot be disabled.',
  twoFactorEnabled: 'Two-step verification is now enabled.',
  codeGuessBudgetSpent:
    'Too many wrong codes for this account. Signing in is paused for up to an hour, and the account owner has been emailed.',
  deviceForgotten: 'This browser will ask for a verification code at its next sign-in.',
  mobileMismatch: 'The Mobile Numbers you have entered do not match. Please re-enter the numbers correctly.',
  mobileInvalid:
    'Please enter a mobile number as +614 followed by 8 digits, or another international number starting with +.',
  codeFourDigits: 'The code must be exactly 4 digits.',
  // Shown instead of an error while a new code may not be asked for yet (LIMITS resend seconds).
  resendWait: (seconds: number) => `You can ask for another code in ${seconds} s.`,
  remindLaterDone: 'We will remind you to set up SMS verification the next time you sign in.',
  doNotRemindDone:
    'We will not remind you again. You can set up SMS verification at any time under 2 Step Verification in the user menu.',
  twoFactorCannotDisableWarning: 'Once two-step verification by SMS is turned on, it cannot be turned off.',
  sessionEnded: 'Your session has ended. Please log in again.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  roleNotHeld: 'You do not hold that role.',
  serverError: 'Something went wrong. Please try again later.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  /** A database connection dropped (restart, failover): nothing was written; the pool reconnects. */
  serviceUnavailable: 'The service is briefly unavailable. Please try again.',
  validationFailed: 'The given data was invalid.',
  nulCharacter: 'This text contains a NUL character, which is not allowed.',
  numberOutOfRange: 'This number is out of range.',
  /** Ours: a change that lost a race with another one (a unique or foreign key the database kept). */
  conflict: 'Someone else changed this at the same moment. Please reload and try again.',

  // Password reset, activation and change (spec/01 2.3, 5; spec/02 5)
  forgotEmailInvalid: 'Please input valid detail for email',
  resetRequested: 'If an account exists for that email, we have sent instructions to reset the password.',
  resetLinkInvalid: 'This link is invalid or has expired.',
  resetLinkValid: 'This link is valid.',
  passwordUpdated: 'Your Password is updated successfully!',
  passwordRuleSixNoSpaces: 'Password must contain at least six characters without spaces',
  newPasswordMin: 'New password requires at least 6 characters.',
  newPasswordSpace: 'Space character is not allowed.',
  newPasswordSameAsOld: 'New password should not be the same as the old one.',
  passwordsDoNotMatch: 'Passwords do not match.',
  oldPasswordWrong: 'The old password is not correct.',
  passwordChanged: 'Your password has been changed.',
  activationDone: 'Your account is activated. You can now log in.',
  activationInvalid: 'This activation link is invalid or has expired.',
  registrationFormSent: 'A registration form has been sent to your email.',

  // Shell (spec/01 2.4, 4)
  switchRole: (roleName: string) => `You will now view the site as "${roleName}".`,
  switchCommittee: (name: string) => `You are switching to the "${name}" committee.`,
  noNewNotifications: 'No new notifications.',
  noUnreadNotifications: 'There are no unread notifications!',
  clearAllConfirm: 'Clear all your notifications? They will be removed and cannot be brought back.',
  pageNotAllowed: (page: string, roleName: string) => `${page} is not open to you as ${roleName}.`,

  // Documents (spec/01 5, 8)
  uploadConfirm: 'Are you sure this is the file you want to upload?',
  descriptionHint: '*mandatory field, 255 character maximum.',
  descriptionRequired: 'The description field is required.',
  descriptionMax: 'The description may not be greater than 255 characters.',
  reviewPlaceholder: 'Please add your comments here*',
  reviewCommentMax: 'The reviewed comment may not be greater than 255 characters.',
  duplicateDocument:
    'A document by this name has already been submitted. You cannot modify documents once uploaded. Please rename document and try again',
  fileUploaded: 'File successfully uploaded!',
  actionSuccessful: 'Action successful!',
  actionFailPrefix: 'Action fail: ',
  fileTooLarge: (nice: string) => `File exceeds maximum upload size of ${nice}`,
  facilityNumberMax: 'The facility number may not be greater than 6 characters.',

  // Contact and others (spec/02 8)
  contactFailed: 'Send notification goes wrong!',
  contactRequired: 'Subject and message are required.',
} as const;

export type MessageName = keyof typeof MESSAGES;

/** '150000 KB' -> '150 MB': the "nice maximum" of the upload message. */
export function niceSize(kb: number): string {
  if (kb >= 1000 * 1000) return `${+(kb / 1000 / 1000).toFixed(1)} GB`;
  if (kb >= 1000) return `${+(kb / 1000).toFixed(1)} MB`;
  return `${kb} KB`;
}

// Each area's messages live in a module of their own, so a page loads only the ones it shows (the
// sign-in screen takes MESSAGES and SECOND_FACTOR_MESSAGES). Import them from here or the package.
export { RECORD_MESSAGES } from './messages/records.js';
export { FORUM_MESSAGES } from './messages/forum.js';
export { CALENDAR_MESSAGES } from './messages/calendar.js';
export { REGISTRATION_MESSAGES } from './messages/registration.js';
export { MEETING_MESSAGES } from './messages/meetings.js';
export { PUBLICATION_MESSAGES } from './messages/publications.js';
export { CONTACT_MESSAGES } from './messages/contact.js';
export { RESOURCE_MESSAGES } from './messages/resources.js';
export { USER_ADMIN_MESSAGES } from './messages/users.js';
export { ADMIN_COMMS_MESSAGES } from './messages/admin-comms.js';

/** Authenticator apps, passkeys and recovery codes. A wrong code says MESSAGES.twoFactorInvalid. */
export const SECOND_FACTOR_MESSAGES = {
  /** A change of second factors in a session signed in more than SECOND_FACTOR.reauthMinutes ago (403). */
  reauthRequired: 'Please enter your password again to change how you sign in.',
  reauthTitle: 'Confirm it is you',
  reauthWrongPassword: 'The password is not correct.',
  reauthDone: 'Thank you. You can go on.',
  appTitle: 'Use an authenticator app',
  passkeyTitle: 'Add a passkey',
  recoveryTitle: 'Recovery codes',
  sendByEmailInstead: 'Send a code by email instead',
  codeFallbackOff:
    'Codes by email or SMS are turned off for accounts with an authenticator app. Use the app or a recovery code.',
  useRecoveryCode: 'Use a recovery code',
  signInWithPasskey: 'Sign in with a passkey',
  appCodeSixDigits: 'Please enter the 6-digit code from your app.',
  recoveryCodeRequired: 'Please enter a recovery code.',
  appEnabled: 'The authenticator app is set up. Keep your recovery codes somewhere safe.',
  appRemoved: 'The authenticator app is removed.',
  codeFallbackOn: 'A code by email or SMS can be asked for instead of the app.',
  codeFallbackOffDone: 'Only the app, a passkey or a recovery code can now complete your sign-in.',
  codeFallbackSwitch: 'Allow a code by email or SMS instead of the app',
  codeFallbackNeedsApp: 'Set up an authenticator app first.',
  appAlreadyEnabled: 'An authenticator app is already set up. Remove it first to set up another.',
  appNotStarted: 'Start the set-up of an authenticator app first.',
  recoveryCodesMade: 'New recovery codes are made. The old ones no longer work.',
  recoveryNeedsFactor: 'Set up an authenticator app or a passkey first.',
  recoveryCodesShownOnce: 'These codes are shown only once. Each works once, in place of your second factor.',
  passkeyAdded: 'The passkey is added.',
  passkeyRemoved: 'The passkey is removed.',
  passkeyRenamed: 'The passkey is renamed.',
  passkeyNameRequired: 'Please name the passkey.',
  passkeyTooMany: 'You have as many passkeys as an account may hold. Remove one first.',
  passkeyRegisterFailed: 'The passkey could not be added. Try again.',
  passkeySignInFailed: 'The passkey could not sign you in. Try again or sign in with your password.',
  factorsReset: "The user's authenticator app, passkeys and recovery codes are removed.",
} as const;
