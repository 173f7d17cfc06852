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

/** Messages of facilities, sites, jobs, documents, invoices and the back-office import (issue 3). */
export const RECORD_MESSAGES = {
  reviewCommentRequired: 'The reviewed comment field is required.',
  fileRequired: 'Please choose a file to upload.',
  reviewNotAllowed: 'Only the assessors of this job can review its received documents.',
  reviewOwnSide: 'Only documents received from the facility can be reviewed.',
  documentReviewed: 'Review saved.',
  recordsNotForRole: 'This list is for authorised representatives and assessors.',
  importBadRows: (n: number) => `${n} ${n === 1 ? 'row has' : 'rows have'} problems: nothing was imported.`,
  importEmpty: 'The file has no rows to import.',
  uploadIncomplete: 'The upload did not complete. Please try again.',
  uploadNotMultipart: 'Send the file as multipart/form-data.',

  /** The file store (S3) refused or could not be reached: nothing of the upload was kept. */
  storageUnavailable: 'The file could not be stored right now. Nothing was saved. Please try again later.',
  storageReadFailed: 'The file could not be read right now. Please try again later.',
  uploadFieldName: 'Send the files in the field files[] (or one file in the field file).',
  tooManyFiles: (max: number) => `Send at most ${max} files at once.`,
  uploadRequestTooLarge: (nice: string) => `The files of one upload may total at most ${nice}.`,
  uploadVolumeSpent: (nice: string) =>
    `You have uploaded ${nice} in the last hour, the most allowed. Please try again later.`,
  fieldsBeforeFiles: (fields: string) => `Send ${fields} before the files.`,
  contactNameRequired: 'The contact name is required.',
  notText: (what: string) => `The ${what} must be text.`,
  tooLong: (what: string, max: number) => `The ${what} may be at most ${max} characters.`,
  emailInvalid: 'Please enter a valid email address.',
  required: (what: string) => `The ${what} is required.`,
  phoneInvalid:
    'Please enter a valid phone number: 6 to 15 digits, with spaces, brackets or dashes, and + only at the start.',
  dateInvalid: 'Please enter a valid date as DD/MM/YYYY.',
  stateInvalid: 'Please choose a state from the list.',
  contactsMax: (max: number) => `At most ${max} contacts can be listed.`,
  importTooLarge: (mb: number) => `The file is larger than ${mb} MB: split it and import the parts one by one.`,
  imported: (n: number) => `${n} ${n === 1 ? 'row' : 'rows'} imported.`,
} as const;

/** Forum and members (spec/02 sections 2, 5, 8; issue 10). Strings quoted by the spec are word for word. */
export const FORUM_MESSAGES = {
  replyCreated: 'Thread reply created successfully.',
  replyEdited: 'Thread reply Edited successfully.',
  replyDeleted: 'Thread reply deleted successfully.',
  threadDeleted: 'Discussion Thread Deleted Successfully.',
  threadCreated: 'Discussion Thread created Successfully.',
  threadUpdated: 'Discussion Thread created updated.',
  fileAlreadyAttached: (name: string) => `File ${name} is already attached.`,
  titleRequired: 'The discussion title field is required.',
  titleMax: 'The discussion title may not be greater than 100 characters.',
  categoryRequired: 'The category field is required.',
  categoryUnknown: 'Please choose a category from the list.',
  contentRequired: 'The post content field is required.',
  contentMax: (max: number) => `The post content may not be greater than ${max} characters.`,
  writeNotAllowed: 'You are not allowed to add discussions to this committee forum.',
  authorOnly: 'Only the author can edit or delete this post.',
  attachmentUnknown: 'An attachment to keep does not belong to this post.',
  searchTermRequired: 'Please enter a search term.',
  followed: 'You are now following this discussion.',
  unfollowed: 'You are no longer following this discussion.',
  noDiscussions: 'No discussions yet.',
  noSearchResults: 'No discussions match your search.',
  noMembers: 'No members found.',
} as const;

/** Messages of the calendar (spec/02 sections 5 and 8, word for word where quoted). */
export const CALENDAR_MESSAGES = {
  titleRequired: 'Please enter an event name',
  endNotAfterStart: "Event end date can't be in the past",
  deleteRefused: 'You can not delete this event!',
  createRefused: 'Only Committee Admin can create an event!',
  updateRefused: 'Only the creator of this event can change it.',
  dateTimeInvalid: 'Please enter a valid date and time.',
  created: 'Event created successfully.',
  updated: 'Event updated successfully.',
  deleted: 'Event deleted successfully.',
  feedReset: 'Your calendar link has been reset. The old link no longer works.',
  feedCopied: 'Calendar link copied.',
} as const;

