import { insertOnce } from '@/lib/outbox/errors.ts';
import { defineWrite } from '@/lib/outbox/registry.ts';

export interface NewsletterSignup {
  email: string;
  name: string | null;
  source: string;
}

/**
 * A sign-up is keyed by its email (unique, stored lower-cased): one already on the list is left as it
 * is, so a resend, or a second sign-up with the same address, is a quiet success.
 */
export const newsletterSubscribe = defineWrite<NewsletterSignup>({
  kind: 'newsletter.subscribe',
  queue: 'newsletter',
  describe: ({ email }) => `Newsletter sign-up for ${email}`,
  async send(client, { payload }) {
    await insertOnce(client.from('newsletter_subscribers').insert(payload), ['newsletter_subscribers_email_key']);
  },
});
