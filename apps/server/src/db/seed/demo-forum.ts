import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  committees,
  files,
  forumAttachments,
  forumCategories,
  forumFollows,
  forumReplies,
  forumThreads,
  users,
} from '../schema/index.js';
import type { Storage } from '../../platform/storage/storage.js';
import { sanitizePost, textOfPost } from '../../modules/forum/index.js';

/**
 * Demo discussions: six in each demo committee, with replies and a few attachments.
 * Chemical Testing Committee: cm@ (its admin) writes, multi@ (a plain member) replies; Biological
 * Testing Committee: multi@ (its admin) writes, cm@ (a plain member) replies.
 */

interface DemoReply {
  by: string;
  post: string;
  hoursAgo: number;
  file?: string;
}

interface DemoThread {
  committee: string;
  category: string;
  by: string;
  title: string;
  post: string;
  hoursAgo: number;
  file?: string;
  replies: DemoReply[];
}

const CM = 'cm@portal.test';
const MULTI = 'multi@portal.test';
const CHEM = 'Chemical Testing Committee';
const BIO = 'Biological Testing Committee';

export const DEMO_THREADS: DemoThread[] = [
  {
    committee: CHEM,
    category: 'Technical',
    by: CM,
    title: 'Proficiency testing for trace metals in water',
    post: '<p>The next <strong>proficiency testing</strong> round for trace metals in drinking water opens in March. Please review the draft scheme and send comments before the meeting.</p><ul><li>Lead, cadmium and arsenic</li><li>ICP-MS and ICP-OES methods</li></ul>',
    hoursAgo: 240,
    file: 'pt-scheme-draft.txt',
    replies: [
      { by: MULTI, post: '<p>Could we add mercury to the panel? Several facilities asked for it.</p>', hoursAgo: 200 },
      { by: CM, post: '<p>Good idea, I will raise it with the provider.</p>', hoursAgo: 190 },
    ],
  },
  {
    committee: CHEM,
    category: 'Meetings',
    by: CM,
    title: 'Agenda for the April committee meeting',
    post: '<p>Draft agenda attached. Items: <em>method validation guidance</em>, measurement uncertainty workshop, and membership renewals.</p>',
    hoursAgo: 170,
    file: 'april-agenda.txt',
    replies: [
      {
        by: MULTI,
        post: '<p>Please add ten minutes for the chromatography working group update.</p>',
        hoursAgo: 150,
        file: 'chromatography-update.txt',
      },
    ],
  },
  {
    committee: CHEM,
    category: 'Policy',
    by: CM,
    title: 'Revised policy on measurement uncertainty',
    post: '<h3>Summary</h3><p>The revised policy asks every facility to report <strong>expanded uncertainty</strong> with a coverage factor of k=2.</p><blockquote>Comments close at the end of the month.</blockquote>',
    hoursAgo: 120,
    replies: [],
  },
  {
    committee: CHEM,
    category: 'General',
    by: CM,
    title: 'Welcome to the Chemical Testing Committee forum',
    post: '<p>Use this forum for questions between meetings. Links to the standards: <a href="https://www.iso.org/standard/66912.html">ISO/IEC 17025</a>.</p>',
    hoursAgo: 90,
    replies: [{ by: MULTI, post: '<p>Thanks, great to have this.</p>', hoursAgo: 80 }],
  },
  {
    committee: CHEM,
    category: 'Technical',
    by: CM,
    title: 'Reference materials for pesticide residue analysis',
    post: '<p>Which suppliers of certified reference materials are members using for <code>organophosphate</code> residues?</p>',
    hoursAgo: 48,
    replies: [
      {
        by: MULTI,
        post: '<p>We use two suppliers; both provide certificates with traceability statements.</p>',
        hoursAgo: 40,
      },
      { by: CM, post: '<p>Could you share the certificate format?</p>', hoursAgo: 30 },
      { by: MULTI, post: '<p>Attached an example certificate.</p>', hoursAgo: 20, file: 'crm-certificate-example.txt' },
    ],
  },
  {
    committee: CHEM,
    category: 'General',
    by: CM,
    title: 'Nominations for committee secretary',
    post: '<p>Nominations for the secretary role are open until Friday.</p>',
    hoursAgo: 10,
    replies: [],
  },
  {
    committee: BIO,
    category: 'Technical',
    by: MULTI,
    title: 'Validation of rapid microbiological methods',
    post: '<p>Looking for experiences validating <strong>rapid methods</strong> for Listeria detection against the reference culture method.</p>',
    hoursAgo: 230,
    file: 'rapid-methods-notes.txt',
    replies: [{ by: CM, post: '<p>We followed ISO 16140-2; happy to share our protocol.</p>', hoursAgo: 210 }],
  },
  {
    committee: BIO,
    category: 'Meetings',
    by: MULTI,
    title: 'Minutes of the February meeting',
    post: '<p>Minutes attached for confirmation at the next meeting.</p>',
    hoursAgo: 160,
    file: 'february-minutes.txt',
    replies: [],
  },
  {
    committee: BIO,
    category: 'Policy',
    by: MULTI,
    title: 'Biosafety cabinet certification intervals',
    post: '<p>Proposal: annual certification for class II cabinets, with a <u>six-monthly</u> airflow check.</p>',
    hoursAgo: 110,
    replies: [
      { by: CM, post: '<p>Six-monthly checks seem reasonable for high-use laboratories.</p>', hoursAgo: 100 },
      { by: MULTI, post: '<p>Agreed; I will draft the wording.</p>', hoursAgo: 95 },
    ],
  },
  {
    committee: BIO,
    category: 'General',
    by: MULTI,
    title: 'Welcome to the Biological Testing Committee forum',
    post: '<p>Please introduce yourselves and your laboratory.</p>',
    hoursAgo: 70,
    replies: [{ by: CM, post: '<p>Hello from the chemistry side: I sit on both committees.</p>', hoursAgo: 60 }],
  },
  {
    committee: BIO,
    category: 'Technical',
    by: MULTI,
    title: 'Media performance testing records',
    post: '<p>How long do members keep <em>culture media performance</em> records?</p>',
    hoursAgo: 36,
    replies: [{ by: CM, post: '<p>Seven years, in line with the quality manual.</p>', hoursAgo: 30 }],
  },
  {
    committee: BIO,
    category: 'General',
    by: MULTI,
    title: 'Laboratory open day in June',
    post: '<p>Our laboratory hosts an open day in June; committee members are welcome.</p>',
    hoursAgo: 6,
    replies: [],
  },
];

