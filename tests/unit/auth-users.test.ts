import { describe, expect, it } from 'vitest';
import { AuthError } from '../../server/platform/auth/errors.ts';
import { checkPassword, mergeMetadata, metadata, normalizeEmail } from '../../server/platform/auth/users.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof AuthError) return `${error.status} ${error.code}`;
    throw error;
  }
  return undefined;
}

describe('auth input rules', () => {
  it('normalizes emails to trimmed lower case and refuses malformed ones', () => {
    expect(normalizeEmail('  Safari@Kilele.CO.TZ ')).toBe('safari@kilele.co.tz');
    for (const bad of ['', 'no-at-sign', 'a@b', 'a b@c.tz', 42, null, `${'x'.repeat(250)}@example.com`]) {
      expect(codeOf(() => normalizeEmail(bad))).toBe('400 validation_failed');
    }
  });

  it('needs passwords of 6 characters and at most 72 bytes (what bcrypt can hash)', () => {
    expect(checkPassword('123456')).toBe('123456');
    expect(codeOf(() => checkPassword('12345'))).toBe('422 weak_password');
    expect(codeOf(() => checkPassword(123456))).toBe('422 weak_password');
    expect(codeOf(() => checkPassword('é'.repeat(37)))).toBe('400 validation_failed');
  });

  it('merges metadata like GoTrue: keys set, null removes, non-objects refused', () => {
    expect(mergeMetadata({ full_name: 'A', theme: 'dark' }, { full_name: 'B', theme: null, country: 'TZ' })).toEqual({
      full_name: 'B',
      country: 'TZ',
    });
    expect(metadata(undefined, 'data')).toEqual({});
    expect(codeOf(() => metadata(['x'], 'data'))).toBe('400 validation_failed');
    expect(codeOf(() => metadata('x', 'data'))).toBe('400 validation_failed');
  });

  it('shapes errors so auth-js reads code and message', () => {
    const error = new AuthError(422, 'user_already_exists', 'User already registered');
    expect(error.toJSON()).toEqual({ code: 'user_already_exists', error_code: 'user_already_exists', msg: 'User already registered' });
  });
});
