import { WriteError } from '@/lib/outbox/errors.ts';
import { defineWrite } from '@/lib/outbox/registry.ts';
import type { OutgoingEnquiry } from '@shared/enquiry.ts';
import { apiErrorOf } from '@shared/api-errors.ts';
import { callServer, serverAnswer } from '@/lib/server-api.ts';

/**
 * An enquiry (contact message or trip request) travels through the outbox like every write, so a
 * visitor offline keeps it on the device until it can be sent. The entry's id is the client id:
 * POST /api/enquiries stores it once and sends its emails once however often it arrives.
 */
export const enquirySend = defineWrite<OutgoingEnquiry>({
  kind: 'enquiry.send',
  queue: 'enquiries',
  describe: (enquiry) =>
    enquiry.kind === 'contact' ? `Message to us: ${enquiry.subject}` : enquiry.kind === 'chat' ? 'Your chat message to us' : 'Your tailor-made trip request',
  async send(client, entry) {
    // A signed-in traveler's enquiry is linked to their account; the server verifies the token itself.
    const response = await callServer('/api/enquiries', { method: 'POST', body: { ...entry.payload, clientId: entry.id }, client });
    if (response.ok) return;
    const refusal = apiErrorOf(await serverAnswer(response));
    throw new WriteError(refusal?.message ?? `The server answered ${response.status}.`, response.status);
  },
});
