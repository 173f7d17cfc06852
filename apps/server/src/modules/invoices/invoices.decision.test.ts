import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceGroups } from '@portal/shared';
import { makeFacility, type FacilityRow } from '../../test/factories/facilities.js';
import { makeInvoice } from '../../test/factories/invoices.js';
import { makeJob, type JobRow } from '../../test/factories/jobs.js';
import { makeSite, representSites } from '../../test/factories/sites.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

/**
 * The decision on invoices and billing details (docs/DECISIONS.md "Access"), on a facility of its
 * own whose sites have different representatives.
 */

let t: TestApp;
let ar: string;
let multi: string;
let ta: string;
let harbour: FacilityRow;
let other: FacilityRow;
let perthJob: JobRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  // Harbour has three sites: ar represents Sydney and Newcastle, multi Perth; perthJob is Perth's.
  harbour = await makeFacility(db);
  const [sydney, newcastle, perth] = [
    await makeSite(db, { facilityId: harbour.id }),
    await makeSite(db, { facilityId: harbour.id }),
    await makeSite(db, { facilityId: harbour.id }),
  ];
  // multi also represents a site of another facility, which ar does not.
  other = await makeFacility(db);
  const otherSite = await makeSite(db, { facilityId: other.id });
  const arUser = await makeSignedIn(db, { roles: ['AR'] });
  const multiUser = await makeSignedIn(db, { roles: ['AR', 'TA', 'CM'] });
  const taUser = await makeSignedIn(db, { roles: ['TA'] });
  [ar, multi, ta] = [arUser.token, multiUser.token, taUser.token];
  await representSites(db, arUser.user, sydney!, newcastle!);
  await representSites(db, multiUser.user, perth!, otherSite);
  perthJob = await makeJob(db, perth!, { assessors: [taUser.user] });
  await makeInvoice(db, harbour, {
    transactionNumber: 'INV-PERTH-1',
    transactionDate: '2026-01-15',
    jobNumber: perthJob.jobNumber,
    amount: '500.00',
    status: 'outstanding',
  });
  await makeInvoice(db, other, { transactionNumber: 'INV-OTHER-1' });
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

describe('Invoices of a facility whose sites have different representatives (DECISIONS-local "Invoices and billing details")', () => {
  const perthInvoice = async (token: string) =>
    (await get('/api/invoices?current_role=AR&transaction_date=2026-01-15', token))
      .json<InvoiceGroups>()
      .outstanding.find((i) => i.transaction_number === 'INV-PERTH-1');

  it('shows an AR of another site of the facility the invoice, but no link to a job they may not see', async () => {
    const seen = await perthInvoice(ar);
    expect(seen).toMatchObject({
      job_number: perthJob.jobNumber,
      job_id: null,
      facility: { facility_number: harbour.facilityNumber },
    });
    // And the job itself stays hidden from them.
    expect((await get(`/api/jobs/${perthJob.id}`, ar)).statusCode).toBe(404);
  });

  it("links the job for the AR of the job's site", async () => {
    expect(await perthInvoice(multi)).toMatchObject({ job_number: perthJob.jobNumber, job_id: perthJob.id });
  });

  it("hides the facility's invoices from an AR who represents none of its sites", async () => {
    const all = (await get('/api/invoices?current_role=AR&per_page=100', ar)).json<InvoiceGroups>();
    expect([...all.outstanding, ...all.paid].map((i) => i.transaction_number)).toEqual(['INV-PERTH-1']);
    const theirs = (await get('/api/invoices?current_role=AR&per_page=100', multi)).json<InvoiceGroups>();
    expect(theirs.outstanding.map((i) => i.transaction_number).sort()).toEqual(['INV-OTHER-1', 'INV-PERTH-1']);
  });

  it('lets an AR of any site of the facility edit its billing details, and no other AR', async () => {
    const put = (id: number, token: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/facilities/${id}`,
        headers: auth(token),
        payload: { billing_email: 'billing@harbourlabs.test' },
      });
    expect((await put(harbour.id, ar)).statusCode).toBe(200);
    expect((await put(harbour.id, multi)).statusCode).toBe(200);
    expect((await put(other.id, ar)).statusCode).toBe(404);
    expect((await put(harbour.id, ta)).statusCode).toBe(404);
  });
});
