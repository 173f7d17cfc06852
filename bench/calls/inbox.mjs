/**
 * A user's notifications and the admins' pending requests on the data of `npm run generate:inbox`:
 * bench-inbox-3 (AR, 30 notifications, 20 of them in the AR view), the demo's admin@ (SYSADMIN)
 * and taadmin@ (TA_ADMIN) among 5,000 pending requests.
 */
export const database = 'portal_bench_inbox';
export const emails = ['bench-inbox-3@bench.test', 'admin@portal.test', 'taadmin@portal.test'];
export async function calls(portalUrl, [reader, admin, taAdmin]) {
  const list = (view, type, perPage) =>
    `/user-requests?current_role=${view}&type=${type}&page=1&per_page=${perPage}&sort=created_at&direction=asc`;
  return [
    { call: 'notifications', role: 'AR', token: reader, path: '/notifications?count=20&role=AR' },
    { call: 'pending registrations', role: 'SYSADMIN', token: admin, path: list('SYSADMIN', 'create', 5) },
    { call: 'pending profile changes', role: 'TA_ADMIN', token: taAdmin, path: list('TA_ADMIN', 'update', 5) },
    { call: 'Outstanding Activities count', role: 'SYSADMIN', token: admin, path: list('SYSADMIN', 'update', 1) },
  ];
}
