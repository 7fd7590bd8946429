import { describe, expect, it } from 'vitest';
import { FailedSignIns } from '../../server/auth/rate-limit.ts';

describe('failed sign-in limiter', () => {
  function limiter(limit = 3, windowMs = 60_000) {
    let now = 1_000_000;
    const failures = new FailedSignIns(limit, windowMs, () => now);
    return { failures, advance: (ms: number) => (now += ms) };
  }

  it('blocks a key once it reaches the limit within the window, and frees it when failures age out', () => {
    const { failures, advance } = limiter();
    const keys = ['ip:10.0.0.1', 'email:a@example.com'];
    for (let i = 0; i < 3; i++) {
      expect(failures.blocked(keys)).toBe(false);
      failures.record(keys);
      advance(1000);
    }
    expect(failures.blocked(keys)).toBe(true);
    // Any one exhausted key blocks: the same email from another address, or another email from this address.
    expect(failures.blocked(['ip:10.0.0.2', 'email:a@example.com'])).toBe(true);
    expect(failures.blocked(['ip:10.0.0.1', 'email:b@example.com'])).toBe(true);
    expect(failures.blocked(['ip:10.0.0.2', 'email:b@example.com'])).toBe(false);
    advance(58_000);
    expect(failures.blocked(keys)).toBe(false);
  });

  it('does not count an attempt that is forgiven (a correct password)', () => {
    const { failures } = limiter(2);
    const keys = ['ip:10.0.0.1', 'email:a@example.com'];
    for (let i = 0; i < 5; i++) failures.forgive(keys, failures.record(keys));
    expect(failures.blocked(keys)).toBe(false);
    failures.record(keys);
    failures.record(keys);
    expect(failures.blocked(keys)).toBe(true);
  });
});
