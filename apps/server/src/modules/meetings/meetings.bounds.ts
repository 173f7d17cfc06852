import { inflateRawSync, inflateSync, constants as zlib } from 'node:zlib';
import type yauzl from 'yauzl';
import { moduleExports } from '../../platform/module-exports.js';

/**
 * How far a document may expand before its text is read (meetings.extract.ts). A parser given a
 * compressed part expands it whole, in memory: these checks expand each part once first, counting
 * bytes and keeping none, and stop at the bound. Imports nothing of the portal (the extraction
 * worker loads it).
 */
export const EXTRACT_BOUNDS = {
  /** One XML part of a .docx, expanded (16 MB of XML is a document of thousands of pages). */
  docxPartMaxBytes: 16 * 1024 * 1024,
  /** Every XML part of a .docx together, expanded. */
  docxTotalMaxBytes: 48 * 1024 * 1024,
  /** Parts in one .docx. */
  docxEntriesMax: 5_000,
  /** One PDF stream, expanded through its Flate and RunLength filters. */
  pdfStreamMaxBytes: 32 * 1024 * 1024,
  /** Every stream of one PDF together, expanded. */
  pdfTotalMaxBytes: 160 * 1024 * 1024,
  /** Streams in one PDF. */
  pdfStreamsMax: 200_000,
  /** Arrays and dictionaries inside each other (pdf.js reads them recursively). */
  pdfNestingMax: 256,
  /** Pages read for text; the text of the rest is not kept anyway past the text bound. */
  pdfPagesMax: 2_000,
} as const;

/** A document past one of the bounds: not indexed, the message saying which. */
export class TooLargeToRead extends Error {}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** Parts mammoth reads for the text: the XML and the relationships. Images and the like are never expanded. */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/**
 * Refuses a .docx whose XML parts would expand past the bounds: by the sizes the zip declares,
 * and by the bytes each part really expands to (yauzl stops a part at the size it declared, so a
 * false declaration cannot hide a larger part). yauzl loads at the first .docx, not with the server's
 * modules at start (bench/README.md, cold start).
 */
