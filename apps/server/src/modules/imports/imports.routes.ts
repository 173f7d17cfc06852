import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BODY_LIMITS, importParams, importResult, RECORD_MESSAGES } from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { authorize } from '../../platform/access.js';
import { byteLimit } from '../../platform/csv.js';
import { importCsv } from './imports.service.js';

const tooLarge = RECORD_MESSAGES.importTooLarge(BODY_LIMITS.csvImportBytes / 1024 / 1024);

/**
 * Runs before the body is read (onRequest, after the authenticate hook): a caller who may not
 * import, or a file announced as too large, is answered without reading a byte of it.
 */
async function mayImport(req: FastifyRequest) {
  authorize(actorOf(req), 'admin.import.run');
  if (Number(req.headers['content-length'] ?? 0) > BODY_LIMITS.csvImportBytes) throw new AppError(413, tooLarge);
}

export async function importRoutes(app: FastifyInstance) {
  // CSV bodies, in this plugin only, handed on as the stream they are: the import reads them in batches.
  app.addContentTypeParser(['text/csv', 'application/csv'], (_req, payload, done) => done(null, payload));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/admin/import/:entity', {
    config: { action: 'admin.import.run' },
    onRequest: mayImport,
    schema: {
      tags: ['Admin'],
      description:
        `SYSADMIN: a CSV file (Content-Type text/csv, header line first, at most ${BODY_LIMITS.csvImportBytes / 1024 / 1024} MB) upserted by its natural key in one transaction. ` +
        'Bad rows: 400 {message, errors: {"line N": [reasons]}} and nothing imported. Columns: README "Back-office import".',
      params: importParams,
      consumes: ['text/csv'],
      response: { 200: importResult },
    },
    handler: (req) => {
      if (!(req.body instanceof Readable))
        throw badRequest('Send the CSV file as the body, with Content-Type text/csv.');
      return importCsv(
        req.deps,
        actorOf(req),
        req.params.entity,
        byteLimit(req.body, BODY_LIMITS.csvImportBytes, tooLarge),
      );
    },
  });
}
