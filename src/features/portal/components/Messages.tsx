import { Alert, Badge, Button, Grid, Group, Paper, Select, Skeleton, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconPencilPlus, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { groupThreads, pendingLabel, type Thread } from '@/lib/messages/model.ts';
import { useMarkThreadRead, useMessages, useSendMessage } from '@/lib/messages/queries.ts';
import { useBookings } from '../api.ts';
import { useDisplay } from '../hooks.ts';
import { formatInstant } from '@/lib/dates.ts';
import bubbles from '@/components/widgets/MessageBubble.module.css';
import classes from './Portal.module.css';
import { Panel, PortalPage } from './PortalPage.tsx';

type Display = ReturnType<typeof useDisplay>;

const MAX_BODY = 5000;

function Compose({ onSend, placeholder }: { onSend: (body: string) => Promise<boolean>; placeholder: string }) {
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    setSending(true);
    if (await onSend(body)) setBody('');
    setSending(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          aria-label="Your message"
          placeholder={placeholder}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_BODY}
          style={{ flex: 1 }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit(event);
          }}
        />
        <Button type="submit" loading={sending} disabled={!body.trim()} leftSection={<IconSend size={16} />}>
          Send
        </Button>
      </Group>
    </form>
  );
}

function ThreadView({ thread, display, onSend, bookingLabel }: { thread: Thread; display: Display; onSend: (body: string) => Promise<boolean>; bookingLabel: string | null }) {
  const end = useRef<HTMLDivElement>(null);
  // A block body: scrollIntoView returns a promise in newer browsers, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [thread.messages.length]);
  return (
    <Panel title={thread.subject} action={bookingLabel && <Badge variant="light">{bookingLabel}</Badge>}>
      <Stack gap="xs" mah="60vh" style={{ overflowY: 'auto' }} data-testid="thread">
        {thread.messages.map((message) => (
          <Stack key={message.id} gap={2} className={bubbles.bubble} data-sender={message.sender}>
            <Text size="xs" c="dimmed" fw={600}>
              {message.sender === 'staff' ? 'Our team' : 'You'} · {message.pending ? pendingLabel(message.pending) : formatInstant(message.created_at, display)}
            </Text>
            <span>{message.body}</span>
          </Stack>
        ))}
        <div ref={end} />
      </Stack>
      <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        <Compose onSend={onSend} placeholder="Write a reply" />
      </div>
    </Panel>
  );
}

function NewThread({ userId, onStarted, onCancel }: { userId: string; onStarted: (threadId: string) => void; onCancel: () => void }) {
  const bookings = useBookings(userId).data;
  const send = useSendMessage(userId);
  const [subject, setSubject] = useState('');
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim() || !body.trim()) return setError('Give your message a subject and write what you would like to ask.');
    setError(null);
    setSending(true);
    const threadId = crypto.randomUUID();
    const sent = await send({ threadId, subject: subject.trim(), body, bookingId });
    setSending(false);
    if (sent) onStarted(threadId);
  };

  return (
    <Panel title="New message">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={200} required />
          {bookings.length > 0 && (
            <Select
              label="About a booking (optional)"
              data={bookings.map((b) => ({ value: b.id, label: `${b.booking_reference} · ${b.tour?.title ?? 'Tour'}` }))}
              value={bookingId}
              onChange={setBookingId}
              clearable
            />
          )}
          <Textarea label="Message" value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={4} maxLength={MAX_BODY} required />
          {error && (
            <Alert color="accent" variant="light">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={sending} leftSection={<IconSend size={16} />}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Panel>
  );
}

/**
 * Conversations with the company: a list of threads with unread counts, the open thread with staff
 * replies, and a composer. Sending goes through the outbox (works offline); opening a thread marks
 * its replies read.
 */
export function MessagesView({ userId, threadId, onSelect }: { userId: string; threadId?: string; onSelect: (threadId: string | undefined) => void }) {
  const display = useDisplay(userId);
  const bookings = useBookings(userId).data;
  const { messages, isPending, isError, fetchStatus } = useMessages(userId);
  // Offline before the first answer: the query waits (paused) rather than failing.
  const unavailable = isError || (isPending && fetchStatus === 'paused');
  const send = useSendMessage(userId);
  const [composing, setComposing] = useState(false);
  const threads = groupThreads(messages);
  const open = threads.find((thread) => thread.id === threadId);

  useMarkThreadRead(userId, open);

  const bookingLabel = (id: string | null) => {
    const booking = id ? bookings.find((b) => b.id === id) : undefined;
    return booking ? booking.booking_reference : null;
  };

  const list = (
    <Paper withBorder radius="md" p="xs">
      <Button fullWidth leftSection={<IconPencilPlus size={16} />} mb="xs" onClick={() => (setComposing(true), onSelect(undefined))}>
        New message
      </Button>
      {isPending && !unavailable && messages.length === 0 ? (
        <Skeleton height={120} />
      ) : threads.length === 0 ? (
        <Text size="sm" c="dimmed" p="xs">
          {unavailable ? 'Your conversations show here when you are online.' : 'No conversations yet. Ask us anything about your trip; our replies show here.'}
        </Text>
      ) : (
        <Stack gap={2} data-testid="thread-list">
          {threads.map((thread) => (
            <UnstyledButton
              key={thread.id}
              className={classes.thread}
              data-active={thread.id === threadId || undefined}
              onClick={() => (setComposing(false), onSelect(thread.id))}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={thread.unread > 0 ? 700 : 500} truncate>
                  {thread.subject}
                </Text>
                {thread.unread > 0 && (
                  <Badge size="sm" circle aria-label={`${thread.unread} unread`}>
                    {thread.unread}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {thread.last.sender === 'staff' ? 'Our team: ' : 'You: '}
                {thread.last.body}
              </Text>
              <Text size="xs" c="dimmed">
                {thread.last.pending ? pendingLabel(thread.last.pending) : formatInstant(thread.last.created_at, display)}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );

  const detail = composing ? (
    <NewThread userId={userId} onStarted={(id) => (setComposing(false), onSelect(id))} onCancel={() => setComposing(false)} />
  ) : open ? (
    <ThreadView
      thread={open}
      display={display}
      bookingLabel={bookingLabel(open.bookingId)}
      onSend={(body) => send({ threadId: open.id, body, bookingId: open.bookingId })}
    />
  ) : (
    <Paper withBorder radius="md" p="lg" visibleFrom="md">
      <Text size="sm" c="dimmed">
        Choose a conversation, or start a new one with the button on the left.
      </Text>
    </Paper>
  );

  const showingDetail = composing || !!open;
  return (
    <PortalPage title="Messages" description="Questions, changes and requests to our team in Arusha.">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }} display={{ base: showingDetail ? 'none' : 'block', md: 'block' }}>
          {list}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {showingDetail && (
            <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} />} mb="xs" hiddenFrom="md" onClick={() => (setComposing(false), onSelect(undefined))}>
              All conversations
            </Button>
          )}
          {detail}
        </Grid.Col>
      </Grid>
    </PortalPage>
  );
}
