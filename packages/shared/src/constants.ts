/** Business constants and limits (spec/01 section 9, spec/02 section 9, DECISIONS). */
export const LIMITS = {
  maxUploadKb: 150_000,
  /** Files in one upload request (`files[]`); each is held to maxUploadKb. */
  filesPerUploadMax: 20,
  /** The files of one upload request together (KB of 1000 bytes): two files of the largest size. */
  uploadRequestMaxKb: 300_000,
  /** What one user may upload in an hour (KB), every upload route together (UPLOAD_KB_PER_HOUR). */
  uploadKbPerHour: 2_000_000,
  descriptionMax: 255,
  reviewCommentMax: 255,
  discussionTitleMax: 100,
  committeeNameMax: 255,
  passwordMin: 6,
  twoFactorCodeLength: 4,
  facilityNumberLength: 6,
  /** Contact details of facilities and sites. */
  contactsMax: 20,
  contactNameMax: 255,
  phoneMax: 50,
  emailMax: 255,
  addressMax: 255,
  suburbMax: 100,
  displayedPathMax: 40,
  /** Calendar: an event's title, and the most events one GET /events answers. */
  eventTitleMax: 255,
  eventsPerCallMax: 1000,
} as const;

/** Largest request bodies: a route reads no more than it needs. */
export const BODY_LIMITS = {
  /** Every JSON body unless its route says otherwise (the largest today, a facility with 20 contacts, is under 10 kB). */
  jsonBytes: 64 * 1024,
  /** A back-office CSV file (50,000 facilities with every column are about 9 MB). */
  csvImportBytes: 20 * 1024 * 1024,
} as const;

export const PAGE_SIZES = {
  generic: [5, 10, 20, 30, 50] as const,
  genericDefault: 5,
  jobs: 10,
  publications: 10,
  /** A category's publications in the subscriptions browser, a page at a time (at most 100). */
  categoryPublications: 50,
  members: 20,
  users: 20,
  committees: 10,
  pastNotifications: 5,
  /** The meeting documents' table: 5 and 10 (spec/02 "Meeting documents"). */
  meetingDocuments: [5, 10] as const,
  dashboard: 5,
  notificationsFetch: 20,
  notificationsBell: 3,
  /** Upper bound of ?count= on GET /notifications, so one call cannot read a whole table. */
  notificationsMaxFetch: 500,
} as const;

export const TWO_FACTOR = {
  codeTtlMinutes: 10,
  maxWrongTries: 5,
  resendSeconds: 30,
  rememberMeDays: 15,
} as const;

export const SIGN_IN_LIMITS = {
  /** Failed sign-ins per account in the window before the account is locked for the window. */
  perAccount: 5,
  /** Failed sign-ins per address in the window. */
  perAddress: 20,
  windowMinutes: 15,
} as const;

/**
 * Wrong second-factor codes an account may send across all its sign-ins in the window; past it the
 * account waits for the window to end (even the right code is refused) and its owner is mailed.
 * With 4-digit codes and 5 tries per code, the online guess success per code is 5 / 10,000 = 0.05 %,
 * and over a window at most 10 / 10,000 = 0.1 % (README "Security notes").
 */
export const CODE_GUESS_BUDGET = {
  perAccount: 10,
  windowMinutes: 60,
} as const;

/** Mails sent from a public form, limited per target address and per sender (client) address. */
export const MAIL_LIMITS = {
  /** Password reset mails per target address in the window. */
  resetPerTarget: 3,
  /** Password reset requests per sender address in the window. */
  resetPerSender: 10,
  /** Registration-form mails per target address in the window. */
  registrationFormPerTarget: 3,
  /** Registration-form requests per sender address in the window. */
  registrationFormPerSender: 10,
  /**
   * "Someone tried to register with your email" mails per address in the window, whoever sends the
   * registrations: one, however many registrations name it (the answer stays the same).
   */
  registrationNoticePerTarget: 1,
  windowMinutes: 60,
} as const;

export const LINK_TTL = {
  resetMinutes: 60,
  activationDays: 7,
} as const;

export const SESSION_TTL_HOURS = 12;
/** A token waiting for its second factor lives only this long. */
export const PENDING_SESSION_TTL_MINUTES = 15;

export const TIMEZONE = 'Australia/Sydney';
export const STATES = ['NSW', 'VIC', 'ACT', 'QLD', 'WA', 'SA', 'NT', 'TAS', 'Other'] as const;
export const SCROLL_TO_TOP_DELAY_MS = 100;
export const STORAGE_KEYS = {
  token: 'user_access_token',
  roles: 'ROLE',
  currentRole: 'CURRENT_ROLE',
  committee: 'CURRENT_COMMITTEE',
} as const;

