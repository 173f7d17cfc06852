import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkQuery,
  committeeIdParam,
  createMeetingFolder,
  folderMembersParams,
  folderMembersResponse,
  idParam,
  meetingBulkDelete,
  meetingBulkDownload,
  meetingDocumentPage,
  meetingFolderAccess,
  meetingFolderCreated,
  meetingFolderDocumentsQuery,
  meetingFolderList,
  meetingRecentQuery,
  meetingSearchQuery,
  meetingUploadResponse,
  MESSAGES,
  messageBody,
  parseBulkIds,
  rootIdParam,
  meetingUploadFields,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import { hotResponse } from '../../platform/serializer.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { downloaderOf, sendFile, sendZip } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import { acceptUpload, multipartConfig, registerUploads } from '../../platform/uploads.js';
import { createIndexer } from './meetings.indexer.js';
import * as service from './meetings.service.js';

const tags = ['Meetings'];
const binary = { 200: z.any().describe('the file') };
const downloadQuery = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });

/** Meeting documents (spec/02 section 7, "Meetings"), and the document index that runs beside them. */
export async function meetingRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  await registerUploads(app, deps.config.maxUploadKb);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageOf(deps);
  const maxKb = deps.config.maxUploadKb;
  // A folder's documents, the recent list and the search: the rows carry the page's total, which
  // the schema's writer leaves out.
  // The documents' rows are built as the schema by their statements (meetings.queries.ts): written with one JSON.stringify.
  const hot = hotResponse(deps.config.checkResponses, { rowsShaped: true });

  const indexer = createIndexer(deps.db, storage, deps.log);
  app.addHook('onReady', async () => indexer.start());
  app.addHook('onClose', async () => indexer.stop());

  r.get('/docservicehealthcheck', {
    config: { action: 'meetings.folder.list' },
    schema: {
      tags,
      description: 'True while the document index runs (the web app enables Upload Document only then).',
      response: { 200: z.boolean() },
    },
    handler: () => indexer.running(),
  });

  r.get('/committeerootfolders/:committeeId', {
    config: { action: 'meetings.folder.list' },
    schema: {
      tags,
      description: 'The root folders of a committee this user may see, by name.',
      params: committeeIdParam,
      response: { 200: meetingFolderList },
    },
    handler: (req) => service.rootFolders(req.deps, actorOf(req), req.params.committeeId),
  });

  r.get('/meetingfolders/:rootId', {
    config: { action: 'meetings.folder.list' },
    schema: {
      tags,
      description: 'The sub folders of a root folder this user may see.',
      params: rootIdParam,
      response: { 200: meetingFolderList },
    },
    handler: (req) => service.subFolders(req.deps, actorOf(req), req.params.rootId),
  });

  r.post('/meetingfolders', {
    config: { action: 'meetings.folder.manage' },
    schema: {
      tags,
      description: 'Committee admin: a root folder (no parentFolderId) or a sub folder of a root.',
      body: createMeetingFolder,
      response: { 200: meetingFolderCreated },
    },
    handler: (req) => service.createFolder(req.deps, actorOf(req), req.body),
  });

  r.delete('/meetingfolders/:id', {
    config: { action: 'meetings.folder.manage' },
    schema: {
      tags,
      description: 'Committee admin: deletes the folder with its sub folders and documents.',
      params: idParam,
      response: { 200: messageBody },
    },
    handler: (req) => service.deleteFolder(req.deps, actorOf(req), req.params.id),
  });

  r.get('/meetingfolder/members/:committeeId/:folderId', {
    config: { action: 'meetings.folder.manage' },
    schema: {
      tags,
      description:
        'Committee admin: who may see the folder (direct members, those its root allows, and every committee member with the outcome).',
      params: folderMembersParams,
      response: { 200: folderMembersResponse },
    },
    handler: (req) => service.folderMembers(req.deps, actorOf(req), req.params.committeeId, req.params.folderId),
  });

  r.post('/meetingfolder/accesspermission', {
    config: { action: 'meetings.folder.manage' },
    schema: {
      tags,
      description:
        'Committee admin: the folder’s direct members become exactly userIds (an empty list opens it to the committee).',
      body: meetingFolderAccess,
      response: { 200: messageBody },
    },
    handler: (req) => service.assignAccess(req.deps, actorOf(req), req.body),
  });

  r.get('/meetingdocuments/recent/:committeeId', {
    config: { action: 'meetings.folder.list' },
    ...hot,
    schema: {
      tags,
      description: 'The committee’s documents this user may see, newest first.',
      params: committeeIdParam,
      querystring: meetingRecentQuery,
      response: { 200: meetingDocumentPage },
    },
    handler: (req) => service.recentDocuments(req.deps, actorOf(req), req.params.committeeId, req.query),
  });

  r.get('/meetingdocuments/search', {
    config: { action: 'meetings.folder.list' },
    ...hot,
    schema: {
      tags,
      description:
        'Names and contents, ranked, with a snippet of the matching text; an empty term gives the recent documents.',
      querystring: meetingSearchQuery,
      response: { 200: meetingDocumentPage },
    },
    handler: (req) => service.searchDocuments(req.deps, actorOf(req), req.query),
  });

  r.get('/meetingdocuments', {
    config: { action: 'meetings.folder.list' },
    ...hot,
    schema: {
      tags,
      description: 'The documents of a folder, newest first.',
      querystring: meetingFolderDocumentsQuery,
      response: { 200: meetingDocumentPage },
    },
    handler: (req) => service.folderDocuments(req.deps, actorOf(req), req.query),
  });

  r.post('/meetingdocuments', {
    config: { action: 'meetings.document.upload', ...multipartConfig(meetingUploadFields, 'files[]') },
    schema: {
      tags,
      description: `Committee admin: multipart/form-data with folderId (a sub folder; send it first), then file (or files[]). At most ${maxKb} KB a file.`,
      consumes: ['multipart/form-data'],
      response: { 200: meetingUploadResponse },
    },
    handler: (req) => acceptUpload(req, storage, maxKb, service.meetingUpload(req.deps, actorOf(req))),
  });

  const zipOf = (req: FastifyRequest, ids: number[]) => service.readableFiles(req.deps, actorOf(req), ids);

  r.get('/meetingdocuments/bulk', {
    config: { action: 'meetings.document.download', download: true },
    schema: {
      tags,
      description:
        'A streamed zip of the selected documents this user may see (ids[]=1&ids[]=2); the browser follows a download ticket.',
      querystring: bulkQuery,
      response: binary,
    },
    handler: async (req, reply) => {
      const ids = parseBulkIds(req.query);
      if (!ids)
        throw badRequest(MESSAGES.validationFailed, {
          ids: ['Send the document ids as ids[]=1&ids[]=2 (at most 500).'],
        });
      const zip = await zipOf(req, ids);
      return sendZip(reply, storage, zip.files, zip.zipName, downloaderOf(deps.db, req, 'meeting_document'));
    },
  });

  r.post('/meetingdocuments/bulk', {
    config: { action: 'meetings.document.download' },
    schema: {
      tags,
      description: 'The spec’s form of the zip: ids[] in the body.',
      body: meetingBulkDownload,
      response: binary,
    },
    handler: async (req, reply) => {
      const zip = await zipOf(req, req.body.ids);
      return sendZip(reply, storage, zip.files, zip.zipName, downloaderOf(deps.db, req, 'meeting_document'));
    },
  });

  r.post('/meetingdocuments/delete/bulk', {
    config: { action: 'meetings.document.delete' },
    schema: {
      tags,
      description: 'Committee admin: deletes the selected documents of the committee (all or nothing).',
      body: meetingBulkDelete,
      response: { 200: messageBody },
    },
    handler: (req) => service.deleteDocuments(req.deps, actorOf(req), req.body.committeeId, req.body.ids),
  });

  r.get('/meetingdocuments/:id', {
    config: { action: 'meetings.document.download', download: true },
    schema: {
      tags,
      description: 'Downloads one document (through a download ticket in the browser).',
      params: idParam,
      querystring: downloadQuery,
      response: binary,
    },
    handler: async (req, reply) => {
      const { files } = await service.readableFiles(req.deps, actorOf(req), [req.params.id]);
      return sendFile(reply, storage, files[0]!, req.query.disposition, downloaderOf(deps.db, req, 'meeting_document'));
    },
  });

  r.delete('/meetingdocuments/:id', {
    config: { action: 'meetings.document.delete' },
    schema: {
      tags,
      description: 'Committee admin: deletes one document.',
      params: idParam,
      response: { 200: messageBody },
    },
    handler: (req) => service.deleteDocuments(req.deps, actorOf(req), null, [req.params.id]),
  });
}
