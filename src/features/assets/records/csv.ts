/**
 * Records as CSV (RFC 4180): every cell quoted, quotes doubled, lines ended by CRLF, and a byte
 * order mark first so that spreadsheet programs read the file as UTF-8 (column names and statuses
 * are in the page's language, which may be Arabic or Chinese).
 *
 * A cell that a spreadsheet would take for a formula (one starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return) gets a leading apostrophe: addresses, tags and ids come from outside the
 * user's control, and `=HYPERLINK(…)` in a withdrawal tag must stay text (OWASP, CSV injection).
 * A plain number (`-1.5`) is left as it is, so that amounts stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => cells.map(csvCell).join(',');
  return `\uFEFF${[header, ...rows].map(line).join('\r\n')}\r\n`;
}

/** One column of an export: its name and the text of a record's cell. */
export interface CsvColumn<R> {
  label: string;
  value: (row: R) => string;
}

export function recordsCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  return toCsv(
    columns.map((c) => c.label),
    rows.map((r) => columns.map((c) => c.value(r))),
  );
}
