import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  RECORD_MESSAGES,
  uploadLimitBytes,
  type DocumentGroups,
  type NotificationList,
} from '@portal/shared';
import { files, jobDocuments, siteDocuments } from '../../db/schema/index.js';
import { createStorage } from '../../platform/storage/storage.js';
import { makeJobDocument, makeSiteDocument } from '../../test/factories/documents.js';
import { makeFacility } from '../../test/factories/facilities.js';
import { makeJob, type JobRow } from '../../test/factories/jobs.js';
import { makeSite, representSites, type SiteRow } from '../../test/factories/sites.js';
import { makeSignedIn, tokenFor, type UserRow } from '../../test/factories/users.js';
import { auth, buildTestApp, storedObjects, type TestApp } from '../../test/helpers.js';
import { multipart, type Part } from '../../test/multipart.js';
import { unzipEntries } from '../../test/unzip.js';

let t: TestApp;
let ar: string;
let multi: string;
let ta: string;
let la: string;
let cm: string;
let arUser: UserRow;
const job: Record<string, number> = {};
const site: Record<string, number> = {};

/**
 * Its own records, numbered as the job and site labels the tests use: Harbour's three sites
 * (Sydney and Newcastle represented by ar, Perth by multi), a site ar and multi both represent,
 * two sites of multi's; la leads every job, ta assesses most, multi one; documents both ways on
 * 100234 (one reviewed), one each way on 100239, and the body's certificate on Sydney.
 */
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  const storage = createStorage(t.config);
  const people = {
    ar: await makeSignedIn(db, { roles: ['AR'], firstName: 'Arthur', lastName: 'Rep' }),
    multi: await makeSignedIn(db, { roles: ['AR', 'TA', 'CM'] }),
    ta: await makeSignedIn(db, { roles: ['TA'], firstName: 'Tess', lastName: 'Assessor' }),
    la: await makeSignedIn(db, { roles: ['LA', 'TA'], firstName: 'Lee', lastName: 'Lead' }),
    cm: await makeSignedIn(db, { roles: ['CM'] }),
  };
  arUser = people.ar.user;
  [ar, multi, ta, la, cm] = [people.ar.token, people.multi.token, people.ta.token, people.la.token, people.cm.token];
  const harbour = await makeFacility(db);
  const siteRows: Record<string, SiteRow> = {};
  for (const [siteNumber, facilityId] of [
    ['S041201', harbour.id],
    ['S041202', harbour.id],
    ['S041203', harbour.id],
    ['S187601'],
    ['S239101'],
    ['S305001'],
  ] as const) {
    siteRows[siteNumber] = await makeSite(db, { siteNumber, ...(facilityId ? { facilityId } : {}) });
    site[siteNumber] = siteRows[siteNumber].id;
  }
  await representSites(db, people.ar.user, siteRows.S041201!, siteRows.S041202!, siteRows.S187601!);
  await representSites(
    db,
    people.multi.user,
    siteRows.S041203!,
    siteRows.S187601!,
    siteRows.S239101!,
    siteRows.S305001!,
  );
  const jobRows: Record<string, JobRow> = {};
  for (const [jobNumber, siteNumber, assessor] of [
    ['100234', 'S041201', people.ta],
    ['100235', 'S041201', null],
    ['100236', 'S041202', people.ta],
    ['100239', 'S187601', people.ta],
    ['100240', 'S239101', people.ta],
    ['100241', 'S305001', people.multi],
    ['100242', 'S041203', null],
  ] as const) {
    jobRows[jobNumber] = await makeJob(db, siteRows[siteNumber]!, {
      jobNumber,
      lead: people.la.user,
      assessors: assessor ? [assessor.user] : [],
    });
    job[jobNumber] = jobRows[jobNumber].id;
  }
  const by = { ar: people.ar.user, ta: people.ta.user, la: people.la.user };
  await makeJobDocument(db, storage, jobRows['100234']!, {
    name: 'Quality Manual.pdf',
    description: 'Quality manual, revision 7',
    by: by.ar,
    daysAgo: 10,
    review: { by: by.ta, comment: 'Section 4 is complete; see the note on document control.' },
  });
  await makeJobDocument(db, storage, jobRows['100234']!, {
    name: 'Scope of accreditation.txt',
    description: 'Proposed scope for the reassessment',
    by: by.ar,
    daysAgo: 6,
  });
  await makeJobDocument(db, storage, jobRows['100234']!, {
    name: 'Assessment plan.pdf',
    description: 'Plan for the visit',
    by: by.la,
    role: 'LA',
    side: 'assessor',
    daysAgo: 4,
  });
  await makeJobDocument(db, storage, jobRows['100239']!, {
    name: 'Corrective actions.txt',
    description: 'Responses to the findings of the last visit',
    by: by.ar,
    daysAgo: 2,
  });
  await makeJobDocument(db, storage, jobRows['100239']!, {
    name: 'Assessment report.pdf',
    description: 'Report of the visit',
    by: by.ta,
    role: 'TA',
    side: 'assessor',
    daysAgo: 1,
  });
  await makeSiteDocument(db, storage, siteRows.S041201!, {
    name: 'Accreditation certificate.pdf',
    description: 'Certificate of accreditation',
    by: null,
    side: 'body',
    daysAgo: 200,
  });
  await makeSiteDocument(db, storage, siteRows.S041201!, {
    name: 'Site floor plan.txt',
    description: 'Floor plan of the laboratory',
    by: by.ar,
    daysAgo: 30,
  });
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const upload = (url: string, parts: Part[], token?: string, opts?: { cutOff?: boolean }) => {
  const { payload, headers } = multipart(parts, opts);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? auth(token) : {}) } });
};
const review = (id: number, reviewed_comment: unknown, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/jobdocuments/${id}`,
    payload: { reviewed_comment },
    headers: token ? auth(token) : {},
  });
const storedFiles = () => storedObjects(t.config);
const docId = async (jobNumber: string, name: string) => {
  const [row] = await t.database.db
    .select({ id: jobDocuments.id })
    .from(jobDocuments)
    .innerJoin(files, eq(files.id, jobDocuments.fileId))
    .where(and(eq(jobDocuments.jobId, job[jobNumber]!), eq(files.name, name)));
  return row!.id;
};
const groups = async (url: string, token: string) => {
  const res = await get(url, token);
  expect(res.statusCode).toBe(200);
  const body = res.json<DocumentGroups>();
  return { body, received: body.received.map((d) => d.name), submitted: body.submitted.map((d) => d.name) };
};
const titles = async (token: string, role: string) =>
  (await get(`/api/notifications?role=${role}`, token)).json<NotificationList>().data.map((n) => n.data.title);

describe('GET /api/jobdocuments', () => {
  it('groups from the role’s side, oldest first', async () => {
    const asAr = await groups(`/api/jobdocuments?jobid=${job['100234']}&role=AR`, ar);
    expect(asAr.submitted).toEqual(['Quality Manual.pdf', 'Scope of accreditation.txt']);
    expect(asAr.received).toEqual(['Assessment plan.pdf']);
    expect(asAr.body.total).toEqual({ received: 1, submitted: 2 });
    expect(asAr.body.submitted[0]).toMatchObject({
      description: 'Quality manual, revision 7',
      user: { first_name: 'Arthur', last_name: 'Rep' },
      reviewed_comment: expect.stringContaining('Section 4'),
      reviewed_date: expect.any(String),
      mime_type: 'application/pdf',
    });
    const asTa = await groups(`/api/jobdocuments?jobid=${job['100234']}&role=TA`, ta);
    expect(asTa.received).toEqual(['Quality Manual.pdf', 'Scope of accreditation.txt']);
    expect(asTa.submitted).toEqual(['Assessment plan.pdf']);
  });

  it('answers 404 for a job of another facility, an unassigned job, or a side the user is not on', async () => {
    expect((await get(`/api/jobdocuments?jobid=${job['100240']}&role=AR`, ar)).statusCode).toBe(404);
    expect((await get(`/api/jobdocuments?jobid=${job['100242']}&role=TA`, ta)).statusCode).toBe(404);
    // multi@ is a TA, but not on 100239 (they see it as AR only).
    expect((await get(`/api/jobdocuments?jobid=${job['100239']}&role=TA`, multi)).statusCode).toBe(404);
    expect((await get(`/api/jobdocuments?jobid=${job['100239']}&role=AR`, multi)).statusCode).toBe(200);
    expect((await get(`/api/jobdocuments?jobid=${job['100234']}&role=CM`, cm)).statusCode).toBe(404);
    expect((await get(`/api/jobdocuments?jobid=${job['100234']}&role=TA`, ar)).statusCode).toBe(403);
    expect((await get(`/api/jobdocuments?jobid=${job['100234']}`)).statusCode).toBe(401);
  });
});

describe('GET /api/jobdocuments/{id}', () => {
  it('streams the file with its name and type', async () => {
    const id = await docId('100234', 'Scope of accreditation.txt');
    const res = await get(`/api/jobdocuments/${id}`, ta);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Scope of accreditation.txt"; filename*=UTF-8''Scope%20of%20accreditation.txt`,
    );
    expect(res.body).toContain('Proposed scope for the reassessment');
    const pdf = await get(`/api/jobdocuments/${await docId('100234', 'Quality Manual.pdf')}?disposition=inline`, ar);
    expect(pdf.headers['content-disposition']).toMatch(/^inline;/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 to users who cannot see the job, 401 without a token', async () => {
    const id = await docId('100234', 'Scope of accreditation.txt');
    const theirs = await docId('100239', 'Corrective actions.txt');
    expect((await get(`/api/jobdocuments/${id}`, multi)).statusCode).toBe(404);
    expect((await get(`/api/jobdocuments/${id}`, cm)).statusCode).toBe(404);
    expect((await get(`/api/jobdocuments/${theirs}`, multi)).statusCode).toBe(200);
    expect((await get('/api/jobdocuments/99999', ar)).statusCode).toBe(404);
    expect((await get(`/api/jobdocuments/${id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/jobdocuments/bulk', () => {
  it('names the zip after its one job, or plainly when it holds documents of several jobs', async () => {
    const a = await docId('100234', 'Scope of accreditation.txt');
    const b = await docId('100239', 'Corrective actions.txt');
    const one = await get(`/api/jobdocuments/bulk?ids[]=${a}`, la);
    expect(one.headers['content-disposition']).toMatch(/^attachment; filename="job-100234-documents.zip"/);
    const both = await get(`/api/jobdocuments/bulk?ids[]=${a}&ids[]=${b}`, la);
    expect(both.statusCode).toBe(200);
    expect(both.headers['content-disposition']).toMatch(/^attachment; filename="job-documents.zip"/);
  });

  it('zips the selected documents the user may see, and only those', async () => {
    const a = await docId('100234', 'Scope of accreditation.txt');
    const b = await docId('100239', 'Corrective actions.txt');
    const c = await docId('100234', 'Quality Manual.pdf');
    const res = await get(`/api/jobdocuments/bulk?ids[]=${a}&ids[]=${b}&ids[]=${c}`, multi);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    // Named after what it holds: only 100239's document reaches multi@.
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="job-100239-documents.zip"/);
    const entries = await unzipEntries(res.rawPayload);
    // multi@ sees 100239 (as AR of its site), not 100234.
    expect(Object.keys(entries)).toEqual(['Corrective actions.txt']);
    expect(entries['Corrective actions.txt']).toContain('Responses to the findings');

    const mine = await unzipEntries(
      (await get(`/api/jobdocuments/bulk?ids[]=${a}&ids[]=${b}&ids[]=${c}`, ar)).rawPayload,
    );
    expect(Object.keys(mine).sort()).toEqual([
      'Corrective actions.txt',
      'Quality Manual.pdf',
      'Scope of accreditation.txt',
    ]);
    expect(mine['Quality Manual.pdf']!.startsWith('%PDF-')).toBe(true);
  });

  it('answers 404 when none may be seen, 400 for bad ids, 401 without a token', async () => {
    const a = await docId('100234', 'Scope of accreditation.txt');
    expect((await get(`/api/jobdocuments/bulk?ids[]=${a}`, cm)).statusCode).toBe(404);
    expect((await get('/api/jobdocuments/bulk?ids[]=abc', ar)).statusCode).toBe(400);
    expect((await get('/api/jobdocuments/bulk', ar)).statusCode).toBe(400);
    expect((await get(`/api/jobdocuments/bulk?ids[]=${a}`)).statusCode).toBe(401);
  });
});

describe('download links (POST /api/downloads)', () => {
  const linkFor = async (p: string, token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/downloads', payload: { path: p }, headers: token ? auth(token) : {} });

  it('gives a link that streams the file, or the zip, without a token', async () => {
    const a = await docId('100234', 'Scope of accreditation.txt');
    const b = await docId('100234', 'Quality Manual.pdf');
    const link = await linkFor(`/api/jobdocuments/${a}`, ar);
    expect(link.statusCode).toBe(200);
    const { url } = link.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/api/jobdocuments/${a}\\?dl=`));
    const file = await get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/Scope of accreditation.txt/);
    expect(file.body).toContain('Proposed scope for the reassessment');

    const zip = await get(
      (await linkFor(`/api/jobdocuments/bulk?ids[]=${a}&ids[]=${b}`, ar)).json<{ url: string }>().url,
    );
    expect(zip.statusCode).toBe(200);
    expect(Object.keys(await unzipEntries(zip.rawPayload)).sort()).toEqual([
      'Quality Manual.pdf',
      'Scope of accreditation.txt',
    ]);
  });

  it('opens only the path it was made for, and still applies the record rules', async () => {
    const a = await docId('100234', 'Scope of accreditation.txt');
    const theirs = await docId('100239', 'Corrective actions.txt');
    const { url } = (await linkFor(`/api/jobdocuments/${theirs}`, ar)).json<{ url: string }>();
    // The same ticket on another document, on another call, or with another query.
    expect((await get(url.replace(`/${theirs}?`, `/${a}?`))).statusCode).toBe(401);
    expect((await get(url.replace(`/api/jobdocuments/${theirs}`, '/api/jobs'))).statusCode).toBe(401);
    expect((await get(`${url}&disposition=inline`)).statusCode).toBe(401);
    expect((await get(url.replace(/dl=[^.]+/, 'dl=00000000-0000-0000-0000-000000000000'))).statusCode).toBe(401);
    // multi@ may ask for a link to a document of a job it does not see; following it gives nothing.
    const other = (await linkFor(`/api/jobdocuments/${a}`, multi)).json<{ url: string }>().url;
    expect((await get(other)).statusCode).toBe(404);
  });

  it('dies with the session, refuses what is not a download, and needs a signed-in user', async () => {
    const token = await tokenFor(t.database.db, arUser);
    const { url } = (
      await linkFor(`/api/jobdocuments/${await docId('100234', 'Scope of accreditation.txt')}`, token)
    ).json<{ url: string }>();
    expect((await get('/api/logout', token)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(401);

    expect((await linkFor('/api/notifications', ar)).statusCode).toBe(400);
    expect((await linkFor('https://elsewhere.test/api/jobdocuments/1', ar)).statusCode).toBe(400);
    expect((await linkFor('/api/jobdocuments/1')).statusCode).toBe(401);
  });
});

