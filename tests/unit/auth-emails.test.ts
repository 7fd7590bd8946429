import { describe, expect, it } from 'vitest';
import { createAuthMailer, emailChangeCurrentEmail, passwordRecoveryEmail, signupConfirmationEmail } from '../../server/mail/auth-emails.ts';
import type { MailQueue, OutgoingEmail } from '../../server/mail/queue.ts';
import type { Queryable } from '../../server/platform/db/types.ts';

/** A mail queue that keeps what it is given, with the transaction it came in. */
function recordingQueue() {
  const queued: { email: OutgoingEmail; tx: Queryable | undefined }[] = [];
  const mail: MailQueue = {
    async enqueue(email, tx) {
      queued.push({ email, tx });
      return String(queued.length);
    },
    start() {},
    async stop() {},
    async drain() {
      return 0;
    },
  };
  return { mail, queued };
}

const tx = {} as Queryable;
const link = 'http://localhost:3000/auth/v1/verify?token=abc&type=signup';

describe("the product's AuthMailer", () => {
  it("queues auth's emails, written from the product's templates, in auth's transaction", async () => {
    const { mail, queued } = recordingQueue();
    const mailer = createAuthMailer(mail);
    await mailer.send({ type: 'signup_confirmation', to: 'a@example.com', link }, tx);
    await mailer.send({ type: 'password_recovery', to: 'b@example.com', link }, tx);
    await mailer.send({ type: 'email_change_current', to: 'c@example.com', newAddress: 'd@example.com', link }, tx);
    expect(queued.map((q) => q.tx)).toEqual([tx, tx, tx]);
    expect(queued[0].email).toEqual(signupConfirmationEmail('a@example.com', link));
    expect(queued[1].email).toEqual(passwordRecoveryEmail('b@example.com', link));
    expect(queued[2].email).toEqual(emailChangeCurrentEmail('c@example.com', 'd@example.com', link));
    // Both halves of an email change are logged under one kind, as before.
    expect(queued[2].email.kind).toBe('email_change');
    expect(queued[0].email.subject).toBe('Confirm your Kilele Safaris account');
  });

  it('takes templates of its own', async () => {
    const { mail, queued } = recordingQueue();
    const mailer = createAuthMailer(mail, {
      signup_confirmation: ({ to, link }) => ({ kind: 'signup_confirmation', to, subject: 'Hi', text: link }),
      password_recovery: () => ({ kind: 'x', to: '', subject: '', text: '' }),
      email_change: () => ({ kind: 'x', to: '', subject: '', text: '' }),
      email_change_current: () => ({ kind: 'x', to: '', subject: '', text: '' }),
    });
    await mailer.send({ type: 'signup_confirmation', to: 'a@example.com', link }, tx);
    expect(queued[0].email).toEqual({ kind: 'signup_confirmation', to: 'a@example.com', subject: 'Hi', text: link });
  });
});
