import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { managerOf } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  arSites,
  calendarFeeds,
  committeeMembers,
  committees,
  facilities,
  oneTimeLinks,
  passkeys,
  recoveryCodes,
  rememberTokens,
  sessions,
  sites,
  subscriptions,
  totpFactors,
  userInfos,
  userRoles,
  users,
} from '../../db/schema/index.js';
import type { Scope } from '../../platform/access.js';
import { rolesOfUser, userHolds } from '../../platform/policy.js';
import { statement, withoutTotal } from '../../platform/prepared.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const MAX_WORDS = 10;

/** The users of the admin's scope and the list's kind (CM: holding CM), deleted users left out. */
const inList = (shape: { scope: Scope; cm: boolean }) =>
  and(isNull(users.deletedAt), shape.scope.where, shape.cm ? userHolds('CM') : undefined);

/** A user's card in the schema's order (userCard), written as it is (the route's `rowsShaped`). */
const card = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  roles: rolesOfUser,
  activated: users.activated,
};
const byName = [asc(users.lastName), asc(users.firstName), asc(users.id)];
const limit = sql.placeholder('limit');
const offset = sql.placeholder('offset');

/**
 * A page of the users within the admin's scope and the list's kind, read in the order of
 * users_live_name_idx until it is full; counted apart (`usersCount`).
 */
const usersPage = statement((db, shape: { scope: Scope; cm: boolean }) =>
  db
    .select(card)
    .from(users)
    .where(inList(shape))
    .orderBy(...byName)
    .limit(limit)
    .offset(offset),
);

/**
 * A page of a search (every word found in the name or the email), its shape the scope, the kind and
 * the number of words ($w0.. the words as LIKE patterns). Each row also carries the total: the
 * words are tested on every user's row either way, and counting apart would test them twice.
 */
const searchPage = statement((db, shape: { scope: Scope; cm: boolean; words: number }) =>
  db
    .select(extend(card, { total: sql<number>`(count(*) over ())::int` }))
    .from(users)
    .where(
      and(
        inList(shape),
        ...Array.from(
          { length: shape.words },
          (_, i) =>
            // The word lower-cased once a call (an InitPlan), as the column was when written:
            // the same test as `ilike`, which lower-cases both sides.
            sql`${users.searchText} like (select lower(${sql.placeholder(`w${i}`)}))`,
        ),
      ),
    )
    .orderBy(...byName)
    .limit(limit)
    .offset(offset),
);

/** How many users the list holds without a search: the live users' ids (users_live_idx) alone. */
const usersCount = statement((db, shape: { scope: Scope; cm: boolean }) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inList(shape)),
);

/** The list's statements, for the benchmark's baseline to run their SQL (bench/baseline-sql.mjs). */
export const userListStatements = { page: usersPage, count: usersCount, search: searchPage };

/** The search's words, at most ten, as the statement's LIKE patterns. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_WORDS).map(like);
}

export async function listUsers(
  db: Q,
  scope: Scope,
  opts: { cm: boolean; search?: string; page: number; perPage: number },
) {
  const words = searchWords(opts.search);
  const values: Record<string, unknown> = { limit: opts.perPage, offset: (opts.page - 1) * opts.perPage };
  if (words.length === 0) {
    const [rows, [count]] = await Promise.all([
      usersPage(db, { scope, cm: opts.cm }).execute(values),
      usersCount(db, { scope, cm: opts.cm }).execute({}),
    ]);
    return { rows, total: count?.n ?? 0 };
  }
  words.forEach((w, i) => (values[`w${i}`] = w));
  const rows = await searchPage(db, { scope, cm: opts.cm, words: words.length }).execute(values);
  return { rows: rows.map(withoutTotal), total: rows[0]?.total ?? 0 };
}

export type ManagedUserRow = Awaited<ReturnType<typeof findUser>> & object;

/** A user who is not deleted, with their roles and the admin role that manages them; null when none. */
export async function findUser(db: Q, id: number, lock = false) {
  const query = db
    .select({ user: users, roles: rolesOfUser })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  const [row] = await (lock ? query.for('update', { of: users }) : query);
  if (!row) return null;
  const { passwordHash: _p, ...user } = row.user;
  return extend(user, { roles: row.roles, handler: managerOf(row.roles) });
}

