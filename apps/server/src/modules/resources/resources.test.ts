import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RESOURCE_MESSAGES, type ResourceItem } from '@portal/shared';
import { files, resources } from '../../db/schema/index.js';
import { makePdf } from '../../db/seed/demo-pdf.js';
import { createStorage } from '../../platform/storage/storage.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';
import { multipart } from '../../test/multipart.js';
import { importResources } from './resources.import.js';

let t: TestApp;
let admin: string;
let taAdmin: string;
let ta: string;
let la: string;
let ar: string;
let cm: string;
let pdf: Buffer;

const add = (token: string | null, name: string, filename = `${name}.pdf`, content: Buffer | string = pdf) => {
  const m = multipart([
    { name: 'name', value: name },
    { name: 'file', filename, type: 'application/pdf', content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/resources',
    headers: { ...(token ? auth(token) : {}), ...m.headers },
    payload: m.payload,
  });
};
const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const list = async (token: string) => (await get(token, '/api/resources/ta')).json<{ data: ResourceItem[] }>().data;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  admin = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
  taAdmin = (await makeSignedIn(db, { roles: ['TA_ADMIN'] })).token;
  ta = (await makeSignedIn(db, { roles: ['TA'] })).token;
  la = (await makeSignedIn(db, { roles: ['TA', 'LA'] })).token;
  ar = (await makeSignedIn(db, { roles: ['AR'] })).token;
  cm = (await makeSignedIn(db, { roles: ['CM'] })).token;
  pdf = await makePdf('Test resource', ['line']);
});
afterAll(() => t.close());

describe('useful resources', () => {
  it('the admin adds one (multipart); refused to everyone else before the body, 401 without a token', async () => {
    const res = await add(admin, 'Assessor Handbook');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: RESOURCE_MESSAGES.resourceAdded,
      data: { name: 'Assessor Handbook', typeIcon: 'pdf', file_name: 'Assessor Handbook.pdf' },
    });
    for (const token of [ta, taAdmin, ar, cm]) expect((await add(token, 'Nope')).statusCode).toBe(403);
    expect((await add(null, 'Nope')).statusCode).toBe(401);
  });

  it('refuses a missing name and a taken one (any case); nothing half-written', async () => {
    const before = (await t.database.db.select().from(files)).length;
    const noName = await add(admin, '');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(RESOURCE_MESSAGES.nameRequired);
    const dup = await add(admin, 'assessor handbook');
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(RESOURCE_MESSAGES.duplicateResource);
    const nul = await add(admin, 'a\u0000b');
    expect(nul.json().message).toBe(MESSAGES.nulCharacter);
    expect((await t.database.db.select().from(files)).length).toBe(before);
  });

  it('lists name, dateUpdated, url and typeIcon to TA, LA and the admins, newest first; 403 to AR and CM, 401 without a token', async () => {
    expect((await add(admin, 'Report Template', 'template.docx', 'docx bytes')).statusCode).toBe(200);
    for (const token of [ta, la, admin, taAdmin]) {
      const data = await list(token);
      expect(data.map((r) => r.name)).toEqual(['Report Template', 'Assessor Handbook']);
      expect(data[0]).toMatchObject({ typeIcon: 'word', url: `/api/resources/${data[0]!.id}/file` });
      expect(Date.parse(data[0]!.dateUpdated)).not.toBeNaN();
    }
    for (const token of [ar, cm]) expect((await get(token, '/api/resources/ta')).statusCode).toBe(403);
    expect((await get(null, '/api/resources/ta')).statusCode).toBe(401);
  });

  it('downloads the file (bearer or download ticket), as an attachment; 403 to others, 404 for none', async () => {
    const [, handbook] = await list(ta);
    const direct = await get(ta, handbook!.url);
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toBe('application/pdf');
    expect(direct.headers['content-disposition']).toMatch(/^attachment/);
    expect(direct.rawPayload.equals(pdf)).toBe(true);
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/downloads',
      headers: auth(ta),
      payload: { path: handbook!.url },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ticket.json().url })).statusCode).toBe(200);
    expect((await get(ar, handbook!.url)).statusCode).toBe(403);
    expect((await get(null, handbook!.url)).statusCode).toBe(401);
    expect((await get(ta, '/api/resources/999999/file')).statusCode).toBe(404);
  });

  it('replaces a file (the old one goes, the date moves) and removes a resource', async () => {
    const [template] = await list(admin);
    const m = multipart([
      { name: 'name', value: 'Report Template 2027' },
      { name: 'file', filename: 'template-2027.xlsx', type: 'application/octet-stream', content: 'xlsx' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/resources/${template!.id}`,
      headers: { ...auth(admin), ...m.headers },
      payload: m.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: RESOURCE_MESSAGES.resourceReplaced,
      data: { name: 'Report Template 2027', typeIcon: 'excel', file_name: 'template-2027.xlsx' },
    });
    expect(Date.parse(res.json().data.dateUpdated)).toBeGreaterThanOrEqual(Date.parse(template!.dateUpdated));
    const m2 = multipart([{ name: 'file', filename: 'x.pdf', type: 'application/pdf', content: pdf }]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/resources/${template!.id}`,
          headers: { ...auth(ta), ...m2.headers },
          payload: m2.payload,
        })
      ).statusCode,
    ).toBe(403);
    const m3 = multipart([{ name: 'file', filename: 'x.pdf', type: 'application/pdf', content: pdf }]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/resources/999999',
          headers: { ...auth(admin), ...m3.headers },
          payload: m3.payload,
        })
      ).statusCode,
    ).toBe(404);

    const filesBefore = (await t.database.db.select().from(files)).length;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/resources/${template!.id}`, headers: auth(ta) }))
        .statusCode,
    ).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/resources/${template!.id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(RESOURCE_MESSAGES.resourceRemoved);
    expect((await t.database.db.select().from(files)).length).toBe(filesBefore - 1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/resources/${template!.id}`, headers: auth(admin) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('npm run import -- resources <file.csv>', () => {
  it('adds, then replaces by name; bad rows import nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'res-import-'));
    mkdirSync(path.join(dir, 'files'));
    writeFileSync(path.join(dir, 'files', 'guide.pdf'), pdf);
    writeFileSync(path.join(dir, 'list.csv'), 'name,file\nImported Guide,files/guide.pdf\n');
    const storage = createStorage(t.config);
    expect(await importResources(t.database.db, storage, path.join(dir, 'list.csv'))).toMatchObject({
      inserted: 1,
      updated: 0,
    });
    expect(await importResources(t.database.db, storage, path.join(dir, 'list.csv'))).toMatchObject({
      inserted: 0,
      updated: 1,
    });
    expect((await list(ta)).filter((r) => r.name === 'Imported Guide')).toHaveLength(1);
    writeFileSync(path.join(dir, 'bad.csv'), 'name,file\nOk,files/guide.pdf\n,missing.pdf\n');
    const count = async () => (await t.database.db.select().from(resources)).length;
    const before = await count();
    await expect(importResources(t.database.db, storage, path.join(dir, 'bad.csv'))).rejects.toMatchObject({
      statusCode: 400,
      errors: { 'line 3': ['name is required', 'file missing.pdf is not there'] },
    });
    expect(await count()).toBe(before);
  });
});
