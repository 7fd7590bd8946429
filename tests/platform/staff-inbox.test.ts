import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The staff inbox (staff_inbox): travelers' conversations with unread counts, and the team's replies. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface Inbox {
  total: number;
  unread: number;
  threads: { thread_id: string; user_id: string; subject: string; unread: number; last_sender: string; traveler_name: string }[];
}

it('lists a traveler’s question as waiting with its unread count; a reply reaches the traveler and answers it', async () => {
  const traveler = await server.traveler({ fullName: 'Inbox Traveler' });
  const agent = await server.staff('agent');
  const threadId = randomUUID();
  for (const [index, body] of ['Can we bring a drone?', 'It is a small one.'].entries()) {
    const sent = await traveler.client.from('messages').insert({ thread_id: threadId, subject: index === 0 ? 'Drones' : null, body });
    expect(sent.error).toBeNull();
  }
  const inbox = async (waiting = false) => {
    const { data, error } = await agent.client.rpc('staff_inbox', { p_waiting_only: waiting });
    expect(error).toBeNull();
    return data as Inbox;
  };
  expect((await inbox(true)).threads.find((thread) => thread.thread_id === threadId)).toMatchObject({
    subject: 'Drones',
    unread: 2,
    last_sender: 'traveler',
    user_id: traveler.userId,
    traveler_name: 'Inbox Traveler',
  });

  // The team reads it, and replies into the traveler's conversation.
  await agent.client.from('messages').update({ read_at: new Date().toISOString() }).eq('thread_id', threadId).eq('sender', 'traveler').is('read_at', null);
  const reply = await agent.client.from('messages').insert({ thread_id: threadId, user_id: traveler.userId, sender: 'staff', body: 'Drones need a permit in the parks.' });
  expect(reply.error).toBeNull();
  expect((await inbox(true)).threads.map((thread) => thread.thread_id)).not.toContain(threadId);
  expect((await inbox()).threads.find((thread) => thread.thread_id === threadId)).toMatchObject({ unread: 0, last_sender: 'staff' });
  const seen = await traveler.client.from('messages').select('sender, body, author_id').eq('thread_id', threadId).order('created_at');
  expect(seen.data?.at(-1)).toEqual({ sender: 'staff', body: 'Drones need a permit in the parks.', author_id: agent.userId });
});

it('is the office’s: editors and travelers are refused, and a traveler cannot write as the team', async () => {
  const editor = await server.staff('editor');
  expect((await editor.client.rpc('staff_inbox', {})).error?.code).toBe('42501');
  const traveler = await server.traveler();
  expect((await traveler.client.rpc('staff_inbox', {})).error?.code).toBe('42501');
  const forged = await traveler.client.from('messages').insert({ thread_id: randomUUID(), sender: 'staff', body: 'Your refund is cancelled' });
  expect(forged.error?.code).toBe('42501');
});
