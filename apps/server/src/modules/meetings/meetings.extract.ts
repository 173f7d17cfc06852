/**
 * Reading a meeting document's text: PDF with unpdf, DOCX with mammoth, plain text as UTF-8; other
 * types are found by name only. Pure CPU work on a buffer, run in the extraction worker
 * (meetings.extract-worker.ts) so a large PDF never holds up requests. Imports nothing of the
 * portal: the worker loads only this.
 */

/** Text kept per document (a tsvector holds at most 1 MB; snippets need far less). */
export const TEXT_MAX_CHARS = 400_000;

export type Extracted = { state: 'indexed'; text: string } | { state: 'skipped' };

const kindOf = (name: string) => {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if (ext === 'docx') return 'docx';
  if (ext === 'txt' || ext === 'csv' || ext === 'md') return 'text';
  return null;
};

/** The text of a document by its name's type; 'skipped' for types read by name only. Throws on a broken file. */
export async function extractText(name: string, body: Uint8Array): Promise<Extracted> {
  const kind = kindOf(name);
  if (!kind) return { state: 'skipped' };
  let text: string;
  if (kind === 'pdf') {
    const { getDocumentProxy, extractText: pdfText } = await import('unpdf');
    // pdf.js may take the bytes over (detach them): give it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(body));
    text = (await pdfText(pdf, { mergePages: true })).text;
  } else if (kind === 'docx') {
    const mammoth = await import('mammoth');
    text = (await mammoth.extractRawText({ buffer: Buffer.from(body.buffer, body.byteOffset, body.byteLength) })).value;
  } else {
    text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  }
  // PostgreSQL text holds no NUL; runs of blanks say nothing.
  // eslint-disable-next-line no-control-regex
  text = text.replace(/\u0000/g, ' ').replace(/\s+/g, ' ').trim().slice(0, TEXT_MAX_CHARS);
  return { state: 'indexed', text };
}
