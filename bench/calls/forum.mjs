/** The forum on the data of `npm run generate:forum`, as bench-cm-1 (admin of Bench Committee 1). */
export const database = 'portal_bench_forum';
export const emails = ['bench-cm-1@bench.test'];
export async function calls(portalUrl, [token]) {
  const auth = { authorization: `Bearer ${token}` };
  const get = async (p) => (await fetch(`${portalUrl}/api${p}`, { headers: auth })).json();
  const cm = (await get('/activeuser')).committees.find((c) => c.name === 'Bench Committee 1').id;
  // The committee's first thread, the one with 60 replies, is last of the last page.
  const thread = (await get(`/forumthreads?committeeid=${cm}&per_page=50&page=10`)).data.at(-1).id;
  const term = encodeURIComponent('calibration uncert');
  return [
    { call: 'forumthreads', role: 'CM', token, path: `/forumthreads?committeeid=${cm}` },
    { call: 'forumthread (50 replies)', role: 'CM', token, path: `/forumthreads/${thread}` },
    { call: 'forum/search', role: 'CM', token, path: `/forum/search?cmid=${cm}&term=${term}` },
    { call: 'members (first page)', role: 'CM', token, path: `/forum/members?cmid=${cm}` },
  ];
}