/** Registration, profile and their approval (spec/02 sections 4, 5, 8; issue 13). */
export const REGISTRATION_MESSAGES = {
  roleRequired: 'Please select at least 1 role to proceed!',
  invalidDetail: (placeholder: string) => `Please input valid detail for ${placeholder}`,
  facilityInvalid: 'Facility number is invalid.',
  facilityDuplicate: 'Duplicate facilities are not allowed.',
  facilityRequired: 'At lease one Facility should be selected or one of Facility Number is missing!',
  facilityNameMissing: (n: number) => `Facility Name for Facility ${n} is missing!`,
  siteRequired: (number: string, name: string) => `At least 1 site should be choose for Facility ${number} - ${name}`,
  committeeRequired: 'At least 1 committee should be selected!',
  siteInvalid: 'A chosen site does not belong to this facility.',
  committeeInvalid: 'A chosen committee does not exist.',
  /** Ours: the spec requires the acceptance but gives no message. */
  termsRequired: 'Please accept the terms and conditions to proceed!',
  registered:
    'Thank you for registering! An administrator will review your registration, and you will receive an email once it has been approved.',
  // Admin edit of a pending registration.
  editFacilityRequired: 'At lease one Facility should be selected!',
  editCommitteeRequired: 'At lease 1 committee should be selected!',
  registrationSaved: 'The registration has been updated.',
  // Decisions.
  registrationApproved: (name: string) =>
    `${name}'s registration has been approved. An activation link has been emailed.`,
  registrationRejected: (name: string) => `${name}'s registration has been rejected. The reason has been emailed.`,
  profileChangeApproved: (name: string) => `${name}'s profile change has been approved.`,
  profileChangeRejected: (name: string) => `${name}'s profile change has been rejected.`,
  notPending: 'This request has already been decided.',
  emailTaken: 'An account with this email address already exists.',
  rejectReasonRequired: 'Please enter a reason for rejecting.',
  tickSomething: 'Please tick at least one change to approve.',
  wrongType: 'The type does not match this request.',
  approveProfileConfirm: (name: string) => `Are you sure you want to approve ${name}'s profile change?`,
  yesApprove: 'Yes, Approve',
  gotIt: 'Got it',
  continueConfirm: 'Are you sure you want to continue?',
  yesContinue: 'Yes, continue',
  somethingWrong: 'Something went wrong.',
  // Profile (spec/02 5, 8).
  profileSubmitted: (product: string) => `Your profile request has been submitted to ${product} for approval!`,
  profileUnchanged: 'Nothing has changed in your profile.',
  profilePending: 'You already have a profile change waiting for approval.',
  fieldRequired: 'This field is required.',
  emailPattern: 'Please enter a valid email address.',
  postcodeInvalid: 'Invalid post code.',
  countryCodeInvalid: 'Please enter a country code as + followed by digits.',
  phoneDigits: 'Please enter digits only.',
  primaryEmailRequired: 'At least one email should be marked as primary email.',
  primaryPhoneRequired: 'At least one phone should be marked as primary phone.',
  primaryAddressRequired: 'At least one address should be marked as primary address.',
  competencyMissing: 'Competency PDF is not available yet. Please contact administrator.',
  markedUpToDate: 'Successfully marked profile as up to date.',
  markUpToDateFailed: 'Unable to mark profile as up to date. Please contact administrator.',
  competencyUploaded: 'Document uploaded successfully.',
  competencyUploadFailed: 'Unable to upload selected document. Try again or contact administrator.',
  competencyRemoved: 'Document removed successfully.',
  competencyRemoveFailed: 'Unable to remove document. Try again or contact administrator.',
  /** Ours: a suggested-changes document named in a profile change that is not the user's upload waiting to be sent. */
  competencyDocumentUnknown: 'The suggested-changes document was not found. Please upload it again.',
  /** Ours: a subscription category of a registration that does not exist. */
  subscriptionInvalid: 'A chosen subscription category does not exist.',
} as const;

/** Meeting documents (spec/02 "Meeting documents", sections 4, 5, 8; issue 11). */
export const MEETING_MESSAGES = {
  noFolders: 'No folders available!',
  noDocuments: 'No documents available!',
  recentTitle: 'Recently Updated Documents',
  searchTitle: 'Search Results',
  documentUploaded: 'Document uploaded successfully!',
  assignAccessConfirm: 'Yes, Assign Access',
  folderNameRequired: 'Please enter a folder name.',
  folderNameMax: 'The folder name may not be greater than 255 characters.',
  parentNotRoot: 'A sub folder can only be made in a root folder.',
  uploadToSubFolder: 'Choose a sub folder to upload the document to.',
  notCommitteeMembers: 'Only members of this committee can be given access to its folders.',
  committeeMismatch: 'The folder is not one of this committee’s folders.',
  idsRequired: 'Select at least one document.',
  noCommittee:
    'Meeting documents belong to committees. You are not a member of any committee, so there are none to show.',
  indexUnavailable: 'The document index is not available right now, so uploading is paused. Please try again shortly.',
} as const;

