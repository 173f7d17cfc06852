import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, jobDetail, jobDetailQuery, jobList, jobListQuery, leadAssessorResponse } from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import * as service from './jobs.service.js';
import { hotResponse } from '../../platform/serializer.js';

const tag = { tags: ['Jobs'] };

export async function jobRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hot = hotResponse(deps.config.checkResponses, { rowsShaped: true });

  r.get('/jobs', {
    config: { action: 'jobs.job.list' },
    ...hot,
    schema: {
      ...tag,
      description:
        'role AR: jobs of the sites the user represents; TA or LA: jobs the user is an assessor on. Newest visit first.',
      querystring: jobListQuery,
      response: { 200: jobList },
    },
    handler: (req) => service.listJobs(req.deps, actorOf(req), req.query),
  });

  r.get('/jobs/:id', {
    config: { action: 'jobs.job.view' },
    schema: {
      ...tag,
      description: 'role: the view the abilities answer for (default the current role).',
      params: idParam,
      querystring: jobDetailQuery,
      response: { 200: jobDetail },
    },
    handler: (req) => service.getJob(req.deps, actorOf(req), req.params.id, req.query.role),
  });

  r.get('/leadAssessor/:jobId', {
    config: { action: 'jobs.job.view' },
    schema: { ...tag, params: z.object({ jobId: idParam.shape.id }), response: { 200: leadAssessorResponse } },
    handler: (req) => service.getLeadAssessor(req.deps, actorOf(req), req.params.jobId),
  });
}
