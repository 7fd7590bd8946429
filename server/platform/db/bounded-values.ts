import type { PgError } from './types.ts';

/**
 * How deeply a value sent to the database may nest brackets, braces and parentheses. Postgres parses
 * JSON, arrays, text search queries, JSON paths and regular expressions recursively, and the embedded
 * database's stack overflows without a word past some thousands of levels (measured: JSON nested
 * 8,000 deep was taken, and the next statement that failed spun for ever). Nothing the product stores
 * nests past a few dozen levels (request bodies: 32), so every parameter of every statement is
 * checked here, on both databases, before it is sent.
 */
export const maxValueNesting = 128;

/** The deepest nesting of ( [ { in a text, counted without parsing it; stops past `stopAt`. */
export function textNesting(text: string, stopAt = maxValueNesting): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 40 /* ( */ || ch === 91 /* [ */ || ch === 123 /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if ((ch === 41 /* ) */ || ch === 93 /* ] */ || ch === 125) /* } */ && depth > 0) depth--;
  }
  return deepest;
}

/** The nesting of a parameter: a text's own, or an array's or object's (sent as JSON) with its members'. */
function valueNesting(value: unknown, stopAt: number): number {
  if (typeof value === 'string') return textNesting(value, stopAt);
  if (value === null || typeof value !== 'object' || value instanceof Date || ArrayBuffer.isView(value)) return 0;
  if (stopAt <= 0) return 1;
  let deepest = 0;
  for (const member of Array.isArray(value) ? value : Object.values(value)) {
    deepest = Math.max(deepest, valueNesting(member, stopAt - 1));
    if (deepest >= stopAt) break;
  }
  return deepest + 1;
}

/** Refuses a statement whose parameters nest deeper than maxValueNesting (54001, HTTP 400). */
export function checkParameters(params: unknown[]) {
  for (const value of params) {
    const depth = valueNesting(value, maxValueNesting);
    if (depth > maxValueNesting) {
      const error: PgError = Object.assign(new Error(`A value nests brackets, braces or parentheses more than ${maxValueNesting} levels deep; at most ${maxValueNesting} are allowed`), {
        code: '54001',
        hint: 'Send a flatter value',
      });
      throw error;
    }
  }
}
