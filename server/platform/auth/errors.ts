import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An error in GoTrue's JSON shape. auth-js reads `code` (API version 2024-01-01, announced by the
 * response header) or `error_code`, and `msg`, and turns them into an AuthApiError with .code.
 */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  toJSON() {
    return { code: this.code, error_code: this.code, msg: this.message, ...this.extra };
  }
}

/** A /token grant error: GoTrue's fields plus the OAuth2 ones (error, error_description). */
export function grantError(code: string, message: string, oauthError = 'invalid_grant'): AuthError {
  return new AuthError(400, code, message, { error: oauthError, error_description: message });
}

export const errors = {
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  tooLarge: (message: string) => new AuthError(413, 'request_too_large', message),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidEmail: () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  weakPassword: (minLength: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  userExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  invalidCredentials: () => grantError('invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => grantError('email_not_confirmed', 'Email not confirmed'),
  userBanned: () => grantError('user_banned', 'User is banned'),
  rateLimited: (message = 'Request rate limit reached') => new AuthError(429, 'over_request_rate_limit', message),
  emailRateLimited: (message: string) => new AuthError(429, 'over_email_send_rate_limit', message),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  userNotFoundFromJwt: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
};

export function sendAuthError(c: Context, error: AuthError) {
  return c.json(error.toJSON(), error.status);
}
