import { groupThreads, type Message, type Thread } from '@/lib/messages/model.ts';
import { useMessages } from '@/lib/messages/queries.ts';

/** The subject of the thread the chat widget writes in; the portal lists it with the others. */
export const CHAT_SUBJECT = 'Chat with us';

export function chatThread(messages: Message[]): Thread | undefined {
  return groupThreads(messages).find((thread) => thread.subject === CHAT_SUBJECT);
}

/** Staff replies in the chat thread not read yet, for the launcher's badge (0 when signed out). */
export function useChatUnread(userId: string | null): number {
  const { messages } = useMessages(userId);
  return userId ? (chatThread(messages)?.unread ?? 0) : 0;
}
