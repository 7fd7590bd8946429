import { Alert, Anchor, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendEnquiry } from '../api.ts';
import { Honeypot } from '../components/Honeypot.tsx';
import { enquiryReference, HONEYPOT_FIELD, MAX_MESSAGE, type FieldErrors } from '@shared/enquiry-fields.ts';
import { chatEnquirySchema, checkEnquiry } from '@shared/enquiry.ts';
import { loadVisitorChat, saveVisitorChat, type VisitorChat } from './visitor-chat.ts';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import bubbles from '@/components/widgets/MessageBubble.module.css';
import classes from './ChatWidget.module.css';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * A visitor who is not signed in: their name and email once, then messages. Each message is an
 * enquiry (kind 'chat') sent through the outbox, so it waits on the device while offline; the
 * company gets it by email and answers by email.
 */
export function VisitorChatPanel() {
  const [chat, setChat] = useState<VisitorChat>(loadVisitorChat);
  const [editingDetails, setEditingDetails] = useState(() => !loadVisitorChat().email);
  const [name, setName] = useState(chat.name);
  const [email, setEmail] = useState(chat.email);
  const [body, setBody] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const page = useRouterState({ select: (state) => state.location.href });
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [chat.messages.length]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkEnquiry(chatEnquirySchema, { kind: 'chat', name, email, message: body, page });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const result = await sendEnquiry(honeypot ? { ...checked.value, [HONEYPOT_FIELD]: honeypot } : checked.value);
      const message = { id: result.id, body: checked.value.message, sentAt: new Date().toISOString(), status: result.status };
      setChat(saveVisitorChat({ name: checked.value.name, email: checked.value.email, messages: [...chat.messages, message] }));
      setBody('');
      setEditingDetails(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <div className={classes.body} data-testid="chat-messages">
        <div className={bubbles.bubble} data-sender="staff">
          Jambo! Ask us anything about a safari: dates, prices, what to pack. Leave your email and we will reply there, usually
          within a few hours in office hours.
        </div>
        {chat.messages.map((message) => (
          <div key={message.id} className={bubbles.bubble} data-sender="traveler">
            <Text size="xs" className={classes.meta}>
              You · {timeOf(message.sentAt)}
            </Text>
            {message.body}
          </div>
        ))}
        {chat.messages.length > 0 && (
          <Text size="xs" c="dimmed" ta="center" role="status">
            {chat.messages[chat.messages.length - 1].status === 'queued'
              ? 'You are offline: your message will be sent when the connection returns.'
              : `Thank you, ${chat.name}. We will reply to ${chat.email} (reference ${enquiryReference(chat.messages[chat.messages.length - 1].id)}).`}
          </Text>
        )}
        <div ref={end} />
      </div>
      <form className={classes.compose} onSubmit={(event) => void submit(event)} noValidate aria-label="Send us a chat message" style={{ position: 'relative' }}>
        <Stack gap={8}>
          {failure && (
            <Alert color="red" variant="light" p="xs" role="alert" title="Your message was not sent">
              {failure}
            </Alert>
          )}
          {editingDetails ? (
            <>
              <TextInput size="sm" label="Your name" autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} required />
              <TextInput
                size="sm"
                label="Your email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={errors.email}
                required
              />
            </>
          ) : (
            <Text size="xs" c="dimmed">
              Replies go to {chat.email}.{' '}
              <Anchor component="button" type="button" size="xs" underline="always" onClick={() => setEditingDetails(true)}>
                Change
              </Anchor>
            </Text>
          )}
          <Textarea
            size="sm"
            label="Message"
            placeholder="Write your message"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={MAX_MESSAGE}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={errors.message}
            required
          />
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <Button type="submit" loading={sending} leftSection={<IconSend size={16} />}>
            Send
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Travelling with us?{' '}
            <AnchorLink to="/auth/login" search={{ redirect: page }} size="xs" underline="always">
              Sign in
            </AnchorLink>{' '}
            to see our replies here.
          </Text>
        </Stack>
      </form>
    </>
  );
}
