import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  arSites,
  facilities,
  files,
  invoices,
  jobAssessors,
  jobDocuments,
  jobs,
  siteDocuments,
  sites,
  users,
} from '../schema/index.js';
import type { Storage } from '../../platform/storage/storage.js';

/**
 * Demo facilities, sites, jobs, documents and invoices. ar@ represents sites of two
 * facilities; multi@ (AR, TA, CM) represents others and shares one site with ar@; la@ leads every
 * job and ta@ assesses some; one job (100242) has no ta@, so ta@ must not see it.
 */
const FACILITIES = [
  {
    facilityNumber: '000412',
    name: 'Harbour Analytical Laboratories',
    billingEmail: 'accounts@harbourlabs.test',
    address: '12 Wharf Road',
    suburb: 'Pyrmont',
    postCode: '2009',
    state: 'NSW',
    country: 'Australia',
    contacts: [
      { name: 'Priya Shah', phone: '02 9555 0101' },
      { name: 'Tom Reid', phone: '02 9555 0102' },
    ],
  },
  {
    facilityNumber: '001876',
    name: 'Southern Cross Pathology',
    billingEmail: 'finance@scpath.test',
    address: '200 Flinders Lane',
    suburb: 'Melbourne',
    postCode: '3000',
    state: 'VIC',
    country: 'Australia',
    contacts: [{ name: 'Grace Liu', phone: '03 9555 0200' }],
  },
  {
    facilityNumber: '002391',
    name: 'Riverina Food Testing',
    billingEmail: 'office@riverinafood.test',
    address: '5 Baylis Street',
    suburb: 'Wagga Wagga',
    postCode: '2650',
    state: 'NSW',
    country: 'Australia',
    contacts: [{ name: 'Sam Noble', phone: '02 6955 0300' }],
  },
  {
    facilityNumber: '003050',
    name: 'Coastal Calibration Services',
    billingEmail: null,
    address: '88 Eagle Street',
    suburb: 'Brisbane',
    postCode: '4000',
    state: 'QLD',
    country: 'Australia',
    contacts: [],
  },
];

const coordinator = { names: 'Jordan Ellis', phone: '02 9555 0999', email: 'jordan.ellis@body.test' };

const SITES = [
  {
    siteNumber: 'S041201',
    facility: '000412',
    name: 'Harbour Labs Sydney',
    suburb: 'Pyrmont',
    state: 'NSW',
    postCode: '2009',
    reps: ['ar@portal.test'],
  },
  {
    siteNumber: 'S041202',
    facility: '000412',
    name: 'Harbour Labs Newcastle',
    suburb: 'Newcastle',
    state: 'NSW',
    postCode: '2300',
    reps: ['ar@portal.test'],
  },
  {
    siteNumber: 'S041203',
    facility: '000412',
    name: 'Harbour Labs Perth',
    suburb: 'Perth',
    state: 'WA',
    postCode: '6000',
    reps: ['multi@portal.test'],
  },
  {
    siteNumber: 'S187601',
    facility: '001876',
    name: 'Southern Cross Pathology Carlton',
    suburb: 'Carlton',
    state: 'VIC',
    postCode: '3053',
    reps: ['ar@portal.test', 'multi@portal.test'],
  },
  {
    siteNumber: 'S239101',
    facility: '002391',
    name: 'Riverina Food Testing Wagga',
    suburb: 'Wagga Wagga',
    state: 'NSW',
    postCode: '2650',
    reps: ['multi@portal.test'],
  },
  {
    siteNumber: 'S305001',
    facility: '003050',
    name: 'Coastal Calibration Brisbane',
    suburb: 'Brisbane',
    state: 'QLD',
    postCode: '4000',
    reps: ['multi@portal.test'],
  },
];

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const JOBS = [
  {
    jobNumber: '100234',
    site: 'S041201',
    type: 'RES',
    status: 2,
    stage: 'Assessment',
    visit: 3,
    assessors: ['ta@portal.test'],
    details: 'Reassessment of chemical testing, ISO/IEC 17025.',
  },
  {
    jobNumber: '100235',
    site: 'S041201',
    type: 'Other',
    status: 1,
    stage: 'Initiation',
    visit: 40,
    assessors: [],
    details: 'Extension of scope: microbiology.',
  },
  {
    jobNumber: '100236',
    site: 'S041202',
    type: 'RES',
    status: 1,
    stage: 'Preparation',
    visit: 21,
    assessors: ['ta@portal.test'],
    details: 'Reassessment, Newcastle site.',
  },
  {
    jobNumber: '100237',
    site: 'S041202',
    type: 'RES',
    status: 3,
    stage: 'Decision',
    visit: -60,
    assessors: ['ta@portal.test'],
    details: 'Completed reassessment.',
  },
  {
    jobNumber: '100238',
    site: 'S187601',
    type: 'Other',
    status: 4,
    stage: 'Submission',
    visit: -20,
    assessors: ['ta@portal.test'],
    details: 'Surveillance visit, cancelled by the facility.',
  },
  {
    jobNumber: '100239',
    site: 'S187601',
    type: 'RES',
    status: 2,
    stage: 'Submission',
    visit: -5,
    assessors: ['ta@portal.test'],
    details: 'Reassessment of medical testing.',
  },
  {
    jobNumber: '100240',
    site: 'S239101',
    type: 'RES',
    status: 2,
    stage: 'Assessment',
    visit: 7,
    assessors: ['ta@portal.test'],
    details: 'Food testing reassessment.',
  },
  {
    jobNumber: '100241',
    site: 'S305001',
    type: 'Other',
    status: 3,
    stage: 'Decision',
    visit: -90,
    assessors: ['multi@portal.test'],
    details: 'Calibration surveillance.',
  },
  {
    jobNumber: '100242',
    site: 'S041203',
    type: 'RES',
    status: 1,
    stage: 'Initiation',
    visit: 60,
    assessors: [],
    details: 'Initial assessment, Perth site.',
  },
];

