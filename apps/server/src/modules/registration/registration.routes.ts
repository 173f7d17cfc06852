import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  facilityLookup,
  idParam,
  messageBody,
  profile,
  profileChangeRequest,
  registrationEdit,
  registrationRequest,
  safeString,
  userRequestDecision,
  userRequestDetail,
  userRequestList,
  userRequestListQuery,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden } from '../../platform/errors.js';
import { holdsAdminRole } from './registration.policy.js';
import * as service from './registration.service.js';

const tag = { tags: ['Registration and requests'] };
const roleQuery = z.object({ current_role: z.enum(['SYSADMIN', 'TA_ADMIN']).optional() });

/** Admin calls answer 403 to anyone holding neither admin role, before the body is read. */
async function adminOnly(req: FastifyRequest) {
  if (!holdsAdminRole(actorOf(req))) throw forbidden();
}

export async function registrationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const strict = (max: number) => ({ rateLimit: { max: Math.ceil(max * deps.config.rateLimitFactor), timeWindow: '1 minute' } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/facilities/getInfo/:number', {
    config: { auth: 'none', ...strict(20) },
    onRequest: (req) => service.countPublicCall(deps, 'facility-lookup', req.ip),
    schema: {
      ...tag,
      description: 'The registration wizard\'s facility lookup (no sign-in): number (cut to 6, padded), name and sites. Counted per address (REGISTRATION_LIMITS); unknown: 404 "Facility number is invalid."',
      params: z.object({ number: safeString().max(20) }),
      response: { 200: facilityLookup },
    },
    handler: (req) => service.lookupFacility(deps, req.params.number),
  });

  r.post('/register', {
    config: { auth: 'none', ...strict(5) },
    onRequest: (req) => service.countPublicCall(deps, 'register', req.ip),
    schema: {
      ...tag,
      description: 'A registration (spec/02 section 5 rules, first error as message). The same answer whether or not the email has an account.',
      body: registrationRequest,
      response: { 200: messageBody },
    },
    handler: (req) => service.register(deps, req.body),
  });

  r.get('/profile', {
    schema: { ...tag, description: 'The signed-in user\'s profile, facilities, committees and pending change.', response: { 200: profile } },
    handler: (req) => service.getProfile(deps, actorOf(req)),
  });

  r.post('/user-requests', {
    config: strict(10),
    schema: { ...tag, description: 'A profile change, waiting for an admin. Stores only what differs.', body: profileChangeRequest, response: { 200: messageBody } },
    handler: (req) => service.requestProfileChange(deps, actorOf(req), req.body),
  });

  r.get('/user-requests', {
    onRequest: adminOnly,
    schema: { ...tag, description: 'Pending requests the admin view sees (TA_ADMIN: assessors\'; SYSADMIN: all).', querystring: userRequestListQuery, response: { 200: userRequestList } },
    handler: (req) => service.listRequests(deps, actorOf(req), req.query),
  });

  r.get('/user-requests/:id', {
    onRequest: adminOnly,
    schema: { ...tag, params: idParam, querystring: roleQuery, response: { 200: userRequestDetail } },
    handler: (req) => service.getRequest(deps, actorOf(req), req.params.id, req.query.current_role),
  });

  r.put('/user-requests/:id', {
    onRequest: adminOnly,
    schema: {
      ...tag,
      description: 'Approve or reject: status approve|reject, type create|update, data (ticked keys of a change), reject_reason.',
      params: idParam,
      querystring: roleQuery,
      body: userRequestDecision,
      response: { 200: messageBody },
    },
    handler: (req) => service.decide(deps, actorOf(req), req.params.id, req.body, req.query.current_role),
  });

  r.put('/user-requests/:id/registration', {
    onRequest: adminOnly,
    schema: {
      ...tag,
      description: 'The admin\'s edit of a pending registration (spec/02 section 5 "Admin edit registration").',
      params: idParam,
      querystring: roleQuery,
      body: registrationEdit,
      response: { 200: z.object({ message: z.string(), id: z.number() }) },
    },
    handler: (req) => service.editRegistration(deps, actorOf(req), req.params.id, req.body, req.query.current_role),
  });
}
