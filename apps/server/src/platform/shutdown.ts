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

/**
 * Lets a close finish while clients keep their connections alive. Node's server.close() shuts only
 * the connections idle at that moment; one busy then stays open after its answer until the
 * keep-alive timeout (72 s in Fastify), so a shutdown under load waited that long. Once closing,
 * every answer says `Connection: close`, and connections that fall idle are shut as they do.
 */
export function closeConnectionsOnClose(app: FastifyInstance): void {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', (_app, done) => {
    clearInterval(sweep);
    done();
  });
}
