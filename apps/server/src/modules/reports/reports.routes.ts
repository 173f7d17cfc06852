import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_COMMS_MESSAGES as M,
  parseReportOptions,
  reportFileName,
  safeInt,
  safeString,
  unusedAssessorReport,
} from '@portal/shared';
import { authorize } from '../../platform/access.js';
import { actorOf } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import * as service from './reports.service.js';

const tag = { tags: ['Admin'] };

const taAdminOnly = async (req: FastifyRequest) => authorize(actorOf(req), 'admin.report.run');

export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/ta/unusedtasformonths/:months/:ids', {
    config: { action: 'admin.report.run' },
    onRequest: taAdminOnly,
    schema: {
      ...tag,
      description:
        'TA_ADMIN: active technical assessors unused for {months} months by the options {ids} (1 Profile Reviewed, ' +
        '2 Last Used; comma-separated; both: both dates old or missing). ?format=csv answers the same rows as the export.',
      params: z.object({ months: safeString().max(10), ids: safeString().max(20) }),
      querystring: z.object({ format: z.enum(['json', 'csv']).default('json') }),
      response: { 200: unusedAssessorReport.or(z.string().describe('The CSV export (?format=csv): text/csv.')) },
    },
    handler: async (req, reply) => {
      const months = safeInt().min(1).max(1200).safeParse(req.params.months);
      if (!months.success) throw badRequest(M.reportMonths, { months: [M.reportMonths] });
      const options = parseReportOptions(req.params.ids);
      if (!options) throw badRequest(M.reportOptions, { ids: [M.reportOptions] });
      const report = await service.unusedAssessors(req.deps, actorOf(req), months.data, options);
      if (req.query.format === 'json') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${reportFileName(months.data)}"`)
        .serializer((body: string) => body)
        .send(await service.reportCsv(req.deps, actorOf(req), report.data, { months: months.data, options }));
    },
  });
}
