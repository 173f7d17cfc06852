import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, site, siteUpdate } from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import * as service from './sites.service.js';

const tag = { tags: ['Sites'] };

export async function siteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sites/:id', {
    config: { action: 'sites.site.view' },
    schema: {
      ...tag,
      description: 'A site the AR represents. Its jobs: GET /jobs?site_id=.',
      params: idParam,
      response: { 200: site },
    },
    handler: (req) => service.getSite(req.deps, actorOf(req), req.params.id),
  });

  r.put('/sites/:id', {
    config: { action: 'sites.site.update' },
    schema: { ...tag, params: idParam, body: siteUpdate, response: { 200: z.object({ message: z.string(), site }) } },
    handler: (req) => service.updateSite(req.deps, actorOf(req), req.params.id, req.body),
  });
}
