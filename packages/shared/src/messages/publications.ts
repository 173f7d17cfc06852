import { MEETING_MESSAGES } from './meetings.js';

/** Messages of publications, subscriptions and email. */
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
