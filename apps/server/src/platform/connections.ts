import type { FastifyInstance } from 'fastify';

/** When a connection is closed rather than kept alive for the next request. */

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

/**
 * An error answered before the request's body was read to its end (a refusal before the body, a
 * CSV stopped at its size limit, an upload refused mid-stream) closes the connection after the
 * answer. Kept alive, the unread rest of the body would sit in the socket: the client could not
 * send its next request, and the server's close waited for it (a chunked CSV over 20 MB held the
 * connection open until the client gave up).
 */
export function closeAfterUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode >= 400 && !req.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}