/** As refreshAttachmentNames in forum.queries.ts writes it: the name, and its parts. */
const searchableName = (name: string) => `${name} ${name.replace(/[-_.]+/g, ' ')}`;

const fileBody = (name: string) => Buffer.from(`${name}\n\nA demo attachment of the committee forum.\n`);

/** Adds the demo discussions; without storage, they come without attachments. */
export async function seedDemoForum(db: Db, storage?: Storage) {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [CM, MULTI]));
  const committeeRows = await db
    .select({ id: committees.id, name: committees.name })
    .from(committees)
    .where(inArray(committees.name, [CHEM, BIO]));
  const categories = await db.select().from(forumCategories);
  if (people.length < 2 || committeeRows.length < 2 || categories.length === 0) return;
  const userId = (email: string) => people.find((p) => p.email === email)!.id;
  const committeeId = (name: string) => committeeRows.find((c) => c.name === name)!.id;
  const categoryId = (name: string) => (categories.find((c) => c.name === name) ?? categories[0]!).id;

  // Files first (outside the transaction); removed again if the rows cannot be written.
  const names = DEMO_THREADS.flatMap((t) => [t.file, ...t.replies.map((r) => r.file)]).filter((n): n is string =>
    Boolean(n),
  );
  const stored = new Map<string, { key: string; size: number }>();
  if (storage)
    for (const name of names)
      stored.set(name, await storage.put(Readable.from([fileBody(name)]), { prefix: 'uploads' }));

  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
  try {
    await db.transaction(async (tx) => {
      const attach = async (
        threadId: number,
        replyId: number | null,
        name: string | undefined,
        by: number,
        hoursAgo: number,
      ) => {
        const file = name ? stored.get(name) : undefined;
        if (!name || !file) return;
        const [row] = await tx
          .insert(files)
          .values({
            storageKey: file.key,
            name,
            size: file.size,
            mimeType: 'text/plain',
            uploadedBy: by,
            createdAt: at(hoursAgo),
          })
          .returning({ id: files.id });
        await tx.insert(forumAttachments).values({ threadId, replyId, fileId: row!.id });
        if (replyId === null)
          await tx
            .update(forumThreads)
            .set({ attachmentNames: searchableName(name) })
            .where(eq(forumThreads.id, threadId));
        else
          await tx
            .update(forumReplies)
            .set({ attachmentNames: searchableName(name) })
            .where(eq(forumReplies.id, replyId));
      };
      for (const t of DEMO_THREADS) {
        const body = await sanitizePost(t.post);
        const author = userId(t.by);
        const lastActivity = Math.min(t.hoursAgo, ...t.replies.map((r) => r.hoursAgo));
        const [thread] = await tx
          .insert(forumThreads)
          .values({
            committeeId: committeeId(t.committee),
            categoryId: categoryId(t.category),
            userId: author,
            title: t.title,
            body,
            bodyText: await textOfPost(body),
            repliesCount: t.replies.length,
            createdAt: at(t.hoursAgo),
            updatedAt: at(t.hoursAgo),
            lastActivityAt: at(lastActivity),
          })
          .returning({ id: forumThreads.id });
        await attach(thread!.id, null, t.file, author, t.hoursAgo);
        await tx.insert(forumFollows).values({ threadId: thread!.id, userId: author });
        for (const r of t.replies) {
          const replyBody = await sanitizePost(r.post);
          const [reply] = await tx
            .insert(forumReplies)
            .values({
              threadId: thread!.id,
              userId: userId(r.by),
              body: replyBody,
              bodyText: await textOfPost(replyBody),
              createdAt: at(r.hoursAgo),
              updatedAt: at(r.hoursAgo),
            })
            .returning({ id: forumReplies.id });
          await attach(thread!.id, reply!.id, r.file, userId(r.by), r.hoursAgo);
        }
      }
    });
  } catch (e) {
    if (storage) await Promise.all([...stored.values()].map((s) => storage.delete(s.key)));
    throw e;
  }
}