describe('POST /api/jobdocuments', () => {
  it('stores an AR’s document, names it safely, and notifies the job’s assessors', async () => {
    const res = await upload(
      '/api/jobdocuments',
      [
        { name: 'jobId', value: String(job['100236']) },
        { name: 'role', value: 'AR' },
        { name: 'description', value: 'Internal audit report' },
        { name: 'file', filename: 'audit_report#2026!.txt', type: 'text/plain', content: 'audit findings' },
      ],
      ar,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.fileUploaded,
      document: {
        name: 'audit-report-2026-.txt',
        description: 'Internal audit report',
        size: 14,
        user: { first_name: 'Arthur' },
      },
    });
    const asTa = await groups(`/api/jobdocuments?jobid=${job['100236']}&role=TA`, ta);
    expect(asTa.received).toEqual(['audit-report-2026-.txt']);
    expect(await titles(ta, 'TA')).toContain('New document on job 100236');
    expect(await titles(la, 'TA')).toContain('New document on job 100236');
    const id = await docId('100236', 'audit-report-2026-.txt');
    expect((await get(`/api/jobdocuments/${id}`, la)).body).toBe('audit findings');
  });

  it('takes the fields after the file too, and an assessor’s upload notifies the ARs of the site', async () => {
    const res = await upload(
      '/api/jobdocuments',
      [
        { name: 'file', filename: 'Visit notes.txt', type: 'text/plain', content: 'notes' },
        { name: 'jobId', value: String(job['100239']) },
        { name: 'description', value: 'Notes from the visit' },
        { name: 'role', value: 'TA' },
      ],
      ta,
    );
    expect(res.statusCode).toBe(200);
    expect((await groups(`/api/jobdocuments?jobid=${job['100239']}&role=AR`, ar)).received).toContain(
      'Visit notes.txt',
    );
    expect(await titles(ar, 'AR')).toContain('New document on job 100239');
    expect(await titles(multi, 'AR')).toContain('New document on job 100239');
  });

  it('takes the role after the file, for a user with several roles', async () => {
    // multi@ is a TA on 100241 but not an AR of its site; their default view is AR.
    const res = await upload(
      '/api/jobdocuments',
      [
        { name: 'jobId', value: String(job['100241']) },
        { name: 'description', value: 'Calibration notes' },
        { name: 'file', filename: 'Calibration notes.txt', content: 'notes' },
        { name: 'role', value: 'TA' },
      ],
      multi,
    );
    expect(res.statusCode).toBe(200);
    expect((await groups(`/api/jobdocuments?jobid=${job['100241']}&role=TA`, multi)).submitted).toEqual([
      'Calibration notes.txt',
    ]);
  });

  it('refuses the same name twice on a job with the spec message, storing nothing', async () => {
    const before = (await storedFiles()).length;
    for (const order of ['fields first', 'file first']) {
      const fields: Part[] = [
        { name: 'jobId', value: String(job['100234']) },
        { name: 'description', value: 'Again' },
      ];
      const file: Part = { name: 'file', filename: 'Quality Manual.pdf', type: 'application/pdf', content: '%PDF-1.4' };
      const res = await upload(
        '/api/jobdocuments',
        order === 'fields first' ? [...fields, file] : [file, ...fields],
        ar,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.duplicateDocument);
    }
    expect(await storedFiles()).toHaveLength(before);
  });

  it('needs a description of at most 255 characters, with the spec messages', async () => {
    const before = (await storedFiles()).length;
    const send = (description?: string) =>
      upload(
        '/api/jobdocuments',
        [
          { name: 'jobId', value: String(job['100234']) },
          ...(description === undefined ? [] : [{ name: 'description', value: description }]),
          { name: 'file', filename: 'New.txt', content: 'x' },
        ],
        ar,
      );
    const missing = await send();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: MESSAGES.descriptionRequired,
      errors: { description: [MESSAGES.descriptionRequired] },
    });
    expect((await send('   ')).json().message).toBe(MESSAGES.descriptionRequired);
    const long = await send('x'.repeat(256));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MESSAGES.descriptionMax);
    expect(await storedFiles()).toHaveLength(before);
    const noFile = await upload(
      '/api/jobdocuments',
      [
        { name: 'jobId', value: String(job['100234']) },
        { name: 'description', value: 'd' },
      ],
      ar,
    );
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(RECORD_MESSAGES.fileRequired);
  });

  it('answers 404 for a job of another facility or an unassigned job, 401 without a token, and stores nothing', async () => {
    const before = (await storedFiles()).length;
    const send = (jobNumber: string, token: string | undefined, role?: string) =>
      upload(
        '/api/jobdocuments',
        [
          { name: 'jobId', value: String(job[jobNumber]) },
          { name: 'description', value: 'd' },
          ...(role ? [{ name: 'role', value: role }] : []),
          { name: 'file', filename: 'Other.txt', content: 'x' },
        ],
        token,
      );
    expect((await send('100240', ar)).statusCode).toBe(404);
    expect((await send('100242', ta, 'TA')).statusCode).toBe(404);
    expect((await send('100234', cm)).statusCode).toBe(404);
    expect((await send('100234', undefined)).statusCode).toBe(401);
    expect(await storedFiles()).toHaveLength(before);
  });

  it('leaves nothing when the upload is cut off', async () => {
    const before = (await storedFiles()).length;
    const n = (await t.database.db.select().from(files)).length;
    const res = await upload(
      '/api/jobdocuments',
      [
        { name: 'jobId', value: String(job['100234']) },
        { name: 'description', value: 'Big file' },
        { name: 'file', filename: 'Cut.bin', content: Buffer.alloc(64 * 1024, 7) },
      ],
      ar,
      { cutOff: true },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RECORD_MESSAGES.uploadIncomplete);
    expect(await t.database.db.select().from(files)).toHaveLength(n);
    expect(await storedFiles()).toHaveLength(before);
  });
});

