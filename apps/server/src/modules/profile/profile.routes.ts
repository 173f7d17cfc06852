import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  competencyRemoveRequest,
  competencyUploadFields,
  competencyUploadResponse,
  idParam,
  messageBody,
  profile,
  profileChangeRequest,
  REQUEST_HANDLERS,
  safeString,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { authorize } from '../../platform/access.js';
import { downloaderOf, sendFile } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import { acceptUpload, multipartConfig, registerUploads } from '../../platform/uploads.js';
import * as service from './profile.service.js';

const tag = { tags: ['Registration and requests'] };
const roleQuery = z.object({ current_role: z.enum(REQUEST_HANDLERS).optional() });

/** The TA admin's calls answer 403 to anyone else, before the body is read. */
const taAdminOnly = (action: 'admin.competency.view' | 'admin.competency.review') => async (req: FastifyRequest) =>
  authorize(actorOf(req), action);

const linkAnswer = z.object({ data: z.object({ data: z.string() }) });
const flagAnswer = z.object({ data: z.boolean(), message: z.string() });

/** Admin calls answer 403 to anyone holding neither admin role, before the body is read. */
async function adminOnly(req: FastifyRequest) {
  authorize(actorOf(req), 'admin.request.enter');
}

export async function profileRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const strict = (max: number) => ({
    rateLimit: { max: Math.ceil(max * deps.config.rateLimitFactor), timeWindow: '1 minute' },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  await registerUploads(app, deps.config.maxUploadKb);
  const documentParam = z.object({ document: safeString().regex(/^[a-f0-9]{24}$/, 'Not a document name.') });

  r.get('/profile', {
    config: { action: 'profile.user.view' },
    schema: {
      ...tag,
      description: "The signed-in user's profile, facilities, committees and pending change.",
      response: { 200: profile },
    },
    handler: (req) => service.getProfile(req.deps, actorOf(req)),
  });

  r.post('/user-requests', {
    config: { action: 'profile.change.request', ...strict(10) },
    schema: {
      ...tag,
      description: 'A profile change, waiting for an admin. Stores only what differs.',
      body: profileChangeRequest,
      response: { 200: messageBody },
    },
    handler: (req) => service.requestProfileChange(req.deps, actorOf(req), req.body),
  });

  r.get('/activeuser/competencypdf', {
    config: { action: 'profile.competency.view' },
    schema: {
      ...tag,
      description:
        "The assessor's competency PDF: data.data is a signed URL to open. Missing: 404 with the spec's message.",
      response: { 200: linkAnswer },
    },
    handler: (req) => service.myCompetencyPdf(req.deps, actorOf(req)),
  });

  // A change of state: POST (what the web sends). The spec's GET answers the same for its API
  // clients (DECISIONS "Marking a profile up to date"); sessions are bearer tokens, so neither can be
  // sent by another site.
  for (const method of ['post', 'get'] as const)
    r[method]('/activeuser/markprofileuptodate', {
      config: { action: 'profile.competency.review' },
      schema: {
        ...tag,
        description: "Marks the assessor's profile up to date, once their competency PDF has been opened (audited).",
        response: { 200: flagAnswer },
      },
      handler: (req) => service.markMyProfileUpToDate(req.deps, actorOf(req)),
    });

  r.get('/admin/ta/competencypdf/:userId', {
    config: { action: 'admin.competency.view' },
    onRequest: taAdminOnly('admin.competency.view'),
    schema: { ...tag, params: z.object({ userId: idParam.shape.id }), response: { 200: linkAnswer } },
    handler: (req) => service.assessorCompetencyPdf(req.deps, actorOf(req), req.params.userId),
  });

  for (const method of ['post', 'get'] as const)
    r[method]('/admin/ta/markprofileuptodate/:id', {
      config: { action: 'admin.competency.review' },
      onRequest: taAdminOnly('admin.competency.review'),
      schema: { ...tag, params: idParam, response: { 200: flagAnswer } },
      handler: (req) => service.markAssessorUpToDate(req.deps, actorOf(req), req.params.id),
    });

  r.get('/competencies/:id', {
    config: { action: 'profile.competency.view', download: true },
    schema: {
      ...tag,
      description: 'A competency PDF (inline), through a download ticket or the bearer token.',
      params: idParam,
    },
    handler: async (req, reply) =>
      sendFile(
        reply,
        storageOf(deps),
        await service.competencyFile(req.deps, actorOf(req), req.params.id),
        'inline',
        downloaderOf(deps.db, req, 'competency_pdf'),
      ),
  });

  r.post('/user-requests/edittacompetencydoc', {
    config: { action: 'profile.competency.suggest', ...strict(20), ...multipartConfig(competencyUploadFields, 'file') },
    schema: {
      ...tag,
      description: `An assessor's suggested-changes document for their next profile change (multipart: fileName, then file; at most ${deps.config.maxUploadKb} KB). Replaces one uploaded and not sent. data.fileName goes into the change's competency.document.`,
      consumes: ['multipart/form-data'],
      response: { 200: competencyUploadResponse },
    },
    handler: (req) =>
      acceptUpload(req, storageOf(deps), deps.config.maxUploadKb, service.uploadSuggestion(req.deps, actorOf(req))),
  });

  r.post('/user-requests/removeUploadedCompetencySuggestDocument', {
    config: { action: 'profile.competency.suggest', ...strict(20) },
    schema: {
      ...tag,
      description: "Removes one's suggested-changes document not sent yet (fileName as the upload answered).",
      body: competencyRemoveRequest,
      response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
    },
    handler: (req) => service.removeSuggestion(req.deps, actorOf(req), req.body.fileName),
  });

  r.get('/admin/ta/competencysuggested/:document', {
    config: { action: 'admin.competencySuggestion.view' },
    onRequest: adminOnly,
    schema: {
      ...tag,
      description: "A change's suggested-changes document: data.data is a link to open (admins who see the change).",
      params: documentParam,
      querystring: roleQuery,
      response: { 200: linkAnswer },
    },
    handler: (req) => service.suggestionOfChange(req.deps, actorOf(req), req.params.document, req.query.current_role),
  });

  r.get('/competency-suggestions/:document', {
    config: { action: 'profile.competencySuggestion.download', download: true },
    schema: {
      ...tag,
      description:
        'A suggested-changes document (inline where the type allows), through a download ticket or the bearer token.',
      params: documentParam,
    },
    handler: async (req, reply) =>
      sendFile(
        reply,
        storageOf(deps),
        await service.suggestionFile(req.deps, actorOf(req), req.params.document),
        'inline',
        downloaderOf(deps.db, req, 'competency_suggestion'),
      ),
  });
}
