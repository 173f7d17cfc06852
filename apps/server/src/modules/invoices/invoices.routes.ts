import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invoiceGroups, invoiceListQuery } from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import * as service from './invoices.service.js';
import { hotResponse } from '../../platform/serializer.js';

export async function invoiceRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/invoices', {
    config: { action: 'invoices.invoice.list' },
    ...hotResponse(deps.config.checkResponses, { rowsShaped: true }),
    schema: {
      tags: ['Invoices'],
      description:
        'AR only: invoices of the facilities the user represents, outstanding (oldest first) and paid (newest first).',
      querystring: invoiceListQuery,
      response: { 200: invoiceGroups },
    },
    handler: (req) => service.listInvoices(req.deps, actorOf(req), req.query),
  });
}
