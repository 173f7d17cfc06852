import { and, eq, gt, sql } from 'drizzle-orm';
import { currentRoleOf, isRole, type Role } from '@portal/shared';
import type { Db } from '../db/client.js';
import { committeeMembers, committees, sessions, userRoles, users } from '../db/schema/index.js';
import { statement } from './prepared.js';

/**
 * The user columns a request needs: who they are, for presenting them and for the second factor.
 * Never the password hash (changing a password reads it on its own), nor the address.
 */
const actorUserColumns = {
  id: users.id,
  resourceId: users.resourceId,
  email: users.email,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  title: users.title,
  mobileNumber: users.mobileNumber,
  activated: users.activated,
  tfMobileNumber: users.tfMobileNumber,
  tfCompleted: users.tfCompleted,
  tfRemind: users.tfRemind,
};

/** A committee the actor belongs to: admin when they are its admin, write when they may add discussions. */
export interface Membership {
  id: number;
  admin: boolean;
  write: boolean;
}

export interface ActorUser {
  id: number;
  resourceId: string | null;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  title: string | null;
  mobileNumber: string | null;
  activated: boolean;
  tfMobileNumber: string | null;
  tfCompleted: boolean;
  tfRemind: boolean;
}

/** Who is calling: their session, the user, every role they hold and their committee memberships. */
export interface Actor {
  sessionId: string;
  stage: 'pending' | 'active';
  user: ActorUser;
  roles: Role[];
  /** The role they look from: the one the client sent with the call (access.ts `viewing`), else their current role. */
  view: Role;
  committees: Membership[];
}

/**
 * The one statement of the authenticate hook: session, user, roles and memberships in one round
 * trip. Built by the same code for the server (prepared once per database) and for actorSql.
 */
function actorQuery(qb: Db, by: 'token' | 'session') {
  return qb
    .select({
      sessionId: sessions.id,
      stage: sessions.stage,
      user: actorUserColumns,
      roles: sql<
        string[] | null
      >`(select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id})`,
      committees: sql<
        Membership[] | null
      >`(select json_agg(json_build_object('id', ${committeeMembers.committeeId}, 'admin', coalesce(${committees.adminId} = ${users.id}, false), 'write', ${committeeMembers.canWrite})) from ${committeeMembers} inner join ${committees} on ${committees.id} = ${committeeMembers.committeeId} where ${committeeMembers.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        by === 'token' ? eq(sessions.tokenHash, sql.placeholder('key')) : eq(sessions.id, sql.placeholder('key')),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
}

/** Prepared once per database and form (platform/prepared.ts): every authenticated request runs it. */
const actorStatement = statement((db, { by }: { by: 'token' | 'session' }) => actorQuery(db as Db, by));

/**
 * The SQL text of the statement ($1 the token's SHA-256 hex or the session id, $2 the limit 1), for
 * the benchmark baseline (bench/baseline.mjs) to run exactly what the portal runs. Rendered when
 * asked, not when this module loads: the server never needs the text, and rendering it at import
 * was 20 ms of every start (Drizzle's builder running for the first time; bench/README.md).
 */
export const actorSql = (by: 'token' | 'session'): string => actorStatement.sqlOf({ by }).text;

/** The text the database's own builder renders (for the test that actorSql is the same). */
export const actorSqlOf = (db: Db, by: 'token' | 'session') => actorQuery(db, by).toSQL().sql;

/** The actor of a live session found by token hash or session id; null when none or not activated. */
export function findActor(db: Db, by: 'token' | 'session', key: string): Promise<Actor | null> {
  // A `then`, not an async function: every request asks this (bench/README.md, 2026-11-28).
  return actorStatement(db, { by }).execute({ key }).then(actorOfRows);
}

type ActorRow = Awaited<ReturnType<ReturnType<typeof actorQuery>['execute']>>[number];

function actorOfRows([row]: ActorRow[]): Actor | null {
  if (!row || !row.user.activated) return null;
  const roles = (row.roles ?? []).filter(isRole);
  return {
    sessionId: row.sessionId,
    stage: row.stage,
    user: row.user,
    roles,
    view: currentRoleOf(roles),
    committees: row.committees ?? [],
  };
}
