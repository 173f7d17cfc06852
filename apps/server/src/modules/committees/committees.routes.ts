import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { committeeDetail, committeeList, committeeNames, idParam } from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import * as service from './committees.service.js';

const tag = { tags: ['Committees'] };

export async function committeeRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/committees', {
    schema: {
      ...tag,
      description: "The user's committees, by name; a SYSADMIN gets every committee.",
      response: { 200: committeeList },
    },
    handler: (req) => service.listCommittees(deps, actorOf(req)),
  });

  r.get('/committeenames', {
    config: { auth: 'none' },
    schema: {
      ...tag,
      description: 'Id and name of every committee (public: the registration wizard).',
      response: { 200: committeeNames },
    },
    handler: () => service.listCommitteeNames(deps),
  });

  r.get('/committees/:id', {
    schema: {
      ...tag,
      description: 'The committee with its members (members only; 404 otherwise).',
      params: idParam,
      response: { 200: committeeDetail },
    },
    handler: (req) => service.getCommittee(deps, actorOf(req), req.params.id),
  });
}
