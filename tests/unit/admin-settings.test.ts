import { describe, expect, it } from 'vitest';
import {
  bankFieldOf,
  bankProblems,
  holdProblems,
  integrationLines,
  intervalMinutes,
  termsFieldOf,
  termsProblems,
  tierProblems,
} from '../../src/features/admin/settings/model.ts';
import type { Integrations } from '../../shared/integrations.ts';

describe('the settings', () => {
  it('checks the cancellation policy tier by tier, and as a whole', () => {
    expect(tierProblems([{ key: 'a', minDaysBefore: 0, feePercent: 100 }, { key: 'b', minDaysBefore: 60, feePercent: 30 }])).toEqual({ byTier: {}, policy: undefined });
    expect(tierProblems([{ key: 'a', minDaysBefore: 0, feePercent: 100 }, { key: 'b', minDaysBefore: 0, feePercent: 120 }]).byTier).toEqual({
      b: { minDaysBefore: 'Another tier starts on this day', feePercent: 'A percentage from 0 to 100' },
    });
    expect(tierProblems([{ key: 'a', minDaysBefore: 30, feePercent: 50 }]).policy).toBe('The policy needs a tier starting at 0 days, for the last days before departure');
    expect(tierProblems([{ key: 'a', minDaysBefore: 2.5, feePercent: '' }]).byTier.a).toEqual({ minDaysBefore: 'A whole number of days from 0 to 730', feePercent: 'A percentage from 0 to 100' });
    expect(tierProblems([]).policy).toBe('The policy needs at least one tier');
  });

  it('reads the hold intervals Postgres prints', () => {
    expect(intervalMinutes('00:30:00')).toBe(30);
    expect(intervalMinutes('2 days')).toBe(2880);
    expect(intervalMinutes('1 day 06:00:00')).toBe(1800);
    expect(intervalMinutes('soon')).toBeNull();
  });
});

describe('the seat-hold settings', () => {
  it('say the ranges the database checks', () => {
    const draft = { unverifiedMinutes: 120, verifiedHours: 48, unpaidHoldsPerAddress: 3, unverifiedSeatsPerAddress: 8, unpaidHoldsPerEmail: 2 };
    expect(holdProblems(draft)).toEqual({});
    expect(holdProblems({ ...draft, unverifiedMinutes: 5, verifiedHours: '', unpaidHoldsPerEmail: 0 })).toEqual({
      unverifiedMinutes: 'From 15 minutes to 7 days (10,080 minutes)',
      verifiedHours: 'From 1 hour to 30 days (720 hours)',
      unpaidHoldsPerEmail: 'From 1 to 1,000',
    });
  });
});

describe('the booking terms', () => {
  const draft = { depositPercent: 30, balanceDueDays: 60, offlineHoldDays: 7, bookingTermsVersion: '2026-11', defaultCurrency: 'USD', timeZone: 'Africa/Dar_es_Salaam' };
  const known = { currencies: ['EUR', 'TZS', 'USD'], timeZones: ['Africa/Dar_es_Salaam', 'Africa/Nairobi', 'UTC'] };

  it('take what the database takes', () => {
    expect(termsProblems(draft, known)).toEqual({});
    expect(termsProblems({ ...draft, depositPercent: 100, balanceDueDays: 0, offlineHoldDays: 30, timeZone: 'UTC' }, known)).toEqual({});
    expect(termsProblems({ ...draft, depositPercent: 12.5, bookingTermsVersion: 'v2.1 final' }, known)).toEqual({});
    // Without the browser's list of zones, the shape alone is checked (the database checks the name).
    expect(termsProblems({ ...draft, timeZone: 'America/Argentina/Salta' }, { currencies: known.currencies })).toEqual({});
  });

  it('say what is wrong in the words of check_booking_settings()', () => {
    expect(termsProblems({ depositPercent: 0, balanceDueDays: 400, offlineHoldDays: '', bookingTermsVersion: ' ', defaultCurrency: 'ZAR', timeZone: 'UTC+3' }, known)).toEqual({
      depositPercent: 'The deposit is a percentage from 1 to 100',
      balanceDueDays: 'The balance is due from 0 to 365 days before departure',
      offlineHoldDays: 'A bank transfer or payment on arrival holds the seats from 1 to 30 days',
      bookingTermsVersion: 'The terms version is up to 32 letters, digits, spaces, dots or dashes, such as 2026-11',
      defaultCurrency: 'The default currency must be one of the exchange rates',
      timeZone: 'Choose a time zone by its name, such as Africa/Dar_es_Salaam',
    });
    expect(termsProblems({ ...draft, depositPercent: 150, balanceDueDays: 2.5, offlineHoldDays: 31 }, known)).toMatchObject({
      depositPercent: expect.any(String),
      balanceDueDays: expect.any(String),
      offlineHoldDays: expect.any(String),
    });
    expect(termsProblems({ ...draft, defaultCurrency: null, timeZone: 'Mars/Olympus_Mons' }, known)).toEqual({
      defaultCurrency: 'The default currency must be one of the exchange rates',
      timeZone: 'Choose a time zone by its name, such as Africa/Dar_es_Salaam',
    });
    expect(termsProblems({ ...draft, bookingTermsVersion: 'x'.repeat(33) }, known)).toHaveProperty('bookingTermsVersion');
  });

  it('put the database’s refusal beside its field', () => {
    expect(termsFieldOf('deposit_percent')).toBe('depositPercent');
    expect(termsFieldOf('time_zone')).toBe('timeZone');
    expect(termsFieldOf(null)).toBeUndefined();
    expect(termsFieldOf('something else')).toBeUndefined();
  });
});

