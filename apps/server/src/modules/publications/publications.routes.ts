import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkQuery,
  categoryNode,
  categoryParents,
  categoryPublicationsQuery,
  categoryTree,
  categoryTreeQuery,
  idParam,
  MESSAGES,
  messageBody,
  parseBulkIds,
  parseIdList,
  publicationBulkBody,
  publicationItem,
  publicationList,
  publicationListQuery,
  publicationSaved,
  subcategoryNode,
  subscriptionBody,
  subscriptionIdsParam,
  subscriptionQuery,
  subscriptionResult,
  publicationUploadFields,
  publicationReplaceFields,
} from '@portal/shared';
import { authorize } from '../../platform/access.js';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { downloaderOf, sendFile, sendZip } from '../../platform/files.js';
import { hotResponse } from '../../platform/serializer.js';
import { storageOf } from '../../platform/storage/storage.js';
import { acceptUpload, multipartConfig, registerUploads } from '../../platform/uploads.js';
import * as service from './publications.service.js';

const tags = ['Publications'];
const binary = { 200: z.any().describe('the file') };
const downloadQuery = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });
const ZIP_NAME = 'publications.zip';
const badIds = () =>
  badRequest(MESSAGES.validationFailed, { ids: ['Send the publication ids as ids[] (at most 500).'] });

/** Refuses before the body is read: the back office's calls are SYSADMIN's. */
async function adminOnly(req: FastifyRequest) {
  authorize(actorOf(req), 'admin.publication.manage');
}

