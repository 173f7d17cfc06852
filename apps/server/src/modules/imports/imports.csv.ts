import { parse, type Options } from 'csv-parse/sync';

export interface CsvRow {
  /** The line of the file the row ends on (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

export interface BadRow {
  line: number;
  reason: string;
}

/**
 * Reads a CSV file with a header line. Column names are matched without case or surrounding
 * spaces; a row with the wrong number of fields is a bad row, not the end of the file.
 */
export function readCsv(text: string): { header: string[]; rows: CsvRow[]; bad: BadRow[] } {
  let records: { info: { lines: number }; record: string[] }[];
  // The last line of the last complete row: a quote left open starts on the line after it.
  let lastLine = 0;
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (record, context) => {
        lastLine = context.lines;
        return record;
      },
    } satisfies Options) as unknown as typeof records;
  } catch (e) {
    return { header: [], rows: [], bad: [csvErrorRow(e, lastLine)] };
  }
  const [head, ...body] = records;
  if (!head) return { header: [], rows: [], bad: [] };
  const header = head.record.map((h) => h.trim().toLowerCase());
  const rows: CsvRow[] = [];
  const bad: BadRow[] = [];
  for (const { info, record } of body) {
    if (record.length !== header.length) {
      bad.push({ line: info.lines, reason: `Expected ${header.length} fields, found ${record.length}.` });
      continue;
    }
    rows.push({ line: info.lines, values: Object.fromEntries(header.map((h, i) => [h, record[i] ?? ''])) });
  }
  return { header, rows, bad };
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
