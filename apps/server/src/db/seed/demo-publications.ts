import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import { PUBLICATION_CATEGORIES } from '@portal/shared';
import type { Db } from '../client.js';
import { files, publicationCategories, publications, subscriptions, users } from '../schema/index.js';
import type { Storage } from '../../platform/storage/storage.js';
import { makePdf } from './demo-pdf.js';

/** The subcategories of spec/02 section 9's four roots that the demo starts with. */
export const DEMO_SUBCATEGORIES: Record<(typeof PUBLICATION_CATEGORIES)[number], string[]> = {
  General: ['Policies and Procedures', 'Forms', 'Fees and Charges'],
  'Accreditation Program Updates': ['Chemical Testing', 'Biological Testing', 'Calibration'],
  'Portal Publications': ['User Guides', 'Release Notes'],
  Newsletters: ['Monthly Newsletter', 'Annual Report'],
};

const TITLES: Record<string, string[]> = {
  'Policies and Procedures': [
    'Accreditation Policy',
    'Complaints and Appeals Procedure',
    'Conflict of Interest Policy',
    'Use of the Accreditation Symbol',
  ],
  Forms: ['Application for Accreditation', 'Change of Scope Request', 'Notification of Key Personnel Change'],
  'Fees and Charges': ['Schedule of Fees 2026', 'Assessment Charges Explained', 'Refund Policy'],
  'Chemical Testing': [
    'Chemical Testing Field Update',
    'Measurement Uncertainty in Chemical Testing',
    'Proficiency Testing Requirements',
  ],
  'Biological Testing': ['Biological Testing Field Update', 'Media Performance Checks', 'Reference Cultures Guidance'],
  Calibration: ['Calibration Field Update', 'Traceability of Measurement', 'Calibration Intervals Guidance'],
  'User Guides': ['Members Portal User Guide', 'Uploading Job Documents', 'Two-step Verification Guide'],
  'Release Notes': ['Portal Release Notes 3.1', 'Portal Release Notes 3.2', 'Portal Release Notes 3.3'],
  'Monthly Newsletter': ['Newsletter October 2026', 'Newsletter September 2026', 'Newsletter August 2026'],
  'Annual Report': ['Annual Report 2025', 'Annual Report 2024'],
};

/** Demo subscriptions: [email, subcategory, notify]. */
const SUBSCRIPTIONS: [string, string, boolean][] = [
  ['ar@portal.test', 'Policies and Procedures', true],
  ['ar@portal.test', 'Monthly Newsletter', false],
  ['ta@portal.test', 'Chemical Testing', true],
  ['ta@portal.test', 'Biological Testing', false],
  ['ta@portal.test', 'Calibration', true],
  ['la@portal.test', 'Calibration', true],
  ['cm@portal.test', 'Monthly Newsletter', true],
  ['cm@portal.test', 'Annual Report', false],
  ['multi@portal.test', 'Forms', true],
  ['multi@portal.test', 'User Guides', false],
];

const DAY = 86_400_000;

/** Categories, 30 publications with small real PDFs, and subscriptions of the demo users. */
export async function seedDemoPublications(db: Db, storage?: Storage) {
  const all = Object.values(TITLES).flat();
  const stored: { key: string; size: number; name: string }[] = [];
  if (storage) {
    for (const name of all) {
      const pdf = await makePdf(name, [
        `${name}.`,
        'A demonstration publication of the Members Portal.',
        'Issued by the Accreditation Body.',
      ]);
      const { key, size } = await storage.put(Readable.from([pdf]), { prefix: 'uploads' });
      stored.push({ key, size, name });
    }
  }
  try {
    await db.transaction(async (tx) => {
      const roots = await tx
        .insert(publicationCategories)
        .values(PUBLICATION_CATEGORIES.map((name, i) => ({ name, position: i })))
        .returning();
      const subs = await tx
        .insert(publicationCategories)
        .values(
          roots.flatMap((r) =>
            DEMO_SUBCATEGORIES[r.name as keyof typeof DEMO_SUBCATEGORIES].map((name, i) => ({
              name,
              parentId: r.id,
              position: i,
            })),
          ),
        )
        .returning();
      const subId = (name: string) => subs.find((s) => s.name === name)!.id;
      if (stored.length > 0) {
        const fileRows = await tx
          .insert(files)
          .values(
            stored.map((s) => ({
              storageKey: s.key,
              name: `${s.name}.pdf`,
              size: s.size,
              mimeType: 'application/pdf',
            })),
          )
          .returning({ id: files.id });
        const now = Date.now();
        let i = 0;
        const values = Object.entries(TITLES).flatMap(([sub, names]) =>
          names.map((name) => {
            const n = i++;
            return {
              name,
              categoryId: subId(sub),
              fileId: fileRows[n]!.id,
              updatedAt: new Date(now - (n * 3 + 1) * DAY),
              createdAt: new Date(now - (n * 3 + 30) * DAY),
            };
          }),
        );
        await tx.insert(publications).values(values);
      }
      const people = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, [...new Set(SUBSCRIPTIONS.map((s) => s[0]))]));
      const userId = (email: string) => people.find((p) => p.email === email)?.id;
      const rows = SUBSCRIPTIONS.flatMap(([email, sub, notify]) => {
        const id = userId(email);
        return id ? [{ userId: id, categoryId: subId(sub), notify }] : [];
      });
      if (rows.length > 0) await tx.insert(subscriptions).values(rows);
    });
  } catch (e) {
    await Promise.all(stored.map((s) => storage!.delete(s.key)));
    throw e;
  }
}
