import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { isApiPath } from './api-path.js';

/**
 * The rate limit's key. A signed-in caller (a token the auth hook has already resolved, before or
 * after its second factor) counts as themselves: colleagues behind one office address do not use
 * up each other's limits. Anyone else counts by the client's address, normalized as
 * @fastify/rate-limit does (an IPv6 client counts by its /64). The limit of every request runs
 * before the token is looked up, so it is always by address.
 *
 * A request whose client has already hung up has no address (Node clears `socket.remoteAddress`
 * once the socket is closed), and the plugin's own key generator then threw, which was answered and
 * logged as a 500 (seen under autocannon at the end of each run). Such requests share one key:
 * nobody is waiting for their answer.
 */
export function rateLimitKey(req: Pick<FastifyRequest, 'ip'> & { actor?: FastifyRequest['actor'] }): string {
  if (req.actor) return `user:${req.actor.user.id}`;
  const ip = req.ip;
  if (!ip) return 'client-gone';
  // Only an IPv6 address has a colon. normalizeIP tests every address against an IPv6 pattern
  // first (a long regular expression, about 5 µs of each request in a profile), then lowercases.
  return ip.includes(':') ? normalizeIP(ip) : ip.toLowerCase();
}

/**
 * Whether a request counts against the limit of every call: calls to the API (and the development
 * mailbox), not the web app's own files. A first load of the app fetches 30-40 scripts, and counted
 * per address 600 a minute let an office behind one address open about 15 pages a minute before its
 * scripts were refused with 429 and the app could not load (seen with bench/first-route.mjs). The
 * files are read from disk without a database query or a token to look up.
 */
export const countsAgainstLimit = (url: string) => isApiPath(url) || url.startsWith('/dev/');
