import { MESSAGES, type ErrorBody } from '@portal/shared';
import { clearAuth, getToken, markSessionEnded } from './session';

/** A failed call: the server's {message, errors} and the HTTP status (0 when the network failed). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message || MESSAGES.serverError);
    this.name = 'ApiError';
    this.status = status;
    this.errors = body.errors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The retry rule of queries: a network failure or a 5xx is tried twice more; any other answer (a 404
 * for a missing record, a 403, a 400) is the answer, shown at once.
 */
export function retryServerErrors(failureCount: number, error: unknown): boolean {
  return !(isApiError(error) && error.status > 0 && error.status < 500) && failureCount < 2;
}

/** A record's 404 (missing, or not the user's: the same answer) or 400 (not a valid id): the page shows 'not found'. */
export function isMissingRecord(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** The text to show for any thrown value: the server's message when there is one. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.serverError): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A 401 here is an answer for the caller (a failed sign-in), not an expired session. */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
}

// Until the app sets its handler (a 401 of the start-up active-user call can come first), clearing
// the storage is enough: the navigation guard then sends a protected page home.
let onUnauthorized: () => void = () => undefined;

/** The app's in-app navigation to '/' after a 401. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * What every 401 of a call does (fetch here, an upload's XMLHttpRequest in upload-file.ts): a
 * session that was there has ended, so the login screen says so (lib/session.ts); the storage is
 * cleared and the app goes home.
 */
export function sessionEnded(hadToken: boolean): void {
  if (hadToken) markSessionEnded();
  clearAuth();
  onUnauthorized();
}

/**
 * '/login' -> '/api/login'. A path that already starts with /api/ (a signed link the server emailed)
 * is used as it is. Anything that could leave this origin is refused, so the token never goes elsewhere.
 */
export function apiUrl(path: string, query?: Query): string {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    throw new ApiError(400, { message: MESSAGES.resetLinkInvalid });
  }
  const url = path.startsWith('/api/') ? path : `/api${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: response.ok ? text : MESSAGES.serverError };
  }
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: options.signal };
  if (options.body instanceof FormData) {
    // A multipart form (the forum's posts with attachments): the browser writes its boundary.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), init);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { message: MESSAGES.serverError });
  }

  const body = await readBody(response);
  if (response.ok) return body as T;

  const errorBody = (typeof body === 'object' && body !== null ? body : {}) as Partial<ErrorBody>;
  if (response.status === 401 && !options.expectUnauthorized) sessionEnded(Boolean(token));
  throw new ApiError(response.status, errorBody);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body: body ?? {} }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
