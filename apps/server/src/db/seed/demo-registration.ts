import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { requestHandlerOf } from '@portal/shared';
import { recordAudit } from '../../platform/audit.js';
import { contactColumns } from '../../modules/profile/index.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { Db, Tx } from '../client.js';
import {
  committees,
  competencySuggestions,
  facilities,
  files,
  publicationCategories,
  sites,
  userInfos,
  userRequests,
  userRoles,
  users,
} from '../schema/index.js';

/** A one-page competency statement, as the body's back office would issue it (pdfkit, loaded only here). */
async function competencyPdf(name: string, competencies: string[]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Competencies of ${name}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(18).text('Statement of competencies');
  doc.moveDown().fontSize(12).text(`Technical assessor: ${name}`);
  doc.moveDown();
  for (const c of competencies) doc.text(`- ${c}`);
  doc.moveDown().fontSize(10).text('Issued by the Accreditation Body for the Members Portal demo data.');
  doc.end();
  return done;
}

const DEMO_COMPETENCIES: Record<string, string[]> = {
  'ta@portal.test': ['ISO/IEC 17025 chemical testing', 'Food testing: pesticide residues', 'Measurement uncertainty'],
  'la@portal.test': ['ISO/IEC 17025 lead assessment', 'ISO 15189 medical testing', 'Calibration: mass and volume'],
};

/** The name (the spec's fileName) of la@'s demo suggested-changes document. */
export const DEMO_SUGGESTION_DOCUMENT = 'de0000000000000000000001';

/** An assessor's cards as the demo shows them (ta@ and la@). */
const TA_INFO = {
  emails: [
    { Type: 'Work', email: 'ta@portal.test', isPrimary: true },
    { Type: 'Personal', email: 'tess.assessor@mail.test', isPrimary: false },
  ],
  phones: [{ Type: 'Mobile', countryCode: '+61', phoneNumber: '412000111', isPrimary: true }],
  addresses: [
    {
      Type: 'Home',
      AddressLine: '4 Elm Street',
      Country: 'Australia',
      State: 'NSW',
      Suburb: 'Ryde',
      Postcode: '2112',
      isPrimary: true,
    },
  ],
};
const LA_INFO = {
  emails: [{ Type: 'Work', email: 'la@portal.test', isPrimary: true }],
  phones: [{ Type: 'Mobile', countryCode: '+61', phoneNumber: '413000222', isPrimary: true }],
  addresses: [
    {
      Type: 'Home',
      AddressLine: '9 Oak Avenue',
      Country: 'Australia',
      State: 'VIC',
      Suburb: 'Kew',
      Postcode: '3101',
      isPrimary: true,
    },
  ],
};

/**
 * Demo requests: two pending registrations (one AR+CM, one TA) and two pending profile
 * changes (la@ with email, phone and competency changes; cm@ with a title change), and the
 * assessors' cards. The access walk reads the first request as SYSADMIN's, the second as TA_ADMIN's.
 */
