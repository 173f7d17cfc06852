import {
  PAGE_SIZES,
  PUBLICATION_MESSAGES,
  publicationReplaceFields,
  publicationUploadFields,
  type CategoryNode,
  type PublicationItem,
} from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { authorize } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { emit } from '../../platform/events.js';
import { insertFiles, type StoredFile } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import type { StoredUpload, UploadUseCase } from '../../platform/uploads.js';
import './publications.policy.js';
import { presentPublication, presentTree } from './publications.present.js';
import * as q from './publications.queries.js';
import { extend } from '../../platform/objects.js';

/** GET /publications: the recently updated, 10 a page. */
export async function listRecent(deps: Deps, actor: Actor, page: number, perPage: number) {
  authorize(actor, 'publications.publication.list');
  const { rows, total } = await q.listRecent(deps.db, page, perPage);
  return { data: rows, total, page, per_page: perPage };
}

/** GET /admin/publications: the same list for the back office, which does not read publications as a member. */
export async function listForAdmin(deps: Deps, actor: Actor, page: number, perPage: number) {
  authorize(actor, 'admin.publication.manage');
  const { rows, total } = await q.listRecent(deps.db, page, perPage);
  return { data: rows, total, page, per_page: perPage };
}

/** The first publications for the dashboard card. */
export const DASHBOARD_ROWS = PAGE_SIZES.dashboard;

export async function getPublication(deps: Deps, actor: Actor, id: number): Promise<PublicationItem> {
  const [row] = await q.findPublications(deps.db, [id]);
  return presentPublication(authorize(actor, 'publications.publication.list', row));
}

export async function publicationsOfCategory(
  deps: Deps,
  actor: Actor,
  categoryId: number,
  page: number,
  perPage: number,
) {
  authorize(actor, 'publications.publication.list');
  const found = authorize(
    actor,
    'publications.publication.list',
    await q.publicationsOfCategory(deps.db, categoryId, page, perPage),
  );
  return { data: found.rows, total: found.total, page, per_page: perPage };
}

/** The files of these publications (404 when none exists); anyone who reads publications reads them all. */
export async function readableFiles(deps: Deps, actor: Actor, ids: number[]): Promise<StoredFile[]> {
  authorize(actor, 'publications.publication.download');
  const rows = await q.findPublications(deps.db, ids);
  if (rows.length === 0) throw notFound();
  return rows.map((r) => r.file);
}

/** The categories tree with the user's subscription flags (withPublication: and the publications). */
export async function categoryTree(
  deps: Deps,
  actor: Actor,
  opts: { withPublication: boolean; subscribed: boolean },
): Promise<CategoryNode[]> {
  authorize(actor, 'publications.subscription.update');
  if (opts.withPublication) authorize(actor, 'publications.publication.list');
  const [categories, subs, counts] = await Promise.all([
    q.allCategories(deps.db),
    q.subscriptionsOf(deps.db, actor.user.id),
    opts.withPublication ? q.publicationCounts(deps.db, opts.subscribed ? actor.user.id : null) : undefined,
  ]);
  return presentTree(categories, subs, counts, opts.subscribed);
}

export async function parentCategories(deps: Deps, actor: Actor) {
  authorize(actor, 'publications.subscription.update');
  const categories = await q.allCategories(deps.db);
  return { data: categories.filter((c) => c.parentId === null).map((c) => ({ id: c.id, name: c.name })) };
}

export async function category(deps: Deps, actor: Actor, id: number) {
  authorize(actor, 'publications.subscription.update');
  const tree = await categoryTree(deps, actor, { withPublication: false, subscribed: false });
  for (const root of tree) {
    if (root.id === id) return root;
    const child = root.children.find((c) => c.id === id);
    if (child) return extend(child, { parent_id: root.id });
  }
  throw notFound();
}

/** A root id stands for its subcategories; an unknown id is refused (400). */
async function subcategoryIds(db: Db | Tx, ids: number[]): Promise<number[]> {
  const categories = await q.allCategories(db);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const out = new Set<number>();
  for (const id of ids) {
    const c = byId.get(id);
    if (!c)
      throw badRequest(PUBLICATION_MESSAGES.unknownCategory, { category_ids: [PUBLICATION_MESSAGES.unknownCategory] });
    if (c.parentId !== null) {
      out.add(c.id);
      continue;
    }
    for (const child of categories) if (child.parentId === c.id) out.add(child.id);
  }
  return [...out];
}

