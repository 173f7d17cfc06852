import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@portal/shared';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export const isLoopback = (address: string | undefined) => address !== undefined && LOOPBACK.test(address);

/**
 * The development mailbox holds sign-in codes and links: it answers requests from this machine
 * only. Both the socket's address and the client address (X-Forwarded-For under TRUST_PROXY)
 * must be loopback, so a local reverse proxy does not open it to the network. Others get 404,
 * as if it did not exist.
 */
export async function loopbackOnly(req: FastifyRequest, reply: FastifyReply) {
  if (!isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) {
    return reply.code(404).send({ message: MESSAGES.notFound });
  }
}
