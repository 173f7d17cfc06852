/**
 * What every route of the baseline shares: the pool and its named statements, and the portal's one
 * authenticate statement (its own actorSql, read from the sources: the baseline runs under tsx).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { actorSql } from '../../apps/server/src/platform/actor.ts';

// The portal's pool policy (db/client.ts): ten connections, min = max, so none is closed when idle.
// With pg-pool's default (closed after 10 s idle) the baseline's ten connections ended during the
// portal's turn in fixed-load.mjs, about 10 s after the baseline's own run, and PostgreSQL's work
// for them stalled the portal's last 100 ms; the baseline then opened ten new ones, cold, at its
// next run's start (bench/README.md, 2026-11-30, nineteenth session).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, min: 10 });
// Named statements: PostgreSQL plans each once per connection, as the portal's prepared ones.
const names = new Map();
const ACTOR_TOKEN_SQL = actorSql('token');
export const q = (text, values, rowMode) => {
  if (!names.has(text)) names.set(text, `b${names.size}`);
  return pool.query({ name: names.get(text), text, values, rowMode });
};

/**
 * The portal's one authenticate statement: session, user, roles and committees ($1 hash, $2 limit),
 * as an array row (the user's id at 2, the roles second to last, the committees last); null, with
 * the 401 sent, without a session.
 */
export async function actorRow(req, reply) {
  const token = (req.headers.authorization ?? '').slice(7);
  const s = await q(ACTOR_TOKEN_SQL, [createHash('sha256').update(token).digest('hex'), 1], 'array');
  if (s.rowCount === 0) {
    reply.code(401).send({ message: 'Unauthenticated.' });
    return null;
  }
  return s.rows[0];
}

export async function userOf(req, reply) {
  const row = await actorRow(req, reply);
  return row && row[2];
}

/** The actor, as the portal loads it; a committee is open when the actor's memberships (in the same row) hold it. */
export async function member(req, reply, committeeId) {
  const row = await actorRow(req, reply);
  if (row === null) return null;
  const committees = row.at(-1) ?? [];
  if (!committees.some((c) => c.id === committeeId)) {
    reply.code(404).send({ message: 'Not found.' });
    return null;
  }
  return row[2];
}

/** A statement of baseline-sql.mjs given as its text and values. */
export const run = ({ text, values }, rowMode) => q(text, values, rowMode);

/** The page, its size and offset of a list's query (`page`, `per_page`). */
export const pageOf = (query, perPage) => {
  const n = Number(query.per_page ?? perPage);
  return { page: Number(query.page ?? 1), limit: n, offset: (Number(query.page ?? 1) - 1) * n };
};
