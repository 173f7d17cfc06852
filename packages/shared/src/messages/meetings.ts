/** Meeting documents (spec/02 "Meeting documents", sections 4, 5, 8). */
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
