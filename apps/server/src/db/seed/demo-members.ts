import { inArray } from 'drizzle-orm';
import type { Role } from '@portal/shared';
import type { Db } from '../client.js';
import { committeeMembers, committees, userRoles, users } from '../schema/index.js';
import { DEMO_COMMITTEES } from './demo-data.js';

const FIRST = ['Alex', 'Bailey', 'Casey', 'Devon', 'Emery', 'Finley', 'Harper', 'Jordan', 'Kai', 'Logan'];
const LAST = ['Nguyen', 'Smith', 'Patel', 'Brown', 'Wilson', 'Taylor'];
/** Every third an AR, a CM, a TA: All Users pages for the SYSADMIN (40 not holding TA) and the TA admin (20). */
const ROLE_CYCLE: Role[][] = [['AR'], ['CM'], ['TA']];

/** The 60 members beyond the one account per role, so the admin's lists page. */
export const DEMO_MEMBERS = Array.from({ length: 60 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  const roles = ROLE_CYCLE[i % 3]!;
  return {
    email: `member${n}@portal.test`,
    firstName: FIRST[i % FIRST.length]!,
    lastName: `${LAST[Math.floor(i / FIRST.length)]!}`,
    title: roles[0] === 'TA' ? 'Technical Assessor' : roles[0] === 'CM' ? 'Committee Member' : 'Quality Manager',
    roles,
    resourceId: roles[0] === 'TA' ? `R${2001 + i}` : null,
  };
});

/** Adds the members; the committee members join the demo committees in turn, without forum write. */
export async function seedDemoMembers(db: Db, passwordHash: string) {
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        DEMO_MEMBERS.map((m) => ({
          email: m.email,
          passwordHash,
          firstName: m.firstName,
          lastName: m.lastName,
          title: m.title,
          resourceId: m.resourceId,
          mobileNumber: `+6140000${m.email.slice(6, 8)}00`,
          address: `${Number(m.email.slice(6, 8))} Example Street`,
          suburb: 'Sydney',
          state: 'NSW',
          country: 'Australia',
          postcode: '2000',
          activated: true,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idOf = new Map(created.map((u) => [u.email, u.id]));
    await tx
      .insert(userRoles)
      .values(DEMO_MEMBERS.flatMap((m) => m.roles.map((role) => ({ userId: idOf.get(m.email)!, role }))));
    const rows = await tx
      .select({ id: committees.id, name: committees.name })
      .from(committees)
      .where(inArray(committees.name, DEMO_COMMITTEES));
    const cms = DEMO_MEMBERS.filter((m) => m.roles.includes('CM'));
    if (rows.length)
      await tx
        .insert(committeeMembers)
        .values(
          cms.map((m, i) => ({ committeeId: rows[i % rows.length]!.id, userId: idOf.get(m.email)!, canWrite: false })),
        );
  });
}
