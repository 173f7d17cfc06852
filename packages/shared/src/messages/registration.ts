/** Registration, profile and their approval (spec/02 sections 4, 5, 8). */
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
  // Ours: who may decide a request.
  ownRequest:
    'You cannot decide a request you filed or one about your own account. Another administrator must decide it.',
  otherAdminDecides: (who: string) => `A ${who} decides this request.`,
} as const;
