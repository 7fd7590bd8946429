/** Which form field a server's refusal belongs to ('form' when it is about the whole attempt). */
export type AuthField = 'email' | 'password' | 'form';

export interface AuthProblem {
  field: AuthField;
  message: string;
}

interface AuthLikeError {
  name?: string;
  message?: string;
  code?: string;
  status?: number;
}

/** GoTrue's refusals in plain words, on the field they are about. */
export function authProblem(error: unknown): AuthProblem {
  const { name = '', message = '', code = '', status } = (error ?? {}) as AuthLikeError;
  if (code === 'invalid_credentials' || /invalid login credentials/i.test(message)) {
    return { field: 'form', message: 'Email or password is incorrect' };
  }
  if (status === 429 || code.startsWith('over_') || /rate limit/i.test(message)) {
    return { field: 'form', message: 'Too many attempts. Try again in a few minutes.' };
  }
  if (code === 'email_not_confirmed') {
    return { field: 'email', message: 'Please confirm your email first: open the link we sent you.' };
  }
  if (code === 'user_already_exists' || code === 'email_exists') {
    return { field: 'email', message: 'An account with this email already exists. Sign in instead.' };
  }
  if (code === 'weak_password') return { field: 'password', message: message || 'Choose a longer password.' };
  if (code === 'same_password') return { field: 'password', message: 'Choose a password different from your current one.' };
  if (code === 'validation_failed' && /email/i.test(message)) return { field: 'email', message: 'Enter a valid email address' };
  if (code === 'user_banned') return { field: 'form', message: 'This account is suspended. Please contact us for help.' };
  if (code === 'otp_expired' || name === 'AuthSessionMissingError') {
    return { field: 'form', message: 'This link is invalid or has expired. Ask for a new one below.' };
  }
  if (name === 'AuthRetryableFetchError' || status === 0 || error instanceof TypeError) {
    return { field: 'form', message: 'We could not reach the server. Check your connection and try again.' };
  }
  return { field: 'form', message: 'Something went wrong. Please try again.' };
}
