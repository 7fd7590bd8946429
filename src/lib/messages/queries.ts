import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../local-db.ts';
import { notify } from '../notify.ts';
import { useOnline } from '../online.ts';
import { queueWrite, waitForWrite } from '../outbox/outbox.ts';
import { waitingState, type WaitingState } from '../outbox/status.ts';
import { getSupabase } from '../supabase.ts';
import { MESSAGE_COLUMNS, type Message, type Thread } from './model.ts';
import { messagesRead, messagesSend, type MessageDraft } from './writes.ts';

export const messageKeys = {
  /** Every message of one traveler, whichever page shows them. */
  ofUser: (userId: string) => ['messages', userId] as const,
};

/** Every message of the traveler's threads, oldest first. */
export async function fetchMessages(userId: string): Promise<Message[]> {
  const { data, error } = await (await getSupabase())
    .from('messages')
    .select(MESSAGE_COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data as Message[];
}

/**
 * Messages from the server, with those still waiting in the outbox shown as sending, and those sent
 * since the server's list was read shown as sent (the list is read again at once); none while
 * signed out (null).
 */
export function useMessages(userId: string | null) {
  const query = useQuery({
    queryKey: messageKeys.ofUser(userId ?? ''),
    queryFn: () => fetchMessages(userId!),
    enabled: userId !== null,
    refetchInterval: 60_000,
  });
  const local = useLiveQuery(
    async () => {
      if (!userId) return { waiting: [], sent: [] };
      const isMessage = (entry: { kind: string }) => entry.kind === 'messages.send';
      return {
        waiting: await localDb.outbox.where('userId').equals(userId).filter(isMessage).toArray(),
        sent: await localDb.sent.where('userId').equals(userId).filter(isMessage).toArray(),
      };
    },
    [userId],
    { waiting: [], sent: [] },
  );
  const serverIds = new Set((query.data ?? []).map((m) => m.client_id));
  const sentSinceRead = local.sent.filter((entry) => !serverIds.has(entry.id) && entry.sentAt >= query.dataUpdatedAt);
  const { refetch } = query;
  useEffect(() => {
    if (sentSinceRead.length > 0) void refetch();
  }, [sentSinceRead.length, refetch]);
  const online = useOnline();
  const shown = (entry: { id: string; payload: unknown; createdAt: number }, pending: WaitingState | undefined): Message => {
    const draft = entry.payload as MessageDraft;
    return {
      id: entry.id,
      client_id: entry.id,
      user_id: userId!,
      thread_id: draft.threadId,
      subject: draft.subject ?? null,
      booking_id: draft.bookingId ?? null,
      sender: 'traveler',
      body: draft.body,
      read_at: null,
      created_at: new Date(entry.createdAt).toISOString(),
      pending,
    };
  };
  const notOnServer = (entry: { id: string }) => !serverIds.has(entry.id);
  const onDevice = [...local.sent.filter(notOnServer).map((entry) => shown(entry, undefined)), ...local.waiting.filter(notOnServer).map((entry) => shown(entry, waitingState([entry], online) ?? undefined))];
  return { ...query, messages: [...(query.data ?? []), ...onDevice] };
}

/** Sends a message through the outbox and says whether it went now or will go when online. */
export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();
  return async (draft: MessageDraft): Promise<boolean> => {
    try {
      const outcome = await waitForWrite(await queueWrite(messagesSend, draft), 8_000);
      if (outcome.status === 'failed') throw new Error(outcome.error);
      if (outcome.status === 'waiting') notify.info('Your message will be sent when you are back online.');
      void queryClient.invalidateQueries({ queryKey: messageKeys.ofUser(userId) });
      return true;
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Your message could not be sent.');
      return false;
    }
  };
}

/** While a thread is on screen, its unread staff replies are marked read (through the outbox) and shown read at once. */
export function useMarkThreadRead(userId: string, thread: Thread | undefined) {
  const queryClient = useQueryClient();
  const threadId = thread?.id;
  const unread = thread?.unread ?? 0;
  useEffect(() => {
    if (!threadId || unread === 0) return;
    void queueWrite(messagesRead, { threadId });
    const now = new Date().toISOString();
    queryClient.setQueryData<Message[]>(messageKeys.ofUser(userId), (current) =>
      current?.map((m) => (m.thread_id === threadId && m.sender === 'staff' && !m.read_at ? { ...m, read_at: now } : m)),
    );
  }, [threadId, unread, queryClient, userId]);
}
