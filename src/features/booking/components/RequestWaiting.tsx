import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatDateRange } from '@/lib/dates.ts';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { BookingRequest } from '../writes.ts';
import { QuoteLines } from './PriceSummary.tsx';

/**
 * A booking made with no connection: kept on this device as a request, not yet confirmed, with the
 * last price shown as an estimate. The page follows the outbox and moves on when the server answers.
 */
export function RequestWaiting({ request, online, sending, onCancel }: { request: BookingRequest; online: boolean; sending: boolean; onCancel: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const party = [`${request.adults} ${request.adults === 1 ? 'adult' : 'adults'}`, request.children > 0 ? `${request.children} ${request.children === 1 ? 'child' : 'children'}` : null]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} data-testid="booking-waiting">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCloudUpload size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Not yet confirmed – will be sent when you are back online
        </Title>
        <Text>
          Your booking request is kept safely on this device. As soon as there is a connection it goes to us by itself, and this page shows your
          booking reference. If the seats have gone by then, we tell you and you can choose another date.
        </Text>
        {online && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{sending ? 'Sending your request…' : 'Back online: sending your request…'}</Text>
          </Group>
        )}
        <div style={{ width: '100%' }}>
          <Text fw={700}>{request.tour.title}</Text>
          <Text size="sm" c="dimmed">
            {request.startDate && request.endDate ? `${formatDateRange(request.startDate, request.endDate)} · ` : ''}
            {party}
          </Text>
          <Text size="sm" fw={600} mt="md">
            Estimate
          </Text>
          <QuoteLines quote={request.estimate} totalLabel="Estimated total" />
          <Text size="xs" c="dimmed" mt={4}>
            The price is confirmed when your request reaches us; if it has changed, we ask you before booking.
          </Text>
        </div>
        {confirming ? (
          <Group gap="xs">
            <Text size="sm">Cancel this request? Your details stay on the form.</Text>
            <Button size="xs" color="red" onClick={() => void onCancel()}>
              Cancel request
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </Group>
        ) : (
          <Button variant="default" onClick={() => setConfirming(true)}>
            Change or cancel this request
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
