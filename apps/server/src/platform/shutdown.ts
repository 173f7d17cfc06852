import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

/** Work the server does on its own (housekeeping, a queue worker): stop() ends it and waits for a pass in progress. */
export interface BackgroundWork {
  stop(): Promise<void>;
}

/**
 * Stops the server without losing or breaking a request: the listener closes (requests in flight
 * finish; a request arriving on a kept-alive connection meanwhile gets Fastify's 503), background
 * work stops and its pass in progress finishes, and only then is the database closed, so nothing
 * runs a query on a closed pool ('Cannot use a pool after calling end').
 */
export async function shutDown(app: FastifyInstance, database: Pick<Database, 'close'>, background: BackgroundWork[] = []): Promise<void> {
  await Promise.all([app.close(), ...background.map((b) => b.stop())]);
  await database.close();
}

