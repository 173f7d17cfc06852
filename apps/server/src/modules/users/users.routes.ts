import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  committeePermissionBody,
  idParam,
  messageBody,
  userDetail,
  userEdit,
  userList,
  userListQuery,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { authorize } from '../../platform/access.js';
import { hotResponse } from '../../platform/serializer.js';
import * as service from './users.service.js';

const tag = { tags: ['Users'] };

/** Every call here answers 403 to anyone holding no admin role, before the body is read. */
async function adminOnly(req: FastifyRequest) {
  authorize(actorOf(req), 'admin.user.list');
}

export async function userRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/users', {
    config: { action: 'admin.user.list' },
    onRequest: adminOnly,
    // The cards are built as the schema by their statement (users.queries.ts): one JSON.stringify.
    ...hotResponse(deps.config.checkResponses, { rowsShaped: true }),
    schema: {
      ...tag,
      description:
        "All Users: role=TA (the TA admin's), NONTA (the SYSADMIN's) or CM; search by name or email; 20 a page.",
      querystring: userListQuery,
      response: { 200: userList },
    },
    handler: (req) => service.listUsers(req.deps, actorOf(req), req.query),
  });

  r.get('/users/:id', {
    config: { action: 'admin.user.view' },
    onRequest: adminOnly,
    schema: { ...tag, params: idParam, response: { 200: userDetail } },
    handler: (req) => service.getUser(req.deps, actorOf(req), req.params.id),
  });

  r.put('/users/:id', {
    config: { action: 'admin.user.update' },
    onRequest: adminOnly,
    schema: {
      ...tag,
      description: 'Edit Personal Details (spec/02 section 5, user edit).',
      params: idParam,
      body: userEdit,
      response: { 200: messageBody },
    },
    handler: (req) => service.updateUser(req.deps, actorOf(req), req.params.id, req.body),
  });

  r.delete('/users/:id', {
    config: { action: 'admin.user.delete' },
    onRequest: adminOnly,
    schema: { ...tag, params: idParam, response: { 200: messageBody } },
    handler: (req) => service.deleteUser(req.deps, actorOf(req), req.params.id),
  });

  r.post('/activate/:id', {
    config: { action: 'admin.user.activate' },
    onRequest: adminOnly,
    schema: { ...tag, params: idParam, response: { 200: messageBody } },
    handler: (req) => service.activateUser(req.deps, actorOf(req), req.params.id),
  });

  r.post('/deactivate/:id', {
    config: { action: 'admin.user.deactivate' },
    onRequest: adminOnly,
    schema: { ...tag, params: idParam, response: { 200: messageBody } },
    handler: (req) => service.deactivateUser(req.deps, actorOf(req), req.params.id),
  });

  r.put('/committeepermissions/:id', {
    config: { action: 'admin.user.forumWrite' },
    onRequest: adminOnly,
    schema: {
      ...tag,
      description: "'User can Add Discussions to Committee Forums' for one committee of the user.",
      params: idParam,
      body: committeePermissionBody,
      response: { 200: messageBody },
    },
    handler: (req) => service.setForumWrite(req.deps, actorOf(req), req.params.id, req.body),
  });
}
