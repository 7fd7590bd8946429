import { Button, Group, Loader, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { pendingLabel } from '@/lib/messages/model.ts';
import { useMarkThreadRead, useMessages, useSendMessage } from '@/lib/messages/queries.ts';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import bubbles from '@/components/widgets/MessageBubble.module.css';
import { CHAT_SUBJECT, chatThread } from './chat-thread.ts';
import classes from './ChatWidget.module.css';

const MAX_BODY = 5000;

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** A signed-in traveler's chat: their 'Chat with us' thread, sent through the outbox, replies marked read when seen. */
export function TravelerChat({ userId, firstName }: { userId: string; firstName: string | null }) {
  const { messages, isPending } = useMessages(userId);
  const send = useSendMessage(userId);
  const thread = chatThread(messages);
  // A new conversation's id is made here, so its first message can be sent offline.
  const [newThreadId] = useState(() => crypto.randomUUID());
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [thread?.messages.length]);

  useMarkThreadRead(userId, thread);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    setSending(true);
    const sent = await send(thread ? { threadId: thread.id, body } : { threadId: newThreadId, subject: CHAT_SUBJECT, body });
    setSending(false);
    if (sent) setBody('');
  };

  return (
    <>
      <div className={classes.body} data-testid="chat-messages">
        <div className={bubbles.bubble} data-sender="staff">
          {firstName ? `Jambo ${firstName}!` : 'Jambo!'} Ask us anything about your safari. Our replies show here and in your
          messages.
        </div>
        {isPending && messages.length === 0 && <Loader size="sm" mx="auto" aria-label="Loading your conversation" />}
        {thread?.messages.map((message) => (
          <div key={message.id} className={bubbles.bubble} data-sender={message.sender}>
            <Text size="xs" className={classes.meta}>
              {message.sender === 'staff' ? 'Our team' : 'You'} · {message.pending ? pendingLabel(message.pending) : timeOf(message.created_at)}
            </Text>
            {message.body}
          </div>
        ))}
        <div ref={end} />
      </div>
      <form className={classes.compose} onSubmit={(event) => void submit(event)} aria-label="Send us a chat message">
        <Textarea
          size="sm"
          aria-label="Your message"
          placeholder="Write your message"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={MAX_BODY}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit(event);
          }}
        />
        <Group justify="space-between" mt={8}>
          <AnchorLink to="/traveler/messages" search={thread ? { thread: thread.id } : {}} size="xs">
            Open your messages
          </AnchorLink>
          <Button type="submit" size="sm" loading={sending} disabled={!body.trim()} leftSection={<IconSend size={16} />}>
            Send
          </Button>
        </Group>
      </form>
    </>
  );
}
