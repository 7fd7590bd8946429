import { discardWrite, queueWrite, waitForWrite } from '@/lib/outbox/outbox.ts';
import { newsletterSubscribe } from './writes.ts';

/** 'subscribed' once the server has it; 'queued' when offline (sent on reconnect); a failure throws. */
export type SubscribeResult = 'subscribed' | 'queued';

/** How long the form waits for the server before saying the sign-up will go out later. */
const answerWait = 8_000;

/** Adds an address to the newsletter through the outbox; an address already on the list is a success. */
export async function subscribeToNewsletter(email: string, name?: string): Promise<SubscribeResult> {
  const id = await queueWrite(newsletterSubscribe, { email: email.trim().toLowerCase(), name: name?.trim() || null, source: 'footer' });
  const outcome = await waitForWrite(id, answerWait);
  if (outcome.status === 'failed') {
    // The form shows the failure, so it does not linger among the changes waiting to sync.
    await discardWrite(id);
    throw new Error(outcome.error);
  }
  return outcome.status === 'sent' ? 'subscribed' : 'queued';
}

export function isPlausibleEmail(value: string): boolean {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value.trim()) && value.trim().length <= 254;
}
