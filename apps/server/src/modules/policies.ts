/**
 * Every area's access rules, registered with platform/access.ts before any route runs (buildApp
 * imports this file). A new area adds its `<area>.policy.ts` here.
 */
import './auth/auth.policy.js';
import './facilities/facilities.policy.js';
import './sites/sites.policy.js';
import './jobs/jobs.policy.js';
import './documents/documents.policy.js';
import './invoices/invoices.policy.js';
import './notifications/notifications.policy.js';
import './imports/imports.policy.js';
import './committees/committees.policy.js';
import './forum/forum.policy.js';
import './calendar/calendar.policy.js';
import './registration/registration.policy.js';
import './profile/profile.policy.js';
import './requests/requests.policy.js';
import './meetings/meetings.policy.js';
import './publications/publications.policy.js';
import './email/email.policy.js';
import './contact/contact.policy.js';
import './resources/resources.policy.js';
import './auth/second-factors.policy.js';
import './users/users.policy.js';
import './audit/audit.policy.js';
import './reports/reports.policy.js';
