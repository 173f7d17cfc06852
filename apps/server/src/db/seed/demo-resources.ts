import { Readable } from 'node:stream';
import type { Db } from '../client.js';
import { files, resources } from '../schema/index.js';
import type { Storage } from '../../platform/storage/storage.js';
import { makePdf } from './demo-pdf.js';
import { makeDocx } from './meeting-files.js';

const DAY = 86_400_000;

/** The demo's useful resources for technical assessors: small real files of a few kinds. */
export const DEMO_RESOURCES: {
  name: string;
  file: string;
  daysAgo: number;
  body: () => Promise<Buffer>;
  mimeType: string;
}[] = [
  {
    name: 'Assessor Handbook',
    file: 'assessor-handbook.pdf',
    daysAgo: 3,
    body: () =>
      makePdf('Assessor Handbook', [
        'How assessment visits are planned, run and reported.',
        'Issued by the Accreditation Body.',
      ]),
    mimeType: 'application/pdf',
  },
  {
    name: 'Assessment Report Template',
    file: 'assessment-report-template.docx',
    daysAgo: 12,
    body: () =>
      makeDocx('Assessment Report Template', ['Site, scope and findings.', 'Fill in one section per finding.']),
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  {
    name: 'Measurement Uncertainty Guide',
    file: 'measurement-uncertainty-guide.pdf',
    daysAgo: 40,
    body: () => makePdf('Measurement Uncertainty Guide', ['Estimating and reporting measurement uncertainty.']),
    mimeType: 'application/pdf',
  },
  {
    name: 'Travel and Expenses Checklist',
    file: 'travel-expenses-checklist.txt',
    daysAgo: 75,
    body: async () =>
      Buffer.from(
        'Travel and expenses checklist\n\n- Book travel through the body.\n- Keep every receipt.\n- Claim within 30 days of the visit.\n',
      ),
    mimeType: 'text/plain',
  },
];

export async function seedDemoResources(db: Db, storage?: Storage) {
  if (!storage) return;
  const stored: { key: string; size: number }[] = [];
  try {
    for (const r of DEMO_RESOURCES)
      stored.push(await storage.put(Readable.from([await r.body()]), { prefix: 'uploads' }));
    await db.transaction(async (tx) => {
      const fileRows = await tx
        .insert(files)
        .values(
          DEMO_RESOURCES.map((r, i) => ({
            storageKey: stored[i]!.key,
            name: r.file,
            size: stored[i]!.size,
            mimeType: r.mimeType,
          })),
        )
        .returning({ id: files.id });
      const now = Date.now();
      await tx.insert(resources).values(
        DEMO_RESOURCES.map((r, i) => ({
          name: r.name,
          fileId: fileRows[i]!.id,
          updatedAt: new Date(now - r.daysAgo * DAY),
          createdAt: new Date(now - (r.daysAgo + 30) * DAY),
        })),
      );
    });
  } catch (e) {
    await Promise.all(stored.map((s) => storage.delete(s.key)));
    throw e;
  }
}
