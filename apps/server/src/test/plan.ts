import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Whether PostgreSQL's plan for a statement (a hot statement's `sqlOf`, its placeholders given by
 * name in `values`) sorts, with sorting and the scans that lose an index's order made as dear as
 * PostgreSQL allows: a plan that still sorts asks for an order its indexes cannot give
 * (platform/order.ts `descIndexed`), and every page would read and sort all the rows its filter
 * matches. PREPARE and EXPLAIN EXECUTE, so PostgreSQL 15 and PGlite alike plan it with its types.
 */
export async function planSorts(
  db: Db,
  st: { text: string; names: (string | null)[]; fixed: unknown[] },
  values: Record<string, unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    for (const setting of ['enable_sort', 'enable_seqscan', 'enable_bitmapscan'])
      await tx.execute(sql.raw(`set local ${setting} = off`));
    await tx.execute(sql.raw(`prepare plan_check as ${st.text}`));
    try {
      const args = st.names
        .map((name, i) => (name === null ? st.fixed[i] : values[name]))
        .map((v) => (typeof v === 'number' ? String(v) : `'${String(v)}'`))
        .join(', ');
      const plan = (await tx.execute(sql.raw(`explain (format json) execute plan_check(${args})`))) as {
        rows: Record<string, unknown>[];
      };
      return JSON.stringify(plan.rows).includes('"Node Type":"Sort"');
    } finally {
      await tx.execute(sql.raw('deallocate plan_check'));
    }
  });
}
