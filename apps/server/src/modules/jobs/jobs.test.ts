import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type JobDetail, type JobList } from '@portal/shared';
import { makeFacility } from '../../test/factories/facilities.js';
import { makeJob, type JobRow } from '../../test/factories/jobs.js';
import { makeSite, representSites, type SiteRow } from '../../test/factories/sites.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

/**
 * The jobs lists and a job's page, on records of its own: one facility with two sites the AR
 * represents, another facility's site multi represents (and assesses one job of), a TA on two of
 * the AR's jobs, and a lead assessor on every job.
 */

let t: TestApp;
let ar: string;
let multi: string;
let ta: string;
let la: string;
let cm: string;
let lead: { id: number };
let s1: SiteRow;
let s2: SiteRow;
let j1: JobRow;
let j2: JobRow;
let j3: JobRow;
let j4: JobRow;
let j5: JobRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  const facility = await makeFacility(db, { name: 'Harbour Analytical Laboratories' });
  s1 = await makeSite(db, { facilityId: facility.id, name: 'Harbour Labs Sydney', suburb: 'Pyrmont', state: 'NSW' });
  s2 = await makeSite(db, { facilityId: facility.id, name: 'Harbour Labs Newcastle' });
  const s3 = await makeSite(db);
  const laUser = await makeSignedIn(db, {
    roles: ['LA', 'TA'],
    firstName: 'Lee',
    lastName: 'Lead',
    email: 'lead@factory.test',
  });
  const taUser = await makeSignedIn(db, { roles: ['TA'] });
  const arUser = await makeSignedIn(db, { roles: ['AR'] });
  const multiUser = await makeSignedIn(db, { roles: ['AR', 'TA', 'CM'] });
  const cmUser = await makeSignedIn(db, { roles: ['CM'] });
  [ar, multi, ta, la, cm, lead] = [
    arUser.token,
    multiUser.token,
    taUser.token,
    laUser.token,
    cmUser.token,
    laUser.user,
  ];
  await representSites(db, arUser.user, s1, s2);
  await representSites(db, multiUser.user, s3);
  const on = { lead: laUser.user, assessors: [taUser.user] };
  j1 = await makeJob(db, s1, {
    ...on,
    type: 'RES',
    status: 2,
    stage: 'Assessment',
    visitDate: '2026-03-01',
    jobDetails: 'Reassessment of the chemistry laboratory',
  });
  j2 = await makeJob(db, s1, { lead: laUser.user, type: 'Other', status: 1, visitDate: '2026-05-01' });
  j3 = await makeJob(db, s2, { ...on, type: 'RES', status: 2, visitDate: '2026-04-01' });
  j4 = await makeJob(db, s3, { lead: laUser.user, assessors: [multiUser.user], visitDate: '2026-02-01' });
  j5 = await makeJob(db, s3, { lead: laUser.user, visitDate: '2026-01-01' });
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const numbers = async (url: string, token: string) =>
  (await get(url, token)).json<JobList>().data.map((j) => j.job_number);
const n = (...js: JobRow[]) => js.map((j) => j.jobNumber);

describe('GET /api/jobs', () => {
  it('gives an AR the jobs of the sites they represent, newest visit first, with the row fields', async () => {
    const res = await get('/api/jobs?role=AR', ar);
    expect(res.statusCode).toBe(200);
    const body = res.json<JobList>();
    expect(body.data.map((j) => j.job_number)).toEqual(n(j2, j3, j1));
    expect(body).toMatchObject({ total: 3, page: 1, per_page: 10 });
    expect(body.data.find((j) => j.job_number === j1.jobNumber)).toMatchObject({
      type: 'RES',
      status: 2,
      status_label: 'In progress',
      stage: 'Assessment',
      site: { name: 'Harbour Labs Sydney' },
      facility: { facility_number: expect.stringMatching(/^\d{6}$/) },
      suburb: 'Pyrmont',
      state: 'NSW',
    });
  });

  it('gives a TA or LA the jobs they are assessors on', async () => {
    expect((await numbers('/api/jobs?role=TA', ta)).sort()).toEqual(n(j1, j3).sort());
    expect(await numbers('/api/jobs?role=LA', la)).toHaveLength(5);
    expect(await numbers('/api/jobs', la)).toHaveLength(5);
    // multi is an AR by default, and a TA on j4 only.
    expect(await numbers('/api/jobs?role=TA', multi)).toEqual(n(j4));
    expect((await numbers('/api/jobs', multi)).sort()).toEqual(n(j4, j5).sort());
  });

  it('filters by type, status, visit date and site, and pages', async () => {
    expect(await numbers('/api/jobs?role=AR&type=Other', ar)).toEqual(n(j2));
    expect((await numbers('/api/jobs?role=AR&type=RES&status=2', ar)).sort()).toEqual(n(j1, j3).sort());
    expect(await numbers(`/api/jobs?role=AR&site_id=${s2.id}`, ar)).toEqual(n(j3));
    const one = (await get('/api/jobs?role=AR', ar)).json<JobList>().data[2]!;
    expect(await numbers(`/api/jobs?role=AR&visit_date=${one.visit_date}`, ar)).toEqual([one.job_number]);
    const page = (await get('/api/jobs?role=AR&per_page=2&page=2', ar)).json<JobList>();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(3);
    expect((await get('/api/jobs?role=AR&visit_date=22/11/2026', ar)).statusCode).toBe(400);
    expect((await get('/api/jobs?role=AR&type=XYZ', ar)).statusCode).toBe(400);
  });

  it('refuses a role the user does not hold, roles without jobs, and no token', async () => {
    const res = await get('/api/jobs?role=TA', ar);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.roleNotHeld);
    expect((await get('/api/jobs', cm)).statusCode).toBe(403);
    expect((await get('/api/jobs')).statusCode).toBe(401);
  });
});

