import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { destination } from 'pino';
import type { Deps } from './deps.js';
import { extend } from './objects.js';

/**
 * Paths that are themselves a secret: the personal calendar feed's address
 * (`/api/calendar/ics/{userId}.{mac}.ics`, opened by calendar apps without a token) keeps the user id
 * and loses its mac.
 */
const SECRET_PATHS: [RegExp, string][] = [[/^(\/api\/calendar\/ics\/\d+\.)[^/?]*/, '$1[redacted].ics']];

/**
 * What the request log may say. Tokens, codes, signatures, reset tokens and download tickets
 * travel in query strings (links, `?dl=` tickets) and must never reach a log line, so
 * every query value is replaced; the names stay to tell requests apart. A secret address
 * (above) loses its secret part.
 */
export function redactUrl(url: string): string {
  for (const [pattern, replacement] of SECRET_PATHS) url = url.replace(pattern, replacement);
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * An error as a log line may hold it: its class, message, code and stack, and the SQL of a failed
 * query without its parameters. A query's parameters may be anything the request carried (a mail
 * being queued holds a sign-in code or a reset link), and drizzle puts them in its error message.
 */
export function safeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as Error & { code?: unknown; query?: unknown; params?: unknown; cause?: unknown };
  if (typeof e.query === 'string' && 'params' in e) {
    const cause = e.cause instanceof Error ? safeError(e.cause) : undefined;
    return { type: e.name, message: 'Failed query', query: e.query, ...(cause ? { cause } : {}) };
  }
  return { type: e.name, message: e.message, stack: e.stack, ...(e.code !== undefined ? { code: e.code } : {}) };
}

let jobs = 0;

/**
 * Runs one pass of background work (the outbox worker, the housekeeping) with deps of its own: a
 * logger of its own id, `<name>-<n>`, so the services' lines during the pass carry it as a
 * request's lines carry theirs (deps.ts).
 */
export function asJob<T>(deps: Deps, name: string, work: (deps: Deps) => Promise<T>): Promise<T> {
  return work(extend(deps, { log: deps.log.child({ reqId: `${name}-${++jobs}` }), ip: null }));
}

const LOG_BUFFER_BYTES = 16 * 1024 * 1024;

/**
 * The logger of the app: requests with redacted URLs and no headers (bearer tokens, cookies).
 * Without a stream of the caller's, lines go to stdout asynchronously: a line waits only for the
 * write in progress, and lines that came meanwhile go out in one write, where pino's default
 * wrote each line with a write call of its own on the request's path. pino flushes what is left
 * when the process exits. While whatever reads stdout does not keep up, lines wait in memory up to
 * LOG_BUFFER_BYTES; beyond that they are dropped rather than grow the process without bound.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream: stream ?? destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_BYTES }),
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
      err: (e: Error) => safeError(e) as { type: string; message: string; stack: string },
    },
    // Belt and braces for anything that logs a request or headers by hand.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
  };
}

/**
 * One line for each request, written when it has been answered, with what Fastify's two lines held
 * between them (the request, its status, its time): at `info`, production's level, Fastify wrote a
 * line as the request came in and another as it was answered (bench/README.md, 2026-11-28, eighth
 * session). Fastify's public LogController; every other line of Fastify's stays as it is.
 */
export class RequestLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
