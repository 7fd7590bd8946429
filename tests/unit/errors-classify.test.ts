import { describe, expect, test } from 'vitest';
import { ERROR_TYPES } from '../../shared/error-types.ts';
import { classifyError } from '../../src/lib/error-reporting/classify.ts';
import { isBrowserExtensionNoise } from '../../src/lib/error-reporting/facts.ts';
import { parseStackFrames } from '../../src/lib/error-reporting/stack-frames.ts';
import { cumulativeLayoutShift, interactionToNextPaint, vitalRating } from '../../src/lib/error-reporting/web-vitals.ts';

function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('classifyError', () => {
  test.each([
    ['Chunk Loading', new TypeError('Failed to fetch dynamically imported module: https://x/assets/tours-abc.js')],
    ['Chunk Loading', named('ChunkLoadError', 'Loading chunk 42 failed.')],
    ['Chunk Loading', new TypeError('Importing a module script failed.')],
    ['Network', new TypeError('Failed to fetch')],
    ['Network', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Network', new TypeError('Load failed')],
    ['Authentication', { code: 'PGRST301', message: 'JWT expired' }],
    ['Authentication', named('AuthApiError', 'Invalid Refresh Token: Refresh Token Not Found')],
    ['Authentication', new Error('User not authenticated or unauthorized')],
    ['Authentication', { status: 401, message: 'nope' }],
    ['Permission', { code: '42501', message: 'new row violates row-level security policy for table "reviews"' }],
    ['Permission', { status: 403, message: 'no' }],
    ['Database', { code: '23505', message: 'duplicate key value violates unique constraint "wishlist_user_tour_key"' }],
    ['Database', { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' }],
    ['API', { status: 502, message: 'Bad gateway' }],
    ['Memory', new RangeError('Maximum call stack size exceeded')],
    ['Memory', new RangeError('Invalid array length')],
    ['Syntax', new SyntaxError('Unexpected token < in JSON at position 0')],
    ['Syntax', new Error('"undefined" is not valid JSON')],
    ['React', new Error('Rendered more hooks than during the previous render.')],
    ['Runtime', new TypeError("Cannot read properties of undefined (reading 'title')")],
    ['Runtime', new ReferenceError('tour is not defined')],
    ['Unknown', new Error('Something odd')],
    ['Unknown', 'a thrown string'],
    ['Unknown', undefined],
    ['Unknown', 42],
  ] as const)('%s: %o', (expected, error) => {
    expect(classifyError(error)).toBe(expected);
  });

  test('an error thrown while rendering is React when nothing more precise is known', () => {
    expect(classifyError(new Error('boom'), { componentStack: '\n    at TourCard' })).toBe('React');
    // ...but a failed request in a component is still the network's fault.
    expect(classifyError(new TypeError('Failed to fetch'), { componentStack: '\n    at TourCard' })).toBe('Network');
  });

  test('every result is one of the eleven categories', () => {
    expect(ERROR_TYPES).toEqual(['Network', 'Chunk Loading', 'Authentication', 'Database', 'React', 'Runtime', 'Syntax', 'Memory', 'Permission', 'API', 'Unknown']);
  });
});

describe('isBrowserExtensionNoise', () => {
  test('suppresses message channel closed errors and errors from extension scripts', () => {
    expect(
      isBrowserExtensionNoise(new Error('A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received')),
    ).toBe(true);
    expect(isBrowserExtensionNoise('boom', 'chrome-extension://abcdef/content.js')).toBe(true);
    expect(isBrowserExtensionNoise(new Error('boom'), 'https://kilele.example/assets/index.js')).toBe(false);
  });
});

describe('parseStackFrames', () => {
  test('reads Chromium and Firefox stacks', () => {
    const chromium = "TypeError: x is undefined\n    at TourCard (https://k.example/assets/tours-1.js:12:34)\n    at https://k.example/assets/index.js:1:99\n    at async load (https://k.example/a.js:3:4)";
    expect(parseStackFrames(chromium)).toEqual([
      { function: 'TourCard', file: 'https://k.example/assets/tours-1.js', line: 12, column: 34 },
      { function: null, file: 'https://k.example/assets/index.js', line: 1, column: 99 },
      { function: 'async load', file: 'https://k.example/a.js', line: 3, column: 4 },
    ]);
    expect(parseStackFrames('TourCard@https://k.example/t.js:5:6\n@https://k.example/i.js:7:8')).toEqual([
      { function: 'TourCard', file: 'https://k.example/t.js', line: 5, column: 6 },
      { function: null, file: 'https://k.example/i.js', line: 7, column: 8 },
    ]);
    expect(parseStackFrames(null)).toEqual([]);
  });
});

describe('web vitals', () => {
  test('INP is the worst interaction, one outlier ignored per 50', () => {
    expect(interactionToNextPaint([])).toBeUndefined();
    expect(interactionToNextPaint([40, 320, 88])).toBe(320);
    const many = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(interactionToNextPaint(many)).toBe(98);
  });

  test('CLS is the largest session window of shifts', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
    const shifts = [
      { startTime: 100, value: 0.05 },
      { startTime: 600, value: 0.05 },
      // more than 1 s later: a new window
      { startTime: 3000, value: 0.02 },
    ];
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.1);
  });

  test('ratings follow the published thresholds', () => {
    expect(vitalRating('LCP', 2400)).toBe('good');
    expect(vitalRating('LCP', 3000)).toBe('needs-improvement');
    expect(vitalRating('CLS', 0.3)).toBe('poor');
  });
});
