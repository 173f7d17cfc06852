import { MESSAGES } from '@portal/shared';

/** An error whose message is meant for the user; anything else becomes a 500 without details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new AppError(400, message, errors);
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const unprocessable = (message: string) => new AppError(422, message);
export const tooManyRequests = (message: string = MESSAGES.tooManyRequests) => new AppError(429, message);

/**
 * Whether an error (or one it wraps: drizzle wraps the driver's) says the database connection is
 * gone or the server is not taking connections: a restart, a failover, an admin's
 * pg_terminate_backend. Such a request wrote nothing (its transaction is rolled back with the
 * connection), so it is answered 503 and the client may retry; the pool opens new connections.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'ETIMEDOUT') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (/Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}
