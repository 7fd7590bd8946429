import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BookingLink } from '@/components/admin/BookingLink.tsx';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { Section } from '@/components/admin/Section.tsx';
import { formatOfficeDate } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { QUOTE_STATUS_LABELS, STAGE_LABELS } from '@/features/admin/enquiries/model.ts';
import { clientEnquiriesQuery } from '../api.ts';

/** The client's enquiries, newest first, each with the quotes sent on it and the booking a quote became. */
export function ClientEnquiries({ clientKey }: { clientKey: string }) {
  const { data, error, isPending } = useQuery(clientEnquiriesQuery(clientKey));
  return (
    <Section title="Enquiries and quotes">
      {isPending ? (
        <Loader size="sm" aria-label="Loading the enquiries" />
      ) : error ? (
        <Alert color="red">{error.message}</Alert>
      ) : data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No enquiry yet.
        </Text>
      ) : (
        <Stack gap="sm" data-testid="client-enquiries">
          {data.map((enquiry) => (
            <Stack key={enquiry.id} gap={4}>
              <Group gap="xs" justify="space-between">
                <AnchorLink to="/admin/bookings/enquiries/$enquiryId" params={{ enquiryId: enquiry.id }} size="sm" fw={600}>
                  {enquiry.subject || 'Enquiry'}
                </AnchorLink>
                <Group gap="xs">
                  <Badge variant="light" style={{ overflow: 'visible' }}>
                    {STAGE_LABELS[enquiry.status as keyof typeof STAGE_LABELS] ?? enquiry.status}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatOfficeDate(enquiry.created_at)}
                  </Text>
                </Group>
              </Group>
              {enquiry.quotes.map((quote) => (
                <Group key={quote.id} gap="xs" pl="md" wrap="wrap">
                  <AnchorLink to="/admin/bookings/quotes/$quoteId" params={{ quoteId: quote.id }} ff="monospace" size="sm">
                    {quote.reference}
                  </AnchorLink>
                  <Text size="sm">{QUOTE_STATUS_LABELS[quote.status] ?? quote.status}</Text>
                  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(Number(quote.total_amount), quote.currency, { cents: true })}
                  </Text>
                  {quote.booking_id && quote.booking_reference ? (
                    <Text size="sm">
                      → <BookingLink id={quote.booking_id} reference={quote.booking_reference} />
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      valid until {formatOfficeDate(quote.valid_until)}
                    </Text>
                  )}
                </Group>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