describe('GET /api/jobs/{id}', () => {
  it('shows the job with its site, lead assessor and what the user may do', async () => {
    const res = await get(`/api/jobs/${j1.id}`, ar);
    expect(res.statusCode).toBe(200);
    expect(res.json<JobDetail>()).toMatchObject({
      job_number: j1.jobNumber,
      job_details: expect.stringContaining('Reassessment'),
      site: { name: 'Harbour Labs Sydney', facility: { name: 'Harbour Analytical Laboratories' } },
      lead_assessor: { first_name: 'Lee', last_name: 'Lead', email: 'lead@factory.test' },
      sides: ['facility'],
      abilities: {
        'jobs.document.upload': true,
        'jobs.document.review': false,
        'jobs.document.download': true,
        'sites.site.view': true,
      },
    });
    expect((await get(`/api/jobs/${j1.id}`, ta)).json<JobDetail>()).toMatchObject({
      sides: ['assessor'],
      abilities: {
        'jobs.document.upload': true,
        'jobs.document.review': true,
        'jobs.document.download': true,
        'sites.site.view': false,
      },
    });
  });

  it('answers the abilities of the view role sent: multi is AR of job j4 and its assessor', async () => {
    const asAr = (await get(`/api/jobs/${j4.id}?role=AR`, multi)).json<JobDetail>();
    expect(asAr.sides).toEqual(['facility', 'assessor']);
    expect(asAr.abilities).toEqual({
      'jobs.document.upload': true,
      'jobs.document.review': false,
      'jobs.document.download': true,
      'sites.site.view': true,
    });
    const asTa = (await get(`/api/jobs/${j4.id}?role=TA`, multi)).json<JobDetail>();
    expect(asTa.abilities).toEqual({
      'jobs.document.upload': true,
      'jobs.document.review': true,
      'jobs.document.download': true,
      'sites.site.view': false,
    });
    // Job j5: multi represents its site but is no assessor on it; the TA view may not upload there.
    const other = (await get(`/api/jobs/${j5.id}?role=TA`, multi)).json<JobDetail>();
    expect(other.abilities).toMatchObject({
      'jobs.document.upload': false,
      'jobs.document.review': false,
      'jobs.document.download': true,
    });
    // A role the user does not hold is refused, as in every call that takes a role.
    expect((await get(`/api/jobs/${j1.id}?role=TA`, ar)).statusCode).toBe(403);
  });

  it('answers 404 for a job of another facility or one the assessor is not on', async () => {
    expect((await get(`/api/jobs/${j4.id}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/jobs/${j5.id}`, ta)).statusCode).toBe(404);
    expect((await get(`/api/jobs/${j1.id}`, cm)).statusCode).toBe(404);
    expect((await get('/api/jobs/987654', ar)).statusCode).toBe(404);
    expect((await get(`/api/jobs/${j1.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/leadAssessor/{jobId}', () => {
  it('gives the lead assessor of a job the user sees', async () => {
    const res = await get(`/api/leadAssessor/${j3.id}`, ar);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lead_assessor: { id: lead.id, first_name: 'Lee', last_name: 'Lead', phone: null, email: 'lead@factory.test' },
    });
    expect((await get(`/api/leadAssessor/${j5.id}`, ta)).statusCode).toBe(404);
    expect((await get(`/api/leadAssessor/${j4.id}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/leadAssessor/${j3.id}`)).statusCode).toBe(401);
  });
});
