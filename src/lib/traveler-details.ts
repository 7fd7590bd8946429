/**
 * A traveler's details for the trip, as update_traveler_details() (20261127030000_traveler_details.sql)
 * keeps them in their entry of bookings.travelers: the fields, their bounds and their messages in
 * the same words, for the office's booking page and the traveler's portal alike.
 */

export const TRAVELER_DETAIL_KEYS = [
  'full_name',
  'date_of_birth',
  'nationality',
  'passport_number',
  'passport_expiry',
  'dietary_needs',
  'medical_notes',
  'emergency_contact_name',
  'emergency_contact_phone',
] as const;
export type TravelerDetailKey = (typeof TRAVELER_DETAIL_KEYS)[number];
export type TravelerDetails = Record<TravelerDetailKey, string>;
export type TravelerDetailProblems = Partial<Record<TravelerDetailKey, string>>;

export const TRAVELER_DETAIL_LABELS: Record<TravelerDetailKey, string> = {
  full_name: 'Full name',
  date_of_birth: 'Date of birth',
  nationality: 'Nationality',
  passport_number: 'Passport number',
  passport_expiry: 'Passport expiry',
  dietary_needs: 'Dietary needs',
  medical_notes: 'Medical notes',
  emergency_contact_name: 'Emergency contact',
  emergency_contact_phone: 'Emergency phone',
};

/** The longest value of each text field, as the database bounds it. */
export const TRAVELER_DETAIL_MAX: Record<TravelerDetailKey, number> = {
  full_name: 200,
  date_of_birth: 10,
  nationality: 100,
  passport_number: 40,
  passport_expiry: 10,
  dietary_needs: 500,
  medical_notes: 1000,
  emergency_contact_name: 200,
  emergency_contact_phone: 40,
};

const TOO_LONG: Partial<Record<TravelerDetailKey, string>> = {
  full_name: 'The name is up to 200 characters',
  nationality: 'The nationality is up to 100 characters',
  passport_number: 'The passport number is up to 40 characters',
  dietary_needs: 'Dietary needs are up to 500 characters',
  medical_notes: 'Medical notes are up to 1,000 characters',
  emergency_contact_name: 'The emergency contact’s name is up to 200 characters',
  emergency_contact_phone: 'The emergency phone is up to 40 characters',
};

/** A stored traveler entry's details as form values ('' for none). */
export function detailsOf(entry: Record<string, unknown> | null | undefined): TravelerDetails {
  const value = (key: string) => (typeof entry?.[key] === 'string' ? (entry[key] as string) : '');
  return Object.fromEntries(TRAVELER_DETAIL_KEYS.map((key) => [key, key === 'full_name' ? value('full_name') || value('name') : value(key)])) as TravelerDetails;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** What the database would refuse, in its words, before asking it; `today` is the company's. */
export function travelerDetailProblems(details: TravelerDetails, today: string, { nameRequired }: { nameRequired: boolean }): TravelerDetailProblems {
  const problems: TravelerDetailProblems = {};
  for (const key of TRAVELER_DETAIL_KEYS) {
    const value = details[key].trim();
    if (value.length > TRAVELER_DETAIL_MAX[key]) problems[key] = TOO_LONG[key] ?? 'Give the date as year, month and day';
  }
  if (nameRequired && !details.full_name.trim()) problems.full_name = 'Give the traveler’s full name';
  for (const key of ['date_of_birth', 'passport_expiry'] as const) {
    const value = details[key].trim();
    if (value && !isDate(value)) problems[key] = 'Give the date as year, month and day';
  }
  const born = details.date_of_birth.trim();
  if (!problems.date_of_birth && born && (born > today || born < '1900-01-01')) problems.date_of_birth = 'The date of birth is a day in the past';
  const phone = details.emergency_contact_phone.trim();
  if (!problems.emergency_contact_phone && phone && !/^\+?[0-9][0-9 ()./-]*$/.test(phone)) problems.emergency_contact_phone = 'The emergency phone is digits, with + ( ) - or spaces';
  return problems;
}

/** The details to send: every field trimmed (a blank removes it), the name only when the form asks it. */
export function detailsToSave(details: TravelerDetails, { withName }: { withName: boolean }): Partial<TravelerDetails> {
  return Object.fromEntries(TRAVELER_DETAIL_KEYS.filter((key) => withName || key !== 'full_name').map((key) => [key, details[key].trim()]));
}

/** The details a list shows under a traveler's name, each as 'Label: value'. */
export function detailLines(entry: Record<string, unknown> | null | undefined): string[] {
  const details = detailsOf(entry);
  const lines: string[] = [];
  if (details.date_of_birth) lines.push(`Born ${details.date_of_birth}`);
  if (details.passport_expiry) lines.push(`Passport expires ${details.passport_expiry}`);
  if (details.dietary_needs) lines.push(`Dietary: ${details.dietary_needs}`);
  if (details.medical_notes) lines.push(`Medical: ${details.medical_notes}`);
  if (details.emergency_contact_name || details.emergency_contact_phone) lines.push(`Emergency: ${[details.emergency_contact_name, details.emergency_contact_phone].filter(Boolean).join(', ')}`);
  return lines;
}

/** The field a refusal names (the database gives the field's key as the hint). */
export function refusedField(error: { hint?: string | null }): TravelerDetailKey | null {
  return TRAVELER_DETAIL_KEYS.find((key) => key === error.hint) ?? null;
}
