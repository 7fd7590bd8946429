import type { Integrations } from '@shared/integrations.ts';

/** A cancellation fee tier as the settings form edits it. */
export interface TierDraft {
  key: string;
  minDaysBefore: number | string;
  feePercent: number | string;
}

/** What is wrong with the policy, by tier key and field, or for the whole policy. */
export function tierProblems(tiers: TierDraft[]): { byTier: Record<string, { minDaysBefore?: string; feePercent?: string }>; policy?: string } {
  const byTier: Record<string, { minDaysBefore?: string; feePercent?: string }> = {};
  const seen = new Map<number, string>();
  for (const tier of tiers) {
    const days = tier.minDaysBefore === '' ? NaN : Number(tier.minDaysBefore);
    const fee = tier.feePercent === '' ? NaN : Number(tier.feePercent);
    const problems: { minDaysBefore?: string; feePercent?: string } = {};
    if (!Number.isInteger(days) || days < 0 || days > 730) problems.minDaysBefore = 'A whole number of days from 0 to 730';
    else if (seen.has(days)) problems.minDaysBefore = 'Another tier starts on this day';
    else seen.set(days, tier.key);
    if (!Number.isFinite(fee) || fee < 0 || fee > 100) problems.feePercent = 'A percentage from 0 to 100';
    if (problems.minDaysBefore || problems.feePercent) byTier[tier.key] = problems;
  }
  const policy = tiers.length === 0 ? 'The policy needs at least one tier' : !seen.has(0) && Object.keys(byTier).length === 0 ? 'The policy needs a tier starting at 0 days, for the last days before departure' : undefined;
  return { byTier, policy };
}

/**
 * An interval as Postgres prints it ('00:30:00', '2 days', '1 day 06:00:00') in minutes, for the
 * hold settings' number fields; null when it cannot be read.
 */
