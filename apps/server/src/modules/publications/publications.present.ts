import type { CategoryNode, PublicationItem, PublicationLeaf } from '@portal/shared';
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
 * The tree of categories with the user's subscription flags (and, when given, the publications of
 * each subcategory). A root's isSubscribe is true when every subcategory is subscribed.
 */
export function presentTree(
  categories: CategoryRow[],
  subs: { categoryId: number; notify: boolean }[],
  leaves?: { id: number; name: string; updatedAt: Date; categoryId: number }[],
  onlySubscribed = false,
): CategoryNode[] {
  const subOf = new Map(subs.map((s) => [s.categoryId, s]));
  const leavesOf = new Map<number, PublicationLeaf[]>();
  for (const l of leaves ?? []) {
    const list = leavesOf.get(l.categoryId) ?? [];
    list.push({ id: l.id, name: l.name, updated_at: l.updatedAt.toISOString(), uri: `/api/publications/${l.id}/file` });
    leavesOf.set(l.categoryId, list);
  }
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
          ...(leaves ? { publications: leavesOf.get(c.id) ?? [] } : {}),
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
