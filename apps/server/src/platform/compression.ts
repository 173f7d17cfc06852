import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pipeline, type Readable } from 'node:stream';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route streams a file the portal writes as it goes (the audit trail's CSV): compressed as
     * it streams when the client accepts it. Never set on a route that sends a stored file.
     */
    compressStream?: boolean;
  }
}

/** The portal's own JSON answers, the calendar feed and the CSVs it writes (reports). */
const COMPRESSED_TYPE = /^(?:application\/(?:[\w.-]+\+)?json|text\/calendar|text\/csv)(?:;|$)/i;

/**
 * An answer smaller than TCP's first flight (ten segments, about 14 kB with the headers) reaches
 * the browser in one round trip either way; compressing it saved 1-3 kB a list and cost 2-20 % of
 * the requests a second (bench/compressed.mjs, 2026-11-29). A larger one takes a round trip more
 * each time its size doubles, unless compressed. Counted in characters: the fast check of a string.
 */
const SMALLEST_COMPRESSED = 14 * 1024;

/** gzip first: for a 1-10 kB answer it took about 30 µs where brotli took 55, for answers 8 % larger. */
const ENCODINGS = ['gzip', 'br'];
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encoding the client takes, or null; the answer varies by accept-encoding either way. */
function encodingFor(req: FastifyRequest, reply: FastifyReply): string | null {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = req.headers['accept-encoding'];
  // No cache of negotiations: the header is the client's to vary, and a cache of it would grow.
  // Lower case: content codings are case-insensitive (RFC 9110), the negotiator is not.
  return accepted ? negotiate(accepted.toLowerCase(), ENCODINGS) : null;
}

const isStream = (payload: unknown): payload is Readable =>
  typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';

/**
 * Compresses the answers the portal builds in memory (JSON, the calendar feed, a report's CSV) over
 * the first flight when the client accepts it, on libuv's threadpool so the event loop goes on
 * meanwhile; and the CSVs the portal streams as it writes them (routes with `compressStream`), as
 * they stream: the audit trail's export of a year is megabytes of text that packs to a fifth or less.
 *
 * Node's zlib and @fastify/accept-negotiator (the negotiation @fastify/static already uses), not
 * @fastify/compress: that plugin brought readable-stream, minipass and mime-db into the bundle
 * (+490 kB) and 18 ms to every cold start (paired starts, bench/README.md), for stream and
 * request-decompression features the portal does not want.
 *
 * Never a stored file: it is sent as it was stored, with its size in content-length, which a
 * browser's download shows (and most such files are compressed already). Requests are never
 * decompressed.
 * The bearer token travels in a header the browser never adds by itself, and the remember-me cookie
 * is SameSite=Strict, so another site cannot make a signed-in browser fetch answers and watch their
 * compressed size (BREACH). A download ticket (`?dl=`) is in the address, not in the answer.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isStream(payload)) {
      if (!req.routeOptions.config.compressStream || reply.statusCode !== 200 || reply.hasHeader('content-encoding'))
        return done(null, payload);
      const encoding = encodingFor(req, reply);
      if (!encoding) return done(null, payload);
      const packer = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip();
      // An error of the source destroys the packed stream with it, which ends the response as the
      // source's own error would have (Fastify logs it from there); nothing more to do here.
      pipeline(payload, packer, () => {});
      reply.header('content-encoding', encoding).removeHeader('content-length');
      return done(null, packer);
    }
    if (typeof payload !== 'string' || payload.length < SMALLEST_COMPRESSED) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSED_TYPE.test(type) || reply.hasHeader('content-encoding'))
      return done(null, payload);
    const encoding = encodingFor(req, reply);
    if (!encoding) return done(null, payload);
    const compressed = (error: Error | null, body: Buffer) => {
      if (error) return done(error);
      reply.header('content-encoding', encoding);
      // The same content in other bytes: a strong ETag (the calendar feed's) names bytes, so it
      // becomes weak, and an If-None-Match with it still matches (the feed compares weakly).
      const etag = reply.getHeader('etag');
      if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
      done(null, body);
    };
    if (encoding === 'br') brotliCompress(payload, BROTLI, compressed);
    else gzip(payload, compressed);
  });
}
