import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkQuery,
  documentGroups,
  documentReview,
  downloadLinkRequest,
  downloadLinkResponse,
  idParam,
  jobDocumentListQuery,
  MESSAGES,
  parseBulkIds,
  reviewResponse,
  siteDocumentListQuery,
  uploadResponse,
  jobDocumentUploadFields,
  siteDocumentUploadFields,
  type Action,
} from '@portal/shared';
import { authorize } from '../../platform/access.js';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { signDownload } from '../../platform/downloads.js';
import { downloaderOf, sendFile, sendZip } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import { acceptUpload, multipartConfig, registerUploads } from '../../platform/uploads.js';
import type { Kind } from './documents.queries.js';
import * as service from './documents.service.js';
import { hotResponse } from '../../platform/serializer.js';
import { extend } from '../../platform/objects.js';

const downloadQuery = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });
const binary = { 200: z.any().describe('the file') };

function idsOf(query: z.infer<typeof bulkQuery>): number[] {
  const ids = parseBulkIds(query);
  if (!ids)
    throw badRequest(MESSAGES.validationFailed, { ids: ['Send the document ids as ids[]=1&ids[]=2 (at most 500).'] });
  return ids;
}

/** The spec's paths of each kind of document folder; the routes themselves are written once below. */
/** The action each of a folder's routes names (its rule is in documents.policy.ts). */
interface FolderActions {
  list: Action;
  upload: Action;
  download: Action;
}

const FOLDERS = [
  {
    kind: 'job' as Kind,
    path: '/jobdocuments',
    tags: ['Job documents'],
    actions: {
      list: 'jobs.document.list',
      upload: 'jobs.document.upload',
      download: 'jobs.document.download',
    } satisfies FolderActions,
    list: {
      description:
        'Received and submitted documents of a job, seen from the role (AR: facility side; TA, LA: assessors), oldest first.',
      querystring: jobDocumentListQuery,
      folderOf: (query: Record<string, unknown>) => ({
        folderId: query.jobid as number,
        role: query.role as string | undefined,
      }),
    },
    uploadFields:
      'jobId, description, role (send these first), then files[] (one or several; the spec’s single file field works too)',
    multipart: multipartConfig(jobDocumentUploadFields, 'files[]'),
  },
  {
    kind: 'site' as Kind,
    path: '/sitedocuments',
    tags: ['Site documents'],
    actions: {
      list: 'sites.document.list',
      upload: 'sites.document.upload',
      download: 'sites.document.download',
    } satisfies FolderActions,
    list: {
      description: 'received: sent by the body; submitted: by the facility. Oldest first.',
      querystring: siteDocumentListQuery,
      folderOf: (query: Record<string, unknown>) => ({ folderId: query.siteid as number, role: undefined }),
    },
    uploadFields:
      'siteId, description (send these first), then files[] (one or several; the spec’s single file field works too)',
    multipart: multipartConfig(siteDocumentUploadFields, 'files[]'),
  },
];

export async function documentRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  await registerUploads(app, deps.config.maxUploadKb);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxKb = deps.config.maxUploadKb;
  const storage = storageOf(deps);

  r.post('/downloads', {
    config: { action: 'downloads.ticket.create' },
    schema: {
      tags: ['Job documents', 'Site documents'],
      description:
        'A short-lived link to a document or bulk download (path with its query), for the browser to follow.',
      body: downloadLinkRequest,
      response: { 200: downloadLinkResponse },
    },
    handler: async (req) => {
      const actor = actorOf(req);
      authorize(actor, 'downloads.ticket.create');
      const url = signDownload(deps.config.secret, actor.sessionId, req.body.path);
      if (!url) throw badRequest(MESSAGES.validationFailed, { path: ['Not a document download.'] });
      return { url };
    },
  });

  for (const folder of FOLDERS) {
    const { kind, tags } = folder;

    r.get(folder.path, {
      config: { action: folder.actions.list },
      ...hotResponse(deps.config.checkResponses, { rowsShaped: true }),
      schema: {
        tags,
        description: folder.list.description,
        querystring: folder.list.querystring,
        response: { 200: documentGroups },
      },
      handler: (req) => {
        const query = req.query as { page: number; per_page: number } & Record<string, unknown>;
        return service.listDocuments(
          req.deps,
          actorOf(req),
          kind,
          extend(folder.list.folderOf(query), { page: query.page, per_page: query.per_page }),
        );
      },
    });

    r.get(`${folder.path}/bulk`, {
      config: { action: folder.actions.download, download: true },
      schema: {
        tags,
        description: 'A zip of the selected documents the user may see.',
        querystring: bulkQuery,
        response: binary,
      },
      handler: async (req, reply) => {
        const zip = await service.readableZip(req.deps, actorOf(req), kind, idsOf(req.query));
        return sendZip(reply, storage, zip.files, zip.name, downloaderOf(deps.db, req, `${kind}_document`));
      },
    });

    r.get(`${folder.path}/:id`, {
      config: { action: folder.actions.download, download: true },
      schema: { tags, params: idParam, querystring: downloadQuery, response: binary },
      handler: async (req, reply) => {
        const [file] = await service.readableFiles(req.deps, actorOf(req), kind, [req.params.id]);
        return sendFile(reply, storage, file!, req.query.disposition, downloaderOf(deps.db, req, `${kind}_document`));
      },
    });

    r.post(folder.path, {
      config: { action: folder.actions.upload, ...folder.multipart },
      schema: {
        tags,
        description: `multipart/form-data: ${folder.uploadFields}. At most ${maxKb} KB a file.`,
        consumes: ['multipart/form-data'],
        response: { 200: uploadResponse },
      },
      handler: (req) => acceptUpload(req, storage, maxKb, service.documentUpload(req.deps, actorOf(req), kind)),
    });
  }

  r.put('/jobdocuments/:id', {
    config: { action: 'jobs.document.review' },
    schema: {
      tags: ['Job documents'],
      description: 'The review: only the job’s assessors, on documents they received.',
      params: idParam,
      body: documentReview,
      response: { 200: reviewResponse },
    },
    handler: (req) => service.reviewJobDocument(req.deps, actorOf(req), req.params.id, req.body.reviewed_comment),
  });
}
