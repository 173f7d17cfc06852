/**
 * The baseline of the load run: a bare Fastify server whose routes run the same SQL as the portal's
 * lists (jobs, documents, invoices, the forum, meetings, publications, notifications, pending
 * requests: baseline-sql.mjs, checked against the portal
 * by check-sql.mjs), the authenticate statement included (the portal's own actorSql, so this runs
 * under tsx: `node --import tsx --conditions=source baseline.mjs`), with raw `pg` named statements
 * and no validation, policy or presenter. Each area's routes are in baseline/ (`<set>.mjs`, after
 * bench/calls/), what they share in baseline/core.mjs.
 */
import Fastify from 'fastify';
import { routes as admin } from './baseline/admin.mjs';
import { routes as forum } from './baseline/forum.mjs';
import { routes as inbox } from './baseline/inbox.mjs';
import { routes as jobs } from './baseline/jobs.mjs';
import { routes as meetings } from './baseline/meetings.mjs';
import { routes as publications } from './baseline/publications.mjs';

const app = Fastify({ logger: false });
for (const routes of [jobs, forum, meetings, publications, inbox, admin]) routes(app);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3102) });
console.log(`baseline ready on ${process.env.PORT ?? 3102}`);
// Ends as the portal does on SIGTERM, so that what node writes at exit (--cpu-prof) is written.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
