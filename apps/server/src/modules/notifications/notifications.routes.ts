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
  notificationLog,
  notificationSend,
  notificationSent,
  pageQuery,
  PAGE_SIZES,
  parseNotificationIds,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import { authorize } from '../../platform/access.js';
import * as notices from './notices.service.js';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import * as service from './notifications.service.js';
import { hotResponse } from '../../platform/serializer.js';

const tag = { tags: ['Notifications'] };

/** The admins' calls answer 403 to anyone holding neither admin role before the body is read. */
const sendersOnly = async (req: FastifyRequest) => authorize(actorOf(req), 'admin.notification.send');

export async function notificationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/notifications', {
    config: { action: 'notifications.notification.list' },
    // The bell asks every minute on every screen; its rows are built as the schema (present).
    ...hotResponse(deps.config.checkResponses, { rowsShaped: true }),
    schema: { ...tag, querystring: notificationListQuery, response: { 200: notificationList } },
    handler: (req) => service.listForUser(req.deps, actorOf(req), req.query),
  });

  r.put('/notifications/:ids', {
    config: { action: 'notifications.notification.update' },
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
      return service.updateForUser(req.deps, actorOf(req), ids, req.query);
    },
  });

  r.post('/notifications', {
    config: { action: 'admin.notification.send' },
    onRequest: sendersOnly,
    schema: {
      ...tag,
      description:
        'An admin sends a notice: a SYSADMIN to groups (send_to: AR, TA, CM; committee_ids narrows CM), a TA_ADMIN ' +
        'to REPORT_USERS (user_ids) or ALL_TA_USERS. Each active recipient gets it once, in the portal (type Admin) and by mail.',
      body: notificationSend,
      response: { 200: notificationSent },
    },
    handler: (req) => notices.sendNotice(req.deps, actorOf(req), req.body),
  });

  r.get('/notifications/log', {
    config: { action: 'admin.notification.send' },
    onRequest: sendersOnly,
    schema: {
      ...tag,
      description: 'Past notifications of the audiences this admin sends to, newest first (5 a page).',
      querystring: z.object(pageQuery(PAGE_SIZES.pastNotifications, 50)),
      response: { 200: notificationLog },
    },
    handler: (req) => notices.listNoticeLog(req.deps, actorOf(req), req.query),
  });
}
