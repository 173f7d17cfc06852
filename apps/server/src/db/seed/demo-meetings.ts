import { Readable } from 'node:stream';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { committees, files, meetingDocuments, meetingFolderMembers, meetingFolders, users } from '../schema/index.js';
import type { Storage } from '../../platform/storage/storage.js';
import { nameWords } from '../../modules/meetings/index.js';
import { makeDocx, makePdf } from './meeting-files.js';

/**
 * Demo meeting folders in both committees, one root restricted to cm@ and multi@, and documents
 * with text in them: a real PDF and DOCX (pdfkit, docx) that the document index reads on start.
 */
interface DemoMeetingDoc {
  name: string;
  daysAgo: number;
  body: () => Promise<Buffer>;
  mimeType: string;
}
interface DemoSub {
  name: string;
  docs: DemoMeetingDoc[];
}
interface DemoRoot {
  committee: string;
  name: string;
  members?: string[];
  subs: DemoSub[];
}

const pdf = (name: string, daysAgo: number, title: string, text: string[]): DemoMeetingDoc => ({
  name,
  daysAgo,
  body: () => makePdf(title, text),
  mimeType: 'application/pdf',
});
const docx = (name: string, daysAgo: number, title: string, text: string[]): DemoMeetingDoc => ({
  name,
  daysAgo,
  body: () => makeDocx(title, text),
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
});
const txt = (name: string, daysAgo: number, text: string): DemoMeetingDoc => ({
  name,
  daysAgo,
  body: async () => Buffer.from(text, 'utf8'),
  mimeType: 'text/plain',
});

export const DEMO_MEETING_FOLDERS: DemoRoot[] = [
  {
    committee: 'Chemical Testing Committee',
    name: '2026 Meetings',
    subs: [
      {
        name: 'March 2026 Meeting',
        docs: [
          pdf('Agenda - March 2026.pdf', 40, 'Chemical Testing Committee: agenda, March 2026', [
            '1. Welcome and apologies.',
            '2. Proficiency testing results for heavy metals in drinking water.',
            '3. Review of the chromatography calibration guidance.',
            '4. Other business.',
          ]),
          docx('Minutes - March 2026.docx', 38, 'Minutes of the March 2026 meeting', [
            'Present: Cam Member (chair), Morgan Multi.',
            'The committee reviewed the proficiency testing results and noted two outliers in the cadmium round.',
            'Action: the secretariat will circulate the revised chromatography calibration guidance before June.',
          ]),
        ],
      },
      {
        name: 'June 2026 Meeting',
        docs: [
          txt(
            'Agenda - June 2026.txt',
            6,
            'Agenda, June 2026\n1. Revised chromatography calibration guidance.\n2. Measurement uncertainty workshop.\n',
          ),
        ],
      },
    ],
  },
  {
    committee: 'Chemical Testing Committee',
    name: 'Committee Governance',
    members: ['cm@portal.test', 'multi@portal.test'],
    subs: [
      {
        name: 'Terms of Reference',
        docs: [
          pdf('Terms of Reference 2026.pdf', 60, 'Terms of reference', [
            'The committee advises the body on accreditation criteria for chemical testing.',
            'Membership is reviewed every two years.',
          ]),
        ],
      },
    ],
  },
  {
    committee: 'Biological Testing Committee',
    name: 'Working Group',
    subs: [
      {
        name: 'Method Reviews',
        docs: [
          docx('Method review - Listeria.docx', 12, 'Method review: Listeria detection', [
            'The working group compared enrichment methods for Listeria monocytogenes in ready-to-eat foods.',
            'Recommendation: accept the revised incubation times.',
          ]),
        ],
      },
    ],
  },
];

export async function seedDemoMeetings(db: Db, storage?: Storage) {
  if (!storage) return;
  const committeeRows = await db
    .select({ id: committees.id, name: committees.name, adminId: committees.adminId })
    .from(committees);
  const committeeOf = (name: string) => committeeRows.find((c) => c.name === name)!;
  const emails = [...new Set(DEMO_MEETING_FOLDERS.flatMap((r) => r.members ?? []))];
  const people = emails.length
    ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
    : [];

  // Files first (outside the transaction); removed again if the rows cannot be written.
  const stored: { doc: DemoMeetingDoc; key: string; size: number }[] = [];
  for (const doc of DEMO_MEETING_FOLDERS.flatMap((r) => r.subs.flatMap((s) => s.docs))) {
    const { key, size } = await storage.put(Readable.from([await doc.body()]), { prefix: 'uploads' });
    stored.push({ doc, key, size });
  }
  try {
    await db.transaction(async (tx) => {
      const now = Date.now();
      for (const root of DEMO_MEETING_FOLDERS) {
        const committee = committeeOf(root.committee);
        const [r] = await tx
          .insert(meetingFolders)
          .values({ committeeId: committee.id, name: root.name, createdBy: committee.adminId })
          .returning();
        if (root.members?.length) {
          await tx
            .insert(meetingFolderMembers)
            .values(
              root.members.map((email) => ({ folderId: r!.id, userId: people.find((p) => p.email === email)!.id })),
            );
        }
        for (const sub of root.subs) {
          const [s] = await tx
            .insert(meetingFolders)
            .values({ committeeId: committee.id, parentId: r!.id, name: sub.name, createdBy: committee.adminId })
            .returning();
          for (const doc of sub.docs) {
            const file = stored.find((f) => f.doc === doc)!;
            const at = new Date(now - doc.daysAgo * 86_400_000);
            const [f] = await tx
              .insert(files)
              .values({
                storageKey: file.key,
                name: doc.name,
                size: file.size,
                mimeType: doc.mimeType,
                uploadedBy: committee.adminId,
                createdAt: at,
              })
              .returning();
            await tx.insert(meetingDocuments).values({
              folderId: s!.id,
              committeeId: committee.id,
              fileId: f!.id,
              updatedAt: at,
              search: sql`setweight(to_tsvector('english', ${nameWords(doc.name)}), 'A')`,
            });
          }
        }
      }
    });
  } catch (e) {
    await Promise.all(stored.map((f) => storage.delete(f.key)));
    throw e;
  }
}