/** Messages of publications, subscriptions and email (issue 12). */
export const PUBLICATION_MESSAGES = {
  subscriptionsSaved: 'Your subscriptions are saved.',
  notifySaved: 'Your notification settings are saved.',
  notifyNeedsSubscription: 'Subscribe to a category before turning on its notifications.',
  unknownCategory: 'One of the categories does not exist.',
  categoryIdsRequired: 'Choose at least one category.',
  nameRequired: 'The publication name is required.',
  subcategoryRequired: 'Choose the subcategory the publication belongs to.',
  publicationAdded: 'The publication is added.',
  publicationReplaced: 'The publication is replaced.',
  publicationRemoved: 'The publication is removed.',
  duplicatePublication: 'A publication of this name is already in this subcategory.',
  unsubscribed: 'You will no longer receive these emails.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  emailPreferenceSaved: 'Your email preference is saved.',
  // The publication screens (spec/02: 'Same empty messages as above', the meeting documents').
  noFolders: MEETING_MESSAGES.noFolders,
  noDocuments: MEETING_MESSAGES.noDocuments,
  recentTitle: 'Recently updated',
  subscriptionsTitle: 'Your Subscriptions',
  noRecent: 'No publications yet.',
} as const;

/** Contact form and useful resources (issue 12). The failure text is the spec's (MESSAGES.contactFailed). */
export const CONTACT_MESSAGES = {
  subjectRequired: 'Please enter a subject.',
  messageRequired: 'Please enter your message.',
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid email address.',
  nameMax: (max: number) => `The name may not be greater than ${max} characters.`,
  subjectMax: (max: number) => `The subject may not be greater than ${max} characters.`,
  messageMax: (max: number) => `The message may not be greater than ${max} characters.`,
  sent: 'Thank you. Your message has been sent.',
} as const;

export const RESOURCE_MESSAGES = {
  nameRequired: 'The resource name is required.',
  duplicateResource: 'A resource of this name already exists.',
  resourceAdded: 'The resource is added.',
  resourceReplaced: 'The resource is replaced.',
  resourceRemoved: 'The resource is removed.',
  signInPrompt: 'Please log in to see the useful resources.',
  notForRole: 'Useful resources are for technical and lead assessors.',
  empty: 'No resources available!',
} as const;

/** Authenticator apps, passkeys and recovery codes (issue 27). A wrong code says MESSAGES.twoFactorInvalid. */
export const SECOND_FACTOR_MESSAGES = {
  appTitle: 'Use an authenticator app',
  passkeyTitle: 'Add a passkey',
  recoveryTitle: 'Recovery codes',
  sendByEmailInstead: 'Send a code by email instead',
  useRecoveryCode: 'Use a recovery code',
  signInWithPasskey: 'Sign in with a passkey',
  appCodeSixDigits: 'Please enter the 6-digit code from your app.',
  recoveryCodeRequired: 'Please enter a recovery code.',
  appEnabled: 'The authenticator app is set up. Keep your recovery codes somewhere safe.',
  appRemoved: 'The authenticator app is removed.',
  appAlreadyEnabled: 'An authenticator app is already set up. Remove it first to set up another.',
  appNotStarted: 'Start the set-up of an authenticator app first.',
  recoveryCodesMade: 'New recovery codes are made. The old ones no longer work.',
  recoveryNeedsFactor: 'Set up an authenticator app or a passkey first.',
  recoveryCodesShownOnce: 'These codes are shown only once. Each works once, in place of your second factor.',
  passkeyAdded: 'The passkey is added.',
  passkeyRemoved: 'The passkey is removed.',
  passkeyNameRequired: 'Please name the passkey.',
  passkeyTooMany: 'You have as many passkeys as an account may hold. Remove one first.',
  passkeyRegisterFailed: 'The passkey could not be added. Try again.',
  passkeySignInFailed: 'The passkey could not sign you in. Try again or sign in with your password.',
  factorsReset: "The user's authenticator app, passkeys and recovery codes are removed.",
} as const;

/** The admin's committees, notifications and unused-assessor report (issue 22; spec/02 sections 5 and 8). */
export const ADMIN_COMMS_MESSAGES = {
  committeeAdded: 'You have successfully added a new committee!',
  committeeUpdated: 'The committee is updated.',
  committeeAdminNotMember: "The use is not allowed to be a committee's admin!",
  committeeNameRequired: 'Please enter a committee name.',
  committeeNameTaken: 'A committee with this name already exists.',
  committeeMembersInvalid: 'Committee members must be active users holding the Committee Member role.',
  notificationFieldsEmpty: 'Sender email/full name and notification title/body cannot be empty!',
  notificationNoGroup: 'At least 1 group should be selected!',
  notificationNoOption: 'Please select Send Notification to option!',
  notificationSent: 'The notification is sent.',
  notificationUnknownCommittee: 'A committee chosen no longer exists. Choose the committees again.',
  notificationNoReportUsers: 'There are no users from the report to notify. Run the report first.',
  reportMonths: 'Months must be more than 0.',
  reportOptions: 'Please select at least one report option.',
} as const;
