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
