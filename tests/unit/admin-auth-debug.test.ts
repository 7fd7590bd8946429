import { describe, expect, it } from 'vitest';
import { timeLeft, tokenClaims } from '../../src/features/admin/auth-debug/model.ts';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('sign-in details', () => {
  it("reads a token's claims, names and all, and nothing from what is not a token", () => {
    const claims = { sub: 'u1', role: 'authenticated', email: 'zoë@example.com', exp: 1_800_000_000 };
    expect(tokenClaims(`${part({ alg: 'HS256' })}.${part(claims)}.signature`)).toEqual(claims);
    expect(tokenClaims('not-a-token')).toBeNull();
    expect(tokenClaims('a.%%%.c')).toBeNull();
    expect(tokenClaims(`a.${part([1, 2])}.c`)).toBeNull();
  });

  it('says how long a token has left, to the minute', () => {
    const now = Date.UTC(2026, 10, 25, 8, 0, 0);
    const at = (minutes: number) => now / 1000 + minutes * 60;
    expect(timeLeft(at(52), now)).toBe('in 52 min');
    expect(timeLeft(at(65), now)).toBe('in 1 h 5 min');
    expect(timeLeft(at(120), now)).toBe('in 2 h');
    expect(timeLeft(at(0.2), now)).toBe('expires within a minute');
    expect(timeLeft(at(-3), now)).toBe('expired 3 min ago');
  });
});
