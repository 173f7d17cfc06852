import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appVerifyRequest,
  messageBody,
  passkeyLoginRequest,
  passkeyLoginResponse,
  passkeyOptionsResponse,
  passkeyRegisterRequest,
  passkeyRenameRequest,
  reauthenticateRequest,
  codeFallbackRequest,
  recoveryCodesResponse,
  recoveryVerifyRequest,
  safeId,
  safeString,
  secondFactorStatus,
  totpConfirmRequest,
  totpSetupResponse,
  twoFactorVerifyResponse,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { clientInfo, setRememberCookie } from './auth.routes.js';
import * as service from './second-factors.service.js';
import { reauthenticate } from './auth.service.js';

const tag = { tags: ['Second factors'] };

/** Authenticator apps, passkeys and recovery codes, beside the spec's emailed and texted codes. */
export async function secondFactorRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  /** Per-address limits on calls that guess: a second line behind the per-sign-in and per-account counts. */
  const strict = (max: number) => ({
    rateLimit: { max: Math.ceil(max * deps.config.rateLimitFactor), timeWindow: '1 minute' },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/twofactor/factors', {
    config: { action: 'auth.secondFactor.manage' },
    schema: {
      ...tag,
      description: "The user's authenticator app, passkeys and recovery codes left.",
      response: { 200: secondFactorStatus },
    },
    handler: (req) => service.status(req.deps, actorOf(req)),
  });

  r.post('/twofactor/reauthenticate', {
    config: { action: 'auth.secondFactor.manage', ...strict(10) },
    schema: {
      ...tag,
      description:
        'The password again: for SECOND_FACTOR.reauthMinutes the session may change second factors (403 otherwise).',
      body: reauthenticateRequest,
      response: { 200: messageBody },
    },
    handler: (req) => reauthenticate(req.deps, actorOf(req), req.body.password),
  });

  r.post('/twofactor/app/setup', {
    config: { action: 'auth.secondFactor.manage', ...strict(10) },
    schema: {
      ...tag,
      description: 'A new secret and its QR code; in force once a code confirms it.',
      response: { 200: totpSetupResponse },
    },
    handler: (req) => service.startApp(req.deps, actorOf(req)),
  });

  r.post('/twofactor/app/confirm', {
    config: { action: 'auth.secondFactor.manage', ...strict(10) },
    schema: { ...tag, body: totpConfirmRequest, response: { 200: recoveryCodesResponse } },
    handler: (req) => service.confirmApp(req.deps, actorOf(req), req.body.code),
  });

  r.put('/twofactor/app/code-fallback', {
    config: { action: 'auth.secondFactor.manage' },
    schema: { ...tag, body: codeFallbackRequest, response: { 200: messageBody } },
    handler: (req) => service.setCodeFallback(req.deps, actorOf(req), req.body.enabled),
  });

  r.delete('/twofactor/app', {
    config: { action: 'auth.secondFactor.manage' },
    schema: { ...tag, response: { 200: messageBody } },
    handler: (req) => service.removeApp(req.deps, actorOf(req)),
  });

  r.post('/twofactor/recovery-codes', {
    config: { action: 'auth.secondFactor.manage', ...strict(10) },
    schema: {
      ...tag,
      description: 'Ten new recovery codes, shown once; the old ones stop working.',
      response: { 200: recoveryCodesResponse },
    },
    handler: (req) => service.regenerateRecoveryCodes(req.deps, actorOf(req)),
  });

  r.post('/twofactor/app/verify', {
    config: { action: 'auth.session.view', auth: 'twofactor', ...strict(30) },
    schema: {
      ...tag,
      description: "The sign-in's second step with the app's code.",
      body: appVerifyRequest,
      response: { 200: twoFactorVerifyResponse },
    },
    handler: async (req, reply) => {
      const result = await service.verifyApp(req.deps, actorOf(req), req.body, clientInfo(req));
      if (result.rememberCookie) setRememberCookie(deps, reply, result.rememberCookie);
      return { message: result.message, token: result.token };
    },
  });

  r.post('/twofactor/recovery/verify', {
    config: { action: 'auth.session.view', auth: 'twofactor', ...strict(30) },
    schema: {
      ...tag,
      description: "The sign-in's second step with a recovery code (each works once).",
      body: recoveryVerifyRequest,
      response: { 200: twoFactorVerifyResponse },
    },
    handler: async (req, reply) => {
      const result = await service.verifyRecovery(req.deps, actorOf(req), req.body, clientInfo(req));
      if (result.rememberCookie) setRememberCookie(deps, reply, result.rememberCookie);
      return { message: result.message, token: result.token };
    },
  });

  r.post('/twofactor/passkeys/options', {
    config: { action: 'auth.secondFactor.manage', ...strict(20) },
    schema: {
      ...tag,
      description: 'Options for navigator.credentials.create(), with the id of the stored challenge.',
      response: { 200: passkeyOptionsResponse },
    },
    handler: (req) => service.passkeyRegistrationOptions(req.deps, actorOf(req)),
  });

  r.post('/twofactor/passkeys', {
    config: { action: 'auth.secondFactor.manage', ...strict(20) },
    schema: { ...tag, body: passkeyRegisterRequest, response: { 200: recoveryCodesResponse } },
    handler: (req) => service.addPasskey(req.deps, actorOf(req), req.body),
  });

  r.put('/twofactor/passkeys/:id', {
    config: { action: 'auth.secondFactor.manage' },
    schema: {
      ...tag,
      params: z.object({ id: safeString().max(1000) }),
      body: passkeyRenameRequest,
      response: { 200: messageBody },
    },
    handler: (req) => service.renamePasskey(req.deps, actorOf(req), req.params.id, req.body.name),
  });

  r.delete('/twofactor/passkeys/:id', {
    config: { action: 'auth.secondFactor.manage' },
    schema: { ...tag, params: z.object({ id: safeString().max(1000) }), response: { 200: messageBody } },
    handler: (req) => service.removePasskey(req.deps, actorOf(req), req.params.id),
  });

  r.post('/passkey-login/options', {
    config: { auth: 'none', ...strict(20) },
    schema: {
      ...tag,
      description: 'A challenge for signing in with any passkey of this portal.',
      response: { 200: passkeyOptionsResponse },
    },
    handler: (req) => service.passkeySignInOptions(req.deps),
  });

  r.post('/passkey-login', {
    config: { auth: 'none', ...strict(20) },
    schema: {
      ...tag,
      description: 'Signs in with a passkey verified by its owner: both factors at once.',
      body: passkeyLoginRequest,
      response: { 200: passkeyLoginResponse },
    },
    handler: async (req, reply) => {
      const { rememberCookie, ...result } = await service.passkeySignIn(req.deps, req.body, clientInfo(req));
      if (rememberCookie) setRememberCookie(deps, reply, rememberCookie);
      return result;
    },
  });

  r.post('/admin/users/:id/second-factors/reset', {
    config: { action: 'admin.secondFactor.reset' },
    schema: {
      ...tag,
      description:
        "Removes a user's authenticator app, passkeys and recovery codes and mails them (SYSADMIN; TA_ADMIN for assessors).",
      params: z.object({ id: safeId() }),
      response: { 200: messageBody },
    },
    handler: (req) => service.resetSecondFactors(req.deps, actorOf(req), req.params.id),
  });
}