describe('PUT /api/jobdocuments/{id} (review)', () => {
  it('lets an assessor of the job review a received document, and notifies the uploader', async () => {
    const id = await docId('100234', 'Scope of accreditation.txt');
    const res = await review(id, 'Scope agreed.', ta);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.actionSuccessful,
      document: { reviewed_comment: 'Scope agreed.', reviewed_date: expect.any(String) },
    });
    const seen = (await groups(`/api/jobdocuments?jobid=${job['100234']}&role=AR`, ar)).body.submitted.find(
      (d) => d.id === id,
    );
    expect(seen?.reviewed_comment).toBe('Scope agreed.');
    expect(await titles(ar, 'AR')).toContain('Document reviewed on job 100234');
  });

  it('refuses others: 403 for those who see the job, 404 for those who do not', async () => {
    const received = await docId('100234', 'Quality Manual.pdf');
    const own = await docId('100234', 'Assessment plan.pdf');
    const ar403 = await review(received, 'I approve myself', ar);
    expect(ar403.statusCode).toBe(403);
    expect(ar403.json().message).toBe(RECORD_MESSAGES.reviewNotAllowed);
    expect((await review(own, 'Own document', ta)).statusCode).toBe(403);
    expect((await review(received, 'Hi', multi)).statusCode).toBe(404);
    expect((await review(received, 'Hi', cm)).statusCode).toBe(404);
    expect((await review(received, 'Hi')).statusCode).toBe(401);
  });

  it('refuses an assessor who is not on the job', async () => {
    const res = await upload(
      '/api/jobdocuments',
      [
        { name: 'jobId', value: String(job['100242']) },
        { name: 'description', value: 'Application form' },
        { name: 'file', filename: 'Application.txt', content: 'form' },
      ],
      multi,
    );
    expect(res.statusCode).toBe(200);
    const id = await docId('100242', 'Application.txt');
    expect((await review(id, 'Not mine', ta)).statusCode).toBe(404);
    expect((await review(id, 'Received, thanks.', la)).statusCode).toBe(200);
  });

  it('needs a comment of at most 255 characters', async () => {
    const id = await docId('100234', 'Quality Manual.pdf');
    expect((await review(id, '', ta)).json().message).toBe(RECORD_MESSAGES.reviewCommentRequired);
    const long = await review(id, 'x'.repeat(256), ta);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MESSAGES.reviewCommentMax);
  });
});

