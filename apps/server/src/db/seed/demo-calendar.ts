import { isNotNull, sql } from 'drizzle-orm';
import { TIMEZONE, addDaysLocal } from '@portal/shared';
import type { Db } from '../client.js';
import { committees, events } from '../schema/index.js';

/** Today's date in Sydney, 'YYYY-MM-DD'. */
const sydneyToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

/** Demo events of each committee, in days from today (Sydney), past and upcoming. */
const DEMO_EVENTS: { title: string; day: number; time?: [string, string]; days?: number }[] = [
  { title: 'Quarterly committee meeting', day: -21, time: ['10:00', '12:00'] },
  { title: 'Proficiency testing review', day: -6, time: ['14:00', '15:00'] },
  { title: 'Committee meeting', day: 2, time: ['09:30', '11:00'] },
  { title: 'Site visit planning', day: 6, time: ['13:00', '13:30'] },
  { title: 'Standards workshop', day: 9, days: 2 },
  { title: 'Annual general meeting', day: 27, time: ['16:00', '18:00'] },
];

/** Events past and upcoming in every demo committee, each created by the committee's admin. */
export async function seedDemoCalendar(db: Db) {
  const today = `${sydneyToday()} 00:00:00`;
  const rows = await db
    .select({ id: committees.id, name: committees.name, adminId: committees.adminId })
    .from(committees)
    .where(isNotNull(committees.adminId));
  const values = rows.flatMap((c) =>
    DEMO_EVENTS.map((e) => {
      const day = addDaysLocal(today, e.day).slice(0, 10);
      const [start, end] = e.time
        ? [`${day} ${e.time[0]}:00`, `${day} ${e.time[1]}:00`]
        : [`${day} 00:00:00`, addDaysLocal(`${day} 00:00:00`, e.days ?? 1)];
      return {
        committeeId: c.id,
        createdBy: c.adminId,
        title: `${e.title}${c.name.startsWith('Bio') ? ' (Biological)' : ''}`,
        startsAt: sql`(${start}::timestamp at time zone ${sql.raw(`'${TIMEZONE}'`)})`,
        endsAt: sql`(${end}::timestamp at time zone ${sql.raw(`'${TIMEZONE}'`)})`,
        allDay: !e.time,
      };
    }),
  );
  if (values.length > 0) await db.insert(events).values(values);
}
