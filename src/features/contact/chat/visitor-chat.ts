/**
 * What a visitor who is not signed in has said in the chat, kept on this device only, so the widget
 * shows their conversation and remembers their name and email on the next page or visit. Replies go
 * to their email; a signed-in traveler's chat lives in their message threads instead.
 */

export interface VisitorMessage {
  /** The outbox entry's id, which is also the enquiry's id on the server. */
  id: string;
  body: string;
  sentAt: string;
  /** 'queued' while offline: the outbox sends it when the connection returns. */
  status: 'sent' | 'queued';
}

export interface VisitorChat {
  name: string;
  email: string;
  messages: VisitorMessage[];
}

const storageKey = 'kilele:chat:visitor';
/** Enough to show the conversation; older messages are in the visitor's mailbox. */
const keptMessages = 20;

export const emptyVisitorChat: VisitorChat = { name: '', email: '', messages: [] };

export function loadVisitorChat(storage: Pick<Storage, 'getItem'> = localStorage): VisitorChat {
  try {
    const stored = JSON.parse(storage.getItem(storageKey) ?? 'null') as Partial<VisitorChat> | null;
    if (!stored || typeof stored !== 'object') return emptyVisitorChat;
    return {
      name: typeof stored.name === 'string' ? stored.name : '',
      email: typeof stored.email === 'string' ? stored.email : '',
      messages: Array.isArray(stored.messages) ? stored.messages.filter((m) => typeof m?.id === 'string' && typeof m.body === 'string') : [],
    };
  } catch {
    return emptyVisitorChat;
  }
}

export function saveVisitorChat(chat: VisitorChat, storage: Pick<Storage, 'setItem'> = localStorage): VisitorChat {
  const kept = { ...chat, messages: chat.messages.slice(-keptMessages) };
  try {
    storage.setItem(storageKey, JSON.stringify(kept));
  } catch {
    // Private mode or a full quota: the conversation just is not remembered.
  }
  return kept;
}
