import type { Role } from '@portal/shared';

export const DEMO_PASSWORD = 'portal-demo';

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  roles: Role[];
  mobileNumber?: string;
  /** Committee names, and whether the user may add discussions there. */
  committees?: { name: string; write: boolean; admin?: boolean }[];
}

export const DEMO_COMMITTEES = ['Chemical Testing Committee', 'Biological Testing Committee'];

/** One account per role (the README lists them). */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@portal.test',
    firstName: 'Ada',
    lastName: 'Admin',
    title: 'System Administrator',
    roles: ['SYSADMIN'],
  },
  {
    email: 'taadmin@portal.test',
    firstName: 'Tara',
    lastName: 'Tadmin',
    title: 'Assessor Coordinator',
    roles: ['TA_ADMIN'],
  },
  {
    email: 'ar@portal.test',
    firstName: 'Arthur',
    lastName: 'Rep',
    title: 'Quality Manager',
    roles: ['AR'],
    mobileNumber: '+61412345678',
  },
  { email: 'ta@portal.test', firstName: 'Tess', lastName: 'Assessor', title: 'Technical Assessor', roles: ['TA'] },
  { email: 'la@portal.test', firstName: 'Lee', lastName: 'Lead', title: 'Lead Assessor', roles: ['LA', 'TA'] },
  {
    email: 'cm@portal.test',
    firstName: 'Cam',
    lastName: 'Member',
    title: 'Committee Chair',
    roles: ['CM'],
    committees: [
      { name: 'Chemical Testing Committee', write: true, admin: true },
      { name: 'Biological Testing Committee', write: false },
    ],
  },
  {
    email: 'multi@portal.test',
    firstName: 'Morgan',
    lastName: 'Multi',
    title: 'Laboratory Director',
    roles: ['AR', 'TA', 'CM'],
    // A plain member (no write flag) where cm@ is admin, and admin of the other committee: every
    // committee has an admin and a plain member, and both states of 'New Discussion' can be seen.
    committees: [
      { name: 'Chemical Testing Committee', write: false },
      { name: 'Biological Testing Committee', write: true, admin: true },
    ],
  },
];

export interface DemoNotification {
  type: string;
  title: string;
  body: string;
  url?: string;
  role?: Role;
  committee?: string;
  hoursAgo: number;
  read?: boolean;
}

const common: DemoNotification[] = [
  {
    type: 'Admin',
    title: 'Welcome to the Members Portal',
    body: 'Your account is ready. Keep your contact details up to date from your profile.',
    hoursAgo: 72,
    read: true,
  },
  {
    type: 'user',
    title: 'Set up SMS verification',
    body: 'Receive your sign-in codes by SMS: open 2 Step Verification to add your mobile number.',
    url: '/profile2fa',
    hoursAgo: 26,
  },
  {
    type: 'Admin',
    title: 'Portal maintenance on Saturday',
    body: 'The portal will be unavailable on Saturday from 8 pm to 10 pm (Sydney time) for maintenance.',
    hoursAgo: 3,
  },
];

/** Stands for /job/{id} of a job number until the demo jobs are in (seed.ts). */
export const JOB_URL_PREFIX = 'job-number:';
function jobUrl(jobNumber: string): string {
  return `${JOB_URL_PREFIX}${jobNumber}`;
}

const byRole: Partial<Record<Role, DemoNotification[]>> = {
  // A notification that names a job opens it (seed.ts fills in the job's id once the jobs exist).
  AR: [
    {
      type: 'job',
      title: 'New document on job 100234',
      body: 'An assessor submitted a document to job 100234.',
      url: jobUrl('100234'),
      role: 'AR',
      hoursAgo: 5,
    },
  ],
  TA: [
    {
      type: 'job',
      title: 'Document to review',
      body: 'A facility submitted a document to job 100234 for your review.',
      url: jobUrl('100234'),
      role: 'TA',
      hoursAgo: 8,
    },
  ],
  SYSADMIN: [
    {
      type: 'user',
      title: 'New registration request',
      body: 'A new registration is waiting for approval.',
      url: '/admin/pending-registration-all',
      hoursAgo: 1,
    },
  ],
  TA_ADMIN: [
    {
      type: 'user',
      title: 'Profile change to approve',
      body: 'A technical assessor asked to change their profile.',
      url: '/admin/pending-profile-change-all',
      hoursAgo: 2,
    },
  ],
};

const byCommittee: DemoNotification[] = [
  {
    type: 'forum',
    title: 'New discussion in your committee',
    body: 'A member started a new discussion.',
    url: '/forum',
    role: 'CM',
    hoursAgo: 4,
  },
  {
    type: 'meeting',
    title: 'Meeting papers uploaded',
    body: 'Papers for the next meeting are in Meeting Documents.',
    url: '/meeting-documents',
    role: 'CM',
    hoursAgo: 30,
  },
];

export function demoNotificationsFor(user: DemoUser): DemoNotification[] {
  const list = [...common, ...user.roles.flatMap((r) => byRole[r] ?? [])];
  for (const c of user.committees ?? [])
    list.push(...byCommittee.map((n) => ({ ...n, committee: c.name, title: `${n.title}: ${c.name}` })));
  return list;
}
