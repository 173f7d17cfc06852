import { and, eq, gt } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { currentRoleOf, isRole, MESSAGES, type Role } from '@portal/shared';
import { sessions, userRoles, users } from '../db/schema/index.js';
import type { Deps } from './deps.js';
import { forbidden, unauthorized } from './errors.js';
import { sha256 } from './tokens.js';

export type User = typeof users.$inferSelect;

export interface Actor {
  sessionId: string;
  stage: 'pending' | 'active';
  user: User;
  roles: Role[];
}

/**
 * Who may call a route: 'none' anyone, 'twofactor' a token before or after its second factor,
 * 'active' (the default) only a fully signed-in token.
 */
export type AuthLevel = 'none' | 'twofactor' | 'active';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
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

export async function loadActor(deps: Deps, token: string): Promise<Actor | null> {
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || !row.user.activated) return null;
  const roles = await deps.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, row.user.id));
  return {
    sessionId: row.session.id,
    stage: row.session.stage,
    user: row.user,
    roles: roles.map((r) => r.role).filter(isRole),
  };
}

/** Resolves the bearer token of every /api route that asks for it (route config `auth`). */
export const authPlugin = fp<{ deps: Deps }>(async (app, { deps }) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    const level: AuthLevel = req.routeOptions.config?.auth ?? 'active';
    // Unmatched paths fall through to the 404 handler.
    if (!req.routeOptions.url || level === 'none' || !req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    const token = bearerToken(req);
    const actor = token ? await loadActor(deps, token) : null;
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

/** A role sent by the client is accepted only when the user holds it (DECISIONS "API"). */
export function viewRole(actor: Actor, requested: string | undefined): Role {
  if (requested === undefined) return currentRoleOf(actor.roles);
  if (!isRole(requested) || !actor.roles.includes(requested)) throw forbidden(MESSAGES.roleNotHeld);
  return requested;
}
