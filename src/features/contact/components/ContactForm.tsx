import { Alert, Anchor, Button, Grid, Paper, Radio, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudUpload, IconSend } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { enquiryReference, HONEYPOT_FIELD, MAX_MESSAGE, PREFERRED_CONTACT, type FieldErrors } from '@shared/enquiry-fields.ts';
import { sendEnquiry, type EnquiryResult } from '../api.ts';
import { enquiryChecksIfLoaded, loadEnquiryChecks, useEnquiryChecksWhenIdle, type EnquiryChecks } from '../enquiry-checks.ts';
import { Honeypot } from './Honeypot.tsx';

interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  preferredContact: string;
}

const empty: ContactValues = { name: '', email: '', phone: '', subject: '', message: '', preferredContact: 'email' };
const fieldOrder: (keyof ContactValues)[] = ['name', 'email', 'phone', 'subject', 'message', 'preferredContact'];

function SentPanel({ result, name, onAnother }: { result: EnquiryResult; name: string; onAnother: () => void }) {
  const queued = result.status === 'queued';
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', md: 'xl' }} role="status" data-testid="contact-sent">
      {queued ? <IconCloudUpload size={36} stroke={1.5} aria-hidden /> : <IconCircleCheck size={36} stroke={1.5} aria-hidden />}
      <Title order={2} size="h3" mt="sm">
        {queued ? "We'll send your message when you're back online" : `Thank you, ${name.split(' ')[0]}`}
      </Title>
      <Text mt="xs">
        {queued
          ? 'It is kept safely on this device and goes out by itself as soon as you have a connection.'
          : 'Your message is with our team in Arusha. We reply within one working day, and a confirmation is on its way to your inbox.'}
      </Text>
      <Text size="sm" c="dimmed" mt="sm">
        Reference {enquiryReference(result.id)}
      </Text>
      <Button variant="default" mt="lg" onClick={onAnother}>
        Send another message
      </Button>
    </Paper>
  );
}

/** The contact form: field messages as you go, a honeypot for bots, and sending through the outbox. */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(empty);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<EnquiryResult | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEnquiryChecksWhenIdle();

  const check = ({ checkEnquiry, contactEnquirySchema }: EnquiryChecks, next: ContactValues) =>
    checkEnquiry(contactEnquirySchema, { kind: 'contact' as const, ...next, phone: next.phone || undefined });

  const set = (field: keyof ContactValues) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first try (which had the checks loaded), messages follow the typing so a fixed field clears at once.
    const checks = enquiryChecksIfLoaded();
    if (attempted && checks) {
      const checked = check(checks, next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    let checked: ReturnType<typeof check>;
    try {
      checked = check(await loadEnquiryChecks(), values);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    }
    setAttempted(true);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = fieldOrder.find((field) => checked.errors[field]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const enquiry = honeypot ? { ...checked.value, [HONEYPOT_FIELD]: honeypot } : checked.value;
      setSent(await sendEnquiry(enquiry));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <SentPanel
        result={sent}
        name={values.name}
        onAnother={() => {
          setSent(null);
          setValues(empty);
          setAttempted(false);
        }}
      />
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="contact-form-heading" style={{ position: 'relative' }}>
      <Stack gap="md">
        <Title order={2} id="contact-form-heading" size="h3">
          Send us a message
        </Title>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Your message was not sent" role="alert">
            {failure}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Your name" name="name" autoComplete="name" required value={values.name} onChange={(e) => set('name')(e.currentTarget.value)} error={errors.name} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={values.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={errors.email}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Phone"
              description="Optional, with country code"
              name="phone"
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={(e) => set('phone')(e.currentTarget.value)}
              error={errors.phone}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Subject"
              description="For example: a family safari in August"
              name="subject"
              required
              value={values.subject}
              onChange={(e) => set('subject')(e.currentTarget.value)}
              error={errors.subject}
            />
          </Grid.Col>
        </Grid>
        <Textarea
          label="Message"
          name="message"
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={MAX_MESSAGE}
          value={values.message}
          onChange={(e) => set('message')(e.currentTarget.value)}
          error={errors.message}
          description="Dates, group size and what you would love to see all help us answer well."
        />
        <Radio.Group
          label="How should we get back to you?"
          name="preferredContact"
          value={values.preferredContact}
          onChange={set('preferredContact')}
          error={errors.preferredContact}
        >
          <Group gap="lg" mt={6}>
            {PREFERRED_CONTACT.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <Group justify="space-between" align="center" mt="xs">
          <Text size="sm" c="dimmed" maw={360}>
            We use your details only to answer you. See our{' '}
            <Anchor component={Link} to="/privacy-policy" underline="always">
              privacy policy
            </Anchor>
            .
          </Text>
          <Button type="submit" size="md" radius="xl" loading={sending} rightSection={<IconSend size={18} />}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
