import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { committeeMembers, committees, notifications, userRoles, users } from '../schema/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { DEMO_COMMITTEES, DEMO_PASSWORD, DEMO_USERS, demoNotificationsFor, JOB_URL_PREFIX } from './demo-data.js';
import type { Storage } from '../../platform/storage/storage.js';
import { seedDemoJobs } from './demo-jobs.js';
import { seedDemoForum } from './demo-forum.js';
import { seedDemoCalendar } from './demo-calendar.js';
import { seedDemoRequests } from './demo-registration.js';
import { seedDemoMeetings } from './demo-meetings.js';
import { seedDemoPublications } from './demo-publications.js';
import { seedDemoResources } from './demo-resources.js';
import { hasNoUsers } from './is-empty.js';
import { seedDemoMembers } from './demo-members.js';
import { seedDemoComms } from './demo-comms.js';

/** Adds the demo accounts, committees and notifications when the database has no user yet. */
export async function seedIfEmpty(db: Db, storage?: Storage): Promise<boolean> {
  if (!(await hasNoUsers(db))) return false;
  await seedDemo(db, storage);
  return true;
}

/** Without storage, the demo documents (which need files) are left out. */
export async function seedDemo(db: Db, storage?: Storage) {
  // One hash for every demo account: they share the documented password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u, i) => ({
          email: u.email,
          passwordHash,
          firstName: u.firstName,
          lastName: u.lastName,
          title: u.title,
          mobileNumber: u.mobileNumber ?? null,
          resourceId: `R${String(1001 + i)}`,
          activated: true,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idOf = new Map(created.map((u) => [u.email, u.id]));
    await tx
      .insert(userRoles)
      .values(DEMO_USERS.flatMap((u) => u.roles.map((role) => ({ userId: idOf.get(u.email)!, role }))));

    const committeeRows = await tx
      .insert(committees)
      .values(
        DEMO_COMMITTEES.map((name) => ({
          name,
          adminId:
            idOf.get(DEMO_USERS.find((u) => u.committees?.some((c) => c.name === name && c.admin))?.email ?? '') ??
            null,
        })),
      )
      .returning({ id: committees.id, name: committees.name });
    const committeeId = new Map(committeeRows.map((c) => [c.name, c.id]));
    await tx.insert(committeeMembers).values(
      DEMO_USERS.flatMap((u) =>
        (u.committees ?? []).map((c) => ({
          committeeId: committeeId.get(c.name)!,
          userId: idOf.get(u.email)!,
          canWrite: c.write,
        })),
      ),
    );

    const now = Date.now();
    await tx.insert(notifications).values(
      DEMO_USERS.flatMap((u) =>
        demoNotificationsFor(u).map((n) => ({
          userId: idOf.get(u.email)!,
          type: n.type,
          title: n.title,
          body: n.body,
          url: n.url ?? null,
          role: n.role ?? null,
          committeeId: n.committee ? committeeId.get(n.committee)! : null,
          sender: 'Members Portal',
          createdAt: new Date(now - n.hoursAgo * 3_600_000),
          readAt: n.read ? new Date(now - (n.hoursAgo - 1) * 3_600_000) : null,
        })),
      ),
    );
  });
  await seedDemoJobs(db, storage);
  await seedDemoForum(db, storage);
  await seedDemoCalendar(db);
  // Publications first: the demo registrations ask for subscriptions to its categories.
  await seedDemoPublications(db, storage);
  await seedDemoRequests(db, storage);
  await seedDemoMeetings(db, storage);
  await seedDemoResources(db, storage);
  await seedDemoMembers(db, passwordHash);
  await seedDemoComms(db);
  // Demo notifications that name a job open that job: its id is known now.
  await db.execute(
    sql`update notifications set url = '/job/' || jobs.id from jobs where notifications.url = ${JOB_URL_PREFIX} || jobs.job_number`,
  );
}
