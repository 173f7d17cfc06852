import type { ComponentType } from 'react';
import type { RouteName } from '@portal/shared';

/**
 * Where each route of the shared table is drawn:
 * - none: the page draws its own frame ('/' is the login screen or the dashboard);
 * - auth: the sign-in card;
 * - public: the public frame whatever the session;
 * - auto: the shell when signed in, the public frame otherwise;
 * - shell: the signed-in page shell.
 */
export type Frame = 'none' | 'auth' | 'public' | 'auto' | 'shell';

export interface PageDef {
  frame: Frame;
  load: () => Promise<{ default: ComponentType }>;
}

/** Every route of ROUTES has a page here; the type makes a missing one a compile error. */
export const PAGES: Record<RouteName, PageDef> = {
  home: { frame: 'none', load: () => import('./home-page') },
  login: { frame: 'auth', load: () => import('../features/auth/login-page') },
  activation: { frame: 'auth', load: () => import('../features/auth/activation-page') },
  twoFactor: { frame: 'auth', load: () => import('../features/auth/two-factor-page') },
  resetPasswordFirstAccess: { frame: 'auth', load: () => import('../features/auth/reset-password-page') },
  register: { frame: 'public', load: () => import('../features/registration/register-page') },
  taUsefulResources: { frame: 'auto', load: () => import('../features/resources/resources-page') },
  usefulResourcesTa: { frame: 'auto', load: () => import('../features/resources/resources-page') },
  contact: { frame: 'auto', load: () => import('../features/contact/contact-page') },
  about: { frame: 'auto', load: () => import('../features/static/about-page') },

  dashboard: { frame: 'shell', load: () => import('./dashboard-page') },
  jobs: { frame: 'shell', load: () => import('../features/jobs/jobs-page') },
  job: { frame: 'shell', load: () => import('../features/jobs/job-page') },
  publications: { frame: 'shell', load: () => import('../features/publications/pages/publications-page') },
  publication: { frame: 'shell', load: () => import('../features/publications/pages/publication-page') },
  invoices: { frame: 'shell', load: () => import('../features/invoices/invoices-page') },
  facilities: { frame: 'shell', load: () => import('../features/facilities/facilities-page') },
  facility: { frame: 'shell', load: () => import('../features/facilities/facility-page') },
  site: { frame: 'shell', load: () => import('../features/sites/site-page') },

  calendar: { frame: 'shell', load: () => import('../features/calendar/calendar-page') },
  calendarDate: { frame: 'shell', load: () => import('../features/calendar/calendar-page') },
  subscriptions: { frame: 'shell', load: () => import('../features/publications/pages/subscriptions-page') },
  notifications: { frame: 'shell', load: () => import('../features/notifications/notifications-page') },
  profile: { frame: 'shell', load: () => import('../features/profile/profile-page') },
  editProfile: { frame: 'shell', load: () => import('../features/profile/edit-profile-page') },
  profile2fa: { frame: 'shell', load: () => import('../features/auth/profile-2fa-page') },
  changePassword: { frame: 'shell', load: () => import('../features/auth/change-password-page') },
  meetingDocuments: { frame: 'shell', load: () => import('../features/meetings/meeting-documents-page') },
  termsConditions: { frame: 'shell', load: () => import('../features/static/terms-page') },

  forum: { frame: 'shell', load: () => import('../features/forum/pages/forum-page') },
  discussion: { frame: 'shell', load: () => import('../features/forum/pages/discussion-page') },
  newDiscussion: { frame: 'shell', load: () => import('../features/forum/pages/new-discussion-page') },
  editDiscussion: { frame: 'shell', load: () => import('../features/forum/pages/edit-discussion-page') },
  members: { frame: 'shell', load: () => import('../features/forum/pages/members-page') },

  adminReports: { frame: 'shell', load: () => import('../features/reports/reports-page') },
  adminUsers: { frame: 'shell', load: () => import('../features/users/users-page') },
  adminUser: { frame: 'shell', load: () => import('../features/users/user-page') },
  adminEditPersonalDetails: { frame: 'shell', load: () => import('../features/users/edit-personal-details-page') },
  adminOutstandingActivities: { frame: 'shell', load: () => import('../features/admin/outstanding-activities-page') },
  adminPendingRegistrationAll: { frame: 'shell', load: () => import('../features/admin/pending-registrations-page') },
  adminPendingRegistration: { frame: 'shell', load: () => import('../features/admin/pending-registration-page') },
  adminEditRegistration: { frame: 'shell', load: () => import('../features/admin/edit-registration-page') },
  adminPendingProfileChangeAll: {
    frame: 'shell',
    load: () => import('../features/admin/pending-profile-changes-page'),
  },
  adminPendingProfileChange: { frame: 'shell', load: () => import('../features/admin/pending-profile-change-page') },
  adminNotifications: {
    frame: 'shell',
    load: () => import('../features/admin-notifications/admin-notifications-page'),
  },
  adminManageCommittees: { frame: 'shell', load: () => import('../features/admin-committees/manage-committees-page') },
  adminPublications: { frame: 'shell', load: () => import('../features/publications/pages/admin-publications-page') },
  adminAudit: { frame: 'shell', load: () => import('../features/admin/audit-page') },
};