export async function seedDemoRequests(db: Db, storage?: Storage) {
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      title: users.title,
    })
    .from(users);
  const person = (email: string) => people.find((p) => p.email === email)!;
  const [harbour] = await db
    .select({ id: facilities.id, number: facilities.facilityNumber, name: facilities.name })
    .from(facilities)
    .where(eq(facilities.facilityNumber, '000412'));
  const harbourSites = harbour
    ? await db
        .select({ id: sites.id, n: sites.siteNumber, name: sites.name })
        .from(sites)
        .where(eq(sites.facilityId, harbour.id))
    : [];
  const [chemical] = await db
    .select({ id: committees.id, name: committees.name })
    .from(committees)
    .where(eq(committees.name, 'Chemical Testing Committee'));
  const ta = person('ta@portal.test');
  const la = person('la@portal.test');
  const cm = person('cm@portal.test');
  const roleRows = await db
    .select()
    .from(userRoles)
    .where(inArray(userRoles.userId, [ta.id, la.id, cm.id]));
  // Subscriptions asked for, by category name (seeded by demo-publications.ts just before).
  const categoryRows = await db
    .select({ id: publicationCategories.id, name: publicationCategories.name })
    .from(publicationCategories);
  const categoryIds = (...names: string[]) =>
    names.flatMap((n) => categoryRows.filter((c) => c.name === n).map((c) => c.id));
  const rolesOf = (id: number) => roleRows.filter((r) => r.userId === id).map((r) => r.role);

  // The demo competency PDFs (only with storage, like the demo documents).
  const pdfFile: Record<number, number | null> = { [ta.id]: null, [la.id]: null };
  if (storage) {
    for (const [email, list] of Object.entries(DEMO_COMPETENCIES)) {
      const p = person(email);
      const bytes = await competencyPdf(`${p.firstName} ${p.lastName}`, list);
      const { key, size } = await storage.put(Readable.from(bytes), { prefix: 'competency' });
      const [file] = await db
        .insert(files)
        .values({
          storageKey: key,
          name: `Competencies - ${p.firstName} ${p.lastName}.pdf`,
          size,
          mimeType: 'application/pdf',
        })
        .returning({ id: files.id });
      pdfFile[p.id] = file!.id;
    }
  }

  // la@'s suggested-changes document, sent with their pending change (only with storage).
  let suggestionFile: number | null = null;
  if (storage) {
    const bytes = await competencyPdf(`${la.firstName} ${la.lastName}`, [
      'Suggested: ISO 15189 medical testing',
      'Suggested: remove calibration of volume',
    ]);
    const { key, size } = await storage.put(Readable.from(bytes), { prefix: 'uploads' });
    const [file] = await db
      .insert(files)
      .values({
        storageKey: key,
        name: 'Suggested competency changes.pdf',
        size,
        mimeType: 'application/pdf',
        uploadedBy: la.id,
      })
      .returning({ id: files.id });
    suggestionFile = file!.id;
  }

  await db.transaction(async (tx) => {
    await tx.insert(userInfos).values([
      { userId: ta.id, ...TA_INFO, competencyFileId: pdfFile[ta.id] },
      { userId: la.id, ...LA_INFO, competencyFileId: pdfFile[la.id] },
    ]);
    // Their flat email, phone and address are the primary rows', as every save of the rows keeps them.
    await tx.update(users).set(contactColumns(TA_INFO)).where(eq(users.id, ta.id));
    await tx.update(users).set(contactColumns(LA_INFO)).where(eq(users.id, la.id));
    const site = harbourSites[0];
    await tx.insert(userRequests).values([
      {
        type: 'create',
        handler: 'SYSADMIN',
        email: 'nina.newrep@example.test',
        name: 'Nina Newrep',
        roles: ['AR', 'CM'],
        data: {
          email: 'nina.newrep@example.test',
          first_name: 'Nina',
          last_name: 'Newrep',
          roles: ['AR', 'CM'],
          title: 'Laboratory Manager',
          mobile_number: '0412555666',
          address: '12 Wharf Road',
          suburb: 'Pyrmont',
          state: 'NSW',
          country: 'Australia',
          postcode: '2009',
          facilities:
            harbour && site
              ? [
                  {
                    facility_number: harbour.number,
                    facility_name: harbour.name,
                    sites: [{ id: site.id, value: `${site.n} - ${site.name}` }],
                  },
                ]
              : [],
          committees: chemical ? [{ id: chemical.id, value: chemical.name }] : [],
          subscriptions: { type: 'General', selected: categoryIds('Policies and Procedures', 'Monthly Newsletter') },
          signature: { accept: true, name: 'Nina Newrep', title: 'Laboratory Manager', date: '20/11/2026' },
          summary: 'New registration',
        },
      },
      {
        type: 'create',
        handler: 'TA_ADMIN',
        email: 'omar.assessor@example.test',
        name: 'Omar Assessor',
        roles: ['TA'],
        data: {
          email: 'omar.assessor@example.test',
          first_name: 'Omar',
          last_name: 'Assessor',
          roles: ['TA'],
          title: 'Senior Chemist',
          mobile_number: '0413777888',
          address: '3 River Street',
          suburb: 'Parramatta',
          state: 'NSW',
          country: 'Australia',
          postcode: '2150',
          userId: 'TA-2291',
          facilities: [],
          committees: [],
          subscriptions: { type: 'General', selected: categoryIds('Chemical Testing') },
          signature: { accept: true, name: 'Omar Assessor', title: 'Senior Chemist', date: '21/11/2026' },
          summary: 'New registration',
        },
      },
      {
        type: 'update',
        handler: 'TA_ADMIN',
        email: la.email,
        name: `${la.firstName} ${la.lastName}`,
        roles: rolesOf(la.id),
        userId: la.id,
        data: {
          fields: { title: 'Principal Lead Assessor' },
          before: { title: la.title },
          user_info: {
            emails: [
              { Type: 'Work', email: 'la@portal.test', isPrimary: true },
              { Type: 'Personal', email: 'lee.lead@newmail.test', isPrimary: false },
            ],
            phones: [{ Type: 'Mobile', countryCode: '+61', phoneNumber: '413999111', isPrimary: true }],
          },
          user_info_before: { emails: LA_INFO.emails, phones: LA_INFO.phones },
          competency: {
            suggestChanges: 'Please add ISO 15189 medical testing to my competencies.',
            document: suggestionFile ? DEMO_SUGGESTION_DOCUMENT : null,
          },
          summary: 'Position Title, COMPETENCY CHANGES SUGGESTED, EMAIL DETAILS UPDATED, PHONE DETAILS UPDATED',
        },
      },
      {
        type: 'update',
        handler: 'SYSADMIN',
        email: cm.email,
        name: `${cm.firstName} ${cm.lastName}`,
        roles: rolesOf(cm.id),
        userId: cm.id,
        data: {
          fields: { title: 'Committee Secretary', suburb: 'Chatswood' },
          before: { title: cm.title, suburb: null },
          summary: 'Position Title, Suburb',
        },
      },
    ]);
    await seedDecidedRegistrations(tx, person, rolesOf);
    if (suggestionFile) {
      const [change] = await tx
        .select({ id: userRequests.id })
        .from(userRequests)
        .where(eq(userRequests.userId, la.id));
      await tx
        .insert(competencySuggestions)
        .values({ document: DEMO_SUGGESTION_DOCUMENT, userId: la.id, fileId: suggestionFile, requestId: change!.id });
    }
  });
}

