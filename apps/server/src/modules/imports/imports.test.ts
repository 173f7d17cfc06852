import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, MESSAGES, RECORD_MESSAGES, type FacilityList, type JobList } from '@portal/shared';
import { facilities, invoices, jobAssessors, jobs, sites } from '../../db/schema/index.js';
import { findActor } from '../../platform/actor.js';
import { sha256 } from '../../platform/tokens.js';
import { makeFacility, type FacilityRow } from '../../test/factories/facilities.js';
import { makeJob, type JobRow } from '../../test/factories/jobs.js';
import { makeSite, representSites } from '../../test/factories/sites.js';
import { makeSignedIn, makeUser } from '../../test/factories/users.js';
import { auth, buildTestApp, type TestApp } from '../../test/helpers.js';
import { importCsv, importRecords } from './imports.service.js';

let t: TestApp;
let admin: string;
let ar: string;
let ta: string;
/** The emails of an AR, a TA, a lead assessor and another TA, as the CSV files name them. */
const email = { ar: '', ta: '', la: '', multi: '' };
/** A facility the AR represents a site of, and two jobs with a lead and a TA. */
let harbour: FacilityRow;
let job1: JobRow;
let job2: JobRow;

beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
  const db = t.database.db;
  const a = await makeSignedIn(db, { roles: ['SYSADMIN'] });
  const arUser = await makeSignedIn(db, { roles: ['AR'] });
  const taUser = await makeSignedIn(db, { roles: ['TA'] });
  const laUser = await makeUser(db, { roles: ['LA', 'TA'] });
  const multiUser = await makeUser(db, { roles: ['AR', 'TA', 'CM'] });
  [admin, ar, ta] = [a.token, arUser.token, taUser.token];
  Object.assign(email, { ar: arUser.user.email, ta: taUser.user.email, la: laUser.email, multi: multiUser.email });
  harbour = await makeFacility(db, { name: 'Harbour Analytical Laboratories' });
  const site = await makeSite(db, { facilityId: harbour.id });
  await representSites(db, arUser.user, site);
  job1 = await makeJob(db, site, { lead: laUser, assessors: [taUser.user] });
  job2 = await makeJob(db, site, { lead: laUser, assessors: [taUser.user] });
});
afterAll(() => t.close());

