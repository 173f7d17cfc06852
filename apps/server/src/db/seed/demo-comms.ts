import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { sentNotifications, userInfos, userRoles, users } from '../schema/index.js';
import { DEMO_PASSWORD } from './demo-data.js';
import { hashPassword } from '../../platform/passwords.js';

const DAY = 86_400_000;
const MONTH = 30.5 * DAY;

/**
 * Assessors with a spread of last sign-ins and profile reviews (the unused-assessor report): months
 * since last used and since reviewed, null for never.
 */
export const DEMO_ASSESSORS: {
  firstName: string;
  lastName: string;
  usedMonthsAgo: number | null;
  reviewedMonthsAgo: number | null;
}[] = [
  { firstName: 'Aaron', lastName: 'Abbott', usedMonthsAgo: null, reviewedMonthsAgo: null },
  { firstName: 'Bella', lastName: 'Baker', usedMonthsAgo: 2, reviewedMonthsAgo: 1 },
  { firstName: 'Caleb', lastName: 'Chen', usedMonthsAgo: 4, reviewedMonthsAgo: 10 },
  { firstName: 'Dana', lastName: 'Dorsey', usedMonthsAgo: 7, reviewedMonthsAgo: 2 },
  { firstName: 'Ethan', lastName: 'Evans', usedMonthsAgo: 8, reviewedMonthsAgo: 14 },
  { firstName: 'Fiona', lastName: 'Fraser', usedMonthsAgo: 11, reviewedMonthsAgo: null },
  { firstName: 'George', lastName: 'Gill', usedMonthsAgo: 13, reviewedMonthsAgo: 13 },
  { firstName: 'Hannah', lastName: 'Hughes', usedMonthsAgo: 18, reviewedMonthsAgo: 5 },
  { firstName: 'Isaac', lastName: 'Ito', usedMonthsAgo: 25, reviewedMonthsAgo: 26 },
  { firstName: 'Jade', lastName: 'Jones', usedMonthsAgo: null, reviewedMonthsAgo: 3 },
];

export const demoAssessorEmail = (a: { firstName: string; lastName: string }) =>
  `${a.firstName}.${a.lastName}@assessors.test`.toLowerCase();

/** Past notices the admins sent (the Past Notifications tab): newest first when listed. */
const DEMO_SENT: (typeof sentNotifications.$inferInsert & { daysAgo: number; by: string })[] = [
  [
    'Portal maintenance on Saturday',
    'The portal will be unavailable on Saturday from 8 am to 10 am.',
    'AR; TA; CM',
    42,
    2,
  ],
  [
    'New accreditation criteria published',
    'The revised criteria for testing laboratories are now in Publications.',
    'AR',
    18,
    9,
  ],
  [
    'Committee meeting papers',
    'The papers for the next meeting are in Meeting Documents.',
    'CM: Chemical Testing Committee',
    2,
    16,
  ],
  ['End of year closure', 'The office is closed from 24 December to 2 January.', 'AR; TA; CM', 42, 30],
  ['Forum etiquette reminder', 'Please keep discussions on the topic of the committee.', 'CM', 2, 45],
  ['Invoices now online', 'Invoices can now be viewed and paid from the portal.', 'AR', 18, 60],
].map(([title, body, sentToText, recipients, daysAgo]) => ({
  title: title as string,
  body: body as string,
  senderName: 'Ada Admin',
  senderEmail: 'admin@portal.test',
  audience: 'groups' as const,
  sendTo: { send_to: (sentToText as string).startsWith('CM:') ? ['CM'] : (sentToText as string).split('; ') },
  sentToText: sentToText as string,
  recipients: recipients as number,
  daysAgo: daysAgo as number,
  by: 'admin@portal.test',
}));

const DEMO_SENT_TA: typeof DEMO_SENT = [
  {
    title: 'Please update your profile',
    body: 'We have not seen you in the portal for a while. Please sign in and mark your profile up to date.',
    senderName: 'Tara Tadmin',
    senderEmail: 'taadmin@portal.test',
    audience: 'assessors',
    sendTo: { send_to: 'REPORT_USERS', months: 6, options: [2] },
    sentToText: 'Unused TAs from the report (6 months: Last Used)',
    recipients: 6,
    reminders: [{ sent_on: new Date(Date.now() - 5 * DAY).toISOString(), sent_to: 4 }],
    daysAgo: 12,
    by: 'taadmin@portal.test',
  },
  {
    title: 'Assessor workshop',
    body: 'The annual assessor workshop is on 14 March. Registration is open.',
    senderName: 'Tara Tadmin',
    senderEmail: 'taadmin@portal.test',
    audience: 'assessors',
    sendTo: { send_to: 'ALL_TA_USERS' },
    sentToText: 'All TA Users',
    recipients: 12,
    daysAgo: 40,
    by: 'taadmin@portal.test',
  },
];

/** Demo assessors for the report, the demo accounts' last sign-ins, and the admins' past notices. */
export async function seedDemoComms(db: Db) {
  const now = Date.now();
  const ago = (months: number | null) => (months === null ? null : new Date(now - months * MONTH));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(users)
      .values(
        DEMO_ASSESSORS.map((a) => ({
          email: demoAssessorEmail(a),
          passwordHash,
          firstName: a.firstName,
          lastName: a.lastName,
          title: 'Technical Assessor',
          activated: true,
          lastUsed: ago(a.usedMonthsAgo),
        })),
      )
      .returning({ id: users.id });
    await tx.insert(userRoles).values(made.map((u) => ({ userId: u.id, role: 'TA' })));
    const reviewed = DEMO_ASSESSORS.flatMap((a, i) =>
      a.reviewedMonthsAgo === null ? [] : [{ userId: made[i]!.id, reviewedAt: ago(a.reviewedMonthsAgo) }],
    );
    await tx.insert(userInfos).values(reviewed).onConflictDoNothing();
    await tx
      .update(users)
      .set({ lastUsed: ago(9) })
      .where(eq(users.email, 'la@portal.test'));
    const admins = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['admin@portal.test', 'taadmin@portal.test']));
    const idOf = new Map(admins.map((a) => [a.email, a.id]));
    await tx.insert(sentNotifications).values(
      [...DEMO_SENT, ...DEMO_SENT_TA].map(({ daysAgo, by, ...row }) => ({
        ...row,
        sentBy: idOf.get(by) ?? null,
        createdAt: new Date(now - daysAgo * DAY),
      })),
    );
  });
}
