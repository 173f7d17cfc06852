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
 *
 * The nodes are built field for field as the response schema (`categoryTree`), so the route writes
 * them with one JSON.stringify (`rowsShaped`); the categories are grouped by parent in one pass
 * (the subscriptions page asks for the tree on every visit).
 */
export function presentTree(
  categories: CategoryRow[],
  subs: { categoryId: number; notify: boolean }[],
  counts?: { categoryId: number; count: number }[],
  onlySubscribed = false,
): CategoryNode[] {
  const subOf = new Map<number, boolean>();
  for (const s of subs) subOf.set(s.categoryId, s.notify);
  const countOf = counts ? new Map<number, number>() : undefined;
  if (counts && countOf) for (const c of counts) countOf.set(c.categoryId, c.count);
  const roots: CategoryNode[] = [];
  const rootOf = new Map<number, { node: CategoryNode; all: number; subscribed: number; notify: number }>();
  for (const c of categories) {
    if (c.parentId !== null) continue;
    const node: CategoryNode = {
      id: c.id,
      name: c.name,
      parent_id: null,
      isSubscribe: false,
      isNotify: false,
      children: [],
    };
    roots.push(node);
    rootOf.set(c.id, { node, all: 0, subscribed: 0, notify: 0 });
  }
  for (const c of categories) {
    const root = c.parentId === null ? undefined : rootOf.get(c.parentId);
    if (!root) continue;
    const notify = subOf.get(c.id);
    root.all += 1;
    if (notify === undefined) {
      if (onlySubscribed) continue;
    } else {
      root.subscribed += 1;
      if (notify) root.notify += 1;
    }
    root.node.children.push(
      countOf
        ? {
            id: c.id,
            name: c.name,
            parent_id: root.node.id,
            isSubscribe: notify !== undefined,
            isNotify: notify ?? false,
            publication_count: countOf.get(c.id) ?? 0,
          }
        : {
            id: c.id,
            name: c.name,
            parent_id: root.node.id,
            isSubscribe: notify !== undefined,
            isNotify: notify ?? false,
          },
    );
  }
  const tree: CategoryNode[] = [];
  for (const node of roots) {
    const root = rootOf.get(node.id)!;
    node.isSubscribe = root.all > 0 && root.subscribed === root.all;
    node.isNotify = root.all > 0 && root.notify === root.all;
    if (!onlySubscribed || node.children.length > 0) tree.push(node);
  }
  return tree;
}
