/**
 * Reading a meeting document's text: PDF with unpdf, DOCX with mammoth, plain text as UTF-8; other
 * types are found by name only. Pure CPU work on a buffer, run in the extraction worker
 * (meetings.extract-worker.ts) so a large PDF never holds up requests. Imports nothing of the
 * portal: the worker loads only this (and meetings.bounds.ts).
 *
 * A small file may expand to far more than its size (a 490 KB .docx whose document.xml is 176 MB
 * took the server from 383 MB to 4.7 GB): before a parser sees a document, every compressed part
 * it would expand is expanded once here, counting bytes and keeping none, and a document past the
 * bounds is refused with the reason. The worker's heap limit and time limit (meetings.extractor.ts)
 * catch whatever gets past this.
 */
import { checkDocxBounds, checkPdfBounds, EXTRACT_BOUNDS, TooLargeToRead } from './meetings.bounds.js';
import { moduleExports } from '../../platform/module-exports.js';

/** Text kept per document (a tsvector holds at most 1 MB; snippets need far less). */
export const TEXT_MAX_CHARS = 400_000;

export type Extracted = { state: 'indexed'; text: string } | { state: 'skipped' } | { state: 'failed'; reason: string };

const kindOf = (name: string) => {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if (ext === 'docx') return 'docx';
  if (ext === 'txt' || ext === 'csv' || ext === 'md') return 'text';
  return null;
};

/** The pages' text, page after page, until the kept text is full or the page bound is reached. */
async function pdfText(body: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  // pdf.js may take the bytes over (detach them): give it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const parts: string[] = [];
  let length = 0;
  const pages = Math.min(pdf.numPages, EXTRACT_BOUNDS.pdfPagesMax);
  for (let n = 1; n <= pages && length < TEXT_MAX_CHARS; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item)) continue;
      parts.push(item.str, item.hasEOL ? '\n' : '');
      length += item.str.length + 1;
      if (length >= TEXT_MAX_CHARS) break;
    }
    parts.push('\n');
    page.cleanup();
  }
  return parts.join('');
}

/** The text of a document by its name's type; 'skipped' for types read by name only, 'failed' past the bounds. Throws on a broken file. */
export async function extractText(name: string, body: Uint8Array): Promise<Extracted> {
  const kind = kindOf(name);
  if (!kind) return { state: 'skipped' };
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let text: string;
  try {
    if (kind === 'pdf') {
      checkPdfBounds(buffer);
      text = await pdfText(body);
    } else if (kind === 'docx') {
      await checkDocxBounds(buffer);
      const mammoth = await moduleExports(import('mammoth'));
      text = (await mammoth.extractRawText({ buffer })).value;
    } else {
      text = buffer.toString('utf8', 0, Math.min(buffer.length, TEXT_MAX_CHARS * 4));
    }
  } catch (e) {
    if (e instanceof TooLargeToRead) return { state: 'failed', reason: e.message };
    throw e;
  }
  // PostgreSQL text holds no NUL; runs of blanks say nothing.
  text = text
    .slice(0, TEXT_MAX_CHARS * 2)
    // eslint-disable-next-line no-control-regex
    .replace(/\u0000/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TEXT_MAX_CHARS);
  return { state: 'indexed', text };
}
