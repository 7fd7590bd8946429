import { defineAppendWrite } from '../outbox/append.ts';
import { checked } from '../outbox/errors.ts';
import { defineWrite } from '../outbox/registry.ts';

/**
 * Writes to the traveler's conversations. Messages append (one row per write, client_id unique, so a resend is
 * stored once); marking a thread read is idempotent (it only touches replies still unread).
 */
export interface MessageDraft {
  /** Made on the device, so a conversation can start offline. */
  threadId: string;
  /** The first message of a thread names it. */
  subject?: string | null;
  body: string;
  bookingId?: string | null;
}

export const messagesSend = defineAppendWrite<MessageDraft, 'messages'>({
  kind: 'messages.send',
  table: 'messages',
  requiresUser: true,
  describe: ({ subject }) => (subject ? `Send your message '${subject}'` : 'Send your message'),
  row: ({ threadId, subject, body, bookingId }, entry) => ({
    // requiresUser: the outbox queues it only for a signed-in user.
    user_id: entry.userId!,
    thread_id: threadId,
    subject: subject?.trim() || null,
    body: body.trim(),
    booking_id: bookingId ?? null,
    sender: 'traveler',
  }),
});

export const messagesRead = defineWrite<{ threadId: string }>({
  kind: 'messages.read',
  requiresUser: true,
  silent: true,
  describe: () => 'Mark a conversation as read',
  async send(client, { userId, payload, createdAt }) {
    const seenAt = new Date(createdAt).toISOString();
    await checked(
      client
        .from('messages')
        .update({ read_at: seenAt })
        .eq('user_id', userId!)
        .eq('thread_id', payload.threadId)
        .eq('sender', 'staff')
        .is('read_at', null),
    );
  },
});
