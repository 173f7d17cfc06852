import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  PUBLICATION_MESSAGES,
  type CategoryNode,
  type PublicationItem,
  type PublicationList,
} from '@portal/shared';
import { files, notifications, publications } from '../../db/schema/index.js';
import { makePdf } from '../../db/seed/demo-pdf.js';
import { makeCategoryTree, makeSubscription } from '../../test/factories/publications.js';
import { makeSignedIn } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';
import { multipart } from '../../test/multipart.js';
import { unzipEntries } from '../../test/unzip.js';
import { RECENT_ORDER } from './publications.queries.js';
import { fileUri } from './publications.present.js';

let t: TestApp;
let admin: string;
let taAdmin: string;
let ar: { user: { id: number }; token: string };
let ta: { user: { id: number }; token: string };
let cm: { user: { id: number }; token: string };
let tree: Awaited<ReturnType<typeof makeCategoryTree>>;
let pdf: Buffer;

const add = (
  token: string,
  name: string,
  categoryId: number,
  content: Buffer | string = pdf,
  filename = `${name}.pdf`,
) => {
  const m = multipart([
    { name: 'name', value: name },
    { name: 'category_id', value: String(categoryId) },
    { name: 'file', filename, type: 'application/pdf', content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/publications',
    headers: { ...auth(token), ...m.headers },
    payload: m.payload,
  });
};
const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  admin = (await makeSignedIn(db, { roles: ['SYSADMIN'] })).token;
  taAdmin = (await makeSignedIn(db, { roles: ['TA_ADMIN'] })).token;
  ar = await makeSignedIn(db, { roles: ['AR'] });
  ta = await makeSignedIn(db, { roles: ['TA'] });
  cm = await makeSignedIn(db, { roles: ['CM'] });
  tree = await makeCategoryTree(db, 2);
  pdf = await makePdf('Test publication', ['line']);
});
afterAll(() => t.close());

/** Adds with the admin's token, expecting success. */
async function added(name: string, categoryId = tree.subs[0]!.id): Promise<PublicationItem> {
  const res = await add(admin, name, categoryId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PublicationItem }>().data;
}

