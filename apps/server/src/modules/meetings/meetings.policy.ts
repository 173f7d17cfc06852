import { sql, type SQL } from 'drizzle-orm';
import { committeeMembers, committees, meetingFolderMembers, meetingFolders } from '../../db/schema/index.js';
import { RuleSet, type UserRef } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';

/**
 * Meeting folders and documents (docs/DECISIONS.md "Meeting folder access"):
 * - only members of a committee see anything of its meetings (anyone else: 404);
 * - a folder without direct members is open to every member of its committee; a folder with
 *   direct members is open to them and the committee admin only;
 * - a sub folder is also held to its root: a member must pass both folders' rules;
 * - documents are seen through their folder; the committee admin sees every folder;
 * - the committee admin creates, restricts and deletes folders, uploads and deletes documents.
 *
 * The rule is written once as SQL (`folderVisible`), used by every list, search, recent list,
 * download and zip, and by the queries that load one folder (its `visible` fact), so no folder is
 * judged by another road.
 */

export const isMemberOf = (actor: Actor, committeeId: number) => actor.committees.some((c) => c.id === committeeId);
export const isAdminOf = (actor: Actor, committeeId: number) =>
  actor.committees.some((c) => c.id === committeeId && c.admin);

/** True when the folder (id given as SQL) has no direct members, or the user is one of them. */
const folderOpenTo = (me: UserRef, folderId: SQL | unknown): SQL =>
  sql`(not exists (select 1 from ${meetingFolderMembers} where ${meetingFolderMembers.folderId} = ${folderId}) or exists (select 1 from ${meetingFolderMembers} where ${meetingFolderMembers.folderId} = ${folderId} and ${meetingFolderMembers.userId} = ${me}))`;

/**
 * The access rule of a folder, given its id, its parent's id and its committee's id as SQL
 * (columns): the user is a member of the committee, and is its admin or passes the folder's rule
 * and its root's.
 */
export function folderVisible(me: UserRef, folderId: unknown, parentId: unknown, committeeId: unknown): SQL {
  return sql`(exists (select 1 from ${committeeMembers} where ${committeeMembers.committeeId} = ${committeeId} and ${committeeMembers.userId} = ${me}) and (exists (select 1 from ${committees} where ${committees.id} = ${committeeId} and ${committees.adminId} = ${me}) or (${folderOpenTo(me, folderId)} and (${parentId} is null or ${folderOpenTo(me, parentId)}))))`;
}

/**
 * What a meeting record's query says: its committee, and whether `folderVisible` holds for the
 * actor (for a committee itself: true; membership is judged from the actor).
 */
export interface MeetingFacts {
  committeeId: number;
  visible: boolean;
}

const sees = (actor: Actor, r: MeetingFacts) => r.visible && isMemberOf(actor, r.committeeId);
const adminOnly = (actor: Actor, r: MeetingFacts) => isAdminOf(actor, r.committeeId);

/** The area's access rules, listed in its module descriptor (index.ts). */
export const meetingsRules = new RuleSet();

meetingsRules.define<MeetingFacts>({
  // Lists of folders and of documents (recent, search, a zip) keep the rows whose folder is visible.
  'meetings.folder.list': {
    sees,
    scope: (_actor, me) => folderVisible(me, meetingFolders.id, meetingFolders.parentId, meetingFolders.committeeId),
    scopeKey: () => 'visible',
  },
  'meetings.folder.manage': { sees, may: adminOnly },
  'meetings.document.upload': { sees, may: adminOnly },
  'meetings.document.delete': { sees, may: adminOnly },
  // Documents are listed through their folders (the recent list, the search, a zip): their lists
  // take the folders' rule above, tested once a folder (meetings.queries.ts inVisibleFolders).
  'meetings.document.download': { sees },
});