describe('payments and email', () => {
  const setUp: Integrations = {
    card: { provider: 'stripe', configured: true, mode: 'live', webhook: true },
    bankTransfer: { active: true, bankName: 'CRDB Bank PLC' },
    payOnArrival: { offered: true, instructions: true },
    email: { from: 'Kilele Safaris <hello@kilelesafaris.co.tz>', name: 'Kilele Safaris', address: 'hello@kilelesafaris.co.tz', transport: 'smtp', host: 'mail.example.com:587' },
  };
  const line = (found: Integrations, key: string) => integrationLines(found).find((item) => item.key === key)!;

  it('are told in plain words, with what to do to change each', () => {
    expect(integrationLines(setUp).map((item) => [item.key, item.tone, item.state])).toEqual([
      ['card', 'ready', 'On, taking real payments.'],
      ['bank', 'ready', 'Offered, to CRDB Bank PLC.'],
      ['arrival', 'ready', 'Offered, with instructions for the traveler.'],
      ['email', 'ready', 'From Kilele Safaris <hello@kilelesafaris.co.tz>, sent through mail.example.com:587.'],
    ]);
    expect(line(setUp, 'card').change).toContain('STRIPE_SECRET_KEY');
    expect(line(setUp, 'email').change).toContain('SMTP_URL');
  });

  it('say what is missing', () => {
    const bare: Integrations = {
      card: { provider: 'stripe', configured: false, mode: null, webhook: false },
      bankTransfer: { active: false, bankName: null },
      payOnArrival: { offered: true, instructions: false },
      email: { ...setUp.email, name: null, from: 'hello@kilelesafaris.co.tz', transport: 'file', host: null },
    };
    expect(line(bare, 'card')).toMatchObject({ tone: 'off', badge: 'Needs setup', state: 'Not set up: travelers are not offered card payments.' });
    expect(line(bare, 'bank').tone).toBe('off');
    expect(line(bare, 'arrival').tone).toBe('off');
    expect(line(bare, 'email')).toMatchObject({ tone: 'test', badge: 'Not sent', state: 'From hello@kilelesafaris.co.tz, written to files on the server (DATA_DIR/mail), not sent.' });
    const testing = { ...setUp, card: { provider: 'stripe' as const, configured: true, mode: 'test' as const, webhook: false } };
    expect(line(testing, 'card')).toMatchObject({ tone: 'test', badge: 'Test mode', state: 'On in test mode: no real money is taken. Payments are not recorded until STRIPE_WEBHOOK_SECRET is set too.' });
  });
});

describe('the bank details', () => {
  const draft = { bankName: 'CRDB Bank PLC', accountName: 'Kilele Safaris Ltd', accountNumber: '0150 2345 6789 00', swiftCode: 'CORUTZTZ', branch: 'Arusha', currency: 'USD', payOnArrival: '' };
  const known = { currencies: ['EUR', 'TZS', 'USD'] };

  it('take what the database takes: an IBAN, an 11-letter SWIFT code in any case, no SWIFT code at all', () => {
    expect(bankProblems(draft, known)).toEqual({});
    expect(bankProblems({ ...draft, accountNumber: 'GB29-NWBK-6016-1331-9268-19', swiftCode: 'corutztzxxx' }, known)).toEqual({});
    expect(bankProblems({ ...draft, swiftCode: ' ', branch: '' }, known)).toEqual({});
  });

  it('say what is wrong in the words of check_payment_instructions()', () => {
    expect(bankProblems({ bankName: ' ', accountName: '', accountNumber: '12/34', swiftCode: 'CORU TZ', branch: 'b'.repeat(201), currency: 'ZAR', payOnArrival: 'p'.repeat(1001) }, known)).toEqual({
      bankName: 'Give the bank’s name, up to 100 characters',
      accountName: 'Give the name on the account, up to 100 characters',
      accountNumber: 'The account number is up to 40 letters, digits, spaces or dashes',
      swiftCode: 'A SWIFT code is 8 or 11 letters and digits, such as CORUTZTZ',
      branch: 'The branch is up to 200 characters',
      currency: 'The account’s currency must be one of the exchange rates',
      payOnArrival: 'The instructions for paying on arrival are up to 1,000 characters',
    });
    expect(bankProblems({ ...draft, swiftCode: 'CORUTZTZX' }, known)).toHaveProperty('swiftCode');
    expect(bankProblems({ ...draft, currency: null }, known)).toHaveProperty('currency');
  });

  it('put the database’s refusal beside its field', () => {
    expect(bankFieldOf('swift_code')).toBe('swiftCode');
    expect(bankFieldOf('pay_on_arrival')).toBe('payOnArrival');
    expect(bankFieldOf('something else')).toBeUndefined();
  });
});
