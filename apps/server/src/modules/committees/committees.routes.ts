import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  committeeDetail,
  committeeList,
  committeeNames,
  committeeSave,
  committeeSaved,
  idParam,
  managedCommitteeList,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import { authorize } from '../../platform/access.js';
import * as service from './committees.service.js';

const tag = { tags: ['Committees'] };

/** The admin's calls answer 403 to anyone but a SYSADMIN before the body is read. */
const managerOnly = async (req: FastifyRequest) => authorize(actorOf(req), 'admin.committee.manage');

export async function committeeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/committees', {
    config: { action: 'committees.committee.list' },
    schema: {
      ...tag,
      description: "The user's committees, by name; a SYSADMIN gets every committee.",
      response: { 200: committeeList },
    },
    handler: (req) => service.listCommittees(req.deps, actorOf(req)),
  });

  r.get('/committeenames', {
    config: { auth: 'none' },
    schema: {
      ...tag,
      description: 'Id and name of every committee (public: the registration wizard).',
      response: { 200: committeeNames },
    },
    handler: (req) => service.listCommitteeNames(req.deps),
  });

  r.get('/committees/:id', {
    config: { action: 'committees.member.list' },
    schema: {
      ...tag,
      description: 'The committee with its members (members only; 404 otherwise).',
      params: idParam,
      response: { 200: committeeDetail },
    },
    handler: (req) => service.getCommittee(req.deps, actorOf(req), req.params.id),
  });

  r.get('/admin/committees', {
    config: { action: 'admin.committee.manage' },
    onRequest: managerOnly,
    schema: {
      ...tag,
      description: 'Every committee with its admin and member ids, and the users a committee may hold (SYSADMIN).',
      response: { 200: managedCommitteeList },
    },
    handler: (req) => service.listManagedCommittees(req.deps, actorOf(req)),
  });

  r.post('/committees', {
    config: { action: 'admin.committee.manage' },
    onRequest: managerOnly,
    schema: {
      ...tag,
      description: 'Creates a committee (SYSADMIN). The admin must be one of the members.',
      body: committeeSave,
      response: { 200: committeeSaved },
    },
    handler: (req) => service.createCommittee(req.deps, actorOf(req), req.body),
  });

  r.put('/committees/:id', {
    config: { action: 'admin.committee.manage' },
    onRequest: managerOnly,
    schema: {
      ...tag,
      description: 'Renames a committee, sets its admin, adds and removes members (SYSADMIN).',
      params: idParam,
      body: committeeSave,
      response: { 200: committeeSaved },
    },
    handler: (req) => service.updateCommittee(req.deps, actorOf(req), req.params.id, req.body),
  });
}