describe('admin adds, replaces and removes publications', () => {
  it('adds one (multipart), refused to everyone else before the body', async () => {
    const res = await add(admin, 'Fees Schedule', tree.subs[0]!.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: PublicationItem }>();
    expect(body.message).toBe(PUBLICATION_MESSAGES.publicationAdded);
    expect(body.data).toMatchObject({
      name: 'Fees Schedule',
      file_name: 'Fees Schedule.pdf',
      category: { id: tree.root.id },
      subcategory: { id: tree.subs[0]!.id },
    });
    for (const token of [ar.token, taAdmin, cm.token])
      expect((await add(token, 'Nope', tree.subs[0]!.id)).statusCode).toBe(403);
    const m = multipart([{ name: 'name', value: 'x' }]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/publications', headers: m.headers, payload: m.payload }))
        .statusCode,
    ).toBe(401);
  });

  it('lists every publication for the back office (SYSADMIN only), paged', async () => {
    await added('Admin listed one');
    const newest = await added('Admin listed two');
    const res = await get(admin, '/api/admin/publications?page=1&per_page=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: PublicationItem[]; total: number; per_page: number }>();
    expect(body.data.map((p) => p.id)).toEqual([newest.id]);
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.per_page).toBe(1);
    for (const token of [ar.token, taAdmin, cm.token])
      expect((await get(token, '/api/admin/publications')).statusCode).toBe(403);
    expect((await get(null, '/api/admin/publications')).statusCode).toBe(401);
  });

  it('refuses a missing name, a root or unknown category, a taken name; nothing half-written', async () => {
    const before = (await t.database.db.select().from(files)).length;
    const noName = await add(admin, '', tree.subs[0]!.id);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(PUBLICATION_MESSAGES.nameRequired);
    const root = await add(admin, 'At the root', tree.root.id);
    expect(root.statusCode).toBe(400);
    expect(root.json().message).toBe(PUBLICATION_MESSAGES.subcategoryRequired);
    expect((await add(admin, 'Nowhere', 999_999)).statusCode).toBe(400);
    const dup = await add(admin, 'fees schedule', tree.subs[0]!.id);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(PUBLICATION_MESSAGES.duplicatePublication);
    expect((await t.database.db.select().from(files)).length).toBe(before);
  });

  it('replaces the file (the old one goes) and removes a publication', async () => {
    const p = await added('To replace');
    const [old] = await t.database.db
      .select({ fileId: publications.fileId })
      .from(publications)
      .where(eq(publications.id, p.id));
    const m = multipart([{ name: 'file', filename: 'v2.pdf', type: 'application/pdf', content: pdf }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/publications/${p.id}`,
      headers: { ...auth(admin), ...m.headers },
      payload: m.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.file_name).toBe('v2.pdf');
    expect(await t.database.db.select().from(files).where(eq(files.id, old!.fileId))).toEqual([]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/publications/${p.id}`, headers: auth(ar.token) }))
        .statusCode,
    ).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/publications/${p.id}`, headers: auth(admin) });
    expect(del.json().message).toBe(PUBLICATION_MESSAGES.publicationRemoved);
    expect((await get(ar.token, `/api/publications/${p.id}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/publications/${p.id}`, headers: auth(admin) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('reading publications (TA, AR, LA, CM; not SYSADMIN or TA_ADMIN)', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    for (let i = 1; i <= 12; i++) ids.push((await added(`Paged ${String(i).padStart(2, '0')}`, tree.subs[1]!.id)).id);
  });

  it('lists 10 a page, newest first, with paging in SQL', async () => {
    const res = await get(ta.token, '/api/publications');
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicationList>();
    expect(body.per_page).toBe(10);
    expect(body.data).toHaveLength(10);
    expect(body.total).toBeGreaterThanOrEqual(13);
    expect(body.data[0]!.name).toBe('Paged 12');
    const page2 = (await get(ta.token, '/api/publications?page=2')).json<PublicationList>();
    expect(page2.data[0]!.name).not.toBe('Paged 12');
  });

  it('refuses SYSADMIN and TA_ADMIN (403), no token (401), a missing one (404)', async () => {
    for (const url of [
      '/api/publications',
      `/api/publications/${ids[0]}`,
      `/api/publications/category/${tree.subs[1]!.id}`,
      `/api/publications/${ids[0]}/file`,
    ]) {
      expect((await get(null, url)).statusCode, url).toBe(401);
      for (const token of [admin, taAdmin]) expect([403, 404], url).toContain((await get(token, url)).statusCode);
    }
    expect((await get(admin, '/api/publications')).statusCode).toBe(403);
    expect((await get(cm.token, '/api/publications/999999')).statusCode).toBe(404);
  });

  it('shows one, and serves its PDF as an attachment or inline, never sniffed', async () => {
    const one = await get(cm.token, `/api/publications/${ids[0]}`);
    expect(one.json().data).toMatchObject({ id: ids[0], name: 'Paged 01', uri: `/api/publications/${ids[0]}/file` });
    const file = await get(cm.token, `/api/publications/${ids[0]}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const inline = await get(cm.token, `/api/publications/${ids[0]}/file?disposition=inline`);
    expect(inline.headers['content-disposition']).toMatch(/^inline/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['content-type']).toBe('application/pdf');
    // Sandboxed (no script on the portal's origin), framed only by the portal's own pages (the preview).
    expect(inline.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(inline.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(inline.headers['content-security-policy']).not.toContain('allow-scripts');
    expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
    // An attachment keeps the portal's own CSP, which forbids framing.
    expect(file.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('opens the inline file through a signed download link without the token', async () => {
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/downloads',
      headers: auth(ar.token),
      payload: { path: `/api/publications/${ids[0]}/file?disposition=inline` },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: ticket.json().url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/publications/${ids[0]}/file?disposition=inline&dl=forged.1.x` }))
        .statusCode,
    ).toBe(401);
  });

  it('zips the selected ones (POST with ids[], and GET through a ticket)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publications/bulk',
      headers: auth(ar.token),
      payload: { 'ids[]': [ids[0], ids[1]] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await unzipEntries(res.rawPayload);
    expect(Object.keys(entries).sort()).toEqual(['Paged 01.pdf', 'Paged 02.pdf']);
    expect(entries['Paged 01.pdf']!.startsWith('%PDF-')).toBe(true);
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/downloads',
      headers: auth(ar.token),
      payload: { path: `/api/publications/bulk?ids[]=${ids[2]}` },
    });
    const viaGet = await t.app.inject({ method: 'GET', url: ticket.json().url });
    expect(Object.keys(await unzipEntries(viaGet.rawPayload))).toEqual(['Paged 03.pdf']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/publications/bulk',
          headers: auth(taAdmin),
          payload: { ids: [ids[0]] },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/publications/bulk',
          headers: auth(ar.token),
          payload: { ids: [] },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/publications/bulk',
          headers: auth(ar.token),
          payload: { ids: [999999] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists a subcategory’s publications and a root’s, a page at a time in name order', async () => {
    const sub = (await get(la(), `/api/publications/category/${tree.subs[1]!.id}`)).json<PublicationList>();
    expect(sub.data).toHaveLength(12);
    expect(sub).toMatchObject({ total: 12, page: 1, per_page: 50 });
    // The list's download paths are written by its statement, as a single publication's by fileUri.
    for (const p of sub.data) expect(p.uri).toBe(fileUri(p.id));
    const first = (
      await get(la(), `/api/publications/category/${tree.subs[1]!.id}?per_page=5&page=1`)
    ).json<PublicationList>();
    const third = (
      await get(la(), `/api/publications/category/${tree.subs[1]!.id}?per_page=5&page=3`)
    ).json<PublicationList>();
    expect(first.data.map((p) => p.name)).toEqual(sub.data.slice(0, 5).map((p) => p.name));
    expect(third.data.map((p) => p.name)).toEqual(sub.data.slice(10).map((p) => p.name));
    expect(third.total).toBe(12);
    expect((await get(la(), `/api/publications/category/${tree.subs[1]!.id}?per_page=101`)).statusCode).toBe(400);
    const root = (await get(la(), `/api/publications/category/${tree.root.id}`)).json<PublicationList>();
    expect(root.data.length).toBeGreaterThanOrEqual(13);
    expect(root.total).toBe(root.data.length);
    expect((await get(la(), '/api/publications/category/999999')).statusCode).toBe(404);
  });
});

let laToken = '';
const la = () => laToken;
beforeAll(async () => {
  laToken = (await makeSignedIn(t.database.db, { roles: ['LA', 'TA'] })).token;
});

describe('categories and subscriptions', () => {
  const treeOf = async (token: string, query = '') =>
    (await get(token, `/api/categories${query}`))
      .json<{ data: CategoryNode[] }>()
      .data.find((c) => c.id === tree.root.id)!;
  const post = (token: string, ids: number[], type = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/subscriptions${type}`,
      headers: auth(token),
      payload: { category_ids: ids },
    });
  const del = (token: string, ids: string, type = '') =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/subscriptions/${encodeURIComponent(ids)}${type}`,
      headers: auth(token),
    });

  it('answers the tree, the parents and one category; 401 without a token', async () => {
    const root = await treeOf(ta.token);
    expect(root.children.map((c) => c.id)).toEqual(tree.subs.map((s) => s.id));
    expect(root.isSubscribe).toBe(false);
    const parents = (await get(ta.token, '/api/categories/parent')).json<{ data: { id: number }[] }>().data;
    expect(parents.map((p) => p.id)).toContain(tree.root.id);
    expect((await get(ta.token, `/api/categories/${tree.subs[0]!.id}`)).json().data).toMatchObject({
      id: tree.subs[0]!.id,
      parent_id: tree.root.id,
    });
    expect((await get(ta.token, '/api/categories/999999')).statusCode).toBe(404);
    expect((await get(null, '/api/categories')).statusCode).toBe(401);
    // Admins list the categories (registration screens) but not their publications.
    expect((await get(admin, '/api/categories')).statusCode).toBe(200);
    expect((await get(admin, '/api/categories?withPublication=true')).statusCode).toBe(403);
    // The tree says how many publications each subcategory holds; they come a page at a time.
    const withPubs = await treeOf(ta.token, '?withPublication=true');
    expect(withPubs.children[1]!.publication_count).toBe(12);
    expect(withPubs.children[1]).not.toHaveProperty('publications');
  });

  it('subscribes to one, then to all (a root id), and the root becomes subscribed', async () => {
    const one = await post(ta.token, [tree.subs[0]!.id]);
    expect(one.statusCode).toBe(200);
    expect(one.json().message).toBe(PUBLICATION_MESSAGES.subscriptionsSaved);
    let root = await treeOf(ta.token);
    expect(root.children.map((c) => c.isSubscribe)).toEqual([true, false]);
    expect(root.isSubscribe).toBe(false);
    await post(ta.token, [tree.root.id]);
    root = await treeOf(ta.token);
    expect(root.isSubscribe).toBe(true);
    const mine = (await get(ta.token, '/api/categories?withPublication=true&subscribed=true')).json<{
      data: CategoryNode[];
    }>().data;
    expect(mine.map((c) => c.id)).toEqual([tree.root.id]);
  });

  it('turns notify on only on subscribed items, and off', async () => {
    const refused = await post(cm.token, [tree.subs[0]!.id], '?type=notification');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PUBLICATION_MESSAGES.notifyNeedsSubscription);
    expect((await post(ta.token, [tree.subs[0]!.id], '?type=notification')).statusCode).toBe(200);
    let root = await treeOf(ta.token);
    expect(root.children.map((c) => c.isNotify)).toEqual([true, false]);
    await del(ta.token, `[${tree.subs[0]!.id}]`, '?type=notification');
    root = await treeOf(ta.token);
    expect(root.children.map((c) => c.isNotify)).toEqual([false, false]);
    expect(root.children.map((c) => c.isSubscribe)).toEqual([true, true]);
  });

  it('unsubscribes from one and from all, and refuses bad input', async () => {
    await del(ta.token, `[${tree.subs[1]!.id}]`);
    expect((await treeOf(ta.token)).children.map((c) => c.isSubscribe)).toEqual([true, false]);
    await del(ta.token, `[${tree.root.id}]`);
    expect((await treeOf(ta.token)).children.map((c) => c.isSubscribe)).toEqual([false, false]);
    expect((await del(ta.token, 'nonsense')).statusCode).toBe(400);
    expect((await post(ta.token, [])).json().message).toBe(PUBLICATION_MESSAGES.categoryIdsRequired);
    expect((await post(ta.token, [999999])).json().message).toBe(PUBLICATION_MESSAGES.unknownCategory);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/subscriptions', payload: { category_ids: [1] } })).statusCode,
    ).toBe(401);
    expect(MESSAGES.validationFailed).toBeTruthy();
  });
});

describe('a publication added or replaced notifies subscribers with notify on, only them', () => {
  it('notifies the notify-on subscriber, not the notify-off one, nor an admin subscriber', async () => {
    const { subs } = await makeCategoryTree(t.database.db, 1);
    const sub = subs[0]!;
    const quiet = await makeSignedIn(t.database.db, { roles: ['AR'] });
    const sysadmin = await makeSignedIn(t.database.db, { roles: ['SYSADMIN'] });
    await makeSubscription(t.database.db, ar.user.id, sub.id, true);
    await makeSubscription(t.database.db, quiet.user.id, sub.id, false);
    await makeSubscription(t.database.db, sysadmin.user.id, sub.id, true);
    const p = await added('Announcement', sub.id);
    const rowsOf = (id: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, id));
    const mine = await rowsOf(ar.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'publication',
      title: 'New publication: Announcement',
      url: `/publications/${p.id}`,
    });
    expect(await rowsOf(quiet.user.id)).toEqual([]);
    expect(await rowsOf(sysadmin.user.id)).toEqual([]);
    const m = multipart([{ name: 'file', filename: 'Announcement v2.pdf', type: 'application/pdf', content: pdf }]);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/publications/${p.id}`,
      headers: { ...auth(admin), ...m.headers },
      payload: m.payload,
    });
    expect((await rowsOf(ar.user.id)).map((r) => r.title).sort()).toEqual([
      'New publication: Announcement',
      'Publication updated: Announcement',
    ]);
  });
});