/**
 * POST /subscriptions: subscribe to these categories; with type=notification, turn notify on for
 * them instead, which needs every one of them subscribed (400 otherwise, nothing changed).
 */
export async function subscribe(deps: Deps, actor: Actor, ids: number[], type: 'notification' | undefined) {
  authorize(actor, 'publications.subscription.update');
  await deps.db.transaction(async (tx) => {
    const subIds = await subcategoryIds(tx, ids);
    if (type === 'notification') {
      const changed = await q.setNotify(tx, actor.user.id, subIds, true);
      if (changed !== subIds.length)
        throw badRequest(PUBLICATION_MESSAGES.notifyNeedsSubscription, {
          category_ids: [PUBLICATION_MESSAGES.notifyNeedsSubscription],
        });
    } else {
      await q.subscribe(tx, actor.user.id, subIds);
    }
  });
  const message = type === 'notification' ? PUBLICATION_MESSAGES.notifySaved : PUBLICATION_MESSAGES.subscriptionsSaved;
  return { message, data: await categoryTree(deps, actor, { withPublication: false, subscribed: false }) };
}

/** DELETE /subscriptions/{ids}: unsubscribe (notify goes with the subscription); type=notification: notify off. */
export async function unsubscribe(deps: Deps, actor: Actor, ids: number[], type: 'notification' | undefined) {
  authorize(actor, 'publications.subscription.update');
  await deps.db.transaction(async (tx) => {
    const subIds = await subcategoryIds(tx, ids);
    if (type === 'notification') await q.setNotify(tx, actor.user.id, subIds, false);
    else await q.unsubscribe(tx, actor.user.id, subIds);
  });
  const message = type === 'notification' ? PUBLICATION_MESSAGES.notifySaved : PUBLICATION_MESSAGES.subscriptionsSaved;
  return { message, data: await categoryTree(deps, actor, { withPublication: false, subscribed: false }) };
}

// ---- The body's back office: add, replace, remove (SYSADMIN), and the import's upsert. ----

async function publish(tx: Tx, row: { id: number; name: string }, sub: q.CategoryRow, replaced: boolean) {
  const root = sub.parentId !== null ? await q.findCategory(tx, sub.parentId) : undefined;
  await emit(tx, 'publications.publication.published', {
    publication: { id: row.id, name: row.name },
    category: { id: sub.id, name: sub.name, rootName: root?.name ?? '' },
    replaced,
  });
}

async function presentOne(db: Db, id: number) {
  const [row] = await q.findPublications(db, [id]);
  return presentPublication(row!);
}

/** An admin's change of a publication, recorded in its transaction (`before` null: added; `after` null: removed). */
function audit(tx: Tx, deps: Deps, actor: Actor, id: number, before: unknown, after: unknown) {
  return recordAudit(tx, {
    action: 'admin.publication.manage',
    who: actor.user,
    ip: deps.ip,
    record: { type: 'publication', id },
    before,
    after,
  });
}

/** POST /admin/publications: multipart name, category_id (a subcategory), then the file. */
export function addUpload(
  deps: Deps,
  actor: Actor,
): UploadUseCase<typeof publicationUploadFields, { message: string; data: PublicationItem }> {
  return {
    fields: publicationUploadFields,
    precheck: async () => {
      authorize(actor, 'admin.publication.manage');
    },
    save: async (body, uploads) => {
      authorize(actor, 'admin.publication.manage');
      const upload = onlyOne(uploads);
      const id = await deps.db.transaction(async (tx) => {
        const sub = await q.lockSubcategory(tx, body.category_id);
        if (!sub)
          throw badRequest(PUBLICATION_MESSAGES.subcategoryRequired, {
            category_id: [PUBLICATION_MESSAGES.subcategoryRequired],
          });
        if (await q.nameTaken(tx, sub.id, body.name))
          throw badRequest(PUBLICATION_MESSAGES.duplicatePublication, {
            name: [PUBLICATION_MESSAGES.duplicatePublication],
          });
        const [file] = await insertFiles(tx, [upload], actor.user.id);
        const row = await q.insertPublication(tx, { name: body.name, categoryId: sub.id, fileId: file!.id });
        await audit(tx, deps, actor, row.id, null, { name: body.name, category_id: sub.id, file_id: file!.id });
        await publish(tx, row, sub, false);
        return row.id;
      });
      return { message: PUBLICATION_MESSAGES.publicationAdded, data: await presentOne(deps.db, id) };
    },
  };
}

