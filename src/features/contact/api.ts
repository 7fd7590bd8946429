import { discardWrite, queueWrite, waitForWrite } from '@/lib/outbox/outbox.ts';
import type { OutgoingEnquiry } from '@shared/enquiry.ts';
import { enquirySend } from './writes.ts';

/** 'sent' once the server has it; 'queued' when offline or slow (the outbox sends it later). */
export type EnquiryResult = { status: 'sent' | 'queued'; id: string };

/** How long a form waits for the server before saying the message will go out later. */
const answerWait = 8_000;

/** Sends a contact message or trip request through the outbox; a refusal by the server throws its message. */
export async function sendEnquiry(enquiry: OutgoingEnquiry): Promise<EnquiryResult> {
  const id = await queueWrite(enquirySend, enquiry);
  const outcome = await waitForWrite(id, answerWait);
  if (outcome.status === 'failed') {
    // The form shows the failure, so it does not linger among the changes waiting to sync.
    await discardWrite(id);
    throw new Error(outcome.error);
  }
  return { status: outcome.status === 'sent' ? 'sent' : 'queued', id };
}
