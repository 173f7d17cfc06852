/** Publications on the data of `npm run generate:publications`, as bench-pub-1. */
export const database = 'portal_bench_pub';
export const emails = ['bench-pub-1@bench.test'];
export async function calls(portalUrl, [token]) {
  const tree = await (
    await fetch(`${portalUrl}/api/categories?withPublication=true`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  // A subcategory as full as any (200 publications at the scale data): its first page of 50, as the browser asks.
  const sub = tree.data
    .flatMap((r) => r.children)
    .reduce((a, b) => ((b.publication_count ?? 0) > (a.publication_count ?? 0) ? b : a));
  return [
    { call: 'publications', role: 'AR', token, path: '/publications' },
    { call: 'Recent Publications card', role: 'AR', token, path: '/publications?page=1&per_page=5' },
    { call: 'a category (50 of 200)', role: 'AR', token, path: `/publications/category/${sub.id}?page=1&per_page=50` },
    { call: 'categories (card)', role: 'AR', token, path: '/categories?withPublication=true&subscribed=true' },
    { call: 'categories (tree)', role: 'AR', token, path: '/categories?withPublication=true' },
  ];
}
