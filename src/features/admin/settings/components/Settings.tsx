import { ActionIcon, Alert, Badge, Button, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { FormFooter, Section } from '@/components/admin/Section.tsx';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { notify } from '@/lib/notify.ts';
import {
  integrationsQuery,
  saveBankDetails,
  saveBookingTerms,
  saveCancellationPolicy,
  saveCurrencyRate,
  saveHoldRules,
  settingsKeys,
  settingsQuery,
  type BankDetails,
  type BookingTerms,
} from '../api.ts';
import {
  bankFieldOf,
  bankProblems,
  holdProblems,
  integrationLines,
  intervalMinutes,
  termsFieldOf,
  termsProblems,
  tierProblems,
  type BankDraft,
  type HoldDraft,
  type IntegrationLine,
  type TermsDraft,
  type TierDraft,
} from '../model.ts';

function CancellationPolicy({ tiers }: { tiers: { min_days_before: number; fee_percent: number }[] }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<TierDraft[]>(() => tiers.map((tier) => ({ key: crypto.randomUUID(), minDaysBefore: tier.min_days_before, feePercent: tier.fee_percent })));
  const [shown, setShown] = useState<ReturnType<typeof tierProblems> | null>(null);
  // The tiers' keys are made on the device: only the days and fees are the policy.
  const edits = useUnsavedEdits(drafts.map(({ minDaysBefore, feePercent }) => ({ minDaysBefore, feePercent })));
  const save = useMutation({
    mutationFn: (sent: TierDraft[]) =>
      saveCancellationPolicy(
        sent.map((draft) => ({ min_days_before: Number(draft.minDaysBefore), fee_percent: Number(draft.feePercent) })),
        tiers.map((tier) => tier.min_days_before),
      ),
    onSuccess: async (_, sent) => {
      edits.markSaved(sent.map(({ minDaysBefore, feePercent }) => ({ minDaysBefore, feePercent })));
      notify.success('Cancellation policy saved');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
    onError: (error: Error) => setShown({ byTier: {}, policy: error.message }),
  });
  const edit = (key: string, patch: Partial<TierDraft>) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
    setShown(null);
  };
  return (
    <form
      aria-label="Cancellation policy"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = tierProblems(drafts);
        setShown(found);
        if (!found.policy && Object.keys(found.byTier).length === 0) save.mutate(drafts);
      }}
    >
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cancelled at least … days before departure</Table.Th>
            <Table.Th>Fee, % of the total</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.map((draft, index) => (
            <Table.Tr key={draft.key}>
              <Table.Td>
                <NumberInput aria-label={`Days before departure, tier ${index + 1}`} min={0} max={730} allowDecimal={false} value={draft.minDaysBefore} onChange={(value) => edit(draft.key, { minDaysBefore: value })} error={shown?.byTier[draft.key]?.minDaysBefore} />
              </Table.Td>
              <Table.Td>
                <NumberInput aria-label={`Fee percent, tier ${index + 1}`} min={0} max={100} decimalScale={2} suffix="%" value={draft.feePercent} onChange={(value) => edit(draft.key, { feePercent: value })} error={shown?.byTier[draft.key]?.feePercent} />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove tier ${index + 1}`} onClick={() => setDrafts((current) => current.filter((item) => item.key !== draft.key))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {shown?.policy && (
        <Alert color="red" mt="sm" role="alert">
          {shown.policy}
        </Alert>
      )}
      <Group justify="space-between" mt="sm">
        <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setDrafts((current) => [...current, { key: crypto.randomUUID(), minDaysBefore: '', feePercent: '' }])}>
          Add a tier
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save policy
        </Button>
      </Group>
    </form>
  );
}

function SeatHolds({ holds }: { holds: { unverified_hold: string; verified_hold: string; unpaid_holds_per_address: number; unverified_seats_per_address: number; unpaid_holds_per_email: number } }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<HoldDraft>({
    unverifiedMinutes: intervalMinutes(holds.unverified_hold) ?? '',
    verifiedHours: Math.round((intervalMinutes(holds.verified_hold) ?? 0) / 60) || '',
    unpaidHoldsPerAddress: holds.unpaid_holds_per_address,
    unverifiedSeatsPerAddress: holds.unverified_seats_per_address,
    unpaidHoldsPerEmail: holds.unpaid_holds_per_email,
  });
  const [problems, setProblems] = useState<ReturnType<typeof holdProblems> & { form?: string }>({});
  const edits = useUnsavedEdits(draft);
  const save = useMutation({
    mutationFn: (sent: HoldDraft) =>
      saveHoldRules({
        unverified_minutes: Number(sent.unverifiedMinutes),
        verified_minutes: Number(sent.verifiedHours) * 60,
        unpaid_holds_per_address: Number(sent.unpaidHoldsPerAddress),
        unverified_seats_per_address: Number(sent.unverifiedSeatsPerAddress),
        unpaid_holds_per_email: Number(sent.unpaidHoldsPerEmail),
      }),
    onSuccess: async (_, sent) => {
      edits.markSaved(sent);
      notify.success('Seat holds saved');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
    onError: (error: Error) => setProblems({ form: error.message }),
  });
  const field = (key: keyof HoldDraft, label: string, description?: string) => (
    <NumberInput
      label={label}
      description={description}
      allowDecimal={false}
      min={0}
      value={draft[key]}
      onChange={(value) => {
        setDraft((current) => ({ ...current, [key]: value }));
        setProblems({});
      }}
      error={problems[key]}
    />
  );
  return (
    <form
      aria-label="Seat holds"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = holdProblems(draft);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(draft);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {field('unverifiedMinutes', 'Hold before the email is proven, minutes')}
        {field('verifiedHours', 'Hold once proven, hours')}
        {field('unpaidHoldsPerAddress', 'Unpaid holds per internet address')}
        {field('unverifiedSeatsPerAddress', 'Unproven seats per internet address')}
        {field('unpaidHoldsPerEmail', 'Unpaid holds per email')}
      </SimpleGrid>
      <FormFooter problem={problems.form} saving={save.isPending} label="Save seat holds" />
    </form>
  );
}

function CurrencyRates({ rates }: { rates: { currency: string; units_per_usd: number; updated_at: string }[] }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, number | string>>(() => Object.fromEntries(rates.map((rate) => [rate.currency, rate.units_per_usd])));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const edits = useUnsavedEdits(values);
  const save = useMutation({
    mutationFn: async (sent: Record<string, number | string>) => {
      for (const rate of rates) if (Number(sent[rate.currency]) !== Number(rate.units_per_usd)) await saveCurrencyRate(rate.currency, Number(sent[rate.currency]));
    },
    onSuccess: async (_, sent) => {
      edits.markSaved(sent);
      notify.success('Exchange rates saved');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
    onError: (error: Error) => notify.error(error.message),
  });
  return (
    <form
      aria-label="Exchange rates"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = Object.fromEntries(
          rates.filter((rate) => rate.currency !== 'USD' && !(Number(values[rate.currency]) > 0)).map((rate) => [rate.currency, 'A rate above 0']),
        );
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(values);
      }}
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {rates.map((rate) => (
          <NumberInput
            key={rate.currency}
            label={`${rate.currency} per US dollar`}
            decimalScale={6}
            min={0}
            disabled={rate.currency === 'USD'}
            value={values[rate.currency]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [rate.currency]: value }));
              setProblems({});
            }}
            error={problems[rate.currency]}
          />
        ))}
      </SimpleGrid>
      <FormFooter saving={save.isPending} label="Save rates" />
    </form>
  );
}

/** The zones the browser knows by name, for the time zone field; the database checks its own list. */
function knownTimeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

function BookingTermsForm({ terms, currencies }: { terms: BookingTerms; currencies: string[] }) {
  const queryClient = useQueryClient();
  const timeZones = useMemo(() => knownTimeZones(terms.time_zone), [terms.time_zone]);
  const [draft, setDraft] = useState<TermsDraft>({
    depositPercent: terms.deposit_percent,
    balanceDueDays: terms.balance_due_days,
    offlineHoldDays: terms.offline_hold_days,
    bookingTermsVersion: terms.booking_terms_version,
    defaultCurrency: terms.default_currency,
    timeZone: terms.time_zone,
  });
  const [problems, setProblems] = useState<ReturnType<typeof termsProblems> & { form?: string }>({});
  const edits = useUnsavedEdits(draft);
  const save = useMutation({
    mutationFn: (sent: TermsDraft) =>
      saveBookingTerms({
        deposit_percent: Number(sent.depositPercent),
        balance_due_days: Number(sent.balanceDueDays),
        offline_hold_days: Number(sent.offlineHoldDays),
        booking_terms_version: sent.bookingTermsVersion.trim(),
        default_currency: sent.defaultCurrency!,
        time_zone: sent.timeZone!,
      }),
    onSuccess: async (_, sent) => {
      edits.markSaved(sent);
      notify.success('Booking terms saved');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
    // The database's refusal names its field in the hint: the message goes beside that field.
    onError: (error: Error & { hint?: string }) => setProblems({ [termsFieldOf(error.hint) ?? 'form']: error.message }),
  });
  const edit = (patch: Partial<TermsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  const number = (key: 'depositPercent' | 'balanceDueDays' | 'offlineHoldDays', label: string, description: string, decimals = false) => (
    <NumberInput
      label={label}
      description={description}
      clampBehavior="none"
      allowNegative={false}
      allowDecimal={decimals}
      decimalScale={decimals ? 2 : undefined}
      suffix={key === 'depositPercent' ? '%' : undefined}
      value={draft[key]}
      onChange={(value) => edit({ [key]: value })}
      error={problems[key]}
    />
  );
  return (
    <form
      aria-label="Booking terms"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = termsProblems(draft, { currencies, timeZones });
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(draft);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {number('depositPercent', 'Deposit, % of the total', 'Due at booking; the booking is confirmed once it is paid', true)}
        {number('balanceDueDays', 'Balance due, days before departure', 'A trip closer than this is paid in full at booking')}
        {number('offlineHoldDays', 'Hold for a bank transfer or on arrival, days', 'Counted from booking, while the money is on its way')}
        <TextInput
          label="Booking terms version"
          description="Change it when the booking terms change"
          value={draft.bookingTermsVersion}
          onChange={(event) => edit({ bookingTermsVersion: event.currentTarget.value })}
          error={problems.bookingTermsVersion}
        />
        <Select
          label="Default currency"
          description="The company's own currency"
          data={currencies}
          allowDeselect={false}
          value={draft.defaultCurrency}
          onChange={(value) => edit({ defaultCurrency: value })}
          error={problems.defaultCurrency}
        />
        <Select
          label="Time zone"
          description="The company's day and clock"
          data={timeZones}
          searchable
          allowDeselect={false}
          limit={50}
          value={draft.timeZone}
          onChange={(value) => edit({ timeZone: value })}
          error={problems.timeZone}
        />
      </SimpleGrid>
      <FormFooter problem={problems.form} saving={save.isPending} label="Save booking terms" />
    </form>
  );
}

/** Bank details as the database keeps them: trimmed, the SWIFT code in capitals. */
const asKept = (draft: BankDraft): BankDraft => ({
  ...draft,
  bankName: draft.bankName.trim(),
  accountName: draft.accountName.trim(),
  accountNumber: draft.accountNumber.trim(),
  swiftCode: draft.swiftCode.trim().toUpperCase(),
  branch: draft.branch.trim(),
  payOnArrival: draft.payOnArrival.trim(),
});

/** The bank details travelers pay a transfer to: shown in their booking email, on the booking page and in the portal. */
function BankDetailsForm({ bank, currencies }: { bank: (BankDetails & { id: string }) | null; currencies: string[] }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BankDraft>({
    bankName: bank?.bank_name ?? '',
    accountName: bank?.account_name ?? '',
    accountNumber: bank?.account_number ?? '',
    swiftCode: bank?.swift_code ?? '',
    branch: bank?.branch ?? '',
    currency: bank?.currency ?? 'USD',
    payOnArrival: bank?.pay_on_arrival ?? '',
  });
  const [problems, setProblems] = useState<ReturnType<typeof bankProblems> & { form?: string }>({});
  const edits = useUnsavedEdits(draft);
  const save = useMutation({
    mutationFn: (sent: BankDraft) =>
      saveBankDetails(bank?.id ?? null, {
        bank_name: sent.bankName.trim(),
        account_name: sent.accountName.trim(),
        account_number: sent.accountNumber.trim(),
        swift_code: sent.swiftCode.trim().toUpperCase() || null,
        branch: sent.branch.trim() || null,
        currency: sent.currency!,
        pay_on_arrival: sent.payOnArrival.trim() || null,
      }),
    onSuccess: async (_, sent) => {
      notify.success('Bank details saved');
      setDraft(asKept);
      edits.markSaved(asKept(sent));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
    // The database's refusal names its field in the hint: the message goes beside that field.
    onError: (error: Error & { hint?: string }) => setProblems({ [bankFieldOf(error.hint) ?? 'form']: error.message }),
  });
  const edit = (patch: Partial<BankDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  const text = (key: 'bankName' | 'accountName' | 'accountNumber' | 'swiftCode' | 'branch', label: string, required = false) => (
    <TextInput label={label} withAsterisk={required} value={draft[key]} onChange={(event) => edit({ [key]: event.currentTarget.value })} error={problems[key]} />
  );
  return (
    <form
      aria-label="Bank details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = bankProblems(draft, { currencies });
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(draft);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {text('bankName', 'Bank', true)}
        {text('accountName', 'Account name', true)}
        {text('accountNumber', 'Account number or IBAN', true)}
        {text('swiftCode', 'SWIFT code')}
        {text('branch', 'Branch')}
        <Select
          label="Currency of the account"
          data={currencies}
          allowDeselect={false}
          value={draft.currency}
          onChange={(value) => edit({ currency: value })}
          error={problems.currency}
        />
      </SimpleGrid>
      <Textarea
        mt="sm"
        label="Paying on arrival"
        description="What travelers read about settling the balance in person; left empty, paying on arrival is offered without instructions"
        autosize
        minRows={2}
        value={draft.payOnArrival}
        onChange={(event) => edit({ payOnArrival: event.currentTarget.value })}
        error={problems.payOnArrival}
      />
      <FormFooter problem={problems.form} saving={save.isPending} label="Save bank details" />
    </form>
  );
}

const toneColor: Record<IntegrationLine['tone'], string> = { ready: 'teal', test: 'yellow', off: 'gray' };

/** Card payments, bank transfer, pay on arrival and the email sender, as the server is set up. */
function PaymentsAndEmail() {
  const found = useQuery(integrationsQuery());
  if (found.isPending) return <Loader size="sm" aria-label="Loading how payments and email are set up" />;
  if (found.error) return <Alert color="red">{found.error.message}</Alert>;
  return (
    <Stack gap="sm" data-testid="integrations">
      {integrationLines(found.data).map((line) => (
        <Group key={line.key} align="flex-start" wrap="nowrap" gap="md">
          <Badge color={toneColor[line.tone]} variant="light" w={104} style={{ flexShrink: 0 }}>
            {line.badge}
          </Badge>
          <div>
            <Text size="sm" fw={500}>
              {line.title}
            </Text>
            <Text size="sm">{line.state}</Text>
            <Text size="xs" c="dimmed">
              {line.change}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}

/** /admin/settings: what the booking engine reads, for admins (settings.write). */
export function Settings() {
  const settings = useQuery(settingsQuery());
  if (settings.isPending) return <Loader aria-label="Loading the settings" />;
  if (settings.error) return <Alert color="red">{settings.error.message}</Alert>;
  const { tiers, holds, rates, terms, bank } = settings.data;
  return (
    <Stack gap="md" maw={960}>
      <PageHeader title="Settings" description="What the booking engine reads: each change is kept in the audit log." />
      <Section title="Cancellation policy" description="The fee the company keeps when a booking is cancelled, by how long before departure. The office can waive it with a reason.">
        <CancellationPolicy tiers={tiers} />
      </Section>
      <Section title="Booking terms" description="What travelers pay and when, the version of the terms they agree to, and the company's currency and time zone.">
        <BookingTermsForm terms={terms} currencies={rates.map((rate) => rate.currency)} />
      </Section>
      <Section title="Seat holds" description="How long an unpaid booking holds its seats, and how many holds one address or email may keep.">
        <SeatHolds holds={holds} />
      </Section>
      <Section title="Bank details" description="Where travelers send a bank transfer, as their booking email, their booking page and their portal show it.">
        <BankDetailsForm key={bank?.id ?? 'none'} bank={bank} currencies={rates.map((rate) => rate.currency)} />
      </Section>
      <Section title="Exchange rates" description="Used to show prices in the traveler's currency and to total the dashboard in US dollars.">
        <CurrencyRates rates={rates} />
      </Section>
      <Section title="Payments and email" description="How travelers can pay and how the company's emails go out. Set in the server's environment; secrets are never shown.">
        <PaymentsAndEmail />
      </Section>
    </Stack>
  );
}
