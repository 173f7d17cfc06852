import { describe, expect, it } from 'vitest';
import { presentTree } from './publications.present.js';
import type { CategoryRow } from './publications.queries.js';

const row = (id: number, name: string, parentId: number | null, position = 0) =>
  ({ id, name, parentId, position }) as CategoryRow;
// Two roots in the order given; a category under a subcategory belongs to no root's children.
const categories = [
  row(1, 'General', null),
  row(2, 'Newsletters', null),
  row(3, 'Forms', 1),
  row(4, 'Fees', 1),
  row(5, 'Annual', 2),
  row(6, 'Deep', 3),
];

describe('presentTree', () => {
  it('groups subcategories under their roots, with the flags and the root all-of flags', () => {
    const tree = presentTree(categories, [
      { categoryId: 3, notify: true },
      { categoryId: 4, notify: true },
      { categoryId: 5, notify: false },
    ]);
    expect(tree).toEqual([
      {
        id: 1,
        name: 'General',
        parent_id: null,
        isSubscribe: true,
        isNotify: true,
        children: [
          { id: 3, name: 'Forms', parent_id: 1, isSubscribe: true, isNotify: true },
          { id: 4, name: 'Fees', parent_id: 1, isSubscribe: true, isNotify: true },
        ],
      },
      {
        id: 2,
        name: 'Newsletters',
        parent_id: null,
        isSubscribe: true,
        isNotify: false,
        children: [{ id: 5, name: 'Annual', parent_id: 2, isSubscribe: true, isNotify: false }],
      },
    ]);
  });

  it('keeps only what is subscribed, with counts, and a root stays unsubscribed while a child is not', () => {
    const tree = presentTree(categories, [{ categoryId: 4, notify: false }], [{ categoryId: 4, count: 7 }], true);
    expect(tree).toEqual([
      {
        id: 1,
        name: 'General',
        parent_id: null,
        isSubscribe: false,
        isNotify: false,
        children: [{ id: 4, name: 'Fees', parent_id: 1, isSubscribe: true, isNotify: false, publication_count: 7 }],
      },
    ]);
    // Counts default to 0; a root without subcategories is neither subscribed nor notified.
    const all = presentTree([...categories, row(7, 'Empty', null)], [], []);
    expect(all[0]!.children.map((c) => c.publication_count)).toEqual([0, 0]);
    expect(all[2]).toMatchObject({ id: 7, isSubscribe: false, isNotify: false, children: [] });
  });
});
