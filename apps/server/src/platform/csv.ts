import { Transform, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { AppError } from './errors.js';

export interface CsvRow {
  /** The line of the file the row ends on (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

export interface BadRow {
  line: number;
  reason: string;
}

/** A file that is not CSV: the import reports it as a bad row on its line. */
export class CsvParseError extends Error {
  constructor(readonly row: BadRow) {
    super(row.reason);
  }
}

/**
 * The records of a CSV file as they stream in, each with the line it ends on; the file is never
 * held whole. Empty lines are skipped, fields trimmed, a byte-order mark dropped. A parse error
 * ends the stream with a CsvParseError naming its line.
 */
export async function* csvRecords(source: Readable): AsyncGenerator<{ line: number; record: string[] }> {
  // The last line of the last complete row the parser made (it may be ahead of what was read):
  // a quote left open starts on the line after it.
  let lastLine = 0;
  const parser = parse({
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    on_record: (record, context) => {
      lastLine = context.lines;
      return record;
    },
  });
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  try {
    for await (const { info, record } of parser as AsyncIterable<{ info: { lines: number }; record: string[] }>) {
      yield { line: info.lines, record };
    }
  } catch (e) {
    if (e instanceof CsvError) throw new CsvParseError(csvErrorRow(e, lastLine));
    throw e;
  } finally {
    // Stopped early (a bad header, an error): discard the rest of the body instead of leaving it unread.
    source.unpipe(parser);
    source.resume();
  }
}

/** A parse error as a bad row on its line; an unclosed quote is reported where its row begins. */
export function csvErrorRow(e: unknown, lastLine: number): BadRow {
  const err = e as { code?: string; lines?: number; message: string };
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
    const line = lastLine + 1;
    return { line, reason: `A quote opened on line ${line} is never closed.` };
  }
  return { line: err.lines ?? lastLine + 1, reason: `The file is not valid CSV: ${err.message}` };
}

/** Passes at most maxBytes through, then fails with 413 and the message given. */
export function byteLimit(source: Readable, maxBytes: number, message: string): Readable {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new AppError(413, message));
      else done(null, chunk);
    },
  });
  source.on('error', (e) => limiter.destroy(e));
  return source.pipe(limiter);
}
