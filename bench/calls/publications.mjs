/** Publications on the data of `npm run generate:publications`, as bench-pub-1. */
export const database = 'portal_bench_pub';
export const emails = ['bench-pub-1@bench.test'];
export async function calls(portalUrl, [token]) {
  return [
    { call: 'publications', role: 'AR', token, path: '/publications' },
    { call: 'categories (card)', role: 'AR', token, path: '/categories?withPublication=true&subscribed=true' },
    { call: 'categories (tree)', role: 'AR', token, path: '/categories?withPublication=true' },
  ];
}
