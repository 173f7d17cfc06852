import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { files, meetingDocuments, meetingFolderMembers, meetingFolders } from '../../db/schema/index.js';
import { nameWords } from '../../modules/meetings/index.js';
import type { Storage } from '../../platform/storage/storage.js';
import { sql } from 'drizzle-orm';
import { next } from './sequence.js';

export type MeetingFolderRow = typeof meetingFolders.$inferSelect;

/** A meeting folder of a committee (a sub folder when parent is given), restricted to `members` when given. */
export async function makeMeetingFolder(
  db: Db,
  opts: { committee: { id: number }; parent?: { id: number }; name?: string; members?: { id: number }[] },
): Promise<MeetingFolderRow> {
  const [folder] = await db
    .insert(meetingFolders)
    .values({
      committeeId: opts.committee.id,
      parentId: opts.parent?.id ?? null,
      name: opts.name ?? `Folder ${next()}`,
    })
    .returning();
  if (opts.members?.length)
    await db.insert(meetingFolderMembers).values(opts.members.map((m) => ({ folderId: folder!.id, userId: m.id })));
  return folder!;
}

/** A meeting document in a folder, its bytes in storage (when given) and its name indexed (pending content). */
export async function makeMeetingDocument(
  db: Db,
  opts: {
    folder: MeetingFolderRow;
    name?: string;
    body?: Buffer;
    storage?: Storage;
    uploadedBy?: { id: number };
    updatedAt?: Date;
  },
) {
  const name = opts.name ?? `document-${next()}.txt`;
  const body = opts.body ?? Buffer.from(`The text of ${name}`);
  const stored = opts.storage
    ? await opts.storage.put(Readable.from([body]), { prefix: 'uploads' })
    : { key: `uploads/missing-${next()}`, size: body.length };
  const [file] = await db
    .insert(files)
    .values({
      storageKey: stored.key,
      name,
      size: stored.size,
      mimeType: 'application/octet-stream',
      uploadedBy: opts.uploadedBy?.id ?? null,
    })
    .returning();
  const [doc] = await db
    .insert(meetingDocuments)
    .values({
      folderId: opts.folder.id,
      committeeId: opts.folder.committeeId,
      fileId: file!.id,
      search: sql`setweight(to_tsvector('english', ${nameWords(name)}), 'A')`,
      ...(opts.updatedAt ? { updatedAt: opts.updatedAt } : {}),
    })
    .returning();
  return { ...doc!, file: file! };
}
