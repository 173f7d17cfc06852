import type { PortalModule } from '../platform/module.js';
import { auditModule } from './audit/index.js';
import { authModule } from './auth/index.js';
import { calendarModule } from './calendar/index.js';
import { committeesModule } from './committees/index.js';
import { contactModule } from './contact/index.js';
import { documentsModule } from './documents/index.js';
import { emailModule } from './email/index.js';
import { facilitiesModule } from './facilities/index.js';
import { forumModule } from './forum/index.js';
import { importsModule } from './imports/index.js';
import { invoicesModule } from './invoices/index.js';
import { jobsModule } from './jobs/index.js';
import { meetingsModule } from './meetings/index.js';
import { notificationsModule } from './notifications/index.js';
import { profileModule } from './profile/index.js';
import { publicationsModule } from './publications/index.js';
import { registrationModule } from './registration/index.js';
import { reportsModule } from './reports/index.js';
import { requestsModule } from './requests/index.js';
import { resourcesModule } from './resources/index.js';
import { sitesModule } from './sites/index.js';
import { usersModule } from './users/index.js';

/**
 * Every area of the portal, as buildApp registers them (routes under /api, access rules, event
 * reactions) and main.ts starts their workers. A new area adds its descriptor here (DESIGN,
 * "Adding an area"). The development mailbox (modules/dev) is not an area: buildApp adds it
 * outside production.
 */
export const MODULES: PortalModule[] = [
  authModule,
  notificationsModule,
  facilitiesModule,
  sitesModule,
  jobsModule,
  documentsModule,
  invoicesModule,
  importsModule,
  committeesModule,
  reportsModule,
  forumModule,
  calendarModule,
  registrationModule,
  profileModule,
  requestsModule,
  usersModule,
  meetingsModule,
  publicationsModule,
  emailModule,
  contactModule,
  resourcesModule,
  auditModule,
];
