import { createDeflate, deflateSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingDocuments } from '../../db/schema/index.js';
import { makeDocx, makePdf } from '../../db/seed/meeting-files.js';
import { makeCommittee } from '../../test/factories/committees.js';
import { makeMeetingDocument, makeMeetingFolder } from '../../test/factories/meetings.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { createStorage } from '../../platform/storage/storage.js';
import { checkPdfBounds, EXTRACT_BOUNDS, TooLargeToRead } from './meetings.bounds.js';
import { createExtractor } from './meetings.extractor.js';
import { indexerOf } from './meetings.indexer.js';

/**
 * Decompression bombs: small documents that expand to far more than their size. Generated here,
 * streamed through zlib so the test itself never holds the expanded bytes.
 */

const MB = 1024 * 1024;

/** `total` bytes of `unit` repeated, deflated as a stream (zlib or raw for a zip member). */
async function deflateRepeated(unit: string, total: number): Promise<Buffer> {
  const chunk = Buffer.from(unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB));
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((r) => deflate.on('end', r));
  for (let written = 0; written < total; written += chunk.length) {
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** A .docx whose word/document.xml expands to `total` bytes (yazl deflates it as it streams). */
async function docxBomb(total: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    '_rels/.rels',
  );
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  const unit = '<w:p><w:r><w:t>bomb bomb bomb bomb</w:t></w:r></w:p>';
  const chunk = unit.repeat(Math.ceil(MB / unit.length));
  let written = 0;
  const body = Readable.from(
    (function* () {
      yield head;
      while (written < total) {
        written += chunk.length;
        yield chunk;
      }
      yield '</w:body></w:document>';
    })(),
  );
  zip.addReadStream(body, 'word/document.xml', { compressionLevel: 9 } as yazl.ReadStreamOptions);
  zip.end();
  const out: Buffer[] = [];
  for await (const b of zip.outputStream) out.push(b as Buffer);
  return Buffer.concat(out);
}

/** A one-page PDF whose content stream is `stream` (already encoded) with these filters. */
function pdfWith(stream: Buffer, filters: string, extra = ''): Buffer {
  const parts: (string | Buffer)[] = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (p: string | Buffer) => {
    parts.push(p);
    size += Buffer.byteLength(p);
  };
  const obj = (n: number, body: string | Buffer[]) => {
    offsets[n] = size;
    if (typeof body === 'string') push(`${n} 0 obj\n${body}\nendobj\n`);
    else {
      push(`${n} 0 obj\n`);
      body.forEach(push);
      push('\nendobj\n');
    }
  };
  push('%PDF-1.7\n');
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> ${extra}>>`,
  );
  obj(4, [Buffer.from(`<< /Length ${stream.length} ${filters} >>\nstream\n`), stream, Buffer.from('\nendstream')]);
  const xref = size;
  push(
    `xref\n0 5\n0000000000 65535 f \n${[1, 2, 3, 4].map((n) => `${String(offsets[n]).padStart(10, '0')} 00000 n \n`).join('')}`,
  );
  push(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
}

const pdfBomb = async (total: number) =>
  pdfWith(await deflateRepeated('BT /F1 12 Tf 72 712 Td (bomb) Tj ET\n', total), '/Filter /FlateDecode');

describe('the bounds of a PDF', () => {
  it('refuses a stream expanding past the bound, also when compressed twice, and deep nesting; a normal PDF passes', async () => {
    const fine = await makePdf('Fine', ['A paragraph.']);
    expect(() => checkPdfBounds(fine)).not.toThrow();
    const bomb = await pdfBomb(EXTRACT_BOUNDS.pdfStreamMaxBytes + MB);
    expect(bomb.length).toBeLessThan(MB);
    expect(() => checkPdfBounds(bomb)).toThrow(TooLargeToRead);
    // Twice: the outer layer is small, the inner one is the bomb.
    const inner = await deflateRepeated('BT (x) Tj ET\n', EXTRACT_BOUNDS.pdfStreamMaxBytes + MB);
    expect(() => checkPdfBounds(pdfWith(deflateSync(inner), '/Filter [/FlateDecode /FlateDecode]'))).toThrow(
      /expands past/,
    );
    const nested = pdfWith(Buffer.from('BT ET'), '', `/Deep ${'['.repeat(5000)}${']'.repeat(5000)} `);
    expect(() => checkPdfBounds(nested)).toThrow(/nests objects deeper/);
  });
});

describe('the extraction worker under a heap limit', () => {
  const small = createExtractor({ heapMb: 12 });
  afterAll(() => small.close());

  it('fails a document that needs more memory than its heap, saying so, and the next document starts a new worker', async () => {
    const big = await makePdf(
      'Heavy',
      Array.from(
        { length: 3000 },
        (_, i) => `Paragraph ${i} with words enough to weigh on the heap of a small worker.`,
      ),
    );
    await expect(small.extract('heavy.pdf', big)).rejects.toThrow(/needed more than 12 MB of memory/);
    await expect(small.extract('note.txt', Buffer.from('still here'))).resolves.toEqual({
      state: 'indexed',
      text: 'still here',
    });
  }, 60_000);
});

describe('decompression bombs through the indexer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  it('leaves RSS growth under 300 MB, marks each bomb not indexed with the reason, and indexes the next document', async () => {
    const db = t.database.db;
    const storage = createStorage(t.config);
    const committee = await makeCommittee(db, {});
    const root = await makeMeetingFolder(db, { committee });
    const folder = await makeMeetingFolder(db, { committee, parent: root });
    // About 176 MB of XML from under 1 MB, as in the report.
    const docx = await docxBomb(176 * MB);
    expect(docx.length).toBeLessThan(MB);
    const pdf = await pdfBomb(176 * MB);
    expect(pdf.length).toBeLessThan(MB);
    const bombs = [
      await makeMeetingDocument(db, { folder, name: 'bomb.docx', storage, body: docx }),
      await makeMeetingDocument(db, { folder, name: 'bomb.pdf', storage, body: pdf }),
    ];
    const next = await makeMeetingDocument(db, {
      folder,
      name: 'minutes.docx',
      storage,
      body: await makeDocx('Minutes', ['The molybdenum round was agreed.']),
    });

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      expect(await indexerOf(db)!.drain()).toBe(3);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect((peak - before) / MB).toBeLessThan(300);

    for (const bomb of bombs) {
      const [row] = await db.select().from(meetingDocuments).where(eq(meetingDocuments.id, bomb.id));
      expect(row).toMatchObject({ indexState: 'failed', content: null });
      expect(row!.indexNote).toMatch(/expands/);
    }
    const [ok] = await db.select().from(meetingDocuments).where(eq(meetingDocuments.id, next.id));
    expect(ok).toMatchObject({ indexState: 'indexed', indexNote: null });
    expect(ok!.content).toContain('molybdenum');
  }, 120_000);
});
