import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importParams, importResult } from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { assertMayImport } from './imports.policy.js';
import { importCsv } from './imports.service.js';

const MAX_CSV_BYTES = 100 * 1024 * 1024;

export async function importRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  // CSV bodies, in this plugin only.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: MAX_CSV_BYTES }, (_req, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/admin/import/:entity', {
    bodyLimit: MAX_CSV_BYTES,
    schema: {
      tags: ['Admin'],
      description:
        'SYSADMIN: a CSV file (Content-Type text/csv, header line first) upserted by its natural key in one transaction. ' +
        'Bad rows: 400 {message, errors: {"line N": [reasons]}} and nothing imported. Columns: README "Back-office import".',
      params: importParams,
      consumes: ['text/csv'],
      body: z.string().optional(),
      response: { 200: importResult },
    },
    handler: (req) => {
      assertMayImport(actorOf(req));
      if (typeof req.body !== 'string') throw badRequest('Send the CSV file as the body, with Content-Type text/csv.');
      return importCsv(deps.db, req.params.entity, req.body);
    },
  });
}
