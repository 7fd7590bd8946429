import type { AuthEmail, AuthMailer } from '../platform/context.ts';
import type { MailQueue, OutgoingEmail } from './queue.ts';

/**
 * The emails the platform's auth sends (sign-up confirmation, password recovery, the two halves of an
 * email change), in the company's words, and the AuthMailer that queues them.
 */

/** The company's name in auth's emails and in /auth/v1/health. */
export const company = 'Kilele Safaris';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A short plain-text email and the same words as simple HTML with one button. */
function linkEmail(kind: string, to: string, subject: string, lines: string[], action: string, link: string): OutgoingEmail {
  const text = [...lines, '', `${action}: ${link}`, '', 'This link works once and expires in one hour.', '', `${company}, Arusha, Tanzania`].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#222831;max-width:560px">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#e39f48;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">This link works once and expires in one hour. If the button does not work, open this address:<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#555">${company}, Arusha, Tanzania</p>
</body></html>`;
  return { kind, to, subject, text, html };
}

export function passwordRecoveryEmail(to: string, link: string): OutgoingEmail {
  return linkEmail(
    'password_recovery',
    to,
    `Reset your ${company} password`,
    ['Hello,', `Someone asked to reset the password of your ${company} account. If it was you, choose a new password with the link below. If not, you can ignore this email.`],
    'Reset password',
    link,
  );
}

export function signupConfirmationEmail(to: string, link: string): OutgoingEmail {
  return linkEmail(
    'signup_confirmation',
    to,
    `Confirm your ${company} account`,
    ['Karibu!', `Thank you for signing up with ${company}. Please confirm your email address to finish creating your account.`],
    'Confirm email',
    link,
  );
}

export function emailChangeEmail(to: string, link: string): OutgoingEmail {
  return linkEmail(
    'email_change',
    to,
    `Confirm your new ${company} email address`,
    ['Hello,', `Please confirm that you want to use this address for your ${company} account.`],
    'Confirm new email',
    link,
  );
}

/** The other half of an email change: the current address agrees to it (or learns of it, and does nothing). */
export function emailChangeCurrentEmail(to: string, newAddress: string, link: string): OutgoingEmail {
  return linkEmail(
    'email_change',
    to,
    `Confirm the change of your ${company} email address`,
    [
      'Hello,',
      `Someone asked to change the email address of your ${company} account to ${newAddress}. If it was you, confirm it with the link below; the new address must confirm too. If not, do nothing: the address stays as it is, and you may want to change your password.`,
    ],
    'Confirm the change',
    link,
  );
}

/** One template per kind of auth email. */
export type AuthEmailTemplates = { [T in AuthEmail['type']]: (email: Extract<AuthEmail, { type: T }>) => OutgoingEmail };

export const authEmailTemplates: AuthEmailTemplates = {
  signup_confirmation: ({ to, link }) => signupConfirmationEmail(to, link),
  password_recovery: ({ to, link }) => passwordRecoveryEmail(to, link),
  email_change: ({ to, link }) => emailChangeEmail(to, link),
  email_change_current: ({ to, newAddress, link }) => emailChangeCurrentEmail(to, newAddress, link),
};

function render(templates: AuthEmailTemplates, email: AuthEmail): OutgoingEmail {
  switch (email.type) {
    case 'signup_confirmation':
      return templates.signup_confirmation(email);
    case 'password_recovery':
      return templates.password_recovery(email);
    case 'email_change':
      return templates.email_change(email);
    case 'email_change_current':
      return templates.email_change_current(email);
  }
}

/** Auth's emails written from the templates and queued in the product's mail queue, in auth's transaction. */
export function createAuthMailer(mail: MailQueue, templates: AuthEmailTemplates = authEmailTemplates): AuthMailer {
  return {
    async send(email, tx) {
      await mail.enqueue(render(templates, email), tx);
    },
  };
}
