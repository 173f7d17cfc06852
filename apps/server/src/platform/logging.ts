import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the request log may say. Tokens, codes, signatures, reset tokens and download tickets
 * travel in query strings (links, `?dl=` tickets) and must never reach a log line (issue 7), so
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
    },
    // Belt and braces for anything that logs a request or headers by hand.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'], censor: '[redacted]' },
  };
}