export async function checkDocxBounds(buffer: Buffer): Promise<void> {
  const zipReader = await moduleExports(import('yauzl'));
  return new Promise((resolve, reject) => {
    zipReader.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err) return reject(err);
      let entries = 0;
      let total = 0;
      const fail = (e: Error) => {
        zip.close();
        reject(e);
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (++entries > EXTRACT_BOUNDS.docxEntriesMax)
          return fail(new TooLargeToRead(`the document has more than ${EXTRACT_BOUNDS.docxEntriesMax} parts`));
        if (!isXmlPart(entry.fileName) || entry.fileName.endsWith('/')) return zip.readEntry();
        const declared = entry.uncompressedSize;
        if (declared > EXTRACT_BOUNDS.docxPartMaxBytes)
          return fail(
            new TooLargeToRead(
              `${entry.fileName} expands to ${mb(declared)}, over ${mb(EXTRACT_BOUNDS.docxPartMaxBytes)}`,
            ),
          );
        if (total + declared > EXTRACT_BOUNDS.docxTotalMaxBytes)
          return fail(new TooLargeToRead(`the document expands to more than ${mb(EXTRACT_BOUNDS.docxTotalMaxBytes)}`));
        zip.openReadStream(entry, (e, stream) => {
          if (e) return fail(e);
          let actual = 0;
          stream.on('data', (chunk: Buffer) => {
            actual += chunk.length;
            // yauzl refuses a part past its declared size; this says so in our words first.
            if (actual > declared)
              stream.destroy(new TooLargeToRead(`${entry.fileName} expands past the size it declares`));
          });
          stream.on('error', (se) =>
            fail(se instanceof TooLargeToRead ? se : new TooLargeToRead(`${entry.fileName}: ${se.message}`)),
          );
          stream.on('end', () => {
            total += actual;
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The expanded size of Flate data, refused past `max` (Node stops inflating there). */
function inflatedSize(data: Buffer, max: number, what: string): Buffer | null {
  try {
    return inflateSync(data, { maxOutputLength: max, finishFlush: zlib.Z_SYNC_FLUSH });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new TooLargeToRead(`${what} expands past ${mb(max)}`);
    try {
      // Some writers leave out the zlib header.
      return inflateRawSync(data, { maxOutputLength: max, finishFlush: zlib.Z_SYNC_FLUSH });
    } catch (raw) {
      if ((raw as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new TooLargeToRead(`${what} expands past ${mb(max)}`);
      // Broken data: pdf.js decides what to make of it.
      return null;
    }
  }
}

/** RunLengthDecode's output size, counted without building it. */
function runLengthSize(data: Buffer): number {
  let size = 0;
  for (let i = 0; i < data.length;) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      size += n + 1;
      i += n + 2;
    } else {
      size += 257 - n;
      i += 2;
    }
  }
  return size;
}

/** The filter names of a stream dictionary, in the order they are applied. */
function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!m) return [];
  return [...m[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((f) => f[1]!);
}

/** Deepest nesting of arrays and dictionaries in PDF text outside streams (strings skipped). */
function nestingDepth(s: string, from: number, to: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x28 /* ( */) {
      // A literal string: balanced parentheses, backslash escapes.
      let open = 1;
      for (i++; i < to && open > 0; i++) {
        const d = s.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x28) open++;
        else if (d === 0x29) open--;
      }
      i--;
    } else if (c === 0x5b /* [ */ || (c === 0x3c && s.charCodeAt(i + 1) === 0x3c)) {
      if (c === 0x3c) i++;
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x5d /* ] */ || (c === 0x3e && s.charCodeAt(i + 1) === 0x3e)) {
      if (c === 0x3e) i++;
      if (depth > 0) depth--;
    } else if (c === 0x3c) {
      // A hex string.
      const end = s.indexOf('>', i);
      i = end === -1 ? to : end;
    }
  }
  return deepest;
}

/**
 * Refuses a PDF whose streams expand past the bounds (each stream's Flate and RunLength filters
 * applied in order, so a stream compressed twice is counted at its final size), with too many
 * streams, or nested deeper than pdf.js should recurse.
 */
export function checkPdfBounds(buffer: Buffer): void {
  const s = buffer.toString('latin1');
  let indirectLengths: Map<string, number> | null = null;
  const lengthOf = (dict: string): number | null => {
    const m = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dict);
    if (!m) return null;
    if (m[2] === undefined) return Number(m[1]);
    if (!indirectLengths) {
      indirectLengths = new Map();
      for (const o of s.matchAll(/(\d+)\s+(\d+)\s+obj\s*(\d+)\s*endobj/g))
        indirectLengths.set(`${o[1]} ${o[2]}`, Number(o[3]));
    }
    return indirectLengths.get(`${m[1]} ${m[2]}`) ?? null;
  };

  let streams = 0;
  let total = 0;
  let textFrom = 0;
  const streamStart = /(?<!end)stream(?:\r\n|\n|\r)/g;
  for (let m = streamStart.exec(s); m; m = streamStart.exec(s)) {
    if (++streams > EXTRACT_BOUNDS.pdfStreamsMax)
      throw new TooLargeToRead(`the PDF has more than ${EXTRACT_BOUNDS.pdfStreamsMax} streams`);
    const dictFrom = s.lastIndexOf('obj', m.index);
    const dict = s.slice(Math.max(dictFrom, m.index - 64 * 1024, textFrom), m.index);
    if (nestingDepth(s, textFrom, m.index) > EXTRACT_BOUNDS.pdfNestingMax)
      throw new TooLargeToRead(`the PDF nests objects deeper than ${EXTRACT_BOUNDS.pdfNestingMax}`);
    const start = m.index + m[0].length;
    const length = lengthOf(dict);
    let end =
      length !== null && length >= 0 && start + length <= buffer.length
        ? start + length
        : s.indexOf('endstream', start);
    if (end === -1) end = buffer.length;
    let data: Buffer | null = buffer.subarray(start, end);
    let size = data.length;
    for (const filter of filtersOf(dict)) {
      if (filter === 'FlateDecode' || filter === 'Fl') {
        data = inflatedSize(data, EXTRACT_BOUNDS.pdfStreamMaxBytes, 'a stream of the PDF');
        if (!data) break;
        size = data.length;
      } else if (filter === 'RunLengthDecode' || filter === 'RL') {
        size = runLengthSize(data);
        if (size > EXTRACT_BOUNDS.pdfStreamMaxBytes)
          throw new TooLargeToRead(`a stream of the PDF expands past ${mb(EXTRACT_BOUNDS.pdfStreamMaxBytes)}`);
        break;
      } else {
        // Images (DCT, JPX, CCITT, JBIG2) stay as they are for text; others are not expanded here.
        break;
      }
    }
    total += size;
    if (total > EXTRACT_BOUNDS.pdfTotalMaxBytes)
      throw new TooLargeToRead(`the PDF expands to more than ${mb(EXTRACT_BOUNDS.pdfTotalMaxBytes)}`);
    textFrom = end;
    streamStart.lastIndex = end;
  }
  if (nestingDepth(s, textFrom, s.length) > EXTRACT_BOUNDS.pdfNestingMax)
    throw new TooLargeToRead(`the PDF nests objects deeper than ${EXTRACT_BOUNDS.pdfNestingMax}`);
}