describe('site documents', () => {
  it('lists received (from the body) and submitted documents of a represented site', async () => {
    const g = await groups(`/api/sitedocuments?siteid=${site.S041201}`, ar);
    expect(g.received).toEqual(['Accreditation certificate.pdf']);
    expect(g.submitted).toEqual(['Site floor plan.txt']);
    expect(g.body.received[0]!.user).toBeNull();
    expect((await get(`/api/sitedocuments?siteid=${site.S041203}`, ar)).statusCode).toBe(404);
    expect((await get(`/api/sitedocuments?siteid=${site.S041201}`, ta)).statusCode).toBe(404);
    expect((await get(`/api/sitedocuments?siteid=${site.S041201}`)).statusCode).toBe(401);
  });

  it('uploads, downloads and zips', async () => {
    const res = await upload(
      '/api/sitedocuments',
      [
        { name: 'siteId', value: String(site.S041201) },
        { name: 'description', value: 'Updated floor plan' },
        { name: 'file', filename: 'Floor plan v2.txt', type: 'text/plain', content: 'plan v2' },
      ],
      ar,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.fileUploaded);
    const id = res.json<{ document: { id: number } }>().document.id;
    expect((await get(`/api/sitedocuments/${id}`, ar)).body).toBe('plan v2');
    expect((await get(`/api/sitedocuments/${id}`, multi)).statusCode).toBe(404);
    const [cert] = await t.database.db
      .select({ id: siteDocuments.id })
      .from(siteDocuments)
      .innerJoin(files, eq(files.id, siteDocuments.fileId))
      .where(eq(files.name, 'Accreditation certificate.pdf'));
    const zip = await get(`/api/sitedocuments/bulk?ids[]=${id}&ids[]=${cert!.id}`, ar);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="site-S\d+-documents.zip"/);
    expect(Object.keys(await unzipEntries(zip.rawPayload)).sort()).toEqual([
      'Accreditation certificate.pdf',
      'Floor plan v2.txt',
    ]);
    expect((await get(`/api/sitedocuments/bulk?ids[]=${id}`, multi)).statusCode).toBe(404);
  });

  it('refuses duplicates, missing descriptions and sites of others', async () => {
    const send = (siteId: number, description: string | null, filename: string) =>
      upload(
        '/api/sitedocuments',
        [
          { name: 'siteId', value: String(siteId) },
          ...(description === null ? [] : [{ name: 'description', value: description }]),
          { name: 'file', filename, content: 'x' },
        ],
        ar,
      );
    expect((await send(site.S041201!, 'd', 'Site floor plan.txt')).json().message).toBe(MESSAGES.duplicateDocument);
    expect((await send(site.S041201!, null, 'Fresh.txt')).json().message).toBe(MESSAGES.descriptionRequired);
    expect((await send(site.S239101!, 'd', 'Fresh.txt')).statusCode).toBe(404);
  });
});

