import {
  fileKindOf,
  RESOURCE_MESSAGES,
  resourceReplaceFields,
  resourceUploadFields,
  type ResourceItem,
} from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { authorize } from '../../platform/access.js';
import type { Actor } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest, isUniqueViolation, notFound } from '../../platform/errors.js';
import { insertFiles, type StoredFile } from '../../platform/files.js';
import { storageOf } from '../../platform/storage/storage.js';
import type { StoredUpload, UploadUseCase } from '../../platform/uploads.js';
import './resources.policy.js';
import * as q from './resources.queries.js';

/** Where a resource's file is downloaded (a browser follows it with a download ticket). */
export const resourceUri = (id: number) => `/api/resources/${id}/file`;

export function presentResource(row: q.ResourceRow): ResourceItem {
  return {
    id: row.id,
    name: row.name,
    dateUpdated: row.updatedAt.toISOString(),
    url: resourceUri(row.id),
    typeIcon: fileKindOf(row.file.name),
    file_name: row.file.name,
    size: row.file.size,
  };
}

/** GET /resources/ta: the useful resources, most recently updated first. */
export async function listResources(deps: Deps, actor: Actor) {
  authorize(actor, 'resources.resource.list');
  return { data: (await q.listResources(deps.db)).map(presentResource) };
}

/** The file of one resource (404 when there is none). */
export async function readableFile(deps: Deps, actor: Actor, id: number): Promise<StoredFile> {
  authorize(actor, 'resources.resource.download');
  const [row] = await q.findResources(deps.db, [id]);
  if (!row) throw notFound();
  return row.file;
}

const duplicate = () =>
  badRequest(RESOURCE_MESSAGES.duplicateResource, { name: [RESOURCE_MESSAGES.duplicateResource] });

function onlyOne(uploads: StoredUpload[]): StoredUpload {
  if (uploads.length !== 1) throw badRequest('Send one file.', { files: ['Send one file.'] });
  return uploads[0]!;
}

async function presentOne(db: Db, id: number) {
  const [row] = await q.findResources(db, [id]);
  // Removed by a parallel request since it was saved.
  if (!row) throw notFound();
  return presentResource(row);
}

/** An admin's change of a resource, recorded in its transaction (`before` null: added; `after` null: removed). */
function audit(tx: Tx, deps: Deps, actor: Actor, id: number, before: unknown, after: unknown) {
  return recordAudit(tx, {
    action: 'admin.resource.manage',
    who: actor.user,
    ip: deps.ip,
    record: { type: 'resource', id },
    before,
    after,
  });
}

/** POST /admin/resources: multipart name, then the file. */
export function addUpload(
  deps: Deps,
  actor: Actor,
): UploadUseCase<typeof resourceUploadFields, { message: string; data: ResourceItem }> {
  return {
    fields: resourceUploadFields,
    precheck: async () => {
      authorize(actor, 'admin.resource.manage');
    },
    save: async (body, uploads) => {
      authorize(actor, 'admin.resource.manage');
      const upload = onlyOne(uploads);
      const id = await deps.db
        .transaction(async (tx) => {
          if (await q.lockByName(tx, body.name)) throw duplicate();
          const [file] = await insertFiles(tx, [upload], actor.user.id);
          const row = await q.insertResource(tx, { name: body.name, fileId: file!.id });
          await audit(tx, deps, actor, row.id, null, { name: body.name, file_id: file!.id });
          return row.id;
        })
        .catch((e: unknown) => {
          // Two saves of one new name at once: the unique index refuses the second, a duplicate like any other.
          throw isUniqueViolation(e) ? duplicate() : e;
        });
      return { message: RESOURCE_MESSAGES.resourceAdded, data: await presentOne(deps.db, id) };
    },
  };
}

/** POST /admin/resources/{id}: a new file (and optionally a new name); the old file goes. */
export function replaceUpload(
  deps: Deps,
  actor: Actor,
  id: number,
): UploadUseCase<typeof resourceReplaceFields, { message: string; data: ResourceItem }> {
  return {
    fields: resourceReplaceFields,
    precheck: async () => {
      authorize(actor, 'admin.resource.manage');
      authorize(actor, 'admin.resource.manage', (await q.findResources(deps.db, [id]))[0]);
    },
    save: async (body, uploads) => {
      authorize(actor, 'admin.resource.manage');
      const upload = onlyOne(uploads);
      const oldKey = await deps.db
        .transaction(async (tx) => {
          const row = authorize(actor, 'admin.resource.manage', await q.lockResource(tx, id));
          if (body.name) {
            const other = await q.lockByName(tx, body.name);
            if (other && other.id !== id) throw duplicate();
          }
          const [file] = await insertFiles(tx, [upload], actor.user.id);
          await q.updateResource(tx, id, { name: body.name ?? row.name, fileId: file!.id });
          await audit(
            tx,
            deps,
            actor,
            id,
            { name: row.name, file_id: row.fileId },
            { name: body.name ?? row.name, file_id: file!.id },
          );
          return q.deleteFileRow(tx, row.fileId);
        })
        .catch((e: unknown) => {
          // Two saves of one new name at once: the unique index refuses the second, a duplicate like any other.
          throw isUniqueViolation(e) ? duplicate() : e;
        });
      if (oldKey) await storageOf(deps).delete(oldKey);
      return { message: RESOURCE_MESSAGES.resourceReplaced, data: await presentOne(deps.db, id) };
    },
  };
}

/** DELETE /admin/resources/{id}: the row and its file. */
export async function removeResource(deps: Deps, actor: Actor, id: number) {
  authorize(actor, 'admin.resource.manage');
  const key = await deps.db.transaction(async (tx) => {
    const row = authorize(actor, 'admin.resource.manage', await q.lockResource(tx, id));
    await q.deleteResource(tx, id);
    await audit(tx, deps, actor, id, { name: row.name, file_id: row.fileId }, null);
    return q.deleteFileRow(tx, row.fileId);
  });
  if (key) await storageOf(deps).delete(key);
  return { message: RESOURCE_MESSAGES.resourceRemoved };
}

/**
 * The import's upsert of one resource by name: a new row, or the existing one's file replaced.
 * Answers the storage key of a replaced file, to remove after commit.
 */
export async function upsertImported(
  tx: Tx,
  name: string,
  upload: StoredUpload,
): Promise<{ inserted: boolean; oldKey: string | null }> {
  const [file] = await insertFiles(tx, [upload], null);
  const existing = await q.lockByName(tx, name);
  if (existing) {
    await q.updateResource(tx, existing.id, { name, fileId: file!.id });
    return { inserted: false, oldKey: await q.deleteFileRow(tx, existing.fileId) };
  }
  await q.insertResource(tx, { name, fileId: file!.id });
  return { inserted: true, oldKey: null };
}