export const PRODUCT_NAME = 'Members Portal';
export const BODY_NAME = 'the Accreditation Body';

/** Support contact details: fixed constants of the product. */
export const CONTACT = {
  phone: '1800 621 666',
  email: 'support@portal.test',
  address: 'Level 1, 1 Example Street, Sydney NSW 2000',
  website: 'https://portal.test',
} as const;

export const NOTIFICATION_TYPES = [
  'user',
  'admin',
  'system-admin',
  'ta-admin-unused-ta',
  'Admin',
  'job',
  'document',
] as const;

/**
 * A phone number as people write it: digits with spaces, brackets, dashes or dots, and a + only at
 * the start ('02 9555 0101', '(02) 9555-0101', '+61 400 000 000'); 6 to 15 digits in all (E.164's most).
 */
export function isPhoneNumber(text: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Bytes in one KB of an upload limit: the limit is 150000 KB = 150 MB, in the same units everywhere. */
export const BYTES_PER_KB = 1000;
export const uploadLimitBytes = (kb: number): number => kb * BYTES_PER_KB;

export const MOBILE_NUMBER_PATTERN = /^(\+614\d{8}|\+(?!614)\d{6,15})$/;

/** Forum and members. */
export const FORUM_LIMITS = {
  /** The HTML of a post as sent (the rich-text editor's output). */
  postContentMax: 60_000,
  /** Discussions per page of the forum list and of search results. */
  threadsPerPage: 10,
  /** Replies per page of a discussion, newest first. */
  repliesPerPage: 50,
  searchTermMax: 200,
  memberSearchMax: 200,
} as const;
/** Registration and profile-change requests. */
export const REGISTRATION_LIMITS = {
  /** Registrations sent per client address in the window (counted atomically in limit_counters). */
  registerPerAddress: 10,
  /** Public facility lookups (the wizard's) per client address in the window: the register cannot be walked. */
  facilityLookupsPerAddress: 60,
  windowMinutes: 60,
  facilitiesMax: 20,
  committeesMax: 100,
  sitesPerFacilityMax: 500,
  subscriptionsMax: 200,
} as const;

/** The roles a visitor may ask for in the registration wizard. */
export const REGISTRATION_ROLES = ['AR', 'CM', 'TA'] as const;
export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];
/** The roles an admin may give on Edit Personal Details (spec/02 section 6: TA_ADMIN in user edit only). */
export const USER_EDIT_ROLES = ['AR', 'CM', 'TA', 'TA_ADMIN'] as const;
/** The lists of All Users: holding TA (the TA admin's), not holding TA (the SYSADMIN's), committee members. */
export const USER_LIST_ROLES = ['TA', 'NONTA', 'CM'] as const;
/**
 * The publication categories (spec/02 section 9: the four roots) and the subcategories the portal
 * starts with (demo data; the body's import adds more).
 */
export const PUBLICATION_CATEGORIES = [
  'General',
  'Accreditation Program Updates',
  'Portal Publications',
  'Newsletters',
] as const;

/** How a user receives notification emails (a beyond-spec setting; the default is each one). */
export const EMAIL_FREQUENCIES = ['each', 'digest'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/**
 * Contact messages: counted per client address, and per sender email when signed out,
 * in one statement (limit_counters) before the message is stored; past either, 429.
 */
export const CONTACT_LIMITS = {
  perAddress: 10,
  perSenderEmail: 5,
  windowMinutes: 60,
  nameMax: 150,
  subjectMax: 255,
  messageMax: 5000,
} as const;

/** The contact details as links (the /contact page and the about page). */
export const CONTACT_LINKS = {
  phone: `tel:${CONTACT.phone.replace(/\s/g, '')}`,
  email: `mailto:${CONTACT.email}`,
  website: CONTACT.website,
} as const;

/**
 * Second factors beyond the spec's emailed and texted codes: an authenticator app
 * (TOTP, RFC 6238: 6 digits, 30 s steps, one step of drift either way), passkeys and recovery codes.
 * Wrong app or recovery codes count against the sign-in (maxWrongPerSignIn) and against the
 * account's CODE_GUESS_BUDGET, like the emailed codes.
 */
export const SECOND_FACTOR = {
  totpDigits: 6,
  totpPeriodSeconds: 30,
  totpDriftSteps: 1,
  maxWrongPerSignIn: 5,
  recoveryCodeCount: 10,
  /** WebAuthn challenges live this long and work once. */
  challengeTtlMinutes: 5,
  passkeyNameMax: 60,
  passkeysMax: 20,
  /**
   * Adding or removing an authenticator app or passkey, and new recovery codes, need a sign-in (or
   * the password asked again) this recent: a session left open cannot change how its user signs in.
   */
  reauthMinutes: 5,
} as const;
