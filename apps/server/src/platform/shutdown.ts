import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

/** Work the server does on its own (housekeeping, a queue worker): stop() ends it and waits for a pass in progress. */
export interface BackgroundWork {
  stop(): Promise<void>;
}

/**
 * Stops the server without losing or breaking a request: readiness turns 503 at once (a load
 * balancer stops sending), the listener closes (requests in flight, uploads too, finish; a request
 * arriving on a kept-alive connection meanwhile gets Fastify's 503), background work stops after
 * its current item, and only then is the database closed, so nothing runs a query on a closed pool
 * ('Cannot use a pool after calling end'). Requests still running after `graceMs` have their
 * connections cut, so a stuck client cannot hold the process past its grace time.
 */
export async function shutDown(
  app: FastifyInstance,
  database: Pick<Database, 'close'>,
  background: BackgroundWork[] = [],
  graceMs = app.deps?.config.shutdownGraceMs ?? 25_000,
): Promise<void> {
  if (app.hasDecorator('stopping')) app.stopping = true;
  const finished = Promise.all([app.close(), ...background.map((b) => b.stop())]);
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    finished.then(() => false),
    new Promise<boolean>((r) => (timer = setTimeout(() => r(true), graceMs))),
  ]);
  clearTimeout(timer);
  if (late) {
    app.log.warn(
      `requests still running after the shutdown grace time (${Math.round(graceMs / 1000)} s): their connections are cut`,
    );
    app.server.closeAllConnections();
    await Promise.race([finished, new Promise((r) => setTimeout(r, 2_000))]);
  }
  await database.close();
}