const post = (entity: string, csv: string, token?: string, type = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/import/${entity}`,
    payload: csv,
    headers: { 'content-type': type, ...(token ? auth(token) : {}) },
  });

describe('POST /api/admin/import/{entity}', () => {
  it('upserts facilities, sites, jobs, assessors, AR access and invoices by their natural keys', async () => {
    const f = await post(
      'facilities',
      'facility_number,name,billing_email,state,contacts\n' +
        '7001,Northern Labs,accounts@northern.test,QLD,Ann Lee|07 5555 0001; Bo Tan|07 5555 0002\n' +
        `${harbour.facilityNumber},Harbour Analytical Laboratories (renamed),accounts@harbourlabs.test,NSW,\n`,
      admin,
    );
    expect(f.statusCode).toBe(200);
    expect(f.json()).toEqual({
      message: RECORD_MESSAGES.imported(2),
      entity: 'facilities',
      rows: 2,
      inserted: 1,
      updated: 1,
    });
    const [northern] = await t.database.db.select().from(facilities).where(eq(facilities.facilityNumber, '007001'));
    expect(northern).toMatchObject({
      name: 'Northern Labs',
      contacts: [
        { name: 'Ann Lee', phone: '07 5555 0001' },
        { name: 'Bo Tan', phone: '07 5555 0002' },
      ],
    });

    const s = await post(
      'sites',
      'site_number,facility_number,name,state,coordinator_name\nS700101,7001,Northern Labs Cairns,QLD,Jo Specialist\n',
      admin,
    );
    expect(s.json()).toMatchObject({ inserted: 1, updated: 0 });
    const [site] = await t.database.db.select().from(sites).where(eq(sites.siteNumber, 'S700101'));
    expect(site).toMatchObject({
      facilityId: northern!.id,
      state: 'QLD',
      clientCoordinator: { names: 'Jo Specialist', phone: null, email: null },
      contacts: [],
    });
    const j = await post(
      'jobs',
      'job_number,site_number,type,status,stage,visit_date\n200001,S700101,RES,In Progress,Assessment,5/3/2027\n200002,S700101,Other,1,,2027-04-01\n',
      admin,
    );
    expect(j.json()).toMatchObject({ inserted: 2 });
    const [job1] = await t.database.db.select().from(jobs).where(eq(jobs.jobNumber, '200001'));
    expect(job1).toMatchObject({ status: 2, stage: 'Assessment', visitDate: '2027-03-05' });

    expect(
      (await post('assessors', `job_number,email,lead\n200001,${email.la},yes\n200001,${email.ta},no\n`, admin)).json(),
    ).toMatchObject({ inserted: 2 });
    expect((await post('ar-access', `email,site_number\n${email.ar},S700101\n`, admin)).json()).toMatchObject({
      inserted: 1,
    });
    expect(
      (await post('ar-access', `email,site_number\n${email.ar.toUpperCase()},S700101\n`, admin)).json(),
    ).toMatchObject({ inserted: 0, updated: 1 });
    expect(
      (
        await post(
          'invoices',
          'transaction_number,facility_number,transaction_type,transaction_date,job_number,amount,status\nINV-9001,7001,Invoice,2027-01-10,200001,99.95,outstanding\n',
          admin,
        )
      ).json(),
    ).toMatchObject({ inserted: 1 });

    // What was imported is what the AR and the TA now see.
    const arFacilities = (
      await t.app.inject({ method: 'GET', url: '/api/facilities', headers: auth(ar) })
    ).json<FacilityList>();
    expect(arFacilities.data.map((x) => x.name)).toContain('Harbour Analytical Laboratories (renamed)');
    expect(arFacilities.data.map((x) => x.name)).toContain('Northern Labs');
    const taJobs = (await t.app.inject({ method: 'GET', url: '/api/jobs?role=TA', headers: auth(ta) })).json<JobList>();
    expect(taJobs.data.map((x) => x.job_number)).toContain('200001');
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.transactionNumber, 'INV-9001'));
    expect(inv?.amount).toBe('99.95');
  });

  it('reports every bad row with its line and reason, and imports nothing', async () => {
    const before = await t.database.db.select().from(sites);
    const res = await post(
      'sites',
      [
        'site_number,facility_number,name,state,email',
        `S800001,${harbour.facilityNumber},Good site,NSW,a@b.test`,
        'S800002,1234567,Bad number,NSW,',
        `S800003,${harbour.facilityNumber},,Mars,not-an-email`,
        `S800001,${harbour.facilityNumber},Same key again,NSW,`,
        'S800004,999999,Unknown facility,NSW,',
        `S800005,${harbour.facilityNumber},Too,many,fields,here`,
      ].join('\n'),
      admin,
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe(RECORD_MESSAGES.importBadRows(5));
    expect(Object.keys(body.errors)).toEqual(['line 3', 'line 4', 'line 5', 'line 6', 'line 7']);
    expect(body.errors['line 6']).toEqual(['facility_number 999999 is not a known facility']);
    expect(body.errors['line 3']![0]).toContain('facility_number must be 1 to 6 digits');
    for (const part of ['name is required', 'state must be one of', 'email is not an email address'])
      expect(body.errors['line 4']![0]).toContain(part);
    expect(body.errors['line 5']![0]).toBe('site_number S800001 is also on line 2');
    expect(body.errors['line 7']![0]).toBe('Expected 5 fields, found 6.');
    expect(await t.database.db.select().from(sites)).toHaveLength(before.length);

    // A file whose only problem is a reference found in the database writes nothing either.
    const ref = await post(
      'sites',
      `site_number,facility_number,name\nS800010,${harbour.facilityNumber},Fine\nS800011,999999,Unknown\n`,
      admin,
    );
    expect(ref.json().errors).toEqual({ 'line 3': ['facility_number 999999 is not a known facility'] });
    expect(await t.database.db.select().from(sites)).toHaveLength(before.length);
  });

  it('checks the columns, assessors and leads', async () => {
    const cols = await post('jobs', 'job_number,site,type\n1,2,3\n', admin);
    expect(cols.statusCode).toBe(400);
    expect(cols.json().errors['line 1']).toEqual(
      expect.arrayContaining(['missing column site_number', 'missing column status']),
    );
    const [a, b] = [job1.jobNumber, job2.jobNumber];
    const who = await post(
      'assessors',
      `job_number,email,lead\n${a},${email.ar},no\n${a},${email.ta},yes\n${b},${email.la},yes\n${b},${email.la},no\n`,
      admin,
    );
    expect(who.json().errors).toEqual({
      'line 2': [`${email.ar} is not a technical assessor`],
      'line 3': [`${email.ta} is not a lead assessor`],
      'line 5': [`job_number / email ${b} / ${email.la} is also on line 4`],
    });
    expect((await post('facilities', 'facility_number,name\n', admin)).json().message).toBe(
      RECORD_MESSAGES.importEmpty,
    );
  });

  it('accepts every entity with its optional columns absent', async () => {
    const files: [string, string][] = [
      ['facilities', 'facility_number,name\n7101,Minimal Labs\n'],
      ['sites', 'site_number,facility_number,name\nS710101,7101,Minimal Site\n'],
      ['jobs', 'job_number,site_number,type,status\n710001,S710101,RES,Planned\n'],
      [
        'invoices',
        'transaction_number,facility_number,transaction_type,transaction_date,amount\nINV-7101,7101,Invoice,2027-02-01,10\n',
      ],
      ['assessors', `job_number,email\n710001,${email.ta}\n`],
      ['ar-access', `email,site_number\n${email.ar},S710101\n`],
    ];
    for (const [entity, csv] of files) {
      const res = await post(entity, csv, admin);
      expect({ entity, status: res.statusCode, body: res.json() }).toMatchObject({
        entity,
        status: 200,
        body: { rows: 1, inserted: 1 },
      });
    }
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.transactionNumber, 'INV-7101'));
    expect(inv).toMatchObject({ status: 'outstanding', jobNumber: null });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.jobNumber, '710001'));
    expect(job).toMatchObject({ stage: 'Initiation', visitDate: null, jobDetails: null });
  });

  it('refuses a NUL character in a cell, on its line', async () => {
    const res = await post(
      'facilities',
      'facility_number,name,address\n7201,Fine Labs,1 Street\n7202,Null\u0000Labs,\n',
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'line 3': [`name ${MESSAGES.nulCharacter}`] });
  });

  it('reports an unclosed quote on the line where it opens', async () => {
    const res = await post(
      'facilities',
      'facility_number,name\n7301,Fine\n7302,"Open quote\n7303,Next\n7304,Last\n',
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: RECORD_MESSAGES.importBadRows(1),
      errors: { 'line 3': ['A quote opened on line 3 is never closed.'] },
    });
  });

  it('is for system administrators only', async () => {
    expect((await post('facilities', 'facility_number,name\n1,x\n', ar)).statusCode).toBe(403);
    expect((await post('facilities', 'facility_number,name\n1,x\n')).statusCode).toBe(401);
    expect((await post('nothing', 'a\n1\n', admin)).statusCode).toBe(400);
    expect((await post('facilities', '{"a":1}', admin, 'application/json')).statusCode).toBe(400);
  });
});

describe('body limits', () => {
  let address: string | undefined;
  /** A real HTTP request announcing `bytes` of CSV but sending only the first 64 kB: the answer must come anyway. */
  async function announce(bytes: number, token: string) {
    address ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { hostname, port } = new URL(address);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({
        host: hostname,
        port,
        method: 'POST',
        path: '/api/admin/import/facilities',
        headers: { 'content-type': 'text/csv', 'content-length': bytes, ...auth(token) },
      });
      const timer = setTimeout(
        () => reject(new Error('no answer before the body was sent: the body is being read')),
        10_000,
      );
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          clearTimeout(timer);
          // The rest of the announced body is never sent: end the connection so the server can close.
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', () => {});
      req.write(`facility_number,name\n${'1,x\n'.repeat(16_000)}`);
    });
  }

  it('refuses a non-admin before reading the body', async () => {
    const res = await announce(30 * 1024 * 1024, ar);
    expect(res.status).toBe(403);
  });

  it('refuses a CSV announced as over 20 MB before reading it', async () => {
    const announced = await announce(BODY_LIMITS.csvImportBytes + 1, admin);
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body).message).toBe(RECORD_MESSAGES.importTooLarge(20));
  });

  it('refuses a chunked CSV (no Content-Length) once it passes 20 MB, and writes nothing', async () => {
    address ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { hostname, port } = new URL(address);
    const before = await t.database.db.$count(facilities);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({
        host: hostname,
        port,
        method: 'POST',
        path: '/api/admin/import/facilities',
        headers: { 'content-type': 'text/csv', 'transfer-encoding': 'chunked', ...auth(admin) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      // The server may close the connection while the client still writes: that is its refusal.
      req.on('error', (e) => (answered ? undefined : reject(e)));
      let answered = false;
      req.on('response', () => (answered = true));
      // About 1 MB a chunk, 22 MB in all, sent as fast as the socket takes them. The first row lacks
      // its name, so nothing would be written even before the limit.
      // Long rows (a 200-character name), so the parser has few of them to make: about 5,000 a MB.
      const rows = `${Array.from({ length: 5_000 }, (_, i) => `${900000 + i},Chunked ${'x'.repeat(190)} ${i}`).join('\n')}\n`;
      let sent = 0;
      const write = () => {
        while (sent < 22 && !answered) {
          sent++;
          if (!req.write(sent === 1 ? `facility_number,name\n1,\n${rows}` : rows)) return void req.once('drain', write);
        }
        if (!answered) req.end();
      };
      write();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(RECORD_MESSAGES.importTooLarge(20));
    expect(await t.database.db.$count(facilities)).toBe(before);
  }, 60_000);

  it('keeps JSON bodies small', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email.ar, password: 'x'.repeat(BODY_LIMITS.jsonBytes) },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('importCsv', () => {
  it('keeps one lead when a file adds an assessor to a job', async () => {
    await importRecords(t.database.db, 'assessors', `job_number,email,lead\n${job2.jobNumber},${email.multi},no\n`);
    const rows = await t.database.db.select().from(jobAssessors).where(eq(jobAssessors.jobId, job2.id));
    expect(rows.filter((r) => r.isLead)).toHaveLength(1);
  });

  it('authorizes in the service: a signed-in user who is no system administrator gets 403', async () => {
    const actor = (await findActor(t.database.db, 'token', sha256(ar)))!;
    await expect(
      importCsv(t.app.deps, actor, 'facilities', 'facility_number,name\n7401,Never Labs\n'),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(await t.database.db.$count(facilities, eq(facilities.facilityNumber, '007401'))).toBe(0);
  });
});

describe('npm run import', () => {
  it('imports a file into the configured database and reports bad rows', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-import-'));
    try {
      const good = path.join(dir, 'facilities.csv');
      const bad = path.join(dir, 'bad.csv');
      writeFileSync(good, 'facility_number,name\n42,CLI Labs\n');
      writeFileSync(bad, 'facility_number,name\nabc,Broken\n');
      const run = promisify(execFile);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dir,
        SEED_DEMO: 'false',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
      };
      delete env.DATABASE_URL;
      const cli = path.resolve(import.meta.dirname, 'imports.cli.ts');
      const ok = await run(process.execPath, ['--import', 'tsx', '--conditions=source', cli, 'facilities', good], {
        env,
      });
      expect(ok.stdout).toContain('1 row imported. facilities: 1 added, 0 updated.');
      const failed = await run(process.execPath, ['--import', 'tsx', '--conditions=source', cli, 'facilities', bad], {
        env,
      }).catch((e: { code: number; stderr: string }) => e);
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr).toContain('line 2: facility_number must be 1 to 6 digits');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
