import { describe, expect, it } from 'vitest';
import { emptyVisitorChat, loadVisitorChat, saveVisitorChat } from '../../src/features/contact/chat/visitor-chat.ts';

function memoryStorage(initial: string | null = null) {
  let value = initial;
  return { getItem: () => value, setItem: (_key: string, next: string) => void (value = next) };
}

describe('the visitor chat kept on the device', () => {
  it('starts empty, and reads back what was saved', () => {
    const storage = memoryStorage();
    expect(loadVisitorChat(storage)).toEqual(emptyVisitorChat);
    const chat = { name: 'Ana', email: 'ana@example.com', messages: [{ id: 'a1', body: 'Jambo', sentAt: '2026-11-22T10:00:00Z', status: 'sent' as const }] };
    saveVisitorChat(chat, storage);
    expect(loadVisitorChat(storage)).toEqual(chat);
  });

  it('keeps the last 20 messages only', () => {
    const storage = memoryStorage();
    const messages = Array.from({ length: 25 }, (_, i) => ({ id: `m${i}`, body: `message ${i}`, sentAt: '2026-11-22T10:00:00Z', status: 'sent' as const }));
    const kept = saveVisitorChat({ name: 'Ana', email: 'ana@example.com', messages }, storage);
    expect(kept.messages.map((m) => m.id)).toEqual(messages.slice(5).map((m) => m.id));
    expect(loadVisitorChat(storage).messages).toHaveLength(20);
  });

  it('treats damaged or foreign data as an empty conversation instead of failing', () => {
    expect(loadVisitorChat(memoryStorage('{not json'))).toEqual(emptyVisitorChat);
    expect(loadVisitorChat(memoryStorage('"a string"'))).toEqual(emptyVisitorChat);
    expect(loadVisitorChat(memoryStorage(JSON.stringify({ name: 7, messages: [{ id: 1 }, { id: 'ok', body: 'Hi' }] })))).toEqual({
      name: '',
      email: '',
      messages: [{ id: 'ok', body: 'Hi' }],
    });
  });
});
