import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { facilityLookup, messageBody, registrationCategories, registrationRequest, safeString } from '@portal/shared';
import type { Deps } from '../../platform/deps.js';
import * as service from './registration.service.js';

const tag = { tags: ['Registration and requests'] };

export async function registrationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const strict = (max: number) => ({
    rateLimit: { max: Math.ceil(max * deps.config.rateLimitFactor), timeWindow: '1 minute' },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/facilities/getInfo/:number', {
    config: { auth: 'none', ...strict(20) },
    onRequest: (req) => service.countPublicCall(req.deps, 'facility-lookup', req.ip),
    schema: {
      ...tag,
      description:
        'The registration wizard\'s facility lookup (no sign-in): number (cut to 6, padded), name and sites. Counted per address (REGISTRATION_LIMITS); unknown: 404 "Facility number is invalid."',
      params: z.object({ number: safeString().max(20) }),
      response: { 200: facilityLookup },
    },
    handler: (req) => service.lookupFacility(req.deps, req.params.number),
  });

  r.get('/register/categories', {
    config: { auth: 'none' },
    schema: {
      ...tag,
      description:
        "The publication categories the wizard's step 4 offers (public: ids and names only; a root means all its subcategories).",
      response: { 200: registrationCategories },
    },
    handler: (req) => service.listRegistrationCategories(req.deps),
  });

  r.post('/register', {
    config: { auth: 'none', ...strict(5) },
    onRequest: (req) => service.countPublicCall(req.deps, 'register', req.ip),
    schema: {
      ...tag,
      description:
        'A registration (spec/02 section 5 rules, first error as message). The same answer whether or not the email has an account.',
      body: registrationRequest,
      response: { 200: messageBody },
    },
    handler: (req) => service.register(req.deps, req.body),
  });
}
