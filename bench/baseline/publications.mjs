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
  // Publications: the same SQL as modules/publications/publications.queries.ts (baseline-sql.mjs),
  // behind the reader-role check, written as the portal's answers. Reading publications needs a
  // reader role; the tree without them any signed-in user.
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

  // A listed publication as the portal writes it (PublicationItem): the array row written as its
  // object, the size a number (bigint: text from node-postgres), the time as the Date node-postgres
  // makes (JSON writes it as the portal's isoTime text), the root and the subcategory nested (the
  // rows were answered as arrays before: no keys, no nesting).
  const item = (r) => ({
    id: r[0],
    name: r[1],
    uri: r[2],
    updated_at: r[3],
    file_name: r[4],
    size: Number(r[5]),
    category: { id: r[6], name: r[7] },
    subcategory: { id: r[8], name: r[9] },
  });

  app.get('/publications', async (req, reply) => {
    if ((await reader(req, reply)) === null) return reply;
    const { page, limit, offset } = pageOf(req.query, 10);
    const [rows, count] = await Promise.all([
      q(PUBLICATION_PAGE, [limit, offset], 'array'),
      q(PUBLICATION_COUNT, [], 'array'),
    ]);
    return { data: rows.rows.map(item), total: count.rows[0][0], page, per_page: limit };
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
    return { data: rows.rows.map(item), total: count.rows[0][0], page, per_page: limit };
  });

  // The tree as the portal's presentTree builds it (CategoryTree): the roots in the categories'
  // order (position, name), each with its subcategories, the user's isSubscribe and isNotify on
  // each (a root's when every one of its subcategories has them), publication_count with
  // withPublication, and with subscribed only the subscribed subcategories and the roots holding
  // some. Before, the three statements' rows were answered as they came (no tree).
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
    // The subscriptions' notify flag by category ([category_id, notify]), the counts by category.
    const notifyOf = new Map();
    for (const [id, notify] of subs.rows) notifyOf.set(id, notify);
    const countOf = counts && new Map(counts.rows);
    // The roots ([id, name, parent_id, position] with no parent), each with its tallies.
    const roots = [];
    const rootOf = new Map();
    for (const [id, name, parentId] of categories.rows) {
      if (parentId !== null) continue;
      const root = {
        node: { id, name, parent_id: null, isSubscribe: false, isNotify: false, children: [] },
        all: 0,
        subscribed: 0,
        notify: 0,
      };
      roots.push(root);
      rootOf.set(id, root);
    }
    for (const [id, name, parentId] of categories.rows) {
      const root = parentId === null ? undefined : rootOf.get(parentId);
      if (!root) continue;
      const notify = notifyOf.get(id);
      root.all += 1;
      if (notify === undefined) {
        if (subscribed) continue;
      } else {
        root.subscribed += 1;
        if (notify) root.notify += 1;
      }
      root.node.children.push(
        countOf
          ? {
              id,
              name,
              parent_id: parentId,
              isSubscribe: notify !== undefined,
              isNotify: notify ?? false,
              publication_count: countOf.get(id) ?? 0,
            }
          : { id, name, parent_id: parentId, isSubscribe: notify !== undefined, isNotify: notify ?? false },
      );
    }
    const data = [];
    for (const { node, all, subscribed: held, notify } of roots) {
      node.isSubscribe = all > 0 && held === all;
      node.isNotify = all > 0 && notify === all;
      if (!subscribed || node.children.length > 0) data.push(node);
    }
    return { data };
  });
}
