import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON and the calendar feed, beside what mime-db calls compressible (text, CSV, HTML), which
 * @fastify/compress adds by itself. Not its default, which takes application/octet-stream too.
 */
const COMPRESSED_TYPE = /^(?:application\/(?:[\w.-]+\+)?json|text\/calendar)(?:;|$)/i;

/**
 * An answer smaller than TCP's first flight (ten segments, about 14 kB with the headers) reaches
 * the browser in one round trip either way; compressing it saved 1-3 kB a list and cost 2-20 % of
 * the requests a second (bench/compressed.mjs). A larger one takes a round trip more each time its
 * size doubles, unless compressed.
 */
const SMALLEST_COMPRESSED = 14 * 1024;

/**
 * Compresses what the portal writes (its JSON answers, the calendar feed, a report's CSV) when it
 * is larger than the first flight and the client accepts it: gzip first, brotli (quality 4) for a
 * client that takes only that (gzip took about 30 µs an answer where brotli took 55, for answers
 * 8 % larger). @fastify/compress adds its hooks to each route as it is added, so this comes before
 * the routes.
 *
 * Never a download (route config `download`): a stored file streams as it was stored, with its size
 * in content-length, which a browser's download shows; most such files are compressed already.
 * Requests are never decompressed: no client of the portal sends a compressed body, and a few
 * compressed bytes could unpack to far more than the body limits mean to let in.
 * The bearer token travels in a header the browser never adds by itself, and the remember-me cookie
 * is SameSite=Strict, so another site cannot make a signed-in browser fetch answers and watch their
 * compressed size (BREACH).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads `compress` from the route.
  app.addHook('onRoute', (route) => {
    if (route.config?.download) route.compress = false;
  });
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['gzip', 'br'],
    threshold: SMALLEST_COMPRESSED,
    customTypes: COMPRESSED_TYPE,
  });
}
