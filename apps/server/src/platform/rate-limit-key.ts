import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * The rate limit's key: the client's address, normalized as @fastify/rate-limit does (an IPv6
 * client counts by its /64). A request whose client has already hung up has no address (Node
 * clears `socket.remoteAddress` once the socket is closed), and the plugin's own key generator then
 * threw, which was answered and logged as a 500 (seen under autocannon at the end of each run).
 * Such requests share one key: nobody is waiting for their answer.
 */
export function rateLimitKey(req: Pick<FastifyRequest, 'ip'>): string {
  return req.ip ? normalizeIP(req.ip) : 'client-gone';
}