export async function publicationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  await registerUploads(app, deps.config.maxUploadKb);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageOf(deps);
  const maxKb = deps.config.maxUploadKb;
  // The lists every reader's dashboard and screens ask for: rows selected as the answer writes them.
  const hotList = hotResponse(deps.config.checkResponses, { rowsShaped: true });

  r.get('/publications', {
    config: { action: 'publications.publication.list' },
    ...hotList,
    schema: {
      tags,
      description: 'Recently updated publications (TA, AR, LA, CM), 10 a page.',
      querystring: publicationListQuery,
      response: { 200: publicationList },
    },
    handler: (req) => service.listRecent(req.deps, actorOf(req), req.query.page, req.query.per_page),
  });

  r.get('/publications/:id', {
    config: { action: 'publications.publication.list' },
    schema: { tags, params: idParam, response: { 200: z.object({ data: publicationItem }) } },
    handler: async (req) => ({ data: await service.getPublication(req.deps, actorOf(req), req.params.id) }),
  });

  r.get('/publications/:id/file', {
    config: { action: 'publications.publication.download', download: true },
    schema: {
      tags,
      description: 'The file; disposition=inline shows a PDF in the browser’s own viewer.',
      params: idParam,
      querystring: downloadQuery,
      response: binary,
    },
    handler: async (req, reply) => {
      const [file] = await service.readableFiles(req.deps, actorOf(req), [req.params.id]);
      return sendFile(reply, storage, file!, req.query.disposition, downloaderOf(deps.db, req, 'publication'));
    },
  });

  r.post('/publications/bulk', {
    config: { action: 'publications.publication.download' },
    schema: {
      tags,
      description: 'One zip of the selected publications (ids or ids[]).',
      body: publicationBulkBody,
      response: binary,
    },
    handler: async (req, reply) => {
      const ids = [...new Set([...(req.body.ids ?? []), ...[req.body['ids[]'] ?? []].flat()])];
      if (ids.length === 0 || ids.length > 500) throw badIds();
      return sendZip(
        reply,
        storage,
        await service.readableFiles(req.deps, actorOf(req), ids),
        ZIP_NAME,
        downloaderOf(deps.db, req, 'publication'),
      );
    },
  });

  r.get('/publications/bulk', {
    config: { action: 'publications.publication.download', download: true },
    schema: {
      tags,
      description: 'The same zip for a browser following a download ticket (ids[]=1&ids[]=2).',
      querystring: bulkQuery,
      response: binary,
    },
    handler: async (req, reply) => {
      const ids = parseBulkIds(req.query);
      if (!ids) throw badIds();
      return sendZip(
        reply,
        storage,
        await service.readableFiles(req.deps, actorOf(req), ids),
        ZIP_NAME,
        downloaderOf(deps.db, req, 'publication'),
      );
    },
  });

  r.get('/publications/category/:id', {
    config: { action: 'publications.publication.list' },
    ...hotList,
    schema: {
      tags,
      description: 'The publications of a subcategory (or of every subcategory of a root), by name, a page at a time.',
      params: idParam,
      querystring: categoryPublicationsQuery,
      response: { 200: publicationList },
    },
    handler: (req) =>
      service.publicationsOfCategory(req.deps, actorOf(req), req.params.id, req.query.page, req.query.per_page),
  });

  r.get('/categories', {
    config: { action: 'publications.subscription.update' },
    // presentTree builds the nodes as the schema: written with one JSON.stringify (serializer.ts).
    ...hotList,
    schema: {
      tags,
      description:
        'The categories tree with the user’s isSubscribe and isNotify; withPublication=true adds how many publications each subcategory holds (readers only; GET /publications/category/{id} pages them); subscribed=true keeps only what the user subscribes to.',
      querystring: categoryTreeQuery,
      response: { 200: categoryTree },
    },
    handler: async (req) => ({
      data: await service.categoryTree(req.deps, actorOf(req), {
        withPublication: req.query.withPublication === 'true',
        subscribed: req.query.subscribed === 'true',
      }),
    }),
  });

  r.get('/categories/parent', {
    config: { action: 'publications.subscription.update' },
    schema: { tags, description: 'The root categories.', response: { 200: categoryParents } },
    handler: (req) => service.parentCategories(req.deps, actorOf(req)),
  });

  r.get('/categories/:id', {
    config: { action: 'publications.subscription.update' },
    schema: { tags, params: idParam, response: { 200: z.object({ data: z.union([categoryNode, subcategoryNode]) }) } },
    handler: async (req) => ({ data: await service.category(req.deps, actorOf(req), req.params.id) }),
  });

  r.post('/subscriptions', {
    config: { action: 'publications.subscription.update' },
    schema: {
      tags,
      description:
        'Subscribe to category_ids (a root means all its subcategories); ?type=notification turns notify on (subscribed ones only).',
      querystring: subscriptionQuery,
      body: subscriptionBody,
      response: { 200: subscriptionResult },
    },
    handler: (req) => service.subscribe(req.deps, actorOf(req), req.body.category_ids, req.query.type),
  });

  r.delete('/subscriptions/:ids', {
    config: { action: 'publications.subscription.update' },
    schema: {
      tags,
      description: 'Unsubscribe from a JSON list of category ids ([1,2]); ?type=notification turns notify off.',
      params: subscriptionIdsParam,
      querystring: subscriptionQuery,
      response: { 200: subscriptionResult },
    },
    handler: (req) => {
      const ids = parseIdList(req.params.ids);
      if (!ids)
        throw badRequest(MESSAGES.validationFailed, {
          category_ids: ['Send the category ids as a JSON list, as [1,2].'],
        });
      return service.unsubscribe(req.deps, actorOf(req), ids, req.query.type);
    },
  });

  // The body's back office (SYSADMIN).
  r.get('/admin/publications', {
    config: { action: 'admin.publication.manage' },
    onRequest: adminOnly,
    ...hotList,
    schema: {
      tags: ['Admin'],
      description: 'Every publication, most recently updated first, paged (the back office’s list).',
      querystring: publicationListQuery,
      response: { 200: publicationList },
    },
    handler: (req) => service.listForAdmin(req.deps, actorOf(req), req.query.page, req.query.per_page),
  });

  r.post('/admin/publications', {
    config: { action: 'admin.publication.manage', ...multipartConfig(publicationUploadFields, 'file') },
    onRequest: adminOnly,
    schema: {
      tags: ['Admin'],
      description: `multipart/form-data: name, category_id (a subcategory), then file. At most ${maxKb} KB.`,
      consumes: ['multipart/form-data'],
      response: { 200: publicationSaved },
    },
    handler: (req) => acceptUpload(req, storage, maxKb, service.addUpload(req.deps, actorOf(req))),
  });

  r.post('/admin/publications/:id', {
    config: { action: 'admin.publication.manage', ...multipartConfig(publicationReplaceFields, 'file') },
    onRequest: adminOnly,
    schema: {
      tags: ['Admin'],
      description:
        'multipart/form-data: optional name, then file: replaces the publication’s file (subscribers with notify on hear of it).',
      params: idParam,
      consumes: ['multipart/form-data'],
      response: { 200: publicationSaved },
    },
    handler: (req) => acceptUpload(req, storage, maxKb, service.replaceUpload(req.deps, actorOf(req), req.params.id)),
  });

  r.delete('/admin/publications/:id', {
    config: { action: 'admin.publication.manage' },
    onRequest: adminOnly,
    schema: { tags: ['Admin'], params: idParam, response: { 200: messageBody } },
    handler: (req) => service.removePublication(req.deps, actorOf(req), req.params.id),
  });
}
