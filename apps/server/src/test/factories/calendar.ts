import { TIMEZONE } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { next } from './sequence.js';

export type EventRow = typeof events.$inferSelect;

const at = (local: string) => sql`(${local}::timestamp at time zone ${sql.raw(`'${TIMEZONE}'`)})`;

/** An event of a committee; start and end are Sydney wall-clock text ('YYYY-MM-DD HH:mm:ss'). */
export async function makeEvent(
  db: Db,
  opts: {
    committee: { id: number };
    creator?: { id: number } | null;
    title?: string;
    start: string;
    end: string;
    allDay?: boolean;
  },
): Promise<EventRow> {
  const [row] = await db
    .insert(events)
    .values({
      committeeId: opts.committee.id,
      createdBy: opts.creator?.id ?? null,
      title: opts.title ?? `Event ${next()}`,
      startsAt: at(opts.start),
      endsAt: at(opts.end),
      allDay: opts.allDay ?? false,
    })
    .returning();
  return row!;
}

/** Sydney wall-clock text of a day from today (negative: past), at a time. */
export function sydneyDay(offsetDays: number, time = '10:00:00'): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIMEZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
  return `${day} ${time}`;
}
