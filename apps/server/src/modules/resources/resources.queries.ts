import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { files, resources } from '../../db/schema/index.js';
import type { StoredFile } from '../../platform/files.js';
import { descIndexed } from '../../platform/order.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;

export type ResourceRow = { id: number; name: string; updatedAt: Date; fileId: number; file: StoredFile };

const base = (db: Q) =>
  db
    .select({
      id: resources.id,
      name: resources.name,
      updatedAt: resources.updatedAt,
      fileId: resources.fileId,
      file: files,
    })
    .from(resources)
    .innerJoin(files, eq(files.id, resources.fileId));

/** Every resource, most recently updated first (the body keeps a handful: no paging). */
export async function listResources(db: Q): Promise<ResourceRow[]> {
  return (await base(db)
    .orderBy(descIndexed(resources.updatedAt), descIndexed(resources.id))
    .limit(1000)) as ResourceRow[];
}

export async function findResources(db: Q, ids: number[]): Promise<ResourceRow[]> {
  if (ids.length === 0) return [];
  return (await base(db).where(inArray(resources.id, ids))) as ResourceRow[];
}

export async function lockResource(tx: Tx, id: number) {
  const [row] = await tx.select().from(resources).where(eq(resources.id, id)).for('update');
  return row;
}

/** The resource of this name (any case), locked: two saves of one name wait for each other. */
export async function lockByName(tx: Tx, name: string) {
  const [row] = await tx
    .select()
    .from(resources)
    .where(sql`lower(${resources.name}) = lower(${name})`)
    .for('update');
  return row;
}

export async function insertResource(tx: Tx, values: { name: string; fileId: number }) {
  const [row] = await tx.insert(resources).values(values).returning();
  return row!;
}

export async function updateResource(tx: Tx, id: number, values: { name?: string; fileId: number }) {
  await tx
    .update(resources)
    .set(extend(values, { updatedAt: sql`now()` }))
    .where(eq(resources.id, id));
}

export async function deleteResource(tx: Tx, id: number) {
  await tx.delete(resources).where(eq(resources.id, id));
}

/** Deletes a files row; answers its storage key, to remove after commit. */
export async function deleteFileRow(tx: Tx, fileId: number): Promise<string | null> {
  const [row] = await tx.delete(files).where(eq(files.id, fileId)).returning({ key: files.storageKey });
  return row?.key ?? null;
}
