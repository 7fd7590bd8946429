import { queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types.ts';
import { getSupabase } from '@/lib/supabase.ts';

/** A conversation in the inbox, as staff_inbox returns it (inbox_thread, 20261128040600_typed_returns_lists.sql). */
export interface InboxThread {
  thread_id: string;
  user_id: string;
  traveler_name: string | null;
  traveler_email: string | null;
  subject: string | null;
  booking_reference: string | null;
  last_body: string;
  /** 'traveler' or 'staff'. */
  last_sender: string;
  last_at: string;
  unread: number;
}

export interface Inbox {
  total: number;
  unread: number;
  threads: InboxThread[];
}

export type ThreadMessage = Pick<Database['public']['Tables']['messages']['Row'], 'id' | 'sender' | 'body' | 'created_at' | 'read_at' | 'author_id'>;

export const inboxKeys = {
  all: ['admin', 'inbox'] as const,
  list: (waitingOnly: boolean) => ['admin', 'inbox', 'list', waitingOnly] as const,
  thread: (threadId: string) => ['admin', 'inbox', 'thread', threadId] as const,
};

export const inboxQuery = (waitingOnly: boolean) =>
  queryOptions({
    queryKey: inboxKeys.list(waitingOnly),
    queryFn: async (): Promise<Inbox> => {
      const { data, error } = await (await getSupabase()).rpc('staff_inbox', { p_waiting_only: waitingOnly });
      if (error) throw error;
      return data;
    },
    // New messages arrive while the inbox is open.
    refetchInterval: 30_000,
  });

/** A conversation's messages, oldest first; opening it marks the traveler's messages read by the team. */
export const threadQuery = (threadId: string) =>
  queryOptions({
    queryKey: inboxKeys.thread(threadId),
    queryFn: async (): Promise<ThreadMessage[]> => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.from('messages').select('id, sender, body, created_at, read_at, author_id').eq('thread_id', threadId).order('created_at');
      if (error) throw error;
      if (data.some((message) => message.sender === 'traveler' && message.read_at === null)) {
        await supabase.from('messages').update({ read_at: new Date().toISOString() }).eq('thread_id', threadId).eq('sender', 'traveler').is('read_at', null);
      }
      return data;
    },
  });

/** Sends the team's reply into the traveler's conversation: it shows in their portal and chat. */
export async function sendReply(thread: { threadId: string; userId: string }, body: string): Promise<void> {
  const { error } = await (await getSupabase()).from('messages').insert({ thread_id: thread.threadId, user_id: thread.userId, sender: 'staff', body: body.trim() });
  if (error) throw error;
}
