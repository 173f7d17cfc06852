import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceGroups } from '@portal/shared';
import { makeFacility } from '../../test/factories/facilities.js';
import { makeInvoice } from '../../test/factories/invoices.js';
import { makeSite, representSites } from '../../test/factories/sites.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let ar: string;
let multi: string;
let ta: string;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  const harbour = await makeFacility(db, { facilityNumber: '000412', name: 'Harbour Analytical Laboratories' });
  const southern = await makeFacility(db);
  const riverina = await makeFacility(db);
  const [sydney, melbourne, wagga] = await Promise.all([
    makeSite(db, { facilityId: harbour.id }),
    makeSite(db, { facilityId: southern.id }),
    makeSite(db, { facilityId: riverina.id }),
  ]);
  await Promise.all([
    makeInvoice(db, harbour, {
      transactionNumber: 'INV-50001',
      transactionDate: '2026-03-01',
      jobNumber: '100234',
      amount: '1250.00',
    }),
    makeInvoice(db, harbour, {
      transactionNumber: 'INV-50002',
      transactionDate: '2025-12-01',
      amount: '980.50',
      status: 'paid',
    }),
    makeInvoice(db, harbour, {
      transactionNumber: 'CRN-50003',
      transactionType: 'Credit Note',
      transactionDate: '2026-03-05',
      amount: '-150.00',
    }),
    makeInvoice(db, southern, { transactionNumber: 'INV-50004', transactionDate: '2026-03-12', amount: '3400.00' }),
    makeInvoice(db, southern, {
      transactionNumber: 'INV-50005',
      transactionType: 'Annual Fee',
      transactionDate: '2025-08-01',
      amount: '2100.00',
      status: 'paid',
    }),
    makeInvoice(db, riverina, { transactionNumber: 'INV-50006', transactionDate: '2026-03-17', amount: '720.00' }),
  ]);
  const arUser = await makeSignedIn(db, { roles: ['AR'] });
  const multiUser = await makeSignedIn(db, { roles: ['AR', 'TA'] });
  await representSites(db, arUser.user, sydney!, melbourne!);
  await representSites(db, multiUser.user, wagga!);
  ar = arUser.token;
  multi = multiUser.token;
  ta = (await makeSignedIn(db, { roles: ['TA'] })).token;
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

describe('GET /api/invoices', () => {
  it('gives an AR the outstanding and paid invoices of the facilities they represent', async () => {
    const res = await get('/api/invoices?current_role=AR', ar);
    expect(res.statusCode).toBe(200);
    const body = res.json<InvoiceGroups>();
    // Outstanding: oldest first, so the next to pay is on top.
    expect(body.outstanding.map((i) => i.transaction_number)).toEqual(['INV-50001', 'CRN-50003', 'INV-50004']);
    expect(body.paid.map((i) => i.transaction_number)).toEqual(['INV-50002', 'INV-50005']);
    expect(body.total).toEqual({ outstanding: 3, paid: 2 });
    expect(body.outstanding[0]).toMatchObject({
      transaction_type: 'Invoice',
      job_number: '100234',
      amount: 1250,
      amount_due: 1250,
      status: 'outstanding',
      facility: { facility_number: '000412', name: 'Harbour Analytical Laboratories' },
    });
    expect(body.outstanding[1]).toMatchObject({ amount: -150, amount_due: -150 });
    expect(body.paid[0]).toMatchObject({ amount: 980.5, amount_due: 0 });
  });

  it('does not show invoices of facilities the AR does not represent', async () => {
    const mine = (await get('/api/invoices', ar)).json<InvoiceGroups>();
    expect(mine.outstanding.some((i) => i.transaction_number === 'INV-50006')).toBe(false);
    const theirs = (await get('/api/invoices?current_role=AR', multi)).json<InvoiceGroups>();
    expect(theirs.outstanding.map((i) => i.transaction_number)).toContain('INV-50006');
  });

  it('filters by transaction date and pages each group', async () => {
    const all = (await get('/api/invoices', ar)).json<InvoiceGroups>();
    const date = all.outstanding[2]!.transaction_date;
    const one = (await get(`/api/invoices?transaction_date=${date}`, ar)).json<InvoiceGroups>();
    expect(one.outstanding.map((i) => i.transaction_number)).toEqual(['INV-50004']);
    const page = (await get('/api/invoices?per_page=1&page=2', ar)).json<InvoiceGroups>();
    expect(page.outstanding.map((i) => i.transaction_number)).toEqual(['CRN-50003']);
    expect(page.total.outstanding).toBe(3);
  });

  it('is for the AR view only', async () => {
    expect((await get('/api/invoices?current_role=TA', multi)).statusCode).toBe(403);
    expect((await get('/api/invoices', ta)).statusCode).toBe(403);
    expect((await get('/api/invoices?current_role=AR', ta)).statusCode).toBe(403);
    expect((await get('/api/invoices')).statusCode).toBe(401);
  });
});
