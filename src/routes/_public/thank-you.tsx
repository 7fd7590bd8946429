import { Button, Container, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCloudUpload } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Confetti } from '@/components/widgets/Confetti.tsx';
import { BookingConfirmation } from '@/features/booking/components/BookingConfirmation.tsx';
import { enquiryReference } from '@shared/enquiry-fields.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Booking references as create_booking makes them (KS-2026-7K3Q9-M4XPA), and the older KS-2026-7K3Q9 and KS2611-7K3Q9A. */
const bookingReferencePattern = /^KS-?\d{4}-[A-Z0-9]{5,6}(-[A-Z0-9]{5})?$/;
/** The one-time token of a booking email's link that confirms the contact address. */
const confirmTokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

export const Route = createFileRoute('/_public/thank-you')({
  // ?booking=<reference> after booking here; ?reference=<reference>&email=<email> from a booking email
  // (and from the card payment page, with &payment=success or cancelled; from the link that confirms the
  // email address, with &confirm=<token>); ?ref=<enquiry id> after a trip request.
  validateSearch: (search: Record<string, unknown>): { ref?: string; queued?: boolean; booking?: string; email?: string; payment?: 'success' | 'cancelled'; confirm?: string } => {
    const reference = [search.booking, search.reference].find((value): value is string => typeof value === 'string' && bookingReferencePattern.test(value.toUpperCase()));
    return {
      ...(typeof search.ref === 'string' && uuidPattern.test(search.ref) ? { ref: search.ref } : {}),
      ...(search.queued === true || search.queued === 'true' ? { queued: true } : {}),
      ...(reference ? { booking: reference.toUpperCase() } : {}),
      ...(typeof search.email === 'string' && search.email.includes('@') ? { email: search.email } : {}),
      ...(search.payment === 'success' || search.payment === 'cancelled' ? { payment: search.payment } : {}),
      ...(typeof search.confirm === 'string' && confirmTokenPattern.test(search.confirm) ? { confirm: search.confirm } : {}),
    };
  },
  component: ThankYouPage,
});

/** After a booking (?booking=<reference>) or a trip request (?ref=<enquiry id>). */
function ThankYouPage() {
  const { booking, email, payment, confirm } = Route.useSearch();
  if (booking) {
    return (
      <Container size="sm" py={{ base: 32, md: 72 }}>
        <BookingConfirmation reference={booking} email={email ?? null} payment={payment} confirmToken={confirm ?? null} />
      </Container>
    );
  }
  return <TripRequestThanks />;
}

/** After a trip request: it is with us (or waiting to be sent), its reference, and what happens next. */
function TripRequestThanks() {
  const { ref, queued } = Route.useSearch();
  return (
    <Container size="sm" py={{ base: 48, md: 96 }}>
      {ref && !queued && <Confetti />}
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light">
            {queued ? <IconCloudUpload size={30} /> : <IconCircleCheck size={30} />}
          </ThemeIcon>
          <Title order={1}>{queued ? "We'll send your request when you're back online" : 'Thank you, asante sana!'}</Title>
          <Text size="lg">
            {queued
              ? 'Your trip request is kept safely on this device and goes out by itself as soon as you have a connection.'
              : 'Your trip request is with our planners in Arusha. A confirmation is on its way to your inbox.'}
          </Text>
          {ref && (
            <Text c="dimmed" data-testid="enquiry-reference">
              Your reference: <strong>{enquiryReference(ref)}</strong>
            </Text>
          )}
          <Title order={2} size="h4" mt="md">
            What happens next
          </Title>
          <List spacing="xs" type="ordered">
            <List.Item>A planner reads your request and may call or message you with a question or two.</List.Item>
            <List.Item>Within two working days you receive a first itinerary with prices.</List.Item>
            <List.Item>We refine it together; nothing is booked until you say so.</List.Item>
          </List>
          <Group mt="lg">
            <Button component={Link} to="/tours" radius="xl">
              Browse tours meanwhile
            </Button>
            <Button component={Link} to="/blog" variant="default" radius="xl">
              Read our journal
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
