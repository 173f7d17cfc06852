import { login } from './login.mjs';

/**
 * The list calls the per-request benchmarks measure (load.mjs, alloc.mjs, fixed-load.mjs), on the
 * data of `npm run generate`: jobs and a job's documents as an AR and as a TA, invoices as an AR.
 * Signs the two users in through the dev mailbox unless their `tokens` are given; `path` is under /api on the portal and at the
 * root on the baseline.
 */
export async function listCalls(portalUrl, tokens) {
  const [ar, ta] = tokens ?? [
    await login(portalUrl, 'bench-ar-1@bench.test'),
    await login(portalUrl, 'bench-ta-2001@bench.test'),
  ];
  const firstJob = async (token, role) =>
    (
      await (
        await fetch(`${portalUrl}/api/jobs?role=${role}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).data[0].id;
  const arJob = await firstJob(ar, 'AR');
  const taJob = await firstJob(ta, 'TA');
  return [
    { call: 'jobs', role: 'AR', token: ar, path: '/jobs?role=AR' },
    { call: 'jobs', role: 'TA', token: ta, path: '/jobs?role=TA' },
    { call: 'jobdocuments', role: 'AR', token: ar, path: `/jobdocuments?jobid=${arJob}&role=AR` },
    { call: 'jobdocuments', role: 'TA', token: ta, path: `/jobdocuments?jobid=${taJob}&role=TA` },
    { call: 'invoices', role: 'AR', token: ar, path: '/invoices?current_role=AR' },
  ];
}
