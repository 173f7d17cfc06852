import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';

/** Demo data goes only into a database without users. Apart from seed.ts, so a start that does not seed never loads the seed's PDF and DOCX makers. */
export async function hasNoUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}
