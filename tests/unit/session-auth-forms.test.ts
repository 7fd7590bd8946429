import { describe, expect, it } from 'vitest';
import { authProblem } from '../../src/features/auth/messages.ts';
import { homeFor, safeRedirect, validateAuthSearch } from '../../src/features/auth/redirect.ts';
import { confirmationProblem, emailProblem, newPasswordProblem, problems } from '../../src/features/auth/validation.ts';

const origin = 'https://kilele.example';

describe('safeRedirect', () => {
  it('follows paths on this site, with their query and fragment', () => {
    expect(safeRedirect('/traveler/bookings?tab=past#top', origin)).toBe('/traveler/bookings?tab=past#top');
    expect(safeRedirect('/tours/serengeti-migration', origin)).toBe('/tours/serengeti-migration');
  });

  it('refuses other origins and tricks that lead there', () => {
    for (const value of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'traveler', '', 42, undefined]) {
      expect(safeRedirect(value, origin)).toBeNull();
    }
  });

  it('refuses the sign-in pages themselves (a loop)', () => {
    expect(safeRedirect('/auth/login?redirect=/x', origin)).toBeNull();
    expect(safeRedirect('/login', origin)).toBeNull();
    expect(safeRedirect('/register', origin)).toBeNull();
  });

  it('sends staff to the back office and travelers to the portal', () => {
    expect(homeFor('admin')).toBe('/admin');
    expect(homeFor('traveler')).toBe('/traveler');
    for (const role of ['agent', 'editor', 'guide']) expect(homeFor(role)).toBe('/admin');
  });

  it('keeps only a string redirect from the search', () => {
    expect(validateAuthSearch({ redirect: '/traveler' })).toEqual({ redirect: '/traveler' });
    expect(validateAuthSearch({ redirect: 5 })).toEqual({});
    expect(validateAuthSearch({ redirect: '/traveler/bookings?claim=KS-2026-7K3Q9', email: 'neema@example.com' })).toEqual({ redirect: '/traveler/bookings?claim=KS-2026-7K3Q9', email: 'neema@example.com' });
    expect(validateAuthSearch({ email: 'not an email' })).toEqual({});
    expect(validateAuthSearch({})).toEqual({});
  });
});

describe('authProblem: GoTrue in plain words', () => {
  it('maps the server refusals to a field and a message', () => {
    expect(authProblem({ name: 'AuthApiError', code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' })).toEqual({
      field: 'form',
      message: 'Email or password is incorrect',
    });
    expect(authProblem({ name: 'AuthApiError', code: 'over_request_rate_limit', status: 429, message: 'Request rate limit reached' })).toEqual({
      field: 'form',
      message: 'Too many attempts. Try again in a few minutes.',
    });
    expect(authProblem({ code: 'user_already_exists', status: 422, message: 'User already registered' }).field).toBe('email');
    expect(authProblem({ code: 'weak_password', status: 422, message: 'Password should be at least 6 characters.' })).toEqual({
      field: 'password',
      message: 'Password should be at least 6 characters.',
    });
    expect(authProblem({ code: 'email_not_confirmed', status: 400, message: 'Email not confirmed' }).field).toBe('email');
    expect(authProblem({ name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' }).message).toMatch(/could not reach/);
    expect(authProblem({ name: 'AuthSessionMissingError', message: 'Auth session missing!' }).message).toMatch(/expired/);
    expect(authProblem(new Error('boom')).message).toBe('Something went wrong. Please try again.');
  });
});

describe('form checks', () => {
  it('says what is wrong with each field, and nothing when all is well', () => {
    expect(emailProblem('')).toBe('Enter your email address');
    expect(emailProblem('asha@')).toMatch(/valid email/);
    expect(emailProblem(' asha@example.com ')).toBeUndefined();
    expect(newPasswordProblem('short')).toBe('Use at least 8 characters');
    expect(confirmationProblem('Serengeti-2026', 'Serengeti-2025')).toBe('The passwords do not match');
    expect(problems({ email: emailProblem('asha@example.com'), password: newPasswordProblem('') })).toEqual({ password: 'Choose a password' });
  });
});
