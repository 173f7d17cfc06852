import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RECORD_MESSAGES, type FacilityDetail, type FacilityList } from '@portal/shared';
import { facilities } from '../../db/schema/index.js';
import { makeFacility, type FacilityRow } from '../../test/factories/facilities.js';
import { makeSite, representSites } from '../../test/factories/sites.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let ar: string;
let multi: string;
let ta: string;
let harbour: FacilityRow;
let southern: FacilityRow;
let riverina: FacilityRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  harbour = await makeFacility(db, {
    facilityNumber: '000412',
    name: 'Harbour Analytical Laboratories',
    contacts: [
      { name: 'Priya Shah', phone: '02 9555 0101' },
      { name: 'Tom Reid', phone: '02 9555 0102' },
    ],
  });
  southern = await makeFacility(db, {
    facilityNumber: '001876',
    name: 'Southern Cross Pathology',
    billingEmail: 'finance@scpath.test',
    suburb: 'Melbourne',
  });
  riverina = await makeFacility(db, { facilityNumber: '002391', name: 'Riverina Food Testing' });
  const coastal = await makeFacility(db, { name: 'Coastal Calibration Services' });
  const [sydney, newcastle, perth, melbourne, wagga, brisbane] = await Promise.all([
    makeSite(db, { facilityId: harbour.id, name: 'Harbour Labs Sydney' }),
    makeSite(db, { facilityId: harbour.id, name: 'Harbour Labs Newcastle' }),
    makeSite(db, { facilityId: harbour.id, name: 'Harbour Labs Perth' }),
    makeSite(db, { facilityId: southern.id }),
    makeSite(db, { facilityId: riverina.id }),
    makeSite(db, { facilityId: coastal.id }),
  ]);
  const arUser = await makeSignedIn(db, { roles: ['AR'] });
  const multiUser = await makeSignedIn(db, { roles: ['AR', 'TA'] });
  await representSites(db, arUser.user, sydney!, newcastle!, melbourne!);
  await representSites(db, multiUser.user, perth!, melbourne!, wagga!, brisbane!);
  ar = arUser.token;
  multi = multiUser.token;
  ta = (await makeSignedIn(db, { roles: ['TA'] })).token;
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const put = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'PUT', url, payload, headers: token ? auth(token) : {} });

describe('GET /api/facilities', () => {
  it('lists the facilities the AR represents, and only those', async () => {
    const res = await get('/api/facilities', ar);
    expect(res.statusCode).toBe(200);
    const body = res.json<FacilityList>();
    expect(body.data.map((f) => f.facility_number).sort()).toEqual(['000412', '001876']);
    expect(body).toMatchObject({ total: 2, page: 1 });
    expect(body.data.find((f) => f.facility_number === '000412')).toMatchObject({
      name: 'Harbour Analytical Laboratories',
      contacts: [
        { name: 'Priya Shah', phone: '02 9555 0101' },
        { name: 'Tom Reid', phone: '02 9555 0102' },
      ],
    });
    const other = (await get('/api/facilities', multi)).json<FacilityList>();
    // By name.
    expect(other.data.map((f) => f.name)).toEqual([
      'Coastal Calibration Services',
      'Harbour Analytical Laboratories',
      'Riverina Food Testing',
      'Southern Cross Pathology',
    ]);
  });

  it('pages in the database', async () => {
    const body = (await get('/api/facilities?per_page=1&page=2', ar)).json<FacilityList>();
    expect(body.data).toHaveLength(1);
    expect(body.total).toBe(2);
    expect((await get('/api/facilities?per_page=1000', ar)).statusCode).toBe(400);
  });

  it('needs a token, and the AR role', async () => {
    expect((await get('/api/facilities')).statusCode).toBe(401);
    expect((await get('/api/facilities', ta)).statusCode).toBe(403);
  });
});

