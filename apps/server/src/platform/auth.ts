import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@portal/shared';
import { findActor, type Actor, type ActorUser } from './actor.js';
import type { Deps } from './deps.js';
import { unauthorized } from './errors.js';
import { verifyDownloadTicket } from './downloads.js';
import { sha256 } from './tokens.js';

export type { Actor, ActorUser, Membership } from './actor.js';
/** The user as the authenticate statement loads it (platform/actor.ts): no password hash. */
export type User = ActorUser;

/**
 * Who may call a route: 'none' anyone, 'twofactor' a token before or after its second factor,
 * 'active' (the default) only a fully signed-in token, 'optional' anyone, with `req.actor` set when a
 * token is sent (which must then be a valid, fully signed-in one: the contact form's two variants).
 */
export type AuthLevel = 'none' | 'twofactor' | 'active' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** A file download: a signed ticket in `?dl=` may stand in for the bearer token (downloads.ts). */
    download?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

function actorWhere(deps: Deps, by: 'token' | 'session', key: string): Promise<Actor | null> {
  return findActor(deps.db, by, key);
}

export const loadActor = (deps: Deps, token: string) => actorWhere(deps, 'token', sha256(token));

/** The actor of a download ticket's session: still signed in, past its second factor. */
export async function loadActorOfSession(deps: Deps, sessionId: string): Promise<Actor | null> {
  const actor = await actorWhere(deps, 'session', sessionId);
  return actor?.stage === 'active' ? actor : null;
}

/** Resolves the bearer token of every /api route that asks for it (route config `auth`). */
export const authPlugin = fp<{ deps: Deps }>(async (app, { deps }) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    // Fastify builds a new routeOptions object at every read: read it once.
    const { url, config } = req.routeOptions;
    const level: AuthLevel = config?.auth ?? 'active';
    // Unmatched paths fall through to the 404 handler.
    if (!url || level === 'none' || !req.url.startsWith('/api/') || /^\/api\/docs(\/|\?|$)/.test(req.url)) return;
    const token = bearerToken(req);
    if (level === 'optional' && !token) return;
    let actor = token ? await loadActor(deps, token) : null;
    if (!token && config?.download) {
      const sessionId = verifyDownloadTicket(deps.config.secret, req.url);
      actor = sessionId ? await loadActorOfSession(deps, sessionId) : null;
    }
    if (!actor) throw unauthorized();
    if (actor.stage === 'pending' && level !== 'twofactor') throw unauthorized(MESSAGES.twoFactorPendingOnly);
    req.actor = actor;
  });
});

/** The actor of a route that required a token (the hook has already refused the others). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
