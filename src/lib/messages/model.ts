/**
 * Conversations between a traveler and the company (public.messages): the portal's message pages,
 * its unread badge and the chat widget read and group them the same way.
 */

import type { WaitingState } from '../outbox/status.ts';

export const MESSAGE_COLUMNS = 'id, client_id, user_id, thread_id, subject, booking_id, sender, body, read_at, created_at';

export interface Message {
  id: string;
  client_id: string | null;
  user_id: string;
  thread_id: string;
  subject: string | null;
  booking_id: string | null;
  sender: 'traveler' | 'staff';
  body: string;
  read_at: string | null;
  created_at: string;
  /** Set on messages still waiting in the outbox: how their sending stands. */
  pending?: WaitingState;
}

/** What a message still on the device shows instead of its time. */
export function pendingLabel(state: WaitingState): string {
  return { sending: 'Sending…', waiting: 'Waiting to send', offline: 'Will send when online', failed: 'Not sent' }[state];
}

export interface Thread {
  id: string;
  subject: string;
  bookingId: string | null;
  messages: Message[];
  last: Message;
  unread: number;
}

/** Messages grouped by thread, the most recent conversation first; unread = staff replies not yet read. */
export function groupThreads(messages: Message[]): Thread[] {
  const byThread = new Map<string, Message[]>();
  for (const message of messages) {
    const list = byThread.get(message.thread_id) ?? [];
    list.push(message);
    byThread.set(message.thread_id, list);
  }
  const threads = [...byThread].map(([id, list]) => {
    const sorted = [...list].sort((a, b) => a.created_at.localeCompare(b.created_at));
    const first = sorted.find((m) => m.subject) ?? sorted[0];
    return {
      id,
      subject: first.subject ?? 'Conversation',
      bookingId: sorted.find((m) => m.booking_id)?.booking_id ?? null,
      messages: sorted,
      last: sorted[sorted.length - 1],
      unread: sorted.filter((m) => m.sender === 'staff' && !m.read_at).length,
    };
  });
  return threads.sort((a, b) => b.last.created_at.localeCompare(a.last.created_at));
}

export function unreadCount(messages: Message[]): number {
  return messages.filter((m) => m.sender === 'staff' && !m.read_at).length;
}