describe('upload size limit', () => {
  let small: TestApp;
  let token: string;
  let smallJob: JobRow;
  beforeAll(async () => {
    small = await buildTestApp({ MAX_UPLOAD_KB: '2' }, { seed: false });
    const someone = await makeSignedIn(small.database.db, { roles: ['AR'] });
    const theirSite = await makeSite(small.database.db);
    await representSites(small.database.db, someone.user, theirSite);
    smallJob = await makeJob(small.database.db, theirSite);
    token = someone.token;
  });
  afterAll(() => small.close());

  it('refuses a file one byte over MAX_UPLOAD_KB (KB of 1000 bytes, as the browser counts) with the spec message and keeps nothing', async () => {
    const j = smallJob;
    const before = (await storedObjects(small.config)).length;
    const { payload, headers } = multipart([
      { name: 'jobId', value: String(j.id) },
      { name: 'description', value: 'Too big' },
      { name: 'file', filename: 'Big.bin', content: Buffer.alloc(uploadLimitBytes(2) + 1, 1) },
    ]);
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/jobdocuments',
      payload,
      headers: { ...headers, ...auth(token) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.fileTooLarge('2 KB'));
    expect(await storedObjects(small.config)).toHaveLength(before);
    const rows = await small.database.db.select().from(files).where(eq(files.name, 'Big.bin'));
    expect(rows).toHaveLength(0);

    const ok = multipart([
      { name: 'jobId', value: String(j.id) },
      { name: 'description', value: 'Fits' },
      { name: 'file', filename: 'Small.bin', content: Buffer.alloc(uploadLimitBytes(2), 1) },
    ]);
    expect(
      (
        await small.app.inject({
          method: 'POST',
          url: '/api/jobdocuments',
          payload: ok.payload,
          headers: { ...ok.headers, ...auth(token) },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('hostile uploads (issue 7)', () => {
  const send = (filename: string, type: string, content: string) =>
    upload(
      '/api/jobdocuments',
      [
        { name: 'jobId', value: String(job['100236']) },
        { name: 'role', value: 'AR' },
        { name: 'description', value: 'Hostile' },
        { name: 'file', filename, type, content },
      ],
      ar,
    );

  it('serves a script as an octet-stream attachment with nosniff, whatever type the uploader declared', async () => {
    const res = await send('evil.js', 'text/javascript', 'window.pwned = true;');
    expect(res.statusCode).toBe(200);
    const id = res.json<{ document: { id: number } }>().document.id;
    for (const query of ['', '?disposition=inline']) {
      const file = await get(`/api/jobdocuments/${id}${query}`, ar);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/octet-stream');
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('chooses the type from the extension, not from the declared type', async () => {
    const res = await send('page.txt', 'text/html', '<script>alert(1)</script>');
    const id = res.json<{ document: { id: number } }>().document.id;
    const file = await get(`/api/jobdocuments/${id}?disposition=inline`, ar);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^inline;/);
    const svg = await send(
      'image.svg',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const svgFile = await get(
      `/api/jobdocuments/${svg.json<{ document: { id: number } }>().document.id}?disposition=inline`,
      ar,
    );
    expect(svgFile.headers['content-type']).toBe('application/octet-stream');
    expect(svgFile.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('cleans bidi controls out of names, as other control characters', async () => {
    // 'invoice\u202Efdp.exe' shows as 'invoiceexe.pdf' in a right-to-left override.
    const res = await send('invoice\u202Efdp.exe', 'application/pdf', 'x');
    expect(res.json<{ document: { name: string } }>().document.name).toBe('invoicefdp.exe');
    const marks = await send(
      'a\u200Eb\u200Fc\u202Ad\u202Be\u202Cf\u202Dg\u2066h\u2067i\u2068j\u2069.txt',
      'text/plain',
      'x',
    );
    expect(marks.json<{ document: { name: string } }>().document.name).toBe('abcdefghij.txt');
  });
});

describe('several files in one upload (files[])', () => {
  it('stores each, answers them all, and tells the other side once', async () => {
    const res = await upload(
      '/api/jobdocuments',
      [
        { name: 'jobId', value: String(job['100235']) },
        { name: 'role', value: 'AR' },
        { name: 'description', value: 'Two at once' },
        { name: 'files[]', filename: 'First.txt', type: 'text/plain', content: 'one' },
        { name: 'files[]', filename: 'Second.txt', type: 'text/plain', content: 'two' },
      ],
      ar,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; document: { name: string }; documents: { id: number; name: string }[] }>();
    expect(body.message).toBe(MESSAGES.fileUploaded);
    expect(body.documents.map((d) => d.name)).toEqual(['First.txt', 'Second.txt']);
    expect(body.document.name).toBe('First.txt');
    expect((await get(`/api/jobdocuments/${body.documents[1]!.id}`, ar)).body).toBe('two');
    const notes = (await get('/api/notifications?role=TA&count=100', la))
      .json<NotificationList>()
      .data.filter((n) => n.body?.includes('"First.txt"'));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toBe('Arthur Rep submitted "First.txt", "Second.txt" to job 100235.');
  });

  it('refuses the whole upload when one name is taken or repeated, storing nothing', async () => {
    const before = (await storedFiles()).length;
    const send = (names: string[]) =>
      upload(
        '/api/jobdocuments',
        [
          { name: 'jobId', value: String(job['100235']) },
          { name: 'description', value: 'Again' },
          ...names.map((filename) => ({ name: 'files[]', filename, content: 'x' })),
        ],
        ar,
      );
    expect((await send(['Fresh one.txt', 'First.txt'])).json().message).toBe(MESSAGES.duplicateDocument);
    expect((await send(['Twice.txt', 'Twice.txt'])).json().message).toBe(MESSAGES.duplicateDocument);
    expect(await storedFiles()).toHaveLength(before);
  });

  it('keeps one document of a name when the same name is uploaded many times at once', async () => {
    const before = (await storedFiles()).length;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        upload(
          '/api/jobdocuments',
          [
            { name: 'jobId', value: String(job['100235']) },
            { name: 'description', value: 'Race' },
            { name: 'file', filename: 'Raced.txt', content: 'x' },
          ],
          ar,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode === 400).every((r) => r.json().message === MESSAGES.duplicateDocument),
    ).toBe(true);
    const rows = await t.database.db
      .select({ id: jobDocuments.id })
      .from(jobDocuments)
      .innerJoin(files, eq(files.id, jobDocuments.fileId))
      .where(and(eq(jobDocuments.jobId, job['100235']!), eq(files.name, 'Raced.txt')));
    expect(rows).toHaveLength(1);
    expect(await storedFiles()).toHaveLength(before + 1);
  });
});
