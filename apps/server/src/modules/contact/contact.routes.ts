import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactRequest, messageBody } from '@portal/shared';
import type { Deps } from '../../platform/deps.js';
import * as service from './contact.service.js';

export async function contactRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/contact', {
    // Signed in or not: a token, when sent, must be valid; without one, name and email are required.
    config: {
      auth: 'optional',
      rateLimit: { max: Math.ceil(10 * deps.config.rateLimitFactor), timeWindow: '1 minute' },
    },
    schema: {
      tags: ['Contact'],
      description:
        'A message to the body (spec/02 "Contact"): subject and message; signed out also name and email. The system administrators are notified, and CONTACT_EMAIL mailed. Counted per client address (and per sender email when signed out): past CONTACT_LIMITS, 429.',
      body: contactRequest,
      response: { 200: messageBody },
    },
    handler: (req) => service.sendContactMessage(req.deps, req.actor, req.body, req.ip),
  });
}
