import { MESSAGES, PUBLICATION_MESSAGES, REGISTRATION_MESSAGES, RESOURCE_MESSAGES } from '@portal/shared';

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
export const conflict = (message: string = MESSAGES.conflict) => new AppError(409, message);

/**
 * The unique indexes whose violation has a message of its own: the check before the insert said
 * the value was free, and a parallel request took it in between.
 */
const TAKEN: Record<string, string> = {
  users_email_lower_idx: REGISTRATION_MESSAGES.emailTaken,
  user_requests_one_pending_change_idx: REGISTRATION_MESSAGES.profilePending,
  publications_category_name_idx: PUBLICATION_MESSAGES.duplicatePublication,
  resources_name_idx: RESOURCE_MESSAGES.duplicateResource,
};

/** PostgreSQL's own error (pg and PGlite alike), also when Drizzle wraps it as the cause. */
function postgresError(e: unknown): { code: string; constraint?: string } | null {
  for (
    let cur = e, depth = 0;
    cur && typeof cur === 'object' && depth < 5;
    cur = (cur as { cause?: unknown }).cause, depth++
  ) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: (cur as { constraint?: string }).constraint };
  }
  return null;
}

/** A unique violation (of this index, when named): for a use case whose duplicate has its own answer. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const pg = postgresError(e);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/**
 * The one mapping of a lost race to what the user sees: a unique violation (23505) is a 409, with
 * the message of its index where there is one; a foreign-key violation (23503: the row pointed to
 * was removed meanwhile) is a 404. Anything else is not a user's error (null).
 */
export function fromDatabaseError(e: unknown): AppError | null {
  const pg = postgresError(e);
  if (pg?.code === '23505') return conflict((pg.constraint && TAKEN[pg.constraint]) || MESSAGES.conflict);
  if (pg?.code === '23503') return notFound();
  return null;
}

/**
 * Whether an error (or one it wraps: drizzle wraps the driver's) says the database connection is
 * gone or the server is not taking connections: a restart, a failover, an admin's
 * pg_terminate_backend. Such a request wrote nothing (its transaction is rolled back with the
 * connection), so it is answered 503 and the client may retry; the pool opens new connections.
 */
export function isConnectionLost(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'ETIMEDOUT') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}