/** The sites they represent, by facility; their committees (admin, write); their subscriptions; an assessor's cards. */
export async function findUserParts(db: Q, userId: number) {
  const [siteRows, committeeRows, subscriptionRows, info] = await Promise.all([
    db
      .select({
        facilityNumber: facilities.facilityNumber,
        facilityName: facilities.name,
        siteId: sites.id,
        siteNumber: sites.siteNumber,
        siteName: sites.name,
      })
      .from(arSites)
      .innerJoin(sites, eq(sites.id, arSites.siteId))
      .innerJoin(facilities, eq(facilities.id, sites.facilityId))
      .where(eq(arSites.userId, userId))
      .orderBy(asc(facilities.facilityNumber), asc(sites.siteNumber)),
    db
      .select({
        id: committees.id,
        name: committees.name,
        admin: sql<boolean>`coalesce(${committees.adminId} = ${userId}, false)`,
        canWrite: committeeMembers.canWrite,
      })
      .from(committeeMembers)
      .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
      .where(eq(committeeMembers.userId, userId))
      .orderBy(asc(committees.name)),
    db
      .select({ id: subscriptions.categoryId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.categoryId)),
    db
      .select({ emails: userInfos.emails, phones: userInfos.phones, addresses: userInfos.addresses })
      .from(userInfos)
      .where(eq(userInfos.userId, userId)),
  ]);
  return { siteRows, committeeRows, subscriptions: subscriptionRows.map((s) => s.id), info: info[0] ?? null };
}

export async function updateUserRow(db: Q, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set(extend(values, { updatedAt: new Date() }))
    .where(eq(users.id, userId));
}

/** Sets exactly these roles. */
export async function replaceRoles(db: Q, userId: number, roles: string[]) {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), notInArray(userRoles.role, roles)));
  if (roles.length)
    await db
      .insert(userRoles)
      .values(roles.map((role) => ({ userId, role })))
      .onConflictDoNothing();
}

/** Represents exactly these sites. */
export async function replaceSites(db: Q, userId: number, siteIds: number[]) {
  await db
    .delete(arSites)
    .where(and(eq(arSites.userId, userId), siteIds.length ? notInArray(arSites.siteId, siteIds) : undefined));
  if (siteIds.length)
    await db
      .insert(arSites)
      .values(siteIds.map((siteId) => ({ userId, siteId })))
      .onConflictDoNothing();
}

/** Belongs to exactly these committees; kept memberships keep their forum write permission. */
export async function replaceCommittees(db: Q, userId: number, committeeIds: number[]) {
  await db
    .delete(committeeMembers)
    .where(
      and(
        eq(committeeMembers.userId, userId),
        committeeIds.length ? notInArray(committeeMembers.committeeId, committeeIds) : undefined,
      ),
    );
  if (committeeIds.length)
    await db
      .insert(committeeMembers)
      .values(committeeIds.map((committeeId) => ({ userId, committeeId })))
      .onConflictDoNothing();
  // A committee they no longer belong to has no admin rather than an admin outside it.
  await db
    .update(committees)
    .set({ adminId: null })
    .where(
      and(eq(committees.adminId, userId), committeeIds.length ? notInArray(committees.id, committeeIds) : undefined),
    );
}

/** Subscribes to exactly these subcategories; kept ones keep their notify switch. */
export async function replaceSubscriptions(db: Q, userId: number, categoryIds: number[]) {
  await db
    .delete(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        categoryIds.length ? notInArray(subscriptions.categoryId, categoryIds) : undefined,
      ),
    );
  if (categoryIds.length)
    await db
      .insert(subscriptions)
      .values(categoryIds.map((categoryId) => ({ userId, categoryId })))
      .onConflictDoNothing();
}

/**
 * Deletes a user's person, keeping the row others name (posts, documents, decisions, notices
 * sent): the name becomes the removed user's, every personal detail and way in is removed.
 */
export async function anonymiseUser(db: Q, userId: number, removedName: string) {
  await db
    .update(users)
    .set({
      email: `removed-${userId}@removed.invalid`,
      passwordHash: null,
      firstName: removedName,
      middleName: null,
      lastName: '',
      title: null,
      mobileNumber: null,
      address: null,
      suburb: null,
      state: null,
      country: null,
      postcode: null,
      resourceId: null,
      tfMobileNumber: null,
      activated: false,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.delete(committeeMembers).where(eq(committeeMembers.userId, userId));
  await db.update(committees).set({ adminId: null }).where(eq(committees.adminId, userId));
  await db.delete(arSites).where(eq(arSites.userId, userId));
  await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
  await db.delete(userInfos).where(eq(userInfos.userId, userId));
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await db.delete(oneTimeLinks).where(eq(oneTimeLinks.userId, userId));
  await db.delete(rememberTokens).where(eq(rememberTokens.userId, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Sets the forum write permission of one membership; false when they are not a member. */
export async function setForumWrite(db: Q, userId: number, committeeId: number, canWrite: boolean) {
  const rows = await db
    .update(committeeMembers)
    .set({ canWrite })
    .where(and(eq(committeeMembers.userId, userId), eq(committeeMembers.committeeId, committeeId)))
    .returning({ committeeId: committeeMembers.committeeId });
  return rows.length > 0;
}

/** The committee's name and the write flag as it was, for the record. */
export async function findMembership(db: Q, userId: number, committeeId: number) {
  const [row] = await db
    .select({ name: committees.name, canWrite: committeeMembers.canWrite })
    .from(committeeMembers)
    .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
    .where(and(eq(committeeMembers.userId, userId), eq(committeeMembers.committeeId, committeeId)));
  return row ?? null;
}
