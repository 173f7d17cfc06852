/**
 * The one way our exports write CSV (the audit trail, the unused-assessor report): csv-stringify
 * quotes every field and escapes a formula at the start of a cell (`escape_formulas`: = + - @, tab,
 * return and their full-width forms); `spreadsheetSafe` also escapes one that follows a separator a
 * spreadsheet of another locale may split on (`,` `;` tab), so 'Bob;=1+1' never becomes a formula.
 */
export const CSV_OPTIONS = { quoted: true, quoted_empty: true, escape_formulas: true } as const;

/** A formula start after `,` `;` or a tab, behind an apostrophe (the start itself is csv-stringify's). */
export const spreadsheetSafe = (value: string) => value.replace(/([,;\t])([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g, "$1'$2");

/** Rows of text as CSV, every field quoted and spreadsheet-safe. */
export async function csvText(
  rows: string[][],
  opts: { columns?: readonly string[]; header?: boolean; bom?: boolean; recordDelimiter?: string } = {},
): Promise<string> {
  // Loaded at the first export, not compiled at every start.
  const { stringify } = await import('csv-stringify/sync');
  return stringify(
    rows.map((r) => r.map(spreadsheetSafe)),
    {
      quoted: CSV_OPTIONS.quoted,
      quoted_empty: CSV_OPTIONS.quoted_empty,
      escape_formulas: CSV_OPTIONS.escape_formulas,
      header: opts.header ?? false,
      columns: opts.columns ? [...opts.columns] : undefined,
      bom: opts.bom ?? false,
      record_delimiter: opts.recordDelimiter ?? 'unix',
    },
  );
}