export function intervalMinutes(interval: string): number | null {
  const match = /^(?:(\d+) days?)?\s*(?:(\d+):(\d{2}):(\d{2}))?$/.exec(interval.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  return Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

export interface HoldDraft {
  unverifiedMinutes: number | string;
  verifiedHours: number | string;
  unpaidHoldsPerAddress: number | string;
  unverifiedSeatsPerAddress: number | string;
  unpaidHoldsPerEmail: number | string;
}

/** The seat-hold settings' field messages: the ranges public.booking_hold_rules checks. */
export function holdProblems(draft: HoldDraft): Partial<Record<keyof HoldDraft, string>> {
  const problems: Partial<Record<keyof HoldDraft, string>> = {};
  const within = (value: number | string, low: number, high: number) => value !== '' && Number.isInteger(Number(value)) && Number(value) >= low && Number(value) <= high;
  if (!within(draft.unverifiedMinutes, 15, 7 * 1440)) problems.unverifiedMinutes = 'From 15 minutes to 7 days (10,080 minutes)';
  if (!within(draft.verifiedHours, 1, 30 * 24)) problems.verifiedHours = 'From 1 hour to 30 days (720 hours)';
  if (!within(draft.unpaidHoldsPerAddress, 1, 1000)) problems.unpaidHoldsPerAddress = 'From 1 to 1,000';
  if (!within(draft.unverifiedSeatsPerAddress, 1, 10000)) problems.unverifiedSeatsPerAddress = 'From 1 to 10,000';
  if (!within(draft.unpaidHoldsPerEmail, 1, 1000)) problems.unpaidHoldsPerEmail = 'From 1 to 1,000';
  return problems;
}

/** The booking terms as the settings form edits them (public.booking_settings). */
export interface TermsDraft {
  depositPercent: number | string;
  balanceDueDays: number | string;
  offlineHoldDays: number | string;
  bookingTermsVersion: string;
  defaultCurrency: string | null;
  timeZone: string | null;
}

/** Each field's column: the database names it in the hint of its refusal. */
export const termsColumns: Record<keyof TermsDraft, string> = {
  depositPercent: 'deposit_percent',
  balanceDueDays: 'balance_due_days',
  offlineHoldDays: 'offline_hold_days',
  bookingTermsVersion: 'booking_terms_version',
  defaultCurrency: 'default_currency',
  timeZone: 'time_zone',
};

/** The field a refusal of the database is about, from its hint; undefined for the whole form. */
export function termsFieldOf(hint: string | null | undefined): keyof TermsDraft | undefined {
  return (Object.keys(termsColumns) as (keyof TermsDraft)[]).find((field) => termsColumns[field] === hint);
}

export const termsVersionPattern = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,31}$/;
/** An IANA zone's shape (Area/Location, or UTC), as check_booking_settings() asks. */
const timeZonePattern = /^(UTC|[A-Z][A-Za-z_-]+(\/[A-Za-z0-9_+-]+){1,2})$/;

/**
 * The booking terms' field messages: the rules check_booking_settings() applies, in its words.
 * currencies are those of the exchange rates; timeZones, when known, the zones one may choose.
 */
export function termsProblems(draft: TermsDraft, known: { currencies: string[]; timeZones?: string[] }): Partial<Record<keyof TermsDraft, string>> {
  const problems: Partial<Record<keyof TermsDraft, string>> = {};
  const number = (value: number | string) => (value === '' ? NaN : Number(value));
  const deposit = number(draft.depositPercent);
  if (!Number.isFinite(deposit) || deposit < 1 || deposit > 100) problems.depositPercent = 'The deposit is a percentage from 1 to 100';
  const balance = number(draft.balanceDueDays);
  if (!Number.isInteger(balance) || balance < 0 || balance > 365) problems.balanceDueDays = 'The balance is due from 0 to 365 days before departure';
  const hold = number(draft.offlineHoldDays);
  if (!Number.isInteger(hold) || hold < 1 || hold > 30) problems.offlineHoldDays = 'A bank transfer or payment on arrival holds the seats from 1 to 30 days';
  if (!termsVersionPattern.test(draft.bookingTermsVersion.trim()))
    problems.bookingTermsVersion = 'The terms version is up to 32 letters, digits, spaces, dots or dashes, such as 2026-11';
  if (!draft.defaultCurrency || !known.currencies.includes(draft.defaultCurrency)) problems.defaultCurrency = 'The default currency must be one of the exchange rates';
  if (!draft.timeZone || !timeZonePattern.test(draft.timeZone) || (known.timeZones?.length && !known.timeZones.includes(draft.timeZone)))
    problems.timeZone = 'Choose a time zone by its name, such as Africa/Dar_es_Salaam';
  return problems;
}

/** The bank details as the settings form edits them (the active row of public.payment_instructions). */
export interface BankDraft {
  bankName: string;
  accountName: string;
  accountNumber: string;
  swiftCode: string;
  branch: string;
  currency: string | null;
  payOnArrival: string;
}

/** Each field's column: the database names it in the hint of its refusal. */
export const bankColumns: Record<keyof BankDraft, string> = {
  bankName: 'bank_name',
  accountName: 'account_name',
  accountNumber: 'account_number',
  swiftCode: 'swift_code',
  branch: 'branch',
  currency: 'currency',
  payOnArrival: 'pay_on_arrival',
};

/** The field a refusal of the database is about, from its hint; undefined for the whole form. */
export function bankFieldOf(hint: string | null | undefined): keyof BankDraft | undefined {
  return (Object.keys(bankColumns) as (keyof BankDraft)[]).find((field) => bankColumns[field] === hint);
}

/** The bank details' field messages: the rules check_payment_instructions() applies, in its words. */
export function bankProblems(draft: BankDraft, known: { currencies: string[] }): Partial<Record<keyof BankDraft, string>> {
  const problems: Partial<Record<keyof BankDraft, string>> = {};
  const bankName = draft.bankName.trim();
  if (bankName.length < 1 || bankName.length > 100) problems.bankName = 'Give the bank’s name, up to 100 characters';
  const accountName = draft.accountName.trim();
  if (accountName.length < 1 || accountName.length > 100) problems.accountName = 'Give the name on the account, up to 100 characters';
  if (!/^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/.test(draft.accountNumber.trim())) problems.accountNumber = 'The account number is up to 40 letters, digits, spaces or dashes';
  const swift = draft.swiftCode.trim().toUpperCase();
  if (swift && !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(swift)) problems.swiftCode = 'A SWIFT code is 8 or 11 letters and digits, such as CORUTZTZ';
  if (draft.branch.trim().length > 200) problems.branch = 'The branch is up to 200 characters';
  if (!draft.currency || !known.currencies.includes(draft.currency)) problems.currency = 'The account’s currency must be one of the exchange rates';
  if (draft.payOnArrival.trim().length > 1000) problems.payOnArrival = 'The instructions for paying on arrival are up to 1,000 characters';
  return problems;
}

/** One line of the "Payments and email" section: its state in plain words, and how to change it. */
export interface IntegrationLine {
  key: 'card' | 'bank' | 'arrival' | 'email';
  title: string;
  state: string;
  tone: 'ready' | 'test' | 'off';
  /** The state in a word or two, for its badge. */
  badge: string;
  change: string;
}

const badges: Record<IntegrationLine['tone'], string> = { ready: 'Ready', test: 'Test mode', off: 'Needs setup' };

/** The settings screen's words for each payment way and the email sender. */
export function integrationLines(found: Integrations): IntegrationLine[] {
  return lines(found).map((line) => ({ ...line, badge: line.key === 'email' && line.tone === 'test' ? 'Not sent' : badges[line.tone] }));
}

function lines(found: Integrations): Omit<IntegrationLine, 'badge'>[] {
  const { card, bankTransfer, payOnArrival, email } = found;
  const webhook = card.webhook ? '' : ' Payments are not recorded until STRIPE_WEBHOOK_SECRET is set too.';
  return [
    {
      key: 'card',
      title: 'Card payments (Stripe)',
      ...(!card.configured
        ? { state: 'Not set up: travelers are not offered card payments.', tone: 'off' as const }
        : card.mode === 'live'
          ? { state: `On, taking real payments.${webhook}`, tone: card.webhook ? ('ready' as const) : ('off' as const) }
          : card.mode === 'test'
            ? { state: `On in test mode: no real money is taken.${webhook}`, tone: 'test' as const }
            : { state: `On, with a key that is neither a test nor a live key.${webhook}`, tone: 'off' as const }),
      change: 'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET in the server’s environment and restart it; remove them to stop card payments.',
    },
    {
      key: 'bank',
      title: 'Bank transfer',
      ...(bankTransfer.active
        ? { state: `Offered, to ${bankTransfer.bankName}.`, tone: 'ready' as const }
        : { state: 'No bank details: travelers choosing a transfer are not told where to pay.', tone: 'off' as const }),
      change: 'Change the bank details travelers are given under Bank details above.',
    },
    {
      key: 'arrival',
      title: 'Pay on arrival',
      ...(payOnArrival.instructions
        ? { state: 'Offered, with instructions for the traveler.', tone: 'ready' as const }
        : { state: 'Offered, without instructions: travelers are not told how to pay.', tone: 'off' as const }),
      change: 'Always offered; its instructions are “Paying on arrival” under Bank details above.',
    },
    {
      key: 'email',
      title: 'Email sender',
      state:
        `From ${email.name ? `${email.name} <${email.address}>` : email.address}, ` +
        (email.transport === 'smtp' ? `sent through ${email.host ?? 'the SMTP server'}.` : 'written to files on the server (DATA_DIR/mail), not sent.'),
      tone: email.transport === 'smtp' ? 'ready' : 'test',
      change: 'Set MAIL_FROM for the sender and SMTP_URL for the mail server in the server’s environment and restart it.',
    },
  ];
}
