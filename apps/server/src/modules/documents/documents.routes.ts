import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Readable } from 'node:stream';
import {
  bulkQuery,
  documentGroups,
  documentReview,
  downloadLinkRequest,
  downloadLinkResponse,
  idParam,
  jobDocumentListQuery,
  mayShowInline,
  MESSAGES,
  parseBulkIds,
  reviewResponse,
  servedTypeOf,
  siteDocumentListQuery,
  uploadResponse,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { signDownload } from '../../platform/downloads.js';
import { storageOf } from '../../platform/storage.js';
import { attachmentHeader, receiveUpload, registerUploads } from '../../platform/uploads.js';
import { zipStream, type ZipEntry } from '../../platform/zip.js';
import * as service from './documents.service.js';

const jobTag = { tags: ['Job documents'] };
const siteTag = { tags: ['Site documents'] };

const downloadQuery = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });

function sendDocument(
  reply: FastifyReply,
  { doc, stream }: { doc: { name: string; mimeType: string; size: number }; stream: Readable },
  disposition: 'attachment' | 'inline',
) {
  // The type comes from the name by the server's allow-list, never from what the uploader declared.
  const inline = disposition === 'inline' && mayShowInline(doc.name);
  return reply
    .header('content-type', servedTypeOf(doc.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-length', String(doc.size))
    .header('content-disposition', attachmentHeader(doc.name, inline ? 'inline' : 'attachment'))
    .header('cache-control', 'private, no-store')
    .send(stream);
}

function sendZip(reply: FastifyReply, entries: ZipEntry[], name: string) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentHeader(name))
    .header('cache-control', 'private, no-store')
    .send(zipStream(entries));
}

function idsOf(query: z.infer<typeof bulkQuery>): number[] {
  const ids = parseBulkIds(query);
  if (!ids) throw badRequest(MESSAGES.validationFailed, { ids: ['Send the document ids as ids[]=1&ids[]=2 (at most 500).'] });
  return ids;
}

const binary = { 200: z.any().describe('the file') };

export async function documentRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  await registerUploads(app, deps.config.maxUploadKb);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxKb = deps.config.maxUploadKb;

  r.post('/downloads', {
    schema: {
      tags: ['Job documents', 'Site documents'],
      description: 'A short-lived link to a document or bulk download (path with its query), for the browser to follow.',
      body: downloadLinkRequest,
      response: { 200: downloadLinkResponse },
    },
    handler: async (req) => {
      const url = signDownload(deps.config.secret, actorOf(req).sessionId, req.body.path);
      if (!url) throw badRequest(MESSAGES.validationFailed, { path: ['Not a document download.'] });
      return { url };
    },
  });

  // Job documents

  r.get('/jobdocuments', {
    schema: {
      ...jobTag,
      description: 'Received and submitted documents of a job, seen from the role (AR: facility side; TA, LA: assessors), oldest first.',
      querystring: jobDocumentListQuery,
      response: { 200: documentGroups },
    },
    handler: (req) => service.listJobDocuments(deps, actorOf(req), req.query),
  });

  r.get('/jobdocuments/bulk', {
    config: { download: true },
    schema: { ...jobTag, description: 'A zip of the selected documents the user may see.', querystring: bulkQuery, response: binary },
    handler: async (req, reply) => sendZip(reply, await service.bulkJobDocuments(deps, actorOf(req), idsOf(req.query)), 'job-documents.zip'),
  });

  r.get('/jobdocuments/:id', {
    config: { download: true },
    schema: { ...jobTag, params: idParam, querystring: downloadQuery, response: binary },
    handler: async (req, reply) => sendDocument(reply, await service.openJobDocument(deps, actorOf(req), req.params.id), req.query.disposition),
  });

  r.post('/jobdocuments', {
    schema: {
      ...jobTag,
      description: `multipart/form-data: jobId, description, role (send these first), then file. At most ${maxKb} KB.`,
      consumes: ['multipart/form-data'],
      response: { 200: uploadResponse },
    },
    handler: async (req) => {
      const actor = actorOf(req);
      const { fields, file } = await receiveUpload(req, storageOf(deps), maxKb, (f, name) => service.precheckJobUpload(deps, actor, f, name));
      return service.saveJobDocument(deps, actor, fields, file);
    },
  });

  r.put('/jobdocuments/:id', {
    schema: { ...jobTag, description: 'The review: only the job’s assessors, on documents they received.', params: idParam, body: documentReview, response: { 200: reviewResponse } },
    handler: (req) => service.reviewJobDocument(deps, actorOf(req), req.params.id, req.body.reviewed_comment),
  });

  // Site documents

  r.get('/sitedocuments', {
    schema: { ...siteTag, description: 'received: sent by the body; submitted: by the facility. Oldest first.', querystring: siteDocumentListQuery, response: { 200: documentGroups } },
    handler: (req) => service.listSiteDocuments(deps, actorOf(req), req.query),
  });

  r.get('/sitedocuments/bulk', {
    config: { download: true },
    schema: { ...siteTag, querystring: bulkQuery, response: binary },
    handler: async (req, reply) => sendZip(reply, await service.bulkSiteDocuments(deps, actorOf(req), idsOf(req.query)), 'site-documents.zip'),
  });

  r.get('/sitedocuments/:id', {
    config: { download: true },
    schema: { ...siteTag, params: idParam, querystring: downloadQuery, response: binary },
    handler: async (req, reply) => sendDocument(reply, await service.openSiteDocument(deps, actorOf(req), req.params.id), req.query.disposition),
  });

  r.post('/sitedocuments', {
    schema: {
      ...siteTag,
      description: `multipart/form-data: siteId, description (send these first), then file. At most ${maxKb} KB.`,
      consumes: ['multipart/form-data'],
      response: { 200: uploadResponse },
    },
    handler: async (req) => {
      const actor = actorOf(req);
      const { fields, file } = await receiveUpload(req, storageOf(deps), maxKb, (f, name) => service.precheckSiteUpload(deps, actor, f, name));
      return service.saveSiteDocument(deps, actor, fields, file);
    },
  });
}
