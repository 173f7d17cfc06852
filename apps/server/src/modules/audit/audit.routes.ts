import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_CSV_NAME, auditCsvQuery, auditList, auditQuery } from '@portal/shared';
import { authorize } from '../../platform/access.js';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { hotResponse } from '../../platform/serializer.js';
import { attachmentHeader } from '../../platform/uploads.js';
import * as service from './audit.service.js';

const tags = ['Admin'];

/** Refuses before anything is read: the trail is the system administrators'. */
async function mayRead(req: FastifyRequest) {
  authorize(actorOf(req), 'admin.audit.read');
}

export async function auditRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/audit', {
    config: { action: 'admin.audit.read' },
    onRequest: mayRead,
    // The rows are built as the schema by their statement (audit.queries.ts): one JSON.stringify.
    ...hotResponse(deps.config.checkResponses, { rowsShaped: true }),
    schema: {
      tags,
      description:
        'SYSADMIN: the audit trail, newest first, filtered by user (an id, or text in the name or email), ' +
        'action, record (record_type, record_id) and days (from, to: YYYY-MM-DD, Sydney, both included); paged.',
      querystring: auditQuery,
      response: { 200: auditList },
    },
    handler: (req) => service.listAudit(req.deps, actorOf(req), req.query),
  });

  r.get('/audit.csv', {
    onRequest: mayRead,
    config: { action: 'admin.audit.read', download: true, compressStream: true },
    schema: {
      tags,
      description: `SYSADMIN: the filtered trail as CSV (${AUDIT_CSV_NAME}), streamed; the filters of GET /audit.`,
      querystring: auditCsvQuery,
      response: { 200: z.any().describe('the CSV file') },
    },
    handler: async (req, reply) => {
      // The first page is read before any header is set: an error answers JSON, not a half file.
      const csv = await service.auditCsv(req.deps, actorOf(req), req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(AUDIT_CSV_NAME))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv);
    },
  });
}
