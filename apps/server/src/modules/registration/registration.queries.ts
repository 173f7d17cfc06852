import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { committees, facilities, publicationCategories, sites, userRequests, users } from '../../db/schema/index.js';
import { extend } from '../../platform/objects.js';

type Q = Db | Tx;

/** The wizard's facility lookup: the facility's number and name, and its sites' ids, numbers and names. */
export async function findFacilityLookup(db: Q, number: string) {
  const [f] = await db
    .select({ id: facilities.id, number: facilities.facilityNumber, name: facilities.name })
    .from(facilities)
    .where(eq(facilities.facilityNumber, number));
  if (!f) return null;
  const siteRows = await db
    .select({ id: sites.id, siteNumber: sites.siteNumber, name: sites.name })
    .from(sites)
    .where(eq(sites.facilityId, f.id))
    .orderBy(asc(sites.siteNumber));
  return extend(f, { sites: siteRows });
}

/** Facilities by number with their site ids (the registration's facilities, checked in one query). */
export async function findFacilitiesByNumbers(
  db: Q,
  numbers: string[],
): Promise<Map<string, { name: string; sites: Map<number, string> }>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select({
      number: facilities.facilityNumber,
      name: facilities.name,
      siteId: sites.id,
      siteNumber: sites.siteNumber,
      siteName: sites.name,
    })
    .from(facilities)
    .leftJoin(sites, eq(sites.facilityId, facilities.id))
    .where(inArray(facilities.facilityNumber, numbers));
  const byNumber = new Map<string, { name: string; sites: Map<number, string> }>();
  for (const r of rows) {
    const f = byNumber.get(r.number) ?? { name: r.name, sites: new Map() };
    if (r.siteId !== null) f.sites.set(r.siteId, `${r.siteNumber} - ${r.siteName}`);
    byNumber.set(r.number, f);
  }
  return byNumber;
}

export async function findCommitteesByIds(db: Q, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: committees.id, name: committees.name })
    .from(committees)
    .where(inArray(committees.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findUserIdByEmail(db: Q, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.id ?? null;
}

/** The address on file for an email typed in any case, or null when no account has it. */
export async function findAccountEmail(db: Q, email: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.email ?? null;
}

/** A new registration, waiting for the admin who handles it. */
export async function insertRegistration(db: Q, values: Omit<typeof userRequests.$inferInsert, 'type'>) {
  const [row] = await db
    .insert(userRequests)
    .values(extend(values, { type: 'create' }))
    .returning();
  return row!;
}

// ---------------------------------------------------------------- publication categories

/** Every publication category, roots first by position, for the wizard's step 4. */
export function listCategories(db: Q) {
  return db
    .select({
      id: publicationCategories.id,
      name: publicationCategories.name,
      parentId: publicationCategories.parentId,
    })
    .from(publicationCategories)
    .orderBy(asc(publicationCategories.position), asc(publicationCategories.name), asc(publicationCategories.id));
}

/** The subcategories these ids name: a subcategory itself, a root all of its children (as POST /subscriptions reads them). */
export async function subcategoriesOf(db: Q, ids: number[]): Promise<{ known: Set<number>; subcategories: number[] }> {
  if (ids.length === 0) return { known: new Set(), subcategories: [] };
  const rows = await db
    .select({ id: publicationCategories.id, parentId: publicationCategories.parentId })
    .from(publicationCategories)
    .where(sql`${inArray(publicationCategories.id, ids)} or ${inArray(publicationCategories.parentId, ids)}`);
  const known = new Set(rows.filter((r) => ids.includes(r.id)).map((r) => r.id));
  const subcategories = [
    ...new Set(
      rows.filter((r) => r.parentId !== null && (ids.includes(r.id) || ids.includes(r.parentId))).map((r) => r.id),
    ),
  ];
  return { known, subcategories };
}
