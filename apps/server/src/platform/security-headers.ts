import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The publication preview frames the portal's own inline file (sandboxed by its own CSP, platform/files.ts).
      frameSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
};

/** What a JSON reply needs: not to be sniffed as something else, not to be embedded by other sites, HTTPS. */
const FOR_JSON = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);

/**
 * A JSON answer is a user's own data (profile, requests, notifications, audit) or changes from one
 * moment to the next: no browser or proxy keeps it (issue 63, item 6). A route that may be cached
 * says so itself (the calendar's ETag).
 */
const JSON_CACHE: [string, string] = ['cache-control', 'private, no-store'];

/** The headers helmet would set, worked out once by running it against a stand-in response. */
function helmetHeaders(): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => {},
  };
  helmet(HELMET)({} as never, res as never, () => {});
  return headers;
}

/**
 * Security headers, computed once at start (@fastify/helmet ran helmet and parsed the CSP again for
 * every reply). Anything a browser might show as a page (HTML, files, text) gets them all; a JSON
 * reply only the few that matter for it (about 100 bytes instead of 750) and `no-store`. A header a route set
 * itself (Swagger UI's own CSP, a file's nosniff) is left as it is.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const document = helmetHeaders();
  const json = [...document.filter(([name]) => FOR_JSON.has(name)), JSON_CACHE];
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const headers = typeof type === 'string' && type.startsWith('application/json') ? json : document;
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
