import { describe, expect, it } from 'vitest';
import { hashToken, newToken, parseBanDuration, safeRedirect } from '../../server/platform/auth/tokens.ts';

describe('link tokens', () => {
  it('are long, random and stored as a hash that differs from the token', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
  });
});

describe('redirects after verification', () => {
  const site = 'https://kilelesafaris.co.tz';
  const fallback = `${site}/auth/reset-password`;

  it('allows the site itself, relative paths included', () => {
    expect(safeRedirect(site, `${site}/traveler`, fallback)).toBe(`${site}/traveler`);
    expect(safeRedirect(site, '/auth/login?next=x', fallback)).toBe(`${site}/auth/login?next=x`);
  });

  it('falls back for other sites and other schemes, so a link cannot hand tokens elsewhere', () => {
    expect(safeRedirect(site, 'https://evil.example/steal', fallback)).toBe(fallback);
    expect(safeRedirect(site, 'https://kilelesafaris.co.tz.evil.example/', fallback)).toBe(fallback);
    expect(safeRedirect(site, 'javascript:alert(1)', fallback)).toBe(fallback);
    expect(safeRedirect(site, '//evil.example/x', fallback)).toBe(fallback);
    expect(safeRedirect(site, undefined, fallback)).toBe(fallback);
  });

  it('allows any local port when the site itself runs locally (the dev server)', () => {
    expect(safeRedirect('http://localhost:3000', 'http://localhost:5173/auth', 'x')).toBe('http://localhost:5173/auth');
    expect(safeRedirect(site, 'http://localhost:5173/auth', fallback)).toBe(fallback);
  });
});

describe('ban durations', () => {
  it('reads Go durations and none', () => {
    expect(parseBanDuration('24h')).toBe(86_400_000);
    expect(parseBanDuration('1h30m')).toBe(5_400_000);
    expect(parseBanDuration('90s')).toBe(90_000);
    expect(parseBanDuration('none')).toBeNull();
    expect(parseBanDuration('')).toBeUndefined();
    expect(parseBanDuration('forever')).toBeUndefined();
  });
});