function onlyOne(uploads: StoredUpload[]): StoredUpload {
  if (uploads.length !== 1) throw badRequest('Send one file.', { files: ['Send one file.'] });
  return uploads[0]!;
}

/** POST /admin/publications/{id}: a new file (and optionally a new name) for a publication. */
export function replaceUpload(
  deps: Deps,
  actor: Actor,
  id: number,
): UploadUseCase<typeof publicationReplaceFields, { message: string; data: PublicationItem }> {
  return {
    fields: publicationReplaceFields,
    precheck: async () => {
      authorize(actor, 'admin.publication.manage');
      authorize(actor, 'admin.publication.manage', (await q.findPublications(deps.db, [id]))[0]);
    },
    save: async (body, uploads) => {
      authorize(actor, 'admin.publication.manage');
      const upload = onlyOne(uploads);
      const oldKey = await deps.db.transaction(async (tx) => {
        const row = authorize(actor, 'admin.publication.manage', await q.lockPublication(tx, id));
        const sub = (await q.lockSubcategory(tx, row.categoryId))!;
        const name = body.name ?? row.name;
        if (body.name && (await q.nameTaken(tx, sub.id, name, id)))
          throw badRequest(PUBLICATION_MESSAGES.duplicatePublication, {
            name: [PUBLICATION_MESSAGES.duplicatePublication],
          });
        const [file] = await insertFiles(tx, [upload], actor.user.id);
        await q.updatePublication(tx, id, { name, fileId: file!.id });
        await audit(tx, deps, actor, id, { name: row.name, file_id: row.fileId }, { name, file_id: file!.id });
        const key = await q.deleteFileRow(tx, row.fileId);
        await publish(tx, { id, name }, sub, true);
        return key;
      });
      if (oldKey) await storageOf(deps).delete(oldKey);
      return { message: PUBLICATION_MESSAGES.publicationReplaced, data: await presentOne(deps.db, id) };
    },
  };
}

/** DELETE /admin/publications/{id}: the row and its file. */
export async function removePublication(deps: Deps, actor: Actor, id: number) {
  authorize(actor, 'admin.publication.manage');
  const key = await deps.db.transaction(async (tx) => {
    const row = authorize(actor, 'admin.publication.manage', await q.lockPublication(tx, id));
    await q.deletePublication(tx, id);
    await audit(tx, deps, actor, id, { name: row.name, category_id: row.categoryId, file_id: row.fileId }, null);
    return q.deleteFileRow(tx, row.fileId);
  });
  if (key) await storageOf(deps).delete(key);
  return { message: PUBLICATION_MESSAGES.publicationRemoved };
}

/**
 * The import's upsert of one publication (by subcategory and name): a new row, or the existing
 * one's file replaced. Answers the storage key of a replaced file, to remove after commit.
 */
export async function upsertImported(
  tx: Tx,
  row: { name: string; category: string; subcategory: string },
  upload: StoredUpload,
): Promise<{ inserted: boolean; oldKey: string | null }> {
  const sub = await q.ensureCategory(tx, row.category, row.subcategory);
  const [file] = await insertFiles(tx, [upload], null);
  const existing = await q.findByCategoryAndName(tx, sub.id, row.name);
  if (existing) {
    await q.updatePublication(tx, existing.id, { name: row.name, fileId: file!.id });
    const oldKey = await q.deleteFileRow(tx, existing.fileId);
    await publish(tx, { id: existing.id, name: row.name }, sub, true);
    return { inserted: false, oldKey };
  }
  const created = await q.insertPublication(tx, { name: row.name, categoryId: sub.id, fileId: file!.id });
  await publish(tx, created, sub, false);
  return { inserted: true, oldKey: null };
}