/** A one-page PDF with a line of text: enough for a viewer to open. */
export function tinyPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

interface DemoDoc {
  job?: string;
  site?: string;
  name: string;
  description: string;
  by: string | null;
  role?: 'AR' | 'TA' | 'LA';
  side: 'facility' | 'assessor' | 'body';
  daysAgo: number;
  review?: { by: string; comment: string };
}

const DOCS: DemoDoc[] = [
  {
    job: '100234',
    name: 'Quality Manual.pdf',
    description: 'Quality manual, revision 7',
    by: 'ar@portal.test',
    role: 'AR',
    side: 'facility',
    daysAgo: 10,
    review: { by: 'ta@portal.test', comment: 'Section 4 is complete; see the note on document control.' },
  },
  {
    job: '100234',
    name: 'Scope of accreditation.txt',
    description: 'Proposed scope for the reassessment',
    by: 'ar@portal.test',
    role: 'AR',
    side: 'facility',
    daysAgo: 6,
  },
  {
    job: '100234',
    name: 'Assessment plan.pdf',
    description: 'Plan for the visit',
    by: 'la@portal.test',
    role: 'LA',
    side: 'assessor',
    daysAgo: 4,
  },
  {
    job: '100239',
    name: 'Corrective actions.txt',
    description: 'Responses to the findings of the last visit',
    by: 'ar@portal.test',
    role: 'AR',
    side: 'facility',
    daysAgo: 2,
  },
  {
    job: '100239',
    name: 'Assessment report.pdf',
    description: 'Report of the visit',
    by: 'ta@portal.test',
    role: 'TA',
    side: 'assessor',
    daysAgo: 1,
  },
  {
    site: 'S041201',
    name: 'Accreditation certificate.pdf',
    description: 'Certificate of accreditation',
    by: null,
    side: 'body',
    daysAgo: 200,
  },
  {
    site: 'S041201',
    name: 'Site floor plan.txt',
    description: 'Floor plan of the laboratory',
    by: 'ar@portal.test',
    side: 'facility',
    daysAgo: 30,
  },
];

const INVOICES = [
  {
    transactionNumber: 'INV-50001',
    facility: '000412',
    type: 'Invoice',
    daysAgo: 20,
    job: '100234',
    amount: '1250.00',
    status: 'outstanding' as const,
  },
  {
    transactionNumber: 'INV-50002',
    facility: '000412',
    type: 'Invoice',
    daysAgo: 95,
    job: '100237',
    amount: '980.50',
    status: 'paid' as const,
  },
  {
    transactionNumber: 'CRN-50003',
    facility: '000412',
    type: 'Credit Note',
    daysAgo: 15,
    job: '100237',
    amount: '-150.00',
    status: 'outstanding' as const,
  },
  {
    transactionNumber: 'INV-50004',
    facility: '001876',
    type: 'Invoice',
    daysAgo: 8,
    job: '100239',
    amount: '3400.00',
    status: 'outstanding' as const,
  },
  {
    transactionNumber: 'INV-50005',
    facility: '001876',
    type: 'Annual Fee',
    daysAgo: 200,
    job: null,
    amount: '2100.00',
    status: 'paid' as const,
  },
  {
    transactionNumber: 'INV-50006',
    facility: '002391',
    type: 'Invoice',
    daysAgo: 3,
    job: '100240',
    amount: '720.00',
    status: 'outstanding' as const,
  },
];

