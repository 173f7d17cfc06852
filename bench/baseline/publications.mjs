/** The baseline's routes of the calls in bench/calls/publications.mjs: the portal's statements (baseline-sql.mjs) with raw pg. */
import {
  CATEGORIES,
  CATEGORY_BY_ID,
  CATEGORY_COUNT,
  CATEGORY_PAGE,
  PUBLICATION_COUNT,
  PUBLICATION_PAGE,
  SUBSCRIPTIONS_OF,
  publicationCounts,
} from '../baseline-sql.mjs';
import { q, actorRow, pageOf } from './core.mjs';

/** Registers the routes on the baseline's Fastify app. */
export function routes(app) {
  // Publications (issue 12): the same SQL as modules/publications/publications.queries.ts
  // (baseline-sql.mjs), behind the reader-role check; the rows are answered as they come, without
  // the portal's presenter (the tree is not built). Reading publications needs a reader role; the
  // tree without them any signed-in user.
  // Publications: the same SQL as modules/publications/publications.queries.ts (baseline-sql.mjs),
  // behind the reader-role check; the rows are answered as they come, without the portal's presenter
  // (the tree is not built). Reading publications needs a reader role; the tree without them any
  // signed-in user.
  const READERS = ['TA', 'AR', 'LA', 'CM'];
  async function reader(req, reply, readerOnly = true) {
    const row = await actorRow(req, reply);
    if (row === null) return null;
    if (readerOnly && !(row.at(-2) ?? []).some((r) => READERS.includes(r))) {
      reply.code(403).send({ message: 'Forbidden.' });
      return null;
    }
    return row[2];
  }

  app.get('/publications', async (req, reply) => {
    if ((await reader(req, reply)) === null) return reply;
    const { page, limit, offset } = pageOf(req.query, 10);
    const [rows, count] = await Promise.all([
      q(PUBLICATION_PAGE, [limit, offset], 'array'),
      q(PUBLICATION_COUNT, [], 'array'),
    ]);
    return { data: rows.rows, total: count.rows[0][0], page, per_page: limit };
  });

  app.get('/publications/category/:id', async (req, reply) => {
    if ((await reader(req, reply)) === null) return reply;
    const categoryId = Number(req.params.id);
    const { page, limit, offset } = pageOf(req.query, 50);
    const values = { categoryId, limit, offset };
    const [found, rows, count] = await Promise.all([
      q(CATEGORY_BY_ID, [categoryId], 'array'),
      q(CATEGORY_PAGE.text, CATEGORY_PAGE.values(values), 'array'),
      q(CATEGORY_COUNT.text, CATEGORY_COUNT.values(values), 'array'),
    ]);
    if (found.rowCount === 0) return reply.code(404).send({ message: 'Not found.' });
    return { data: rows.rows, total: count.rows[0][0], page, per_page: limit };
  });

  app.get('/categories', async (req, reply) => {
    const withPublication = req.query.withPublication === 'true';
    const me = await reader(req, reply, withPublication);
    if (me === null) return reply;
    const subscribed = req.query.subscribed === 'true';
    const [categories, subs, counts] = await Promise.all([
      q(CATEGORIES, [], 'array'),
      q(SUBSCRIPTIONS_OF, [me], 'array'),
      withPublication ? q(publicationCounts(subscribed), subscribed ? [me] : [], 'array') : null,
    ]);
    return { categories: categories.rows, subscriptions: subs.rows, counts: counts?.rows };
  });
}
