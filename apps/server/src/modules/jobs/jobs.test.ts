import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type JobDetail, type JobList } from '@portal/shared';
import { jobs, sites } from '../../db/schema/index.js';
import { auth, buildTestApp, loginAs, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let ar: string;
let multi: string;
let ta: string;
let la: string;
let cm: string;
const job: Record<string, number> = {};
const site: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  [ar, multi, ta, la, cm] = (await Promise.all(['ar', 'multi', 'ta', 'la', 'cm'].map((u) => loginAs(t, `${u}@portal.test`)))) as [string, string, string, string, string];
  for (const j of await t.database.db.select().from(jobs)) job[j.jobNumber] = j.id;
  for (const s of await t.database.db.select().from(sites)) site[s.siteNumber] = s.id;
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const numbers = async (url: string, token: string) => (await get(url, token)).json<JobList>().data.map((j) => j.job_number);

describe('GET /api/jobs', () => {
  it('gives an AR the jobs of the sites they represent, newest visit first, with the row fields', async () => {
    const res = await get('/api/jobs?role=AR', ar);
    expect(res.statusCode).toBe(200);
    const body = res.json<JobList>();
    expect(body.data.map((j) => j.job_number)).toEqual(['100235', '100236', '100234', '100239', '100238', '100237']);
    expect(body).toMatchObject({ total: 6, page: 1, per_page: 10 });
    expect(body.data.find((j) => j.job_number === '100234')).toMatchObject({
      type: 'RES',
      status: 2,
      status_label: 'In progress',
      stage: 'Assessment',
      site: { name: 'Harbour Labs Sydney' },
      facility: { facility_number: '000412' },
      suburb: 'Pyrmont',
      state: 'NSW',
    });
  });

  it('gives a TA or LA the jobs they are assessors on', async () => {
    expect((await numbers('/api/jobs?role=TA', ta)).sort()).toEqual(['100234', '100236', '100237', '100238', '100239', '100240']);
    expect(await numbers('/api/jobs?role=LA', la)).toHaveLength(9);
    expect(await numbers('/api/jobs', la)).toHaveLength(9);
    // multi@ is an AR by default, and a TA on 100241 only.
    expect(await numbers('/api/jobs?role=TA', multi)).toEqual(['100241']);
    expect((await numbers('/api/jobs', multi)).sort()).toEqual(['100238', '100239', '100240', '100241', '100242']);
  });

  it('filters by type, status, visit date and site, and pages', async () => {
    expect((await numbers('/api/jobs?role=AR&type=Other', ar)).sort()).toEqual(['100235', '100238']);
    expect((await numbers('/api/jobs?role=AR&type=RES&status=2', ar)).sort()).toEqual(['100234', '100239']);
    expect(await numbers(`/api/jobs?role=AR&site_id=${site.S041202}`, ar)).toEqual(['100236', '100237']);
    const one = (await get('/api/jobs?role=AR', ar)).json<JobList>().data[2]!;
    expect(await numbers(`/api/jobs?role=AR&visit_date=${one.visit_date}`, ar)).toEqual([one.job_number]);
    const page = (await get('/api/jobs?role=AR&per_page=5&page=2', ar)).json<JobList>();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(6);
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
    const res = await get(`/api/jobs/${job['100234']}`, ar);
    expect(res.statusCode).toBe(200);
    expect(res.json<JobDetail>()).toMatchObject({
      job_number: '100234',
      job_details: expect.stringContaining('Reassessment'),
      site: { name: 'Harbour Labs Sydney', facility: { name: 'Harbour Analytical Laboratories' } },
      lead_assessor: { first_name: 'Lee', last_name: 'Lead', email: 'la@portal.test' },
      sides: ['facility'],
      abilities: { 'jobs.document.upload': true, 'jobs.document.review': false, 'jobs.document.download': true, 'sites.site.view': true },
    });
    expect((await get(`/api/jobs/${job['100234']}`, ta)).json<JobDetail>()).toMatchObject({
      sides: ['assessor'],
      abilities: { 'jobs.document.upload': true, 'jobs.document.review': true, 'jobs.document.download': true, 'sites.site.view': false },
    });
  });

  it('answers the abilities of the view role sent: multi@ is AR of job 100241 and its assessor', async () => {
    const asAr = (await get(`/api/jobs/${job['100241']}?role=AR`, multi)).json<JobDetail>();
    expect(asAr.sides).toEqual(['facility', 'assessor']);
    expect(asAr.abilities).toEqual({ 'jobs.document.upload': true, 'jobs.document.review': false, 'jobs.document.download': true, 'sites.site.view': true });
    const asTa = (await get(`/api/jobs/${job['100241']}?role=TA`, multi)).json<JobDetail>();
    expect(asTa.abilities).toEqual({ 'jobs.document.upload': true, 'jobs.document.review': true, 'jobs.document.download': true, 'sites.site.view': false });
    // Job 100240: multi@ represents its site but is no assessor on it; the TA view may not upload there.
    const other = (await get(`/api/jobs/${job['100240']}?role=TA`, multi)).json<JobDetail>();
    expect(other.abilities).toMatchObject({ 'jobs.document.upload': false, 'jobs.document.review': false, 'jobs.document.download': true });
    // A role the user does not hold is refused, as in every call that takes a role.
    expect((await get(`/api/jobs/${job['100234']}?role=TA`, ar)).statusCode).toBe(403);
  });

  it('answers 404 for a job of another facility or one the assessor is not on', async () => {
    expect((await get(`/api/jobs/${job['100240']}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/jobs/${job['100242']}`, ta)).statusCode).toBe(404);
    expect((await get(`/api/jobs/${job['100234']}`, cm)).statusCode).toBe(404);
    expect((await get('/api/jobs/987654', ar)).statusCode).toBe(404);
    expect((await get(`/api/jobs/${job['100234']}`)).statusCode).toBe(401);
  });
});

describe('GET /api/leadAssessor/{jobId}', () => {
  it('gives the lead assessor of a job the user sees', async () => {
    const res = await get(`/api/leadAssessor/${job['100236']}`, ar);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lead_assessor: { id: expect.any(Number), first_name: 'Lee', last_name: 'Lead', phone: null, email: 'la@portal.test' } });
    expect((await get(`/api/leadAssessor/${job['100242']}`, ta)).statusCode).toBe(404);
    expect((await get(`/api/leadAssessor/${job['100240']}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/leadAssessor/${job['100236']}`)).statusCode).toBe(401);
  });
});
