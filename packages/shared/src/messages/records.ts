/** Messages of facilities, sites, jobs, documents, invoices and the back-office import. */
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
