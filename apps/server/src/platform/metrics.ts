import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { notFound, unauthorized } from './errors.js';
import { mailStats } from './outbox.js';
import { safeEqual } from './tokens.js';

/** How sign-in answers are counted, by route and status (the auth module stays unaware). */
function signInOutcome(route: string, status: number): [step: string, outcome: string] | null {
  const step = route === '/api/login' ? 'password' : route === '/api/twofactor/verify' ? 'code' : null;
  if (!step) return null;
  const outcome = status === 200 ? 'accepted' : status === 429 ? 'limited' : status >= 500 ? 'error' : 'rejected';
  return [step, outcome];
}

const kLastWritten = Symbol('bytesWrittenAtLastAnswer');

type Observer = { observe(value: number): void };

/**
 * Request timings handed to prom-client in batches. One observation on its own, amid a request's
 * other work, took a median 12.6 µs on a loaded server where the same call in a loop takes 1
 * (prom-client builds the labels' key and looks it up at every observation, its code and data cold
 * by then); kept here it costs two array writes, and the histogram takes them BATCH at a time, or
 * all at a scrape (bench/README.md, 2026-11-28).
 */
class Timings {
  static readonly BATCH = 256;
  private readonly observers = new Array<Observer>(Timings.BATCH);
  private readonly values = new Float64Array(Timings.BATCH);
  private size = 0;

  add(observer: Observer, value: number) {
    this.observers[this.size] = observer;
    this.values[this.size] = value;
    if (++this.size === Timings.BATCH) this.flush();
  }

  flush() {
    const n = this.size;
    this.size = 0;
    for (let i = 0; i < n; i++) this.observers[i]!.observe(this.values[i]!);
  }
}

/**
 * GET /api/metrics in Prometheus text (prom-client): requests by route and status with their
 * latency, the database pool, the outbox and document-index queues, mails, sign-ins and bytes moved.
 * A registry of each app's own (tests build several apps in one process). Answered only with
 * `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN the route does not exist (404).
 *
 * Per request: one timing kept for the histogram (Timings), its child looked up once per route and
 * status, and two numbers read off the socket; the queue depths are asked of the database only
 * when scraped.
 */
export function registerMetrics(app: FastifyInstance, database: Database, token: string | undefined) {
  const registry = new Registry();
  // The process's own figures (memory, heap by space, GC, event-loop delay, handles) under
  // prom-client's usual names, when an operator scrapes: a leak shows as a heap that keeps growing.
  if (token) collectDefaultMetrics({ register: registry });
  const timings = new Timings();
  const requests = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by route and status (its _count is the number of requests)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
    // A scrape sees every answer sent before it.
    collect: () => timings.flush(),
  });
  const signIns = new Counter({
    name: 'portal_sign_ins_total',
    help: 'Sign-in steps by outcome',
    labelNames: ['step', 'outcome'] as const,
    registers: [registry],
  });
  const uploaded = new Counter({
    name: 'portal_uploaded_bytes_total',
    help: 'Bytes of uploads received (multipart bodies)',
    registers: [registry],
  });
  const downloaded = new Counter({
    name: 'portal_downloaded_bytes_total',
    help: 'Bytes of files and zips sent (answers other than JSON and the web app)',
    registers: [registry],
  });
  new Counter({
    name: 'portal_mails_sent_total',
    help: 'Mails the SMTP server took',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(mailStats.sent);
    },
  });
  new Counter({
    name: 'portal_mails_failed_total',
    help: 'Mail sends that failed (each is tried again until its last try)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(mailStats.failed);
    },
  });
  const pool = database.pool;
  new Gauge({
    name: 'portal_db_pool_in_use',
    help: 'Database connections lent to a query or transaction',
    registers: [registry],
    collect() {
      this.set(pool ? pool.totalCount - pool.idleCount : 0);
    },
  });
  new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Queries waiting for a database connection',
    registers: [registry],
    collect() {
      this.set(pool ? pool.waitingCount : 0);
    },
  });
  const queues = {
    outbox: sql`select count(*)::int as depth, coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 as oldest
      from mail_outbox where status = 'pending' and next_attempt_at <= now()`,
    indexer: sql`select count(*)::int as depth, coalesce(extract(epoch from now() - min(updated_at)), 0)::float8 as oldest
      from meeting_documents where index_state = 'pending'`,
  };
  // Both gauges come from one query per queue, asked once per scrape.
  let asked: { at: number; answer: Promise<Record<string, { depth: number; oldest: number }>> } | undefined;
  const queueFigures = () => {
    if (!asked || Date.now() - asked.at > 1000) {
      const answer = (async () => {
        const figures: Record<string, { depth: number; oldest: number }> = {};
        for (const [queue, query] of Object.entries(queues)) {
          const { rows } = (await database.db.execute(query)) as unknown as {
            rows: { depth: number; oldest: number }[];
          };
          figures[queue] = { depth: rows[0]?.depth ?? 0, oldest: Math.max(0, rows[0]?.oldest ?? 0) };
        }
        return figures;
      })();
      asked = { at: Date.now(), answer };
    }
    return asked.answer;
  };
  new Gauge({
    name: 'portal_queue_depth',
    help: 'Items due in a work queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, f] of Object.entries(await queueFigures())) this.set({ queue }, f.depth);
    },
  });
  new Gauge({
    name: 'portal_queue_oldest_seconds',
    help: 'Age of the oldest item due in a work queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, f] of Object.entries(await queueFigures())) this.set({ queue }, f.oldest);
    },
  });

  // Each label's value a level of maps: the method and route are the same strings at every request
  // and the status a number, so no key is made and hashed as new for each answer (as a joined
  // string was).
  type Child = ReturnType<typeof requests.labels>;
  const children = new Map<string, Map<string, Map<number, Child>>>();
  const childOf = (method: string, route: string, status: number) => {
    let byRoute = children.get(method);
    if (!byRoute) children.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (!child) byStatus.set(status, (child = requests.labels({ method, route, status })));
    return child;
  };
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    // A request no route matched is counted under one name: paths sent by scanners are not labels.
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    timings.add(childOf(req.method, route, status), reply.elapsedTime / 1000);
    const outcome = signInOutcome(route, status);
    if (outcome) signIns.inc({ step: outcome[0], outcome: outcome[1] });
    const type = req.headers['content-type'];
    if (type !== undefined && type.startsWith('multipart/')) uploaded.inc(Number(req.headers['content-length']) || 0);
    // What the socket wrote since the previous answer on it (keep-alive answers one at a time).
    const socket = req.raw.socket as (typeof req.raw.socket & { [kLastWritten]?: number }) | null;
    if (socket) {
      const written = socket.bytesWritten;
      const answerType = reply.getHeader('content-type');
      if (
        typeof answerType === 'string' &&
        !answerType.startsWith('application/json') &&
        !answerType.startsWith('text/html')
      ) {
        downloaded.inc(Math.max(0, written - (socket[kLastWritten] ?? 0)));
      }
      socket[kLastWritten] = written;
    }
    done();
  });

  app.get('/api/metrics', { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
    if (!token) throw notFound();
    const given = req.headers.authorization ?? '';
    if (!given.startsWith('Bearer ') || !safeEqual(given.slice(7), token)) throw unauthorized();
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
