/**
 * Meetings and the calendar on the data of `npm run generate:meetings`, as bench-cm-7 (a plain
 * member of Bench Committee 1): a folder's documents, the recent list, a month of events, a content
 * search and the ICS feed (the events of the last year on, 270 or so).
 */
export const database = 'portal_bench_meetings';
export const emails = ['bench-cm-7@bench.test'];
export async function calls(portalUrl, [token]) {
  const auth = { authorization: `Bearer ${token}` };
  const get = async (p) => (await fetch(`${portalUrl}/api${p}`, { headers: auth })).json();
  const cm = (await get('/activeuser')).committees.find((c) => c.name === 'Bench Committee 1').id;
  const root = (await get(`/committeerootfolders/${cm}`)).data[0].id;
  const sub = (await get(`/meetingfolders/${root}`)).data[0].id;
  // The personal feed's address (opened without the bearer token, which it ignores).
  const feed = new URL((await get('/calendar/feed')).url);
  const month = `start=${encodeURIComponent('2026-02-23 00:00:00')}&end=${encodeURIComponent('2026-04-06 00:00:00')}`;
  return [
    { call: 'meetingdocuments/recent', role: 'CM', token, path: `/meetingdocuments/recent/${cm}` },
    { call: 'meetingdocuments (folder)', role: 'CM', token, path: `/meetingdocuments?folderid=${sub}&per_page=500` },
    { call: 'events (a month)', role: 'CM', token, path: `/events?committee_id=${cm}&${month}` },
    {
      call: 'meetingdocuments/search',
      role: 'CM',
      token,
      path: `/meetingdocuments/search?cmid=${cm}&term=${encodeURIComponent('proficiency testing round')}`,
    },
    { call: 'calendar feed (ICS)', role: 'CM', token, path: feed.pathname.replace(/^\/api/, '') },
  ];
}
