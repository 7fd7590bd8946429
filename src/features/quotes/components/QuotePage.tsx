import { Alert, Button, Checkbox, Container, Grid, Group, List, Loader, Paper, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconBed, IconCalendar, IconCircleCheck, IconMapPin, IconToolsKitchen2 } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { formatDateRange, formatLongDate } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { acceptQuote, clientQuoteQuery, type ClientQuote } from '../api.ts';

const money = (amount: number, currency: string) => formatMoney(amount, currency, { cents: true });
const party = (adults: number, children: number) =>
  `${adults} adult${adults === 1 ? '' : 's'}${children ? `, ${children} child${children === 1 ? '' : 'ren'}` : ''}`;
const mealWords = (meals: string[] | undefined) => (meals?.length ? meals.map((meal) => meal[0].toUpperCase() + meal.slice(1)).join(', ') : null);

function Accept({ token, quote }: { token: string; quote: ClientQuote }) {
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const deposit = Math.round(quote.total * quote.deposit_percent) / 100;
  const accept = useMutation({
    mutationFn: () => acceptQuote(token),
    onSuccess: (booking) => navigate({ to: '/thank-you', search: { booking: booking.reference, email: booking.email } }),
    onError: (failure: Error) => setProblem(failure.message),
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          Book this trip
        </Title>
        <Text size="sm">
          Accepting books the trip for {party(quote.adults, quote.children)}. A deposit of {money(deposit, quote.currency)} ({quote.deposit_percent}%) secures it; the
          balance is due before you travel. You choose how to pay on the next page.
        </Text>
        <Checkbox
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.currentTarget.checked);
            setProblem(null);
          }}
          label={
            <>
              I accept the{' '}
              <AnchorLink to="/booking-terms" target="_blank">
                booking terms
              </AnchorLink>
            </>
          }
        />
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Button
          size="md"
          loading={accept.isPending}
          onClick={() => {
            if (!agreed) return setProblem('Please accept the booking terms to book the trip');
            accept.mutate();
          }}
        >
          Accept and book
        </Button>
      </Stack>
    </Paper>
  );
}

/** A quote that cannot be shown: the database's reason, or for a malformed link the same words it gives. */
export function QuoteNotFound({ message = 'This quote could not be found. Please use the link in our email, or ask us for a new one.' }: { message?: string }) {
  return (
    <Container size="sm" py={80}>
      <Alert color="red" title="Quote not found">
        {message}
      </Alert>
    </Container>
  );
}

/** The client's page of a quote: the itinerary day by day, the price, and the button that books it. */
export function QuotePage({ token }: { token: string }) {
  const { data: quote, error, isPending } = useQuery(clientQuoteQuery(token));
  if (isPending) {
    return (
      <Container size="md" py={80}>
        <Group justify="center">
          <Loader aria-label="Loading your quote" />
        </Group>
      </Container>
    );
  }
  if (error) return <QuoteNotFound message={error.message} />;
  return (
    <>
      <PageIntro
        eyebrow="Your safari"
        title={quote.title}
        lede={`Prepared for ${quote.client_name} · ${formatDateRange(quote.start_date, quote.end_date)} · ${party(quote.adults, quote.children)}`}
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <Grid gap={{ base: 32, md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              {quote.message && <Text style={{ whiteSpace: 'pre-wrap' }}>{quote.message}</Text>}
              <Title order={2} fz="h3">
                Day by day
              </Title>
              <Timeline bulletSize={28} lineWidth={2} active={quote.days.length}>
                {quote.days.map((day, index) => (
                  <Timeline.Item key={index} bullet={<Text size="xs" fw={700}>{index + 1}</Text>} title={<Text fw={600}>Day {index + 1}: {day.title}</Text>}>
                    <Stack gap={4} mt={4}>
                      {day.location && (
                        <Group gap={6} c="dimmed">
                          <IconMapPin size={14} /> <Text size="sm">{day.location}</Text>
                        </Group>
                      )}
                      {day.accommodation && (
                        <Group gap={6} c="dimmed">
                          <IconBed size={14} /> <Text size="sm">{day.accommodation}</Text>
                        </Group>
                      )}
                      {mealWords(day.meals) && (
                        <Group gap={6} c="dimmed">
                          <IconToolsKitchen2 size={14} /> <Text size="sm">{mealWords(day.meals)}</Text>
                        </Group>
                      )}
                      {day.description && <Text size="sm">{day.description}</Text>}
                    </Stack>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg" style={{ position: 'sticky', top: 88 }}>
              <Paper withBorder radius="md" p="lg">
                <Group justify="space-between" mb="xs">
                  <Title order={2} fz="h3">
                    Price
                  </Title>
                  <Text size="sm" c="dimmed" ff="monospace">
                    {quote.reference}
                  </Text>
                </Group>
                <Table verticalSpacing={6} aria-label="Price">
                  <Table.Tbody>
                    {quote.lines.map((line, index) => (
                      <Table.Tr key={index}>
                        <Table.Td>
                          {line.label}
                          {line.quantity > 1 && (
                            <Text size="xs" c="dimmed">
                              {line.quantity} × {money(line.unit_price, quote.currency)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                          {money(line.amount, quote.currency)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th>Total</Table.Th>
                      <Table.Th ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="quote-total">
                        {money(quote.total, quote.currency)}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
                <Group gap={6} mt="sm" c="dimmed">
                  <IconCalendar size={14} />
                  <Text size="sm">Valid until {formatLongDate(quote.valid_until)}</Text>
                </Group>
              </Paper>
              {quote.status === 'accepted' ? (
                <Alert color="green" icon={<IconCircleCheck />} title="You accepted this quote">
                  <List size="sm" spacing={4}>
                    <List.Item>
                      Your booking reference is <strong>{quote.booking_reference}</strong>.
                    </List.Item>
                    <List.Item>
                      <AnchorLink to="/thank-you" search={{ booking: quote.booking_reference ?? undefined, email: quote.client_email }}>
                        See your booking and pay the deposit
                      </AnchorLink>
                    </List.Item>
                  </List>
                </Alert>
              ) : quote.expired ? (
                <Alert color="yellow" title="This quote has expired">
                  It was valid until {formatLongDate(quote.valid_until)}. Reply to our email and we will gladly send you a new one.
                </Alert>
              ) : (
                <Accept token={token} quote={quote} />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