describe('npm run import -- publications <file.csv>', () => {
  it('adds, then replaces by subcategory and name; bad rows import nothing', async () => {
    const { mkdtempSync, writeFileSync, mkdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { importPublications } = await import('./publications.import.js');
    const { createStorage } = await import('../../platform/storage/storage.js');
    const dir = mkdtempSync(path.join(tmpdir(), 'pub-import-'));
    mkdirSync(path.join(dir, 'pdfs'));
    writeFileSync(path.join(dir, 'pdfs', 'a.pdf'), pdf);
    writeFileSync(
      path.join(dir, 'list.csv'),
      'name,category,subcategory,file\nImported Guide,General,Imported Sub,pdfs/a.pdf\n',
    );
    const storage = createStorage(t.config);
    const first = await importPublications(t.database.db, storage, path.join(dir, 'list.csv'));
    expect(first).toMatchObject({ inserted: 1, updated: 0 });
    const again = await importPublications(t.database.db, storage, path.join(dir, 'list.csv'));
    expect(again).toMatchObject({ inserted: 0, updated: 1 });
    writeFileSync(
      path.join(dir, 'bad.csv'),
      'name,category,subcategory,file\nOk,General,Imported Sub,pdfs/a.pdf\n,Elsewhere,,missing.pdf\n',
    );
    const count = async () => (await t.database.db.select().from(publications)).length;
    const before = await count();
    await expect(importPublications(t.database.db, storage, path.join(dir, 'bad.csv'))).rejects.toMatchObject({
      statusCode: 400,
      errors: {
        'line 3': [
          'name is required',
          expect.stringContaining('category must be one of'),
          'subcategory is required',
          'file missing.pdf is not there',
        ],
      },
    });
    expect(await count()).toBe(before);
  });
});

describe('the recent list', () => {
  it('is read in the order of publications_updated_idx, without sorting every publication', async () => {
    // DESC alone is NULLS FIRST, which the index (DESC NULLS LAST) cannot give: the plan sorted.
    const { sql: text } = t.database.db
      .select({ id: publications.id })
      .from(publications)
      .orderBy(...RECENT_ORDER)
      .limit(10)
      .toSQL();
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql.raw(`explain ${text.replace('$1', '10')}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('publications_updated_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
