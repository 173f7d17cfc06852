/**
 * The audit trail at scale: 1,000,000 audit_log rows over two years, by the 20,000 users of the
 * scale data (generate.ts first), every kind of action, most of them sign-ins and downloads as in
 * life. For the audit list's benchmark (filtered by user and by date) beside the raw-pg baseline.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run generate:audit -w bench
 */
import { sql } from 'drizzle-orm';
import { AUDIT_ACTION_NAMES } from '@portal/shared';
import { openBenchDatabase, stepper } from './bench-db.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const database = await openBenchDatabase(url);
const db = database.db;
const step = stepper(db);

const [{ n } = { n: 0 }] = (
  await db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where ip = '198.51.100.1'`)
).rows;
if (n > 0) {
  console.log('The audit bench data is already there.');
} else {
  // Sign-ins and downloads are most of a real trail; the admin actions follow in turn.
  const actions = [
    ...Array(6).fill('auth.signIn.success'),
    'auth.signIn.failure',
    ...Array(3).fill('documents.download'),
    ...AUDIT_ACTION_NAMES.filter((a) => !a.startsWith('auth.') && a !== 'documents.download'),
  ];
  const list = actions.map((a) => `'${a}'`).join(', ');
  await step(
    'audit rows',
    `insert into audit_log (at, actor_id, actor_name, actor_email, action, record_type, record_id, ip, before, after)
     select now() - make_interval(secs => (g::double precision / 1000000) * 2 * 365 * 86400),
            u.id, u.first_name || ' ' || u.last_name, u.email,
            (array[${list}])[1 + g % ${actions.length}],
            case when g % 10 between 7 and 9 then 'job_document' else 'user' end,
            (1 + g % 20000)::text,
            '198.51.100.1',
            case when g % 5 = 0 then jsonb_build_object('activated', false) end,
            case when g % 5 = 0 then jsonb_build_object('activated', true) end
     from generate_series(1, 1000000) g
     join users u on u.email = case when g % 2 = 0 then 'bench-ar-' else 'bench-ta-' end || (1 + (g / 2) % 10000) || '@bench.test'`,
  );
  // As autovacuum leaves the table: statistics, and the visibility map that index-only scans need.
  await step('vacuum analyze', 'vacuum (analyze) audit_log');
}
await database.close();
