import { hmac, safeEqual } from './tokens.js';

/**
 * Download tickets. A browser can stream a file straight to disk only by following a link, and a
 * link cannot carry the bearer token; fetching the file with the header instead would hold it all
 * in the page's memory (a zip of many documents can be gigabytes). So the app asks for a ticket
 * (POST /api/downloads) and follows the returned URL: `?dl=<session>.<expiry>.<signature>`, signed
 * over the session and the exact path and query, valid for TICKET_SECONDS. The download route
 * still checks the session (signed in, second factor done) and runs its own access rules.
 */
export const TICKET_SECONDS = 60;

/**
 * The paths a ticket may open: single documents and bulk zips (job, site and meeting documents),
 * forum attachments, assessors' competency PDFs and suggested-changes documents, publications'
 * files and zips, useful resources, and the audit trail's export.
 */
export const DOWNLOAD_PATH =
  /^\/api\/(?:(?:jobdocuments|sitedocuments|meetingdocuments|competencies)\/(?:\d+|bulk)|forumdocument\/\d+|publications\/(?:\d+\/file|bulk)|resources\/\d+\/file|competency-suggestions\/[a-f0-9]{24}|audit\.csv)$/;

/** Path and query without the ticket, in one spelling whoever wrote it. */
export function canonical(url: string): { pathname: string; target: string } {
  const parsed = new URL(url, 'http://portal.invalid');
  parsed.searchParams.delete('dl');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return { pathname: parsed.pathname, target: query ? `${parsed.pathname}?${query}` : parsed.pathname };
}

const signature = (secret: string, sessionId: string, expires: number, target: string) =>
  hmac(secret, `download|${sessionId}|${expires}|${target}`);

/** The URL to follow for `url` (a download path with its query), or null when it is no download. */
export function signDownload(secret: string, sessionId: string, url: string, now = Date.now()): string | null {
  if (!url.startsWith('/api/')) return null;
  const { pathname, target } = canonical(url);
  if (!DOWNLOAD_PATH.test(pathname)) return null;
  const expires = Math.floor(now / 1000) + TICKET_SECONDS;
  const ticket = `${sessionId}.${expires}.${signature(secret, sessionId, expires, target)}`;
  return `${target}${target.includes('?') ? '&' : '?'}dl=${ticket}`;
}

/** The session id of a valid, unexpired ticket for exactly this request, else null. */
export function verifyDownloadTicket(secret: string, url: string, now = Date.now()): string | null {
  const ticket = new URL(url, 'http://portal.invalid').searchParams.get('dl');
  if (!ticket) return null;
  const [sessionId, expiresText, sig] = ticket.split('.');
  const expires = Number(expiresText);
  if (!sessionId || !sig || !Number.isInteger(expires) || expires * 1000 < now) return null;
  const { target } = canonical(url);
  return safeEqual(sig, signature(secret, sessionId, expires, target)) ? sessionId : null;
}
