import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { facility, facilityDetail, facilityList, facilityListQuery, facilityUpdate, idParam } from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import * as service from './facilities.service.js';

const tag = { tags: ['Facilities'] };

export async function facilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/facilities', {
    config: { action: 'facilities.facility.list' },
    schema: {
      ...tag,
      description: 'The facilities the AR represents (through at least one site).',
      querystring: facilityListQuery,
      response: { 200: facilityList },
    },
    handler: (req) => service.listFacilities(req.deps, actorOf(req), req.query),
  });

  r.get('/facilities/:id', {
    config: { action: 'facilities.facility.view' },
    schema: { ...tag, params: idParam, response: { 200: facilityDetail } },
    handler: (req) => service.getFacility(req.deps, actorOf(req), req.params.id),
  });

  r.put('/facilities/:id', {
    config: { action: 'facilities.facility.update' },
    schema: {
      ...tag,
      description: 'Update Contact Details. facility_number may be sent back but is never changed.',
      params: idParam,
      body: facilityUpdate,
      response: { 200: z.object({ message: z.string(), facility }) },
    },
    handler: (req) => service.updateFacility(req.deps, actorOf(req), req.params.id, req.body),
  });
}
