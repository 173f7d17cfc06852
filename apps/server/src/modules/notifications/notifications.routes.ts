import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  safeString,
  MESSAGES,
  messageBody,
  notificationList,
  notificationListQuery,
  notificationUpdateQuery,
  parseNotificationIds,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import * as service from './notifications.service.js';
import { hotResponse } from '../../platform/serializer.js';

const tag = { tags: ['Notifications'] };

export async function notificationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/notifications', {
    ...hotResponse(deps.config.checkResponses),
    schema: { ...tag, querystring: notificationListQuery, response: { 200: notificationList } },
    handler: (req) => service.listForUser(deps, actorOf(req), req.query),
  });

  r.put('/notifications/:ids', {
    schema: {
      ...tag,
      description: 'ids: a JSON list of notification ids, one id, or "all" (Clear all).',
      params: z.object({ ids: safeString().max(20_000) }),
      querystring: notificationUpdateQuery,
      response: { 200: messageBody.extend({ updated: z.number() }) },
    },
    handler: (req) => {
      const ids = parseNotificationIds(req.params.ids);
      if (!ids) throw badRequest(MESSAGES.validationFailed, { ids: ['The ids must be a list of notification ids.'] });
      return service.updateForUser(deps, actorOf(req), ids, req.query);
    },
  });
}
