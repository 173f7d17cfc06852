import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentGroups, ForumReply, MeetingDocumentPage, MeetingUploadResponse } from '@portal/shared';
import { files } from '../db/schema/index.js';
import { makePdf } from '../db/seed/meeting-files.js';
import { makeCommittee } from '../test/factories/committees.js';
import { makeFacility } from '../test/factories/facilities.js';
import { makeThread } from '../test/factories/forum.js';
import { makeJob } from '../test/factories/jobs.js';
import { makeMeetingFolder } from '../test/factories/meetings.js';
import { makeSite, representSites } from '../test/factories/sites.js';
import { makeUser } from '../test/factories/users.js';
import { call, mailFor, signIn, upload, type Answer } from './client.js';
import { startProduction, type Production } from './harness.js';

/**
 * Files through the proxy, on what is shipped: uploaded through one process into the S3 bucket,
 * downloaded through the other with a download ticket (POST /api/downloads, then the link without a
 * token, as the browser follows it), byte for byte; and the mail a forum reply sends its followers,
 * through the outbox to the SMTP sink. The records around them (facility, site, job, committee,
 * folder, discussion) are made with the test factories: production refuses SEED_DEMO.
 */
describe('documents, meeting papers and the forum, through the proxy', () => {
  let prod: Production;

  beforeAll(async () => {
    prod = await startProduction({ processes: 2 });
  });
  afterAll(() => prod?.stop());

  /** Follows a download ticket for `target` (a ticket call, then the link: two requests, two processes). */
  const download = async (token: string, target: string): Promise<Answer> => {
    const ticket = await call(prod.url, 'POST', '/api/downloads', { token, body: { path: target } });
    expect(ticket.status, ticket.text()).toBe(200);
    return call(prod.url, 'GET', ticket.json<{ url: string }>().url);
  };

  /** The file's bytes are an object of the bucket, and nothing is under DATA_DIR/files. */
  const expectInBucket = async (name: string) => {
    const [row] = await prod.db.db.select({ key: files.storageKey }).from(files).where(eq(files.name, name));
    expect(row, name).toBeDefined();
    expect(await prod.s3.keys(prod.bucket)).toContain(row!.key);
    expect(existsSync(path.join(prod.env.DATA_DIR!, 'files'))).toBe(false);
  };

  it('an AR uploads a job document of their facility; the job’s assessor downloads it with a ticket', async () => {
    const db = prod.db.db;
    const ar = await makeUser(db, { roles: ['AR'], firstName: 'Arthur', lastName: 'Rep' });
    const ta = await makeUser(db, { roles: ['TA'] });
    const site = await makeSite(db, { facilityId: (await makeFacility(db)).id });
    await representSites(db, ar, site);
    const job = await makeJob(db, site, { lead: ta });
    const arToken = (await signIn(prod.sink, ar.email, prod.url)).token;
    const taToken = (await signIn(prod.sink, ta.email, prod.url)).token;
    // Past the S3 part size (5 MiB): stored as a multipart upload of two parts.
    const content = randomBytes(6 * 1024 * 1024);
    const up = await upload(prod.url, '/api/jobdocuments', arToken, [
      { name: 'jobId', value: String(job.id) },
      { name: 'description', value: 'Calibration data, 2026' },
      { name: 'file', filename: 'calibration-data.bin', content },
    ]);
    expect(up.status, up.text()).toBe(200);
    expect(up.json()).toMatchObject({ document: { name: 'calibration-data.bin', size: content.length } });
    const id = up.json<{ document: { id: number } }>().document.id;
    await expectInBucket('calibration-data.bin');

    const received = await call(prod.url, 'GET', `/api/jobdocuments?jobid=${job.id}&role=TA`, { token: taToken });
    expect(received.json<DocumentGroups>().received.map((d) => d.name)).toEqual(['calibration-data.bin']);
    const file = await download(taToken, `/api/jobdocuments/${id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="calibration-data.bin"/);
    expect(file.buffer.equals(content)).toBe(true);
    // The uploader reads it back too, with the bearer token this time.
    const own = await call(prod.url, 'GET', `/api/jobdocuments/${id}`, { token: arToken });
    expect(own.buffer.equals(content)).toBe(true);
  });

  it('a committee admin uploads a meeting paper; a member downloads it and finds it by a word of its text', async () => {
    const db = prod.db.db;
    const admin = await makeUser(db, { roles: ['CM'] });
    const member = await makeUser(db, { roles: ['CM'] });
    const committee = await makeCommittee(db, { admin, members: [{ user: member }] });
    const root = await makeMeetingFolder(db, { committee, name: 'Meetings 2026' });
    const march = await makeMeetingFolder(db, { committee, parent: root, name: 'March meeting' });
    const adminToken = (await signIn(prod.sink, admin.email, prod.url)).token;
    const memberToken = (await signIn(prod.sink, member.email, prod.url)).token;
    const content = await makePdf('Quarterly report', ['The hafnium calibration passed every check.']);
    const up = await upload(prod.url, '/api/meetingdocuments', adminToken, [
      { name: 'folderId', value: String(march.id) },
      { name: 'file', filename: 'quarterly-report.pdf', type: 'application/pdf', content },
    ]);
    expect(up.status, up.text()).toBe(200);
    const doc = up.json<MeetingUploadResponse>().document;
    expect(doc).toMatchObject({ name: 'quarterly-report.pdf', folder_name: 'March meeting' });
    await expectInBucket('quarterly-report.pdf');

    const file = await download(memberToken, `/api/meetingdocuments/${doc.id}`);
    expect(file.status).toBe(200);
    expect(file.buffer.equals(content)).toBe(true);
    // The document index reads the PDF's text in its worker thread (the bundle's own entry).
    const search = `/api/meetingdocuments/search?term=hafnium&cmid=${committee.id}`;
    let found: MeetingDocumentPage | undefined;
    for (let i = 0; i < 100; i++) {
      found = (await call(prod.url, 'GET', search, { token: memberToken })).json<MeetingDocumentPage>();
      if (found.data.length > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(found!.data.map((d) => [d.name, d.index_state])).toEqual([['quarterly-report.pdf', 'indexed']]);
  });

  it('a member replies with an attachment; the discussion’s author downloads it and is mailed of the reply', async () => {
    const db = prod.db.db;
    const author = await makeUser(db, { roles: ['CM'] });
    const writer = await makeUser(db, { roles: ['CM'], firstName: 'Wes', lastName: 'Writer' });
    const committee = await makeCommittee(db, { admin: author, members: [{ user: writer, canWrite: true }] });
    const thread = await makeThread(db, { committee, author, title: 'Proficiency round' });
    const writerToken = (await signIn(prod.sink, writer.email, prod.url)).token;
    const authorToken = (await signIn(prod.sink, author.email, prod.url)).token;
    const content = Buffer.from(`Results of the round ${randomBytes(4).toString('hex')}\n`);
    const replied = await upload(prod.url, '/api/forumreply', writerToken, [
      { name: 'threadId', value: String(thread.id) },
      { name: 'committeId', value: String(committee.id) },
      { name: 'postContent', value: '<p>The results are <strong>attached</strong>.</p>' },
      { name: 'files[]', filename: 'round-results.txt', type: 'text/plain', content },
    ]);
    expect(replied.status, replied.text()).toBe(200);
    const reply = replied.json<{ reply: ForumReply }>().reply;
    expect(reply.documents.map((d) => d.name)).toEqual(['round-results.txt']);
    await expectInBucket('round-results.txt');

    const file = await download(authorToken, `/api/forumdocument/${reply.documents[0]!.id}`);
    expect(file.status).toBe(200);
    expect(file.buffer.equals(content)).toBe(true);
    // The author follows their discussion: the reply's notification is mailed through the outbox.
    const mail = await mailFor(prod.sink, (m) => m.to.includes(author.email) && /New reply in/.test(m.subject));
    expect(mail.subject).toBe('New reply in "Proficiency round"');
    expect(mail.text).toContain('Wes Writer replied to the discussion "Proficiency round"');
    expect(
      (await prod.sink.messages()).filter((m) => m.to.includes(writer.email) && /New reply/.test(m.subject)),
    ).toEqual([]);
  });
});
