import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the request log may say. Tokens, codes, signatures, reset tokens and download tickets
 * travel in query strings (links, `?dl=` tickets) and must never reach a log line, so
 * every query value is replaced; the names stay to tell requests apart.
 */
export function redactUrl(url: string): string {
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
  return { type: e.name, message: e.message, ...(e.code !== undefined ? { code: e.code } : {}), stack: e.stack };
}

const requestLog = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * The services' logger (deps.log): inside a request it writes through that request's logger, so its
 * lines, and those of work the request starts at once (a code's mail), carry the request id; outside
 * one (the background workers) it is the app's logger.
 */
export function contextLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  const of = () => requestLog.getStore() ?? base;
  const write =
    (level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent') =>
    (...args: unknown[]) =>
      (of()[level] as (...a: unknown[]) => void)(...args);
  return {
    get level() {
      return base.level;
    },
    set level(value: string) {
      base.level = value;
    },
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    trace: write('trace'),
    silent: write('silent'),
    child: (...args: Parameters<FastifyBaseLogger['child']>) => of().child(...args),
  } as unknown as FastifyBaseLogger;
}

let jobs = 0;

/**
 * Runs one pass of background work (the outbox worker, the housekeeping) with a logger of its own
 * id, `<name>-<n>`: the services' lines during the pass carry it as a request's lines carry theirs.
 */
export function asJob<T>(base: FastifyBaseLogger, name: string, work: () => Promise<T>): Promise<T> {
  return requestLog.run(base.child({ reqId: `${name}-${++jobs}` }), work);
}

/**
 * Makes the request's logger the services' logger for the rest of its handling. Entered right
 * before the handler (after the body is read, whose events come from the connection's context).
 */
export function enterRequestLog(req: FastifyRequest, _reply: unknown, done: () => void) {
  requestLog.enterWith(req.log);
  done();
}

/** The logger of the app: requests with redacted URLs and no headers (bearer tokens, cookies). */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
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
