/** The admin's committees, notifications and unused-assessor report (spec/02 sections 5 and 8). */
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
