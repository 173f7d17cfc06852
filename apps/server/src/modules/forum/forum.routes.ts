import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  followChanged,
  followState,
  forumCategoryList,
  forumReplySaved,
  forumSearchQuery,
  forumSearchResults,
  forumThreadDetail,
  forumThreadList,
  forumThreadListQuery,
  forumThreadQuery,
  forumThreadSaved,
  idParam,
  LIMITS,
  memberList,
  memberListQuery,
  messageBody,
  threadCreateFields,
  threadUpdateFields,
  replyCreateFields,
  replyUpdateFields,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { downloaderOf, sendFile } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import { hotResponse } from '../../platform/serializer.js';
import { acceptUpload, multipartConfig, registerUploads } from '../../platform/uploads.js';
import * as service from './forum.service.js';

const tags = ['Forum'];
const downloadQuery = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });

/** The forum calls of spec/02 section 7 and the committee members list, under /api. */
export async function forumRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const maxKb = deps.config.maxUploadKb;
  // existingFiles[] may list every kept attachment of a post, beside the other fields.
  await registerUploads(app, maxKb, { fields: LIMITS.filesPerUploadMax * 2 + 10 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = storageOf(deps);
  // The discussion list, a discussion, the search and the members are what members ask for most;
  // their rows are built as the schema, field for field (forum.present.ts), so arrays are written whole.
  const hot = hotResponse(deps.config.checkResponses, { rowsShaped: true });
  const multipart = (fields: string) => ({
    tags,
    description: `multipart/form-data: ${fields}, then files[] (optional; each at most ${maxKb} KB).`,
    consumes: ['multipart/form-data'],
  });

  r.get(
    '/forumcategories',
    {
      config: { action: 'forum.category.list' },
      schema: { tags, response: { 200: forumCategoryList } },
    },
    (req) => service.listCategories(req.deps, actorOf(req)),
  );

  r.get('/forumthreads', {
    config: { action: 'forum.thread.list' },
    ...hot,
    schema: {
      tags,
      description:
        'A page of the committee’s discussions, latest activity first; abilities say whether the user may start one.',
      querystring: forumThreadListQuery,
      response: { 200: forumThreadList },
    },
    handler: (req) => service.listThreads(req.deps, actorOf(req), req.query),
  });

  r.get('/forumthreads/:id', {
    config: { action: 'forum.thread.view' },
    ...hot,
    schema: {
      tags,
      description: 'The discussion, a page of its replies (newest first) and every attachment.',
      params: idParam,
      querystring: forumThreadQuery,
      response: { 200: forumThreadDetail },
    },
    handler: (req) => service.getThread(req.deps, actorOf(req), req.params.id, req.query),
  });

  r.post('/forumthreads', {
    config: { action: 'forum.thread.create', ...multipartConfig(threadCreateFields, 'files[]', { optional: true }) },
    schema: {
      ...multipart('committeId, discussionTitle, categories (a category id), postContent (HTML), filesCount'),
      response: { 200: forumThreadSaved },
    },
    handler: (req) => acceptUpload(req, storage, maxKb, service.createThread(req.deps, actorOf(req))),
  });

  r.post('/forumthreads/:id', {
    config: { action: 'forum.thread.update', ...multipartConfig(threadUpdateFields, 'files[]', { optional: true }) },
    schema: {
      ...multipart(
        '_method=put, threadId, committeId, discussionTitle, categories, postContent, existingFiles[] (ids of the attachments kept; the others are removed), filesCount',
      ),
      params: idParam,
      response: { 200: forumThreadSaved },
    },
    handler: (req) => acceptUpload(req, storage, maxKb, service.updateThread(req.deps, actorOf(req), req.params.id)),
  });

  r.delete('/forumthreads/:id', {
    config: { action: 'forum.thread.delete' },
    schema: {
      tags,
      description: 'Deletes the discussion with its replies and attachments (files included): the author only.',
      params: idParam,
      response: { 200: messageBody },
    },
    handler: (req) => service.deleteThread(req.deps, actorOf(req), req.params.id),
  });

  r.post('/forumreply', {
    config: { action: 'forum.reply.create', ...multipartConfig(replyCreateFields, 'files[]', { optional: true }) },
    schema: {
      ...multipart('threadId, committeId, postContent (HTML), filesCount'),
      response: { 200: forumReplySaved },
    },
    handler: (req) => acceptUpload(req, storage, maxKb, service.createReply(req.deps, actorOf(req))),
  });

  r.post('/forumreply/:id', {
    config: { action: 'forum.reply.update', ...multipartConfig(replyUpdateFields, 'files[]', { optional: true }) },
    schema: {
      ...multipart('_method=put, replyId, committeId, postContent, existingFiles[] (ids kept), filesCount'),
      params: idParam,
      response: { 200: forumReplySaved },
    },
    handler: (req) => acceptUpload(req, storage, maxKb, service.updateReply(req.deps, actorOf(req), req.params.id)),
  });

  r.delete('/forumreply/:id', {
    config: { action: 'forum.reply.delete' },
    schema: {
      tags,
      description: 'Deletes the reply and its attachments: the author only.',
      params: idParam,
      response: { 200: messageBody },
    },
    handler: (req) => service.deleteReply(req.deps, actorOf(req), req.params.id),
  });

  r.get('/forumdocument/:id', {
    config: { action: 'forum.attachment.download', download: true },
    schema: {
      tags,
      description: 'An attachment’s file (through a download ticket in the browser).',
      params: idParam,
      querystring: downloadQuery,
      response: { 200: z.any().describe('the file') },
    },
    handler: async (req, reply) =>
      sendFile(
        reply,
        storage,
        await service.readableAttachment(req.deps, actorOf(req), req.params.id),
        req.query.disposition,
        downloaderOf(deps.db, req, 'forum_attachment'),
      ),
  });

  r.get(
    '/forum/isfollowing/:id',
    {
      config: { action: 'forum.thread.follow' },
      schema: { tags, params: idParam, response: { 200: followState } },
    },
    (req) => service.isFollowing(req.deps, actorOf(req), req.params.id),
  );
  r.get(
    '/forum/follow/:id',
    {
      config: { action: 'forum.thread.follow' },
      schema: { tags, params: idParam, response: { 200: followChanged } },
    },
    (req) => service.setFollowing(req.deps, actorOf(req), req.params.id, true),
  );
  r.get(
    '/forum/unfollow/:id',
    {
      config: { action: 'forum.thread.follow' },
      schema: { tags, params: idParam, response: { 200: followChanged } },
    },
    (req) => service.setFollowing(req.deps, actorOf(req), req.params.id, false),
  );

  r.get('/forum/search', {
    config: { action: 'forum.thread.list' },
    ...hot,
    schema: {
      tags,
      description:
        'Full-text search of the committee’s discussions and their replies, best first, with a highlighted snippet.',
      querystring: forumSearchQuery,
      response: { 200: forumSearchResults },
    },
    handler: (req) => service.search(req.deps, actorOf(req), req.query),
  });

  r.get('/forum/members', {
    config: { action: 'forum.member.list' },
    ...hot,
    schema: {
      tags: ['Members'],
      description: 'The committee’s members, 20 a page; search matches any word in name, title, phone or email.',
      querystring: memberListQuery,
      response: { 200: memberList },
    },
    handler: (req) => service.listMembers(req.deps, actorOf(req), req.query),
  });
}
