import { Alert, Anchor, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCreditCardOff, IconMail } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type FormEvent } from 'react';
import { BankDetails } from '@/components/widgets/BankDetails.tsx';
import { Confetti } from '@/components/widgets/Confetti.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { formatCalendarDate, formatDateRange, localIsoDate } from '@/lib/dates.ts';
import { formatMoney, toCents } from '@/lib/money.ts';
import { usePaymentInstructions } from '@/lib/payment-instructions.ts';
import { useSession } from '@/lib/session/index.ts';
import { bookedTripQuery, bookingByReferenceQuery, confirmBookingEmail, isOfflineError, seatHoldTermsQuery, startCardCheckout } from '../api.ts';
import { bookingKeys } from '../tour-query.ts';
import { addDays, amountDueNow, DEPOSIT_PERCENT, depositAllowed, holdLengthInWords, PAYMENT_METHODS } from '../model.ts';
import { bookedOnDevice } from '../writes.ts';
import { QuoteLines } from './PriceSummary.tsx';

function when(instant: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
}

/** A guest on another device (or after clearing it) finds their booking with the email they booked with. */
function FindBooking({ reference, onEmail, refused }: { reference: string; onEmail: (email: string) => void; refused: string | null }) {
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) onEmail(email.trim());
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <form onSubmit={submit} aria-label="Find your booking">
        <Stack gap="md">
          <Title order={1} size="h2">
            Booking {reference}
          </Title>
          <Text>Enter the email address you booked with to see this booking.</Text>
          <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={refused} required />
          <Group>
            <Button type="submit">Show my booking</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The thank-you page after a booking: the reference, what happens next, how to pay (the company's
 * bank details, or paying on arrival), and where to follow the booking: the portal for a traveler,
 * the emailed invitation to an account for a guest. The booking is read back from the server
 * (booking_by_reference, with the guest's email); what this device kept of it shows while offline.
 */
/** Pays what is due now by card on the payment provider's page. */
function PayByCard({ label, request }: { label: string; request: Parameters<typeof startCardCheckout>[0] }) {
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        radius="xl"
        loading={opening}
        onClick={() => {
          setOpening(true);
          setFailure(null);
          startCardCheckout(request)
            .then((url) => window.location.assign(url))
            .catch((error: unknown) => {
              setFailure(error instanceof Error ? error.message : String(error));
              setOpening(false);
            });
        }}
      >
        {label}
      </Button>
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

/** Back from the card payment page: what became of the payment, once the booking shows it. */
function PaymentNotice({ outcome, paid, confirmed, money }: { outcome: 'success' | 'cancelled'; paid: number; confirmed: boolean; money: (amount: number) => string }) {
  if (outcome === 'cancelled') {
    return (
      <Alert radius="lg" variant="light" color="brand" icon={<IconCreditCardOff />} title="Card payment cancelled" data-testid="payment-notice">
        Nothing was charged. You can pay by card again below, or choose another way to pay.
      </Alert>
    );
  }
  return (
    <Alert radius="lg" variant="light" color="secondary" icon={<IconCircleCheck />} title="Thank you for your payment" data-testid="payment-notice">
      {paid > 0
        ? `We have received ${money(paid)} by card${confirmed ? ' and your booking is confirmed' : ''}. Your receipt is on its way by email.`
        : 'Your card payment went through. We record it against your booking within a minute, and email your receipt.'}
    </Alert>
  );
}

/**
 * The link in the booking email proves the contact address, once the person who opened it presses
 * Confirm: opening the page changes nothing, since mail scanners open every link they find. The
 * seats are then held the longer time. Says so, or why the link could not be used.
 */
function useEmailConfirmation(reference: string, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmBookingEmail(reference, token!),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

function EmailConfirmationNotice({ confirmation, hasToken }: { confirmation: ReturnType<typeof useEmailConfirmation>; hasToken: boolean }) {
  if (confirmation.isIdle) {
    if (!hasToken) return null;
    return (
      <Alert radius="lg" variant="light" color="brand" icon={<IconMail />} title="Is this your email address?" data-testid="email-confirmation">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Confirm it, and we hold your seats the longer time while you pay.</Text>
          <Button onClick={() => confirmation.mutate()}>Confirm my email address</Button>
        </Stack>
      </Alert>
    );
  }
  if (confirmation.isPending) {
    return (
      <Alert radius="lg" variant="light" color="brand" icon={<IconMail />} title="Confirming your email address…" data-testid="email-confirmation" />
    );
  }
  if (confirmation.isError) {
    return (
      <Alert radius="lg" variant="light" color="red" icon={<IconMail />} title="We could not confirm your email address" data-testid="email-confirmation">
        {confirmation.error.message}
      </Alert>
    );
  }
  const until = confirmation.data?.holdExpiresAt;
  return (
    <Alert radius="lg" variant="light" color="secondary" icon={<IconCircleCheck />} title="Your email address is confirmed" data-testid="email-confirmation">
      {until ? `We hold your seats until ${when(until)}.` : 'Thank you.'}
    </Alert>
  );
}

export function BookingConfirmation({
  reference,
  email: linkedEmail = null,
  payment: paymentOutcome,
  confirmToken = null,
}: {
  reference: string;
  email?: string | null;
  /** Set when the traveler comes back from the card payment page. */
  payment?: 'success' | 'cancelled';
  /** The token of the booking email's link that confirms the contact address. */
  confirmToken?: string | null;
}) {
  const confirmation = useEmailConfirmation(reference, confirmToken);
  const { user, status } = useSession();
  const device = useLiveQuery(() => bookedOnDevice(reference), [reference]);
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const instructions = usePaymentInstructions();
  // The owner reads their booking without an email; a guest needs the one they booked with.
  const email = typedEmail ?? linkedEmail ?? (device && !device.userId ? device.email : null);
  const canRead = status !== 'loading' && device !== undefined && (email !== null || (user !== null && (!device || device.userId === user.id)));
  const booking = useQuery({ ...bookingByReferenceQuery(reference, email, { awaitingPayment: paymentOutcome === 'success' }), enabled: canRead });
  const trip = useQuery({ ...bookedTripQuery(booking.data ?? { tour_id: '', departure_id: null }), enabled: !!booking.data });
  const holdTerms = useQuery(seatHoldTermsQuery(user?.id ?? null)).data;

  if (status === 'loading' || device === undefined) return <Skeleton height={420} radius="lg" />;
  const refused = booking.error && !isOfflineError(booking.error) ? booking.error.message : null;
  if (!device && !booking.data && (refused || !canRead)) {
    return <FindBooking reference={reference} onEmail={setTypedEmail} refused={typedEmail ? refused : null} />;
  }
  if (!device && !booking.data) return <Skeleton height={420} radius="lg" />;

  const total = booking.data ? Number(booking.data.total_amount) : device!.total;
  const currency = booking.data?.currency ?? device!.currency;
  const holdExpiresAt = booking.data?.hold_expires_at ?? device?.holdExpiresAt ?? null;
  const tourTitle = trip.data?.tour?.title ?? device?.tour.title ?? 'Your trip';
  const tourSlug = trip.data?.tour?.slug ?? device?.tour.slug;
  const startDate = trip.data?.departure?.start_date ?? device?.startDate ?? null;
  const endDate = trip.data?.departure?.end_date ?? device?.endDate ?? null;
  const adults = booking.data?.adults ?? device!.adults;
  const children = booking.data?.children ?? device!.children;
  const contactEmail = booking.data?.contact.email ?? device?.email ?? email;
  const ownedByUser = user !== null && (booking.data?.user_id ?? device?.userId) === user.id;
  const balanceDueDays = instructions?.balance_due_days ?? 60;
  // How the traveler chose to pay: as kept on this device, else as the booking records it (a link from an email).
  const method = device?.payment?.method ?? booking.data?.payment_method ?? null;
  const plan = device?.payment?.plan ?? (startDate && !depositAllowed(startDate, localIsoDate(), balanceDueDays) ? 'full' : 'deposit');
  const dueNow = amountDueNow(total, plan, method ?? 'bank_transfer');
  // Worked out in whole cents: what was paid, what is left and what is still due now.
  const paidCents = toCents(booking.data?.amount_paid ?? 0);
  const paid = paidCents / 100;
  const outstanding = (toCents(total) - paidCents) / 100;
  const stillDueNow = Math.max(0, Math.min(toCents(total), toCents(dueNow)) - paidCents) / 100;
  const confirmed = booking.data?.status === 'confirmed';
  // An unpaid hold is short until the contact email is proven (or the team approved it).
  const shortHold = booking.data?.status === 'pending' && !booking.data.contact_verified_at && !booking.data.hold_approved_at;
  const balanceDate = startDate ? formatCalendarDate(addDays(startDate, -balanceDueDays)) : null;
  // What the trip costs, with its approximation in the traveler's currency; how to pay names the amount charged only.
  const money = (amount: number) => <Money amount={amount} currency={currency} cents />;
  const charged = (amount: number) => formatMoney(amount, currency, { cents: true });
  const party = [`${adults} ${adults === 1 ? 'adult' : 'adults'}`, children > 0 ? `${children} ${children === 1 ? 'child' : 'children'}` : null].filter(Boolean).join(', ');

  return (
    <Stack gap="lg">
      {/* No celebration for a payment given up on. */}
      {paymentOutcome !== 'cancelled' && <Confetti />}
      {paymentOutcome && <PaymentNotice outcome={paymentOutcome} paid={paid} confirmed={confirmed} money={charged} />}
      <EmailConfirmationNotice confirmation={confirmation} hasToken={confirmToken !== null} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <Title order={1}>Thank you, asante sana!</Title>
          <Text size="lg">
            {confirmed ? (
              `Your booking of ${tourTitle} is confirmed: your seats are yours.`
            ) : (
              <>
                Your booking of {tourTitle} is with us.
                {holdExpiresAt ? ` We hold your seats until ${when(holdExpiresAt)}` : ' We hold your seats once it reaches us'} and confirm the booking in writing within one
                working day.
              </>
            )}
          </Text>
          {shortHold && !confirmation.isSuccess && (
            <Alert radius="md" variant="light" color="brand" icon={<IconMail />} title="Confirm your email to keep your seats" w="100%" data-testid="short-hold">
              {holdTerms
                ? `Until you do, we hold them for ${holdLengthInWords(holdTerms.unverifiedHoldMinutes)}; then for ${holdLengthInWords(holdTerms.verifiedHoldMinutes)}, or ${holdLengthInWords(holdTerms.offlineHoldDays * 1440)} from booking for a bank transfer or payment on arrival.`
                : 'Until you do, we hold them for a short time only.'}{' '}
              {confirmToken ? 'Press Confirm my email address above.' : `The link is in the booking email we sent${contactEmail ? ` to ${contactEmail}` : ''}.`}
            </Alert>
          )}
          <div>
            <Text size="sm" c="dimmed">
              Booking reference
            </Text>
            <Text ff="heading" fw={700} fz={{ base: 22, xs: 28 }} lh={1.2} style={{ whiteSpace: 'nowrap' }} data-testid="booking-reference">
              {reference}
            </Text>
          </div>
          <Paper withBorder radius="md" p="md" w="100%">
            <Group justify="space-between" align="flex-start" gap="xs">
              <div>
                <Text fw={700}>{tourTitle}</Text>
                <Text size="sm" c="dimmed">
                  {startDate && endDate ? `${formatDateRange(startDate, endDate)} · ` : ''}
                  {party}
                </Text>
              </div>
              <Badge variant="light" color={confirmed ? 'secondary' : 'brand'} data-testid="booking-status">
                {confirmed ? 'Confirmed' : 'Awaiting confirmation'}
              </Badge>
            </Group>
            {booking.data ? (
              <div style={{ marginTop: 'var(--mantine-spacing-sm)' }} data-testid="booking-total">
                <QuoteLines quote={{ lines: booking.data.price_breakdown, total, currency }} />
              </div>
            ) : (
              <Text mt="sm" data-testid="booking-total">
                Total <b>{money(total)}</b>
              </Text>
            )}
            {paid > 0 && (
              <Group justify="space-between" mt="xs" data-testid="booking-paid">
                <Text fw={600} c="secondary.8">
                  Paid
                </Text>
                <Text fw={600} c="secondary.8">
                  {money(paid)}
                </Text>
              </Group>
            )}
            {paid > 0 && outstanding > 0 && (
              <Group justify="space-between" data-testid="booking-outstanding">
                <Text size="sm">Still to pay</Text>
                <Text size="sm">{money(outstanding)}</Text>
              </Group>
            )}
          </Paper>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Title order={2} size="h3">
          What happens next
        </Title>
        <List spacing="sm" type="ordered" mt="md">
          <List.Item>
            {confirmed
              ? 'Your booking is confirmed, and the confirmation is in your inbox. We check every lodge, vehicle and park permit for your dates.'
              : 'We check every lodge, vehicle and park permit, and confirm your booking by email within one working day.'}
          </List.Item>
          {paid > 0 && stillDueNow === 0 ? (
            <List.Item>
              You have paid <b>{money(paid)}</b>
              {outstanding === 0 ? ': your trip is paid in full.' : '.'}
            </List.Item>
          ) : method === 'pay_on_arrival' ? (
            <List.Item>
              You pay <b>{money(total)}</b> at our Arusha office the day before your trip starts.
            </List.Item>
          ) : (
            <List.Item>
              Pay{' '}
              <b>
                {money(stillDueNow)}
                {plan === 'deposit' && paid === 0 ? ` (${DEPOSIT_PERCENT}% deposit)` : ''}
              </b>
              {method ? ` by ${PAYMENT_METHODS.find((option) => option.value === method)?.label.toLowerCase()}` : ''}
              {holdExpiresAt ? ` before ${when(holdExpiresAt)}` : ''} to keep your seats.
            </List.Item>
          )}
          {method !== 'pay_on_arrival' && plan === 'deposit' && balanceDate && outstanding > 0 && (
            <List.Item>
              The balance of <b>{money(stillDueNow > 0 ? (toCents(total) - toCents(dueNow)) / 100 : outstanding)}</b> is due by {balanceDate}.
            </List.Item>
          )}
          <List.Item>
            Before you travel: every traveler needs{' '}
            <Anchor href="/travel-insurance" inherit>
              travel insurance
            </Anchor>
            , and the park permits need each passport number.
          </List.Item>
        </List>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} data-testid="payment-instructions">
        <Title order={2} size="h3" mb="md">
          How to pay
        </Title>
        {instructions === undefined ? (
          <Skeleton height={140} />
        ) : (
          <Stack gap="md">
            {method === 'card' && outstanding === 0 && <Text>Your trip is paid in full. Thank you!</Text>}
            {method === 'card' && outstanding > 0 && stillDueNow > 0 && (
              <>
                <Text>Pay {charged(stillDueNow)} by card on our payment provider&apos;s secure page; we confirm your booking as soon as it arrives.</Text>
                <PayByCard
                  label={`Pay ${charged(stillDueNow)} by card`}
                  request={{ bookingId: ownedByUser ? (booking.data?.id ?? device?.bookingId) : undefined, reference, email: contactEmail ?? null, kind: plan === 'full' ? 'full' : 'deposit' }}
                />
              </>
            )}
            {method === 'card' && outstanding > 0 && stillDueNow === 0 && (
              <>
                <Text>
                  Your deposit is paid. The balance of {money(outstanding)} is due{balanceDate ? ` by ${balanceDate}` : ' before you travel'}; we remind you by email a week
                  before. You can pay it by card now if you like.
                </Text>
                <PayByCard
                  label={`Pay the balance of ${charged(outstanding)} by card`}
                  request={{ bookingId: ownedByUser ? (booking.data?.id ?? device?.bookingId) : undefined, reference, email: contactEmail ?? null, kind: 'balance' }}
                />
              </>
            )}
            {(method === 'bank_transfer' || method === null) && instructions && (
              <>
                <Text>
                  Transfer {charged(dueNow)} to our account, quoting your booking reference so we match the payment to your booking. Bank charges
                  are the sender&apos;s.
                </Text>
                <BankDetails instructions={instructions} reference={reference} />
              </>
            )}
            {(method === 'pay_on_arrival' || method === null) && instructions?.pay_on_arrival && (
              <>
                {method === null && (
                  <Text fw={600} size="sm">
                    Pay on arrival
                  </Text>
                )}
                <Text>{instructions.pay_on_arrival}</Text>
              </>
            )}
            {instructions === null && <Text>Our bank details come with your confirmation email.</Text>}
          </Stack>
        )}
      </Paper>

      {ownedByUser ? (
        <Alert variant="light" color="secondary" icon={<IconCircleCheck />} title="Your booking is in your account" radius="lg">
          Follow it, pay and message us from your traveler portal.
          <Group mt="sm">
            <Button component={Link} to={`/traveler/bookings/${encodeURIComponent(reference)}`} radius="xl" data-testid="portal-link">
              View your booking
            </Button>
          </Group>
        </Alert>
      ) : (
        <Alert variant="light" color="secondary" icon={<IconMail />} title="Check your inbox" radius="lg" data-testid="account-invitation">
          We have emailed your confirmation{contactEmail ? ` to ${contactEmail}` : ''}, with an invitation to create an account. With it you can follow
          your booking, pay and message us.
        </Alert>
      )}

      <Group>
        {tourSlug && (
          <Button component="a" href={`/tours/${tourSlug}`} variant="default" radius="xl">
            Back to the tour
          </Button>
        )}
        <Button component={Link} to="/tours" variant="default" radius="xl">
          Browse more tours
        </Button>
      </Group>
    </Stack>
  );
}
