import type { CategoryNode, PublicationItem } from '@portal/shared';
import type { CategoryRow, PublicationRow } from './publications.queries.js';

/** Where a publication's file is downloaded (through a download ticket in the browser). */
export const fileUri = (id: number) => `/api/publications/${id}/file`;

export function presentPublication(row: PublicationRow): PublicationItem {
  return {
    id: row.id,
    name: row.name,
    uri: fileUri(row.id),
    updated_at: row.updatedAt.toISOString(),
    file_name: row.file.name,
    size: row.file.size,
    category: row.root,
    subcategory: row.sub,
  };
}

/**
 * The tree of categories with the user's subscription flags (and, when given, how many publications
 * each subcategory holds: the publications themselves are asked for a page at a time). A root's
 * isSubscribe is true when every subcategory is subscribed.
 */
export function presentTree(
  categories: CategoryRow[],
  subs: { categoryId: number; notify: boolean }[],
  counts?: { categoryId: number; count: number }[],
  onlySubscribed = false,
): CategoryNode[] {
  const subOf = new Map(subs.map((s) => [s.categoryId, s]));
  const countOf = new Map((counts ?? []).map((c) => [c.categoryId, c.count]));
  const roots = categories.filter((c) => c.parentId === null);
  return roots
    .map((r) => {
      const all = categories
        .filter((c) => c.parentId === r.id)
        .map((c) => ({
          id: c.id,
          name: c.name,
          parent_id: r.id,
          isSubscribe: subOf.has(c.id),
          isNotify: subOf.get(c.id)?.notify ?? false,
          ...(counts ? { publication_count: countOf.get(c.id) ?? 0 } : {}),
        }));
      const children = onlySubscribed ? all.filter((c) => c.isSubscribe) : all;
      return {
        id: r.id,
        name: r.name,
        parent_id: null,
        isSubscribe: all.length > 0 && all.every((c) => c.isSubscribe),
        isNotify: all.length > 0 && all.every((c) => c.isNotify),
        children,
      };
    })
    .filter((r) => !onlySubscribed || r.children.length > 0);
}
