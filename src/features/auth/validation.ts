/** The password length asked for on this site's forms. */
export const MIN_PASSWORD_LENGTH = 8;

export function emailProblem(email: string): string | undefined {
  if (email.trim() === '') return 'Enter your email address';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : 'Enter a valid email address, like you@example.com';
}

export function newPasswordProblem(password: string): string | undefined {
  if (password === '') return 'Choose a password';
  return password.length < MIN_PASSWORD_LENGTH ? `Use at least ${MIN_PASSWORD_LENGTH} characters` : undefined;
}

export function confirmationProblem(password: string, confirmation: string): string | undefined {
  if (confirmation === '') return 'Type the password again';
  return confirmation === password ? undefined : 'The passwords do not match';
}

/** Field messages of a form: one per field, and 'form' for the attempt as a whole. */
export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** Only the fields that have a message (so an empty object means the form is fine). */
export function problems<F extends string>(checks: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(checks).filter(([, message]) => message !== undefined)) as FieldErrors<F>;
}