type Person = { id: number; email: string; firstName: string; lastName: string; title: string | null };

/**
 * Decided registrations of demo members (the approvals that let them in, and one refusal), each
 * recorded through the audit trail's writer as the decision itself records it.
 */
async function seedDecidedRegistrations(tx: Tx, person: (email: string) => Person, rolesOf: (id: number) => string[]) {
  const admin = person('admin@portal.test');
  const taAdmin = person('taadmin@portal.test');
  const decisions: {
    who: Person;
    user: Person | null;
    email: string;
    first: string;
    last: string;
    roles: string[];
    reason?: string;
  }[] = [
    { who: admin, user: person('cm@portal.test'), email: '', first: '', last: '', roles: [] },
    { who: taAdmin, user: person('ta@portal.test'), email: '', first: '', last: '', roles: [] },
    {
      who: admin,
      user: null,
      email: 'bulk.sender@example.test',
      first: 'Bulk',
      last: 'Sender',
      roles: ['CM'],
      reason: 'Not a member organisation.',
    },
  ];
  for (const d of decisions) {
    const email = d.user?.email ?? d.email;
    const first = d.user?.firstName ?? d.first;
    const last = d.user?.lastName ?? d.last;
    const roles = d.user ? rolesOf(d.user.id) : d.roles;
    const approved = d.reason === undefined;
    const [row] = await tx
      .insert(userRequests)
      .values({
        type: 'create',
        handler: requestHandlerOf(roles),
        email,
        name: `${first} ${last}`,
        roles,
        userId: d.user?.id ?? null,
        status: approved ? 'approved' : 'rejected',
        rejectReason: d.reason ?? null,
        decidedBy: d.who.id,
        decidedAt: new Date(),
        // A whole registration as the wizard sends it, so the admins can open a decided one too.
        data: {
          email,
          first_name: first,
          last_name: last,
          roles,
          title: d.user?.title ?? 'Marketing Officer',
          mobile_number: '0400111222',
          address: '1 Example Street',
          suburb: 'Sydney',
          state: 'NSW',
          country: 'Australia',
          postcode: '2000',
          signature: { accept: true, name: `${first} ${last}`, title: 'Member', date: '01/11/2026' },
          summary: 'New registration',
        },
      })
      .returning({ id: userRequests.id });
    await recordAudit(tx, {
      action: approved ? 'admin.registration.approve' : 'admin.registration.reject',
      who: d.who,
      ip: null,
      record: { type: 'user_request', id: row!.id },
      before: { status: 'pending' },
      after: approved
        ? { status: 'approved', user_id: d.user!.id, email, roles }
        : { status: 'rejected', reject_reason: d.reason },
    });
  }
}
