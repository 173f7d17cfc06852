import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RECORD_MESSAGES, type Site } from '@portal/shared';
import { makeFacility } from '../../test/factories/facilities.js';
import { makeSite, representSites, type SiteRow } from '../../test/factories/sites.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let ar: string;
let ta: string;
let sydney: SiteRow;
let newcastle: SiteRow;
let perth: SiteRow;
let elsewhere: SiteRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  const harbour = await makeFacility(db, { facilityNumber: '000412' });
  sydney = await makeSite(db, {
    facilityId: harbour.id,
    siteNumber: 'S041201',
    name: 'Harbour Labs Sydney',
    contacts: [{ name: 'Site Manager', phone: '0400 000 000' }],
    clientCoordinator: { names: 'Jordan Ellis', phone: null, email: null },
  });
  newcastle = await makeSite(db, { facilityId: harbour.id, email: 'newcastle@site.test', phone: '02 4955 0101' });
  perth = await makeSite(db, { facilityId: harbour.id });
  elsewhere = await makeSite(db);
  const arUser = await makeSignedIn(db, { roles: ['AR'] });
  await representSites(db, arUser.user, sydney, newcastle);
  ar = arUser.token;
  ta = (await makeSignedIn(db, { roles: ['TA'] })).token;
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const put = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'PUT', url, payload, headers: token ? auth(token) : {} });

describe('GET /api/sites/{id}', () => {
  it('shows a represented site with its contacts, coordinator and facility', async () => {
    const res = await get(`/api/sites/${sydney.id}`, ar);
    expect(res.statusCode).toBe(200);
    expect(res.json<Site>()).toMatchObject({
      site_number: 'S041201',
      name: 'Harbour Labs Sydney',
      client_coordinator: { names: 'Jordan Ellis' },
      facility: { facility_number: '000412' },
      contacts: [{ name: 'Site Manager' }],
    });
  });

  it('answers 404 for a site of the same facility the AR does not represent, and for non-ARs', async () => {
    expect((await get(`/api/sites/${perth.id}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/sites/${sydney.id}`, ta)).statusCode).toBe(404);
    expect((await get('/api/sites/424242', ar)).statusCode).toBe(404);
    expect((await get(`/api/sites/${sydney.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/sites/{id}', () => {
  it('updates email, phone, address, suburb and state', async () => {
    const res = await put(
      `/api/sites/${newcastle.id}`,
      { email: 'new@site.test', phone: '02 1111 2222', address: '2 Road', suburb: 'Hamilton', state: 'NSW' },
      ar,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.actionSuccessful,
      site: { email: 'new@site.test', suburb: 'Hamilton' },
    });
  });

  it('refuses to empty the email and a phone that is not one, with their messages (issue 9)', async () => {
    const res = await put(
      `/api/sites/${newcastle.id}`,
      { email: '', phone: 'abc!!', address: '2 Road', suburb: 'Hamilton', state: 'NSW' },
      ar,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: RECORD_MESSAGES.required('email'),
      errors: { email: [RECORD_MESSAGES.required('email')], phone: [RECORD_MESSAGES.phoneInvalid] },
    });
    const emptied = await put(`/api/sites/${newcastle.id}`, { phone: null }, ar);
    expect(emptied.json().errors).toEqual({ phone: [RECORD_MESSAGES.required('phone number')] });
    const site = await get(`/api/sites/${newcastle.id}`, ar);
    expect(site.json()).toMatchObject({ email: expect.stringContaining('@'), phone: expect.any(String) });
  });

  it('refuses bad fields, other sites and no token', async () => {
    expect((await put(`/api/sites/${newcastle.id}`, { state: 'Mars' }, ar)).statusCode).toBe(400);
    expect((await put(`/api/sites/${elsewhere.id}`, { suburb: 'X' }, ar)).statusCode).toBe(404);
    expect((await put(`/api/sites/${newcastle.id}`, { suburb: 'X' })).statusCode).toBe(401);
  });
});
