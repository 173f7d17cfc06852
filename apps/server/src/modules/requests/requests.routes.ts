import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  messageBody,
  registrationEdit,
  REQUEST_HANDLERS,
  userRequestDecision,
  userRequestDetail,
  userRequestList,
  userRequestListQuery,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { authorize } from '../../platform/access.js';
import { hotResponse } from '../../platform/serializer.js';
import * as service from './requests.service.js';

const tag = { tags: ['Registration and requests'] };
const roleQuery = z.object({ current_role: z.enum(REQUEST_HANDLERS).optional() });

/** Admin calls answer 403 to anyone holding neither admin role, before the body is read. */
async function adminOnly(req: FastifyRequest) {
  authorize(actorOf(req), 'admin.request.enter');
}

export async function requestRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/user-requests', {
    config: { action: 'admin.request.view' },
    onRequest: adminOnly,
    // The admins' pending lists and the Outstanding Activities counts ask for it on every visit; its
    // rows are built as the schema (presentListRow).
    ...hotResponse(deps.config.checkResponses, { rowsShaped: true }),
    schema: {
      ...tag,
      description: "Pending requests the admin view sees (TA_ADMIN: assessors'; SYSADMIN: all).",
      querystring: userRequestListQuery,
      response: { 200: userRequestList },
    },
    handler: (req) => service.listRequests(req.deps, actorOf(req), req.query),
  });

  r.get('/user-requests/:id', {
    config: { action: 'admin.request.view' },
    onRequest: adminOnly,
    schema: { ...tag, params: idParam, querystring: roleQuery, response: { 200: userRequestDetail } },
    handler: (req) => service.getRequest(req.deps, actorOf(req), req.params.id, req.query.current_role),
  });

  r.put('/user-requests/:id', {
    config: { action: 'admin.registration.review' },
    onRequest: adminOnly,
    schema: {
      ...tag,
      description:
        'Approve or reject: status approve|reject, type create|update, data (ticked keys of a change), reject_reason.',
      params: idParam,
      querystring: roleQuery,
      body: userRequestDecision,
      response: { 200: messageBody },
    },
    handler: (req) => service.decide(req.deps, actorOf(req), req.params.id, req.body, req.query.current_role),
  });

  r.put('/user-requests/:id/registration', {
    config: { action: 'admin.registration.review' },
    onRequest: adminOnly,
    schema: {
      ...tag,
      description: 'The admin\'s edit of a pending registration (spec/02 section 5 "Admin edit registration").',
      params: idParam,
      querystring: roleQuery,
      body: registrationEdit,
      response: { 200: z.object({ message: z.string(), id: z.number() }) },
    },
    handler: (req) => service.editRegistration(req.deps, actorOf(req), req.params.id, req.body, req.query.current_role),
  });
}
