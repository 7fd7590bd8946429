import { describe, expect, it } from 'vitest';
import { API_ERRORS, apiErrorOf } from '../../shared/api-errors.ts';

describe('apiErrorOf', () => {
  it('reads the product API’s error, fields and all', () => {
    const error = { code: 'invalid_input', message: 'Choose a role', requestId: 'r-1', fields: { role: 'Choose a role' } };
    expect(apiErrorOf({ error })).toEqual(error);
  });

  it('is null for anything else: a success, a PostgREST error, an unknown code, no answer', () => {
    expect(apiErrorOf({ id: 'x' })).toBeNull();
    expect(apiErrorOf({ code: '42501', message: 'permission denied', details: null, hint: null })).toBeNull();
    expect(apiErrorOf({ error: { code: 'toString', message: 'x', requestId: 'r' } })).toBeNull();
    expect(apiErrorOf({ error: 'Not found' })).toBeNull();
    expect(apiErrorOf(null)).toBeNull();
  });
});

describe('the catalogue', () => {
  it('gives each code an error status and words', () => {
    for (const [code, entry] of Object.entries(API_ERRORS)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.message, code).not.toBe('');
    }
  });
});
