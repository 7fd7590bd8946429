import { Alert, Badge, Button, Card, Group, Loader, Paper, SegmentedControl, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { inboxKeys, inboxQuery, sendReply, threadQuery, type InboxThread } from '../api.ts';
import classes from './Inbox.module.css';

function ThreadRow({ thread, active, onOpen }: { thread: InboxThread; active: boolean; onOpen: () => void }) {
  return (
    <UnstyledButton className={classes.row} data-active={active || undefined} onClick={onOpen} aria-label={`Conversation with ${thread.traveler_name ?? 'a traveler'}: ${thread.subject ?? 'no subject'}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={thread.unread ? 700 : 500} size="sm" truncate>
          {thread.traveler_name ?? thread.traveler_email}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatOfficeDateTime(thread.last_at)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate>
          {thread.subject ?? 'Conversation'}
          {thread.booking_reference ? ` · ${thread.booking_reference}` : ''}
        </Text>
        {thread.unread > 0 && (
          <Badge size="sm" circle aria-label={`${thread.unread} unread`}>
            {thread.unread}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {thread.last_sender === 'staff' ? 'You: ' : ''}
        {thread.last_body}
      </Text>
    </UnstyledButton>
  );
}

function Conversation({ thread, onBack }: { thread: InboxThread; onBack: () => void }) {
  const queryClient = useQueryClient();
  const messages = useQuery(threadQuery(thread.thread_id));
  const [reply, setReply] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedEdits(reply.trim());
  const send = useMutation({
    mutationFn: () => sendReply({ threadId: thread.thread_id, userId: thread.user_id }, reply),
    onSuccess: async () => {
      setReply('');
      notify.success('Reply sent');
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
    onError: (error: Error) => setProblem(error.message),
  });
  return (
    <Card withBorder radius="md" padding="lg" className={classes.conversation}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Stack gap={0} miw={0}>
          <Text fw={700} truncate>
            {thread.subject ?? 'Conversation'}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {thread.traveler_name} · {thread.traveler_email}
            {thread.booking_reference ? ` · booking ${thread.booking_reference}` : ''}
          </Text>
        </Stack>
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={onBack} hiddenFrom="md">
          All conversations
        </Button>
      </Group>
      {messages.isPending ? (
        <Loader size="sm" aria-label="Loading the conversation" />
      ) : messages.error ? (
        <Alert color="red">{messages.error.message}</Alert>
      ) : (
        <Stack gap="xs" data-testid="conversation">
          {messages.data.map((message) => (
            <Paper key={message.id} className={classes.message} data-sender={message.sender} p="sm" radius="md">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {message.body}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {message.sender === 'staff' ? 'The team' : thread.traveler_name} · {formatOfficeDateTime(message.created_at)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <form
        aria-label="Reply"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reply.trim()) return setProblem('Please write your reply');
          send.mutate();
        }}
      >
        <Stack gap="xs" mt="md">
          <Textarea
            aria-label="Your reply"
            placeholder="Write to the traveler: they see it in their portal and chat."
            autosize
            minRows={3}
            maxLength={5000}
            value={reply}
            onChange={(event) => {
              setReply(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              Send reply
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /admin/messages: travelers' conversations, newest first; those waiting for the team on their own. */
export function Inbox({ threadId, waitingOnly, onChange }: { threadId: string | undefined; waitingOnly: boolean; onChange: (next: { thread?: string; waiting?: 1 }) => void }) {
  const inbox = useQuery(inboxQuery(waitingOnly));
  // The conversation stays open once answered, though it then leaves the list of those waiting.
  const [chosen, setChosen] = useState<InboxThread | null>(null);
  const open = inbox.data?.threads.find((thread) => thread.thread_id === threadId) ?? (chosen?.thread_id === threadId ? chosen : null);
  return (
    <>
      <PageHeader title="Messages" description={inbox.data ? `${inbox.data.unread} unread from travelers` : 'Travelers’ conversations with the team.'} />
      <div className={classes.layout} data-open={open ? true : undefined}>
        <Stack gap="sm" className={classes.list}>
          <SegmentedControl
            value={waitingOnly ? 'waiting' : 'all'}
            onChange={(value) => onChange({ thread: threadId, waiting: value === 'waiting' ? 1 : undefined })}
            data={[
              { value: 'all', label: 'All' },
              { value: 'waiting', label: 'Waiting for us' },
            ]}
          />
          {inbox.isPending && <Loader size="sm" aria-label="Loading the inbox" />}
          {inbox.error && <Alert color="red">{inbox.error.message}</Alert>}
          {inbox.data?.threads.length === 0 && (
            <Text c="dimmed" size="sm">
              {waitingOnly ? 'Every conversation has its answer.' : 'No conversation yet.'}
            </Text>
          )}
          <Stack gap={0} data-testid="threads">
            {inbox.data?.threads.map((thread) => (
              <ThreadRow
                key={thread.thread_id}
                thread={thread}
                active={thread.thread_id === threadId}
                onOpen={() => {
                  setChosen(thread);
                  onChange({ thread: thread.thread_id, waiting: waitingOnly ? 1 : undefined });
                }}
              />
            ))}
          </Stack>
        </Stack>
        <div className={classes.detail}>
          {open ? (
            <Conversation key={open.thread_id} thread={open} onBack={() => onChange({ waiting: waitingOnly ? 1 : undefined })} />
          ) : (
            <Text c="dimmed" size="sm" visibleFrom="md">
              Choose a conversation.
            </Text>
          )}
        </div>
      </div>
    </>
  );
}
