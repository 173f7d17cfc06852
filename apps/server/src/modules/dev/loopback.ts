import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@portal/shared';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export const isLoopback = (address: string | undefined) => address !== undefined && LOOPBACK.test(address);

/** Headers a proxy adds to say whom it forwards for. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * The development mailbox holds sign-in codes and links: it answers requests from this machine
 * only. Both the socket's address and the client address (X-Forwarded-For under TRUST_PROXY)
 * must be loopback, and a request carrying any forwarding header is refused whatever TRUST_PROXY
 * says: a proxy on this machine forwards someone else, and without TRUST_PROXY their address is
 * not read at all. Others get 404, as if it did not exist.
 */
export async function loopbackOnly(req: FastifyRequest, reply: FastifyReply) {
  const forwarded = FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
  if (forwarded || !isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) {
    return reply.code(404).send({ message: MESSAGES.notFound });
  }
}
