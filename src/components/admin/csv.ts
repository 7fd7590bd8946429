import { toCsv } from '@/lib/csv.ts';
import { downloadBlob } from '@/lib/download.ts';

/**
 * Saves rows as a CSV file the office opens in a spreadsheet: a header row of the column labels,
 * values as given (numbers stay numbers), nothing a spreadsheet would run (toCsv), and a byte-order
 * mark so Excel reads UTF-8 names rightly.
 */
export function downloadCsv<T>(fileName: string, rows: readonly T[], columns: readonly { label: string; value: (row: T) => string | number | null }[]): void {
  const csv = toCsv(
    columns.map((column) => column.label),
    rows.map((row) => columns.map((column) => column.value(row))),
  );
  downloadText(fileName, csv, 'text/csv');
}

/** Saves text as a file the browser downloads; a CSV starts with a byte-order mark so Excel reads UTF-8 rightly. */
export function downloadText(fileName: string, content: string, type: 'text/csv' | 'application/json'): void {
  downloadBlob(fileName, new Blob(type === 'text/csv' ? ['\ufeff', content] : [content], { type: `${type};charset=utf-8` }));
}
