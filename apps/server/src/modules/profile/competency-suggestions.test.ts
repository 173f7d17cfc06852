import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECORD_MESSAGES,
  REGISTRATION_MESSAGES as M,
  type CompetencyUploadResponse,
  type Profile,
  type UserRequestDetail,
} from '@portal/shared';
import { competencySuggestions, files, userRequests } from '../../db/schema/index.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';
import { multipart } from '../../test/multipart.js';

/**
 * The suggested-changes document of an assessor's profile change (spec/02 sections 3, 7, 8):
 * uploaded and removed from Edit Profile, sent with the change, opened by the admins who
 * see the change. On a database of its own (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

let t: TestApp;
const tokens: Record<'sys' | 'taadmin' | 'ar' | 'cm' | 'ta' | 'ta2', string> = {
  sys: '',
  taadmin: '',
  ar: '',
  cm: '',
  ta: '',
  ta2: '',
};

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  tokens.sys = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
  tokens.taadmin = (await makeSignedIn(db, { roles: ['TA_ADMIN'] })).token;
  tokens.ar = (await makeSignedIn(db, { roles: ['AR'] })).token;
  tokens.cm = (await makeSignedIn(db, { roles: ['CM'] })).token;
  tokens.ta = (
    await makeSignedIn(db, { roles: ['TA'], firstName: 'Tess', lastName: 'Assessor', email: 'tess@assessor.test' })
  ).token;
  tokens.ta2 = (await makeSignedIn(db, { roles: ['TA', 'LA'] })).token;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const UPLOAD = '/api/user-requests/edittacompetencydoc';
const REMOVE = '/api/user-requests/removeUploadedCompetencySuggestDocument';
const ADMIN = (doc: string, role?: string) =>
  `/api/admin/ta/competencysuggested/${doc}${role ? `?current_role=${role}` : ''}`;

function upload(token: string | undefined, name = 'suggestions.pdf', content = '%PDF-1.4 suggested changes') {
  const body = multipart([
    { name: 'fileName', value: name },
    { name: 'file', filename: name, type: 'application/pdf', content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: UPLOAD,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? auth(token) : {}) },
  });
}
const remove = (fileName: string, token?: string) =>
  t.app.inject({ method: 'POST', url: REMOVE, payload: { fileName }, headers: token ? auth(token) : {} });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });

const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as T;
};

const info = {
  emails: [{ Type: 'Work', email: 'tess@assessor.test', isPrimary: true }],
  phones: [{ Type: 'Mobile', countryCode: '+61', phoneNumber: '400111222', isPrimary: true }],
  addresses: [
    {
      Type: 'Home',
      AddressLine: '1 Elm St',
      Country: 'Australia',
      State: 'NSW',
      Suburb: 'Ryde',
      Postcode: '2112',
      isPrimary: true,
    },
  ],
};

async function draftCount(document: string) {
  return (await t.database.db.select().from(competencySuggestions).where(eq(competencySuggestions.document, document)))
    .length;
}

describe('POST /api/user-requests/edittacompetencydoc and removeUploadedCompetencySuggestDocument', () => {
  it("an assessor uploads a document (the spec's answer, a link that opens it), replaces it, and removes it", async () => {
    const first = ok<CompetencyUploadResponse>(await upload(tokens.ta, 'first.pdf', '%PDF first'));
    expect(first).toMatchObject({ success: true, message: M.competencyUploaded, data: { orgDoc: 'first.pdf' } });
    expect(first.data.fileName).toMatch(/^[a-f0-9]{24}$/);
    const opened = await get(first.data.signedUrl);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('%PDF first');
    expect(opened.headers['content-type']).toContain('application/pdf');

    // A second upload replaces the first (file row and all).
    const second = ok<CompetencyUploadResponse>(await upload(tokens.ta, 'second.pdf'));
    expect(await draftCount(first.data.fileName)).toBe(0);
    expect((await t.database.db.select().from(files).where(eq(files.name, 'first.pdf'))).length).toBe(0);
    expect((await remove(first.data.fileName, tokens.ta)).statusCode).toBe(404);

    // Another assessor cannot remove it (404: not theirs), nor send it with their change (400).
    const notTheirs = await remove(second.data.fileName, tokens.ta2);
    expect(notTheirs.statusCode).toBe(404);
    const borrowed = await post(
      '/api/user-requests',
      {
        first_name: 'Other',
        last_name: 'Assessor',
        user_info: info,
        competency: { suggestChanges: '', document: second.data.fileName },
      },
      tokens.ta2,
    );
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().message).toBe(M.competencyDocumentUnknown);
    // Nothing of the refused change is kept: the other assessor may still send one.
    expect(ok<Profile>(await get('/api/profile', tokens.ta2)).pending_request).toBeNull();

    const removed = ok<{ success: boolean; message: string }>(await remove(second.data.fileName, tokens.ta));
    expect(removed).toEqual({ success: true, message: M.competencyRemoved });
    expect(await draftCount(second.data.fileName)).toBe(0);
    expect((await remove(second.data.fileName, tokens.ta)).statusCode).toBe(404);
  });

  it('refuses a request without a file, or without a file name to remove (400)', async () => {
    const body = multipart([{ name: 'fileName', value: 'x.pdf' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: body.payload,
      headers: { ...body.headers, ...auth(tokens.ta) },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(RECORD_MESSAGES.fileRequired);
    expect((await remove('', tokens.ta)).statusCode).toBe(400);
  });

  it("needs a sign-in (401), and is an assessor's: AR, CM and TA_ADMIN get 403", async () => {
    expect((await upload(undefined)).statusCode).toBe(401);
    expect((await remove('ffffffffffffffffffffffff')).statusCode).toBe(401);
    for (const who of ['ar', 'cm', 'taadmin', 'sys'] as const) {
      expect((await upload(tokens[who])).statusCode, who).toBe(403);
      expect((await remove('ffffffffffffffffffffffff', tokens[who])).statusCode, who).toBe(403);
    }
    expect(await t.database.db.select().from(files)).toHaveLength(0);
  });
});

describe('the document travels with the profile change; GET /api/admin/ta/competencysuggested/{document}', () => {
  let document = '';
  let requestId = 0;

  it('is sent with the change, then shown to the admins who see it and opened through a download ticket', async () => {
    document = ok<CompetencyUploadResponse>(await upload(tokens.ta, 'My suggestions.pdf', '%PDF mine')).data.fileName;
    const sent = await post(
      '/api/user-requests',
      {
        first_name: 'Tess',
        last_name: 'Assessor',
        user_info: info,
        competency: { suggestChanges: '', document, orgDoc: 'My suggestions.pdf' },
      },
      tokens.ta,
    );
    expect(sent.statusCode).toBe(200);
    // The only change sent in this file (the other assessor's was refused).
    const [row] = await t.database.db
      .select()
      .from(userRequests)
      .where(and(eq(userRequests.type, 'update'), eq(userRequests.status, 'pending')));
    requestId = row!.id;
    expect(row!.handler).toBe('TA_ADMIN');
    // Sent: no longer the assessor's to remove.
    expect((await remove(document, tokens.ta)).statusCode).toBe(404);

    const detail = ok<UserRequestDetail>(await get(`/api/user-requests/${requestId}`, tokens.taadmin));
    expect(detail.change_request).toContain('COMPETENCY CHANGES SUGGESTED');
    expect(detail.competency).toEqual({
      suggestChanges: '',
      document,
      orgDoc: 'My suggestions.pdf',
      has_pdf: false,
      abilities: { 'admin.competency.view': false, 'admin.competencySuggestion.view': true },
    });

    const link = ok<{ data: { data: string } }>(await get(ADMIN(document), tokens.taadmin)).data.data;
    expect(link).toMatch(new RegExp(`^/api/competency-suggestions/${document}\\?dl=`));
    const file = await get(link);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF mine');
    expect(file.headers['content-disposition']).toContain('My suggestions.pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    // The SYSADMIN sees every change, and so its document.
    expect((await get(ADMIN(document), tokens.sys)).statusCode).toBe(200);
    // Its owner opens it with their token; another assessor does not see it.
    expect((await get(`/api/competency-suggestions/${document}`, tokens.ta)).statusCode).toBe(200);
    expect((await get(`/api/competency-suggestions/${document}`, tokens.ta2)).statusCode).toBe(404);
    expect((await get(`/api/competency-suggestions/${document}`, tokens.cm)).statusCode).toBe(404);
    expect((await get(`/api/competency-suggestions/${document}`)).statusCode).toBe(401);
  });

  it('is refused to anyone but an admin (403), to no token (401), and is 404 for a document not sent, unknown, or of a change the TA admin does not handle', async () => {
    expect((await get(ADMIN(document))).statusCode).toBe(401);
    for (const who of ['ar', 'cm', 'ta', 'ta2'] as const)
      expect((await get(ADMIN(document), tokens[who])).statusCode, who).toBe(403);
    // A role the admin does not hold.
    expect((await get(ADMIN(document, 'SYSADMIN'), tokens.taadmin)).statusCode).toBe(403);
    expect((await get(ADMIN('not-a-name'), tokens.taadmin)).statusCode).toBe(400);
    expect((await get(ADMIN('ffffffffffffffffffffffff'), tokens.taadmin)).statusCode).toBe(404);
    const draft = ok<CompetencyUploadResponse>(await upload(tokens.ta2)).data.fileName;
    expect((await get(ADMIN(draft), tokens.taadmin)).statusCode).toBe(404);
    expect((await get(ADMIN(draft), tokens.sys)).statusCode).toBe(404);
    // A change the SYSADMIN decides: the TA admin does not see it (404), the SYSADMIN does.
    await t.database.db.update(userRequests).set({ handler: 'SYSADMIN' }).where(eq(userRequests.id, requestId));
    expect((await get(ADMIN(document), tokens.taadmin)).statusCode).toBe(404);
    expect((await get(ADMIN(document), tokens.sys)).statusCode).toBe(200);
    await t.database.db.update(userRequests).set({ handler: 'TA_ADMIN' }).where(eq(userRequests.id, requestId));
  });

  it("the SYSADMIN looking at an assessor's change may open the document but not the TA admin's competency PDF", async () => {
    const detail = ok<UserRequestDetail>(await get(`/api/user-requests/${requestId}`, tokens.sys));
    expect(detail.competency!.abilities).toEqual({
      'admin.competency.view': false,
      'admin.competencySuggestion.view': true,
    });
  });
});
