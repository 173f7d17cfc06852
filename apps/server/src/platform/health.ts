import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once the process is told to stop (platform/shutdown.ts): readiness answers 503 from then on. */
    stopping: boolean;
  }
}

/**
 * /api/health is liveness: the process answers (and says whether the database does, not which kind).
 * /api/health/ready is what a load balancer asks before sending traffic: 200 while the process can
 * serve (the app is only built after the migrations are done, so a listening process has them; the
 * database must answer), 503 from the moment it is told to stop, so it is drained before it exits.
 */
export function registerHealth(app: FastifyInstance, database: Database) {
  app.decorate('stopping', false);
  const databaseAnswers = async () => {
    try {
      await database.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  };
  app.get('/api/health', { config: { auth: 'none' }, schema: { tags: ['Health'] } }, async (_req, reply) => {
    if (await databaseAnswers()) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable' });
  });
  app.get('/api/health/ready', { config: { auth: 'none' }, schema: { tags: ['Health'] } }, async (_req, reply) => {
    if (app.stopping) return reply.code(503).send({ status: 'stopping' });
    if (!(await databaseAnswers())) return reply.code(503).send({ status: 'unavailable' });
    return { status: 'ready' };
  });
}