function fileOf(d: DemoDoc): { body: Buffer; mimeType: string } {
  if (d.name.endsWith('.pdf')) return { body: tinyPdf(`${d.name}: ${d.description}`), mimeType: 'application/pdf' };
  return { body: Buffer.from(`${d.name}\n\n${d.description}\n`, 'utf8'), mimeType: 'text/plain' };
}

export async function seedDemoJobs(db: Db, storage?: Storage) {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['ar@portal.test', 'multi@portal.test', 'ta@portal.test', 'la@portal.test']));
  const userId = (email: string) => people.find((p) => p.email === email)!.id;

  // Files first (outside the transaction); removed again if the rows cannot be written.
  const stored: { doc: DemoDoc; key: string; size: number; mimeType: string }[] = [];
  if (storage) {
    for (const d of DOCS) {
      const { body, mimeType } = fileOf(d);
      const { key, size } = await storage.put(Readable.from([body]), { prefix: 'uploads' });
      stored.push({ doc: d, key, size, mimeType });
    }
  }
  try {
    await db.transaction(async (tx) => {
      const fRows = await tx
        .insert(facilities)
        .values(FACILITIES)
        .returning({ id: facilities.id, n: facilities.facilityNumber });
      const facilityId = (n: string) => fRows.find((f) => f.n === n)!.id;
      const sRows = await tx
        .insert(sites)
        .values(
          SITES.map((s) => ({
            siteNumber: s.siteNumber,
            facilityId: facilityId(s.facility),
            name: s.name,
            status: 'Accredited',
            email: `${s.siteNumber.toLowerCase()}@sites.test`,
            phone: '02 9555 0000',
            address: '1 Laboratory Way',
            suburb: s.suburb,
            state: s.state,
            country: 'Australia',
            postCode: s.postCode,
            contacts: [{ name: 'Site Manager', phone: '0400 000 000' }],
            clientCoordinator: coordinator,
          })),
        )
        .returning({ id: sites.id, n: sites.siteNumber });
      const siteId = (n: string) => sRows.find((s) => s.n === n)!.id;
      await tx
        .insert(arSites)
        .values(SITES.flatMap((s) => s.reps.map((email) => ({ userId: userId(email), siteId: siteId(s.siteNumber) }))));

      const jRows = await tx
        .insert(jobs)
        .values(
          JOBS.map((j) => ({
            jobNumber: j.jobNumber,
            siteId: siteId(j.site),
            type: j.type,
            status: j.status,
            stage: j.stage,
            visitDate: dateIn(j.visit),
            jobDetails: j.details,
          })),
        )
        .returning({ id: jobs.id, n: jobs.jobNumber });
      const jobId = (n: string) => jRows.find((j) => j.n === n)!.id;
      await tx
        .insert(jobAssessors)
        .values(
          JOBS.flatMap((j) => [
            { jobId: jobId(j.jobNumber), userId: userId('la@portal.test'), isLead: true },
            ...j.assessors.map((email) => ({ jobId: jobId(j.jobNumber), userId: userId(email), isLead: false })),
          ]),
        );

      const now = Date.now();
      for (const { doc: d, key, size, mimeType } of stored) {
        const createdAt = new Date(now - d.daysAgo * DAY);
        const [file] = await tx
          .insert(files)
          .values({ storageKey: key, name: d.name, size, mimeType, uploadedBy: d.by ? userId(d.by) : null, createdAt })
          .returning({ id: files.id });
        const common = { fileId: file!.id, description: d.description, reviewedComment: d.review?.comment ?? null };
        if (d.job) {
          await tx.insert(jobDocuments).values({
            ...common,
            jobId: jobId(d.job),
            uploaderRole: d.role ?? 'AR',
            side: d.side as 'facility' | 'assessor',
            reviewedBy: d.review ? userId(d.review.by) : null,
            reviewedAt: d.review ? new Date(createdAt.getTime() + DAY) : null,
          });
        } else {
          await tx
            .insert(siteDocuments)
            .values({ ...common, siteId: siteId(d.site!), side: d.side as 'facility' | 'body' });
        }
      }

      await tx.insert(invoices).values(
        INVOICES.map((i) => ({
          transactionNumber: i.transactionNumber,
          facilityId: facilityId(i.facility),
          transactionType: i.type,
          transactionDate: dateIn(-i.daysAgo),
          jobNumber: i.job,
          amount: i.amount,
          status: i.status,
        })),
      );
    });
  } catch (e) {
    await Promise.all(stored.map((s) => storage!.delete(s.key)));
    throw e;
  }
}
