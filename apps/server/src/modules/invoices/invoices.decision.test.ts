import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InvoiceGroups } from '@portal/shared';
import { facilities, invoices, jobs } from '../../db/schema/index.js';
import { auth, buildTestApp, loginAs, type TestApp } from '../../test/helpers.js';

/**
 * The decision on invoices and billing details (docs/DECISIONS.md "Access"), tested on the demo
 * data's facility 000412, whose sites have different representatives.
 */

let t: TestApp;
let ar: string;
let multi: string;
let ta: string;

beforeAll(async () => {
  t = await buildTestApp();
  [ar, multi, ta] = await Promise.all([loginAs(t, 'ar@portal.test'), loginAs(t, 'multi@portal.test'), loginAs(t, 'ta@portal.test')]);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

describe('Invoices of a facility whose sites have different representatives (DECISIONS-local "Invoices and billing details")', () => {
  // Facility 000412 has three sites: ar@ represents Sydney and Newcastle, multi@ Perth. Job 100242 is Perth's.
  let perthJobId: number;
  let harbourId: number;
  beforeAll(async () => {
    const db = t.database.db;
    [{ id: perthJobId }] = (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.jobNumber, '100242'))) as [{ id: number }];
    [{ id: harbourId }] = (await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.facilityNumber, '000412'))) as [{ id: number }];
    await db.insert(invoices).values({
      transactionNumber: 'INV-PERTH-1',
      facilityId: harbourId,
      transactionType: 'Invoice',
      transactionDate: '2026-01-15',
      jobNumber: '100242',
      amount: '500.00',
      status: 'outstanding',
    });
  });
  const perthInvoice = async (token: string) =>
    (await get('/api/invoices?current_role=AR&transaction_date=2026-01-15', token)).json<InvoiceGroups>().outstanding.find((i) => i.transaction_number === 'INV-PERTH-1');

  it('shows an AR of another site of the facility the invoice, but no link to a job they may not see', async () => {
    const seen = await perthInvoice(ar);
    expect(seen).toMatchObject({ job_number: '100242', job_id: null, facility: { facility_number: '000412' } });
    // And the job itself stays hidden from them.
    expect((await get(`/api/jobs/${perthJobId}`, ar)).statusCode).toBe(404);
  });

  it('links the job for the AR of the job\'s site', async () => {
    expect(await perthInvoice(multi)).toMatchObject({ job_number: '100242', job_id: perthJobId });
  });

  it('hides the facility\'s invoices from an AR who represents none of its sites', async () => {
    // multi@ represents Riverina (002391) and ar@ does not: INV-50006 is not ar@'s to see.
    const all = (await get('/api/invoices?current_role=AR&per_page=100', ar)).json<InvoiceGroups>();
    expect([...all.outstanding, ...all.paid].every((i) => i.facility.facility_number !== '002391')).toBe(true);
  });

  it('lets an AR of any site of the facility edit its billing details, and no other AR', async () => {
    const put = (id: number, token: string) => t.app.inject({ method: 'PUT', url: `/api/facilities/${id}`, headers: auth(token), payload: { billing_email: 'billing@harbourlabs.test' } });
    expect((await put(harbourId, ar)).statusCode).toBe(200);
    expect((await put(harbourId, multi)).statusCode).toBe(200);
    const [riverina] = await t.database.db.select({ id: facilities.id }).from(facilities).where(eq(facilities.facilityNumber, '002391'));
    expect((await put(riverina!.id, ar)).statusCode).toBe(404);
    expect((await put(harbourId, ta)).statusCode).toBe(404);
  });
});
