import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationLinkQuery,
  activationRequest,
  activeUser as activeUserSchema,
  changePasswordRequest,
  loginRequest,
  loginResponse,
  manageRemindRequest,
  messageBody,
  registrationFormRequest,
  rememberedDeviceList,
  resetLinkQuery,
  resetRequest,
  setPasswordRequest,
  setupCodeRequest,
  TWO_FACTOR,
  twoFactorVerifyRequest,
  twoFactorVerifyResponse,
} from '@portal/shared';
import { actorOf, bearerToken } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import * as service from './auth.service.js';
import { hotResponse } from '../../platform/serializer.js';

export const REMEMBER_COOKIE = 'remember_me';
const tag = { tags: ['Sign-in'] };

export function clientInfo(req: FastifyRequest): service.ClientInfo {
  const raw = req.cookies[REMEMBER_COOKIE];
  const unsigned = raw ? req.unsignCookie(raw) : null;
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    rememberCookie: unsigned?.valid ? unsigned.value : null,
  };
}

export function setRememberCookie(deps: Deps, reply: FastifyReply, value: string) {
  reply.setCookie(REMEMBER_COOKIE, value, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.appUrl.startsWith('https:'),
    path: '/api',
    maxAge: TWO_FACTOR.rememberMeDays * 24 * 60 * 60,
  });
}

export async function authRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  /** Per-address limits on the calls that guess or send: a second line behind the per-account lockout. */
  const strict = (max: number) => ({
    rateLimit: { max: Math.ceil(max * deps.config.rateLimitFactor), timeWindow: '1 minute' },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/login', {
    config: { auth: 'none', ...strict(20) },
    schema: { ...tag, body: loginRequest, response: { 200: loginResponse } },
    handler: (req) => service.login(req.deps, req.body, clientInfo(req)),
  });

  r.get('/activeuser', {
    config: { action: 'auth.session.view' },
    ...hotResponse(deps.config.checkResponses),
    schema: { ...tag, response: { 200: activeUserSchema } },
    handler: (req) => service.activeUser(req.deps, actorOf(req)),
  });

  r.get('/logout', {
    config: { action: 'auth.session.end', auth: 'twofactor' },
    schema: {
      ...tag,
      description: 'Ends the session, and the remember-me of this browser.',
      response: { 200: messageBody },
    },
    handler: async (req, reply) => {
      const result = await service.logout(req.deps, actorOf(req), clientInfo(req));
      reply.clearCookie(REMEMBER_COOKIE, { path: '/api' });
      return result;
    },
  });

  r.get('/twofactor/devices', {
    config: { action: 'auth.session.view' },
    schema: {
      ...tag,
      description: 'The browsers remembered for 15 days (no code at sign-in); `current` is this one.',
      response: { 200: rememberedDeviceList },
    },
    handler: (req) => service.listRememberedDevices(req.deps, actorOf(req), clientInfo(req)),
  });

  r.delete('/twofactor/devices/:id', {
    config: { action: 'auth.session.view' },
    schema: {
      ...tag,
      description: "'Forget': that browser asks for a code at its next sign-in.",
      params: z.object({ id: z.uuid() }),
      response: { 200: messageBody },
    },
    handler: (req) => service.forgetRememberedDevice(req.deps, actorOf(req), req.params.id),
  });

  r.post('/twofactor/verify', {
    config: { action: 'auth.session.view', auth: 'twofactor', ...strict(30) },
    schema: { ...tag, body: twoFactorVerifyRequest, response: { 200: twoFactorVerifyResponse } },
    handler: async (req, reply) => {
      const result = await service.verifyCode(req.deps, actorOf(req), bearerToken(req)!, req.body, clientInfo(req));
      if (result.rememberCookie) setRememberCookie(deps, reply, result.rememberCookie);
      return { message: result.message, token: result.token };
    },
  });

  r.get('/twofactor/sendSms', {
    config: { action: 'auth.session.view', auth: 'twofactor', ...strict(10) },
    schema: { ...tag, response: { 200: messageBody } },
    handler: (req) => service.resendLoginCode(req.deps, actorOf(req), 'sms'),
  });

  r.get('/twofactor/send2faCodeOnEmail', {
    config: { action: 'auth.session.view', auth: 'twofactor', ...strict(10) },
    schema: { ...tag, response: { 200: messageBody } },
    handler: (req) => service.resendLoginCode(req.deps, actorOf(req), 'email'),
  });

  r.post('/twofactor/manageRemind', {
    config: { action: 'auth.session.view', auth: 'twofactor' },
    schema: { ...tag, body: manageRemindRequest, response: { 200: messageBody } },
    handler: (req) => service.manageRemind(req.deps, actorOf(req), req.body.remind_me),
  });

  r.post('/twofactor/send2fasetupcode', {
    config: { action: 'auth.twofactor.setup', ...strict(10) },
    schema: { ...tag, body: setupCodeRequest, response: { 200: messageBody } },
    handler: (req) => service.sendSetupCode(req.deps, actorOf(req), req.body.data),
  });

  r.post('/user-requests-reset-password', {
    config: { auth: 'none', ...strict(10) },
    schema: { ...tag, body: resetRequest, response: { 200: messageBody } },
    handler: (req) => service.requestPasswordReset(req.deps, req.body.email, clientInfo(req)),
  });

  r.get('/set-password/check', {
    config: { auth: 'none', ...strict(10) },
    schema: {
      ...tag,
      description: 'Whether a reset link still works (used, expired or forged links answer 400), without using it.',
      querystring: resetLinkQuery,
      response: { 200: messageBody },
    },
    handler: (req) => service.checkResetLink(req.deps, req.query.token, req.query.signature),
  });

  r.post('/set-password', {
    config: { auth: 'none', ...strict(10) },
    schema: {
      ...tag,
      description: 'The signed call of a reset link: the url and signature come from the emailed link.',
      querystring: resetLinkQuery,
      body: setPasswordRequest,
      response: { 200: messageBody },
    },
    handler: (req) => service.setPasswordFromLink(req.deps, req.query.token, req.query.signature, req.body.password),
  });

  r.get('/activation/check', {
    config: { auth: 'none', ...strict(10) },
    schema: {
      ...tag,
      description:
        'Whether an activation link still works (used, expired or unknown tokens answer 400), without using it.',
      querystring: activationLinkQuery,
      response: { 200: messageBody },
    },
    handler: (req) => service.checkActivationLink(req.deps, req.query.token),
  });

  r.post('/activation', {
    config: { auth: 'none', ...strict(10) },
    schema: { ...tag, body: activationRequest, response: { 200: messageBody } },
    handler: (req) => service.activate(req.deps, req.body),
  });

  r.post('/change-password', {
    config: { action: 'auth.password.change', ...strict(10) },
    schema: { ...tag, body: changePasswordRequest, response: { 200: messageBody } },
    handler: (req) => service.changePassword(req.deps, actorOf(req), req.body),
  });

  r.post('/register/request-form', {
    config: { auth: 'none', ...strict(5) },
    schema: { ...tag, body: registrationFormRequest, response: { 200: messageBody } },
    handler: (req) => service.requestRegistrationForm(req.deps, req.body.email, clientInfo(req)),
  });
}