describe('GET /api/facilities/{id} and getInfo', () => {
  it('shows the facility with the sites the AR represents', async () => {
    const res = await get(`/api/facilities/${harbour.id}`, ar);
    expect(res.statusCode).toBe(200);
    // Harbour Labs Perth belongs to the same facility but multi@ represents it, not ar@.
    expect(res.json<FacilityDetail>().sites.map((s) => s.name)).toEqual([
      'Harbour Labs Newcastle',
      'Harbour Labs Sydney',
    ]);
  });

  it('answers 404 for a facility of someone else, or none', async () => {
    expect((await get(`/api/facilities/${riverina.id}`, ar)).statusCode).toBe(404);
    expect((await get('/api/facilities/999999', ar)).statusCode).toBe(404);
    expect((await get(`/api/facilities/${harbour.id}`, ta)).statusCode).toBe(404);
    expect((await get(`/api/facilities/${harbour.id}`)).statusCode).toBe(401);
  });

  it('finds by number, padded to 6 digits, for the registration wizard (signed out too; modules/registration)', async () => {
    const res = await get('/api/facilities/getInfo/412');
    expect(res.statusCode).toBe(200);
    expect(res.json<FacilityDetail>().facility_number).toBe('000412');
    // Only what the wizard needs: no billing details, no contacts.
    expect(Object.keys(res.json()).sort()).toEqual(['facility_number', 'name', 'sites']);
    expect((await get('/api/facilities/getInfo/999998', ar)).statusCode).toBe(404);
  });
});

describe('PUT /api/facilities/{id}', () => {
  it('updates the contact details', async () => {
    const res = await put(
      `/api/facilities/${southern.id}`,
      {
        facility_number: '001876',
        billing_email: 'new@scpath.test',
        address: '1 New St',
        suburb: 'Carlton',
        state: 'VIC',
        contacts: [{ name: 'A B', phone: '03 9555 0201' }],
      },
      ar,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.actionSuccessful);
    const [row] = await t.database.db.select().from(facilities).where(eq(facilities.id, southern.id));
    expect(row).toMatchObject({
      billingEmail: 'new@scpath.test',
      address: '1 New St',
      facilityNumber: '001876',
      contacts: [{ name: 'A B', phone: '03 9555 0201' }],
    });
  });

  it('refuses a facility number over 6 characters with the spec message, and bad fields by name', async () => {
    const res = await put(
      `/api/facilities/${southern.id}`,
      { facility_number: '1234567', state: 'XX', billing_email: 'nope' },
      ar,
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.errors.facility_number).toEqual([MESSAGES.facilityNumberMax]);
    expect(Object.keys(body.errors).sort()).toEqual(['billing_email', 'facility_number', 'state']);
    expect(body.errors.billing_email).toEqual([RECORD_MESSAGES.emailInvalid]);
    expect(body.errors.state).toEqual([RECORD_MESSAGES.stateInvalid]);

    const contacts = await put(
      `/api/facilities/${southern.id}`,
      { contacts: [{ name: ' ', phone: '03 9555 0201' }], address: 'x'.repeat(256) },
      ar,
    );
    expect(contacts.json().errors).toEqual({
      'contacts.0.name': [RECORD_MESSAGES.contactNameRequired],
      address: [RECORD_MESSAGES.tooLong('address', 255)],
    });
  });

  it('refuses to empty the billing email, address, suburb and state, and a phone that is not one (issue 9)', async () => {
    const res = await put(
      `/api/facilities/${southern.id}`,
      {
        facility_number: '001876',
        billing_email: '',
        address: ' ',
        suburb: '',
        state: null,
        contacts: [{ name: 'Grace Liu', phone: 'abc!!' }],
      },
      ar,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: RECORD_MESSAGES.required('billing email'),
      errors: {
        billing_email: [RECORD_MESSAGES.required('billing email')],
        address: [RECORD_MESSAGES.required('address')],
        suburb: [RECORD_MESSAGES.required('suburb')],
        state: [RECORD_MESSAGES.required('state')],
        'contacts.0.phone': [RECORD_MESSAGES.phoneInvalid],
      },
    });
    // Nothing was saved.
    const [row] = await t.database.db.select().from(facilities).where(eq(facilities.id, southern.id));
    expect(row?.billingEmail).toBeTruthy();
    expect(row?.suburb).toBeTruthy();
  });

  it('answers 404 for a facility the AR does not represent, 401 without a token', async () => {
    expect((await put(`/api/facilities/${riverina.id}`, { suburb: 'X' }, ar)).statusCode).toBe(404);
    expect((await put(`/api/facilities/${riverina.id}`, { suburb: 'X' })).statusCode).toBe(401);
  });
});
