/**
 * The admin back office on the scale data (`npm run generate`, then `npm run generate:audit`: 20,000
 * users, 1,000,000 audit rows): All Users as the SYSADMIN (role NONTA) and the TA admin (role TA),
 * the first page and a search by name, and the audit trail filtered by a user's email (text in
 * the name or email kept in the record), by their id and by a month, as the SYSADMIN.
 */
export const database = 'portal_bench';
export const emails = ['admin@portal.test', 'taadmin@portal.test'];
export async function calls(portalUrl, [admin, taAdmin]) {
  const name = encodeURIComponent('user 42');
  const email = 'bench-ta-4217@bench.test';
  const found = await fetch(`${portalUrl}/api/users?role=TA&search=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${taAdmin}` },
  });
  const userId = (await found.json()).data[0].id;
  return [
    { call: 'users, first page', role: 'SYSADMIN', token: admin, path: '/users?role=NONTA' },
    { call: 'users, search by name', role: 'SYSADMIN', token: admin, path: `/users?role=NONTA&search=${name}` },
    { call: 'users, first page', role: 'TA_ADMIN', token: taAdmin, path: '/users?role=TA' },
    { call: 'users, search by name', role: 'TA_ADMIN', token: taAdmin, path: `/users?role=TA&search=${name}` },
    {
      call: 'audit, by user',
      role: 'SYSADMIN',
      token: admin,
      path: `/audit?user=${encodeURIComponent(email)}`,
    },
    { call: 'audit, by user id', role: 'SYSADMIN', token: admin, path: `/audit?user=${userId}` },
    { call: 'audit, by days', role: 'SYSADMIN', token: admin, path: '/audit?from=2026-10-01&to=2026-10-31' },
  ];
}
