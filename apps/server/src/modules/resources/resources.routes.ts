import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  messageBody,
  resourceList,
  resourceSaved,
  resourceUploadFields,
  resourceReplaceFields,
} from '@portal/shared';
import { authorize } from '../../platform/access.js';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { downloaderOf, sendFile } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import { acceptUpload, multipartConfig, registerUploads } from '../../platform/uploads.js';
import * as service from './resources.service.js';

const tags = ['Useful resources'];

/** Refuses before the body is read: the back office's calls are SYSADMIN's. */
async function adminOnly(req: FastifyRequest) {
  authorize(actorOf(req), 'admin.resource.manage');
}

export async function resourceRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  await registerUploads(app, deps.config.maxUploadKb);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageOf(deps);
  const maxKb = deps.config.maxUploadKb;

  r.get('/resources/ta', {
    config: { action: 'resources.resource.list' },
    schema: {
      tags,
      description:
        'Useful resources for technical assessors (TA, LA and the admins): name, dateUpdated, url, typeIcon.',
      response: { 200: resourceList },
    },
    handler: (req) => service.listResources(req.deps, actorOf(req)),
  });

  r.get('/resources/:id/file', {
    config: { action: 'resources.resource.download', download: true },
    schema: {
      tags,
      description: "The resource's file, as an attachment.",
      params: idParam,
      response: { 200: z.any().describe('the file') },
    },
    handler: async (req, reply) =>
      sendFile(
        reply,
        storage,
        await service.readableFile(req.deps, actorOf(req), req.params.id),
        'attachment',
        downloaderOf(deps.db, req, 'resource'),
      ),
  });

  r.post('/admin/resources', {
    config: { action: 'admin.resource.manage', ...multipartConfig(resourceUploadFields, 'file') },
    onRequest: adminOnly,
    schema: {
      tags: ['Admin'],
      description: `multipart/form-data: name, then file. At most ${maxKb} KB.`,
      consumes: ['multipart/form-data'],
      response: { 200: resourceSaved },
    },
    handler: (req) => acceptUpload(req, storage, maxKb, service.addUpload(req.deps, actorOf(req))),
  });

  r.post('/admin/resources/:id', {
    config: { action: 'admin.resource.manage', ...multipartConfig(resourceReplaceFields, 'file') },
    onRequest: adminOnly,
    schema: {
      tags: ['Admin'],
      description: "multipart/form-data: optional name, then file: replaces the resource's file.",
      params: idParam,
      consumes: ['multipart/form-data'],
      response: { 200: resourceSaved },
    },
    handler: (req) => acceptUpload(req, storage, maxKb, service.replaceUpload(req.deps, actorOf(req), req.params.id)),
  });

  r.delete('/admin/resources/:id', {
    config: { action: 'admin.resource.manage' },
    onRequest: adminOnly,
    schema: { tags: ['Admin'], params: idParam, response: { 200: messageBody } },
    handler: (req) => service.removeResource(req.deps, actorOf(req), req.params.id),
  });
}
