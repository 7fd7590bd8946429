import { daysBetween } from '@/lib/dates.ts';
import type { Database } from '@/lib/database.types.ts';

/**
 * Guides and vehicles, pure: the rules the database keeps (20261127000100_guides_and_vehicles.sql),
 * checked here first so each form shows its message beside the field, and how due a licence,
 * an insurance or a service is.
 */

type Tables = Database['public']['Tables'];
export type Guide = Tables['guides']['Row'];
export type GuideCredential = Tables['guide_credentials']['Row'];
export type GuideLeave = Tables['guide_leave']['Row'];
export type Vehicle = Tables['vehicles']['Row'];
export type VehicleOffRoad = Tables['vehicle_out_of_service']['Row'];

/** What is due within this many days is flagged on the lists and the dashboard. */
export const DUE_SOON_DAYS = 60;

export type Dueness = { state: 'lapsed' | 'soon' | 'fine'; days: number };

/** How due a date is from today: lapsed (before today), soon (within 60 days) or fine. */
export function dueness(date: string, today: string): Dueness {
  const days = daysBetween(today, date);
  return { state: days < 0 ? 'lapsed' : days <= DUE_SOON_DAYS ? 'soon' : 'fine', days };
}

export const DUE_COLORS: Record<Dueness['state'], string> = { lapsed: 'red', soon: 'orange', fine: 'teal' };

/** 'expired 3 days ago', 'expires today', 'expires in 12 days', 'valid until …' (the date given by the caller). */
export function dueWords(date: string, today: string, verbs: { past: string; future: string }): string {
  const { days } = dueness(date, today);
  if (days < 0) return `${verbs.past} ${-days === 1 ? 'yesterday' : `${-days} days ago`}`;
  if (days === 0) return `${verbs.future} today`;
  return `${verbs.future} ${days === 1 ? 'tomorrow' : `in ${days} days`}`;
}

export const CREDENTIAL_KINDS = ['licence', 'certification', 'first_aid'] as const;
export const CREDENTIAL_LABELS: Record<(typeof CREDENTIAL_KINDS)[number], string> = {
  licence: 'Licence',
  certification: 'Certification',
  first_aid: 'First aid',
};

export const VEHICLE_KINDS = ['safari_vehicle', 'minibus', 'coaster', 'boat', 'other'] as const;
export const VEHICLE_KIND_LABELS: Record<(typeof VEHICLE_KINDS)[number], string> = {
  safari_vehicle: 'Safari vehicle',
  minibus: 'Minibus',
  coaster: 'Coaster bus',
  boat: 'Boat',
  other: 'Other',
};

/** Languages guides lead in, offered first; any other can be typed. */
export const COMMON_LANGUAGES = ['English', 'Swahili', 'German', 'French', 'Italian', 'Spanish', 'Dutch', 'Portuguese', 'Chinese', 'Japanese', 'Russian', 'Arabic', 'Maa'];

type Problems<K extends string> = Partial<Record<K, string>>;

const toNumber = (value: number | string) => (value === '' ? null : Number(value));

export interface GuideDraft {
  fullName: string;
  phone: string;
  email: string;
  languages: string[];
  dayRate: number | string;
  currency: string | null;
  userId: string | null;
  notes: string;
  active: boolean;
}

export const guideColumns: Record<keyof GuideDraft, string> = {
  fullName: 'full_name',
  phone: 'phone',
  email: 'email',
  languages: 'languages',
  dayRate: 'day_rate',
  currency: 'currency',
  userId: 'user_id',
  notes: 'notes',
  active: 'active',
};

export const guideDraftOf = (guide: Guide | null): GuideDraft => ({
  fullName: guide?.full_name ?? '',
  phone: guide?.phone ?? '',
  email: guide?.email ?? '',
  languages: guide?.languages ?? [],
  dayRate: guide?.day_rate ?? '',
  currency: guide?.currency ?? null,
  userId: guide?.user_id ?? null,
  notes: guide?.notes ?? '',
  active: guide?.active ?? true,
});

const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The guide form's field messages: check_guide()'s rules in its words. */
export function guideProblems(draft: GuideDraft): Problems<keyof GuideDraft> {
  const problems: Problems<keyof GuideDraft> = {};
  const name = draft.fullName.trim();
  if (name.length < 1 || name.length > 120) problems.fullName = 'Give the guide’s name, up to 120 characters';
  if (draft.email.trim() !== '' && !emailPattern.test(draft.email.trim())) problems.email = 'Give an email address such as name@example.com';
  const rate = toNumber(draft.dayRate);
  if (rate !== null && (!Number.isFinite(rate) || rate < 0 || rate > 100_000)) problems.dayRate = 'The day rate is from 0 to 100,000';
  return problems;
}

/** The guides row a draft saves as. */
export function guideRowOf(draft: GuideDraft) {
  return {
    full_name: draft.fullName.trim(),
    phone: draft.phone.trim() || null,
    email: draft.email.trim() || null,
    languages: [...new Set(draft.languages.map((language) => language.trim()).filter(Boolean))],
    day_rate: toNumber(draft.dayRate),
    // Left out, a new guide is paid in the company's currency (the column's default).
    ...(draft.currency ? { currency: draft.currency } : {}),
    user_id: draft.userId,
    notes: draft.notes.trim() || null,
    active: draft.active,
  };
}

export interface CredentialDraft {
  kind: (typeof CREDENTIAL_KINDS)[number];
  name: string;
  reference: string;
  issuedOn: string;
  expiresOn: string;
}

export const credentialColumns: Record<keyof CredentialDraft, string> = {
  kind: 'kind',
  name: 'name',
  reference: 'reference',
  issuedOn: 'issued_on',
  expiresOn: 'expires_on',
};

/** check_guide_credential()'s rules: a name, and no expiry before the day it was issued. */
export function credentialProblems(draft: CredentialDraft): Problems<keyof CredentialDraft> {
  const problems: Problems<keyof CredentialDraft> = {};
  const name = draft.name.trim();
  if (name.length < 1 || name.length > 120) problems.name = 'Name the licence or certification';
  if (draft.issuedOn && draft.expiresOn && draft.expiresOn < draft.issuedOn) problems.expiresOn = 'It cannot expire before it was issued';
  return problems;
}

export interface PeriodDraft {
  startsOn: string;
  endsOn: string;
  reason: string;
}

export const periodColumns: Record<keyof PeriodDraft, string> = { startsOn: 'starts_on', endsOn: 'ends_on', reason: 'reason' };

/** Leave or a time off the road: both days given, the last not before the first (check_period()). */
export function periodProblems(draft: PeriodDraft): Problems<keyof PeriodDraft> {
  const problems: Problems<keyof PeriodDraft> = {};
  if (!draft.startsOn) problems.startsOn = 'Give the first day';
  if (!draft.endsOn) problems.endsOn = 'Give the last day';
  else if (draft.startsOn && draft.endsOn < draft.startsOn) problems.endsOn = 'The last day cannot be before the first';
  return problems;
}

export interface VehicleDraft {
  name: string;
  kind: (typeof VEHICLE_KINDS)[number];
  registration: string;
  seats: number | string;
  insuranceExpiresOn: string;
  nextServiceOn: string;
  nextServiceKm: number | string;
  odometerKm: number | string;
  notes: string;
  active: boolean;
}

export const vehicleColumns: Record<keyof VehicleDraft, string> = {
  name: 'name',
  kind: 'kind',
  registration: 'registration',
  seats: 'seats',
  insuranceExpiresOn: 'insurance_expires_on',
  nextServiceOn: 'next_service_on',
  nextServiceKm: 'next_service_km',
  odometerKm: 'odometer_km',
  notes: 'notes',
  active: 'active',
};

export const vehicleDraftOf = (vehicle: Vehicle | null): VehicleDraft => ({
  name: vehicle?.name ?? '',
  kind: (vehicle?.kind as VehicleDraft['kind']) ?? 'safari_vehicle',
  registration: vehicle?.registration ?? '',
  seats: vehicle?.seats ?? '',
  insuranceExpiresOn: vehicle?.insurance_expires_on ?? '',
  nextServiceOn: vehicle?.next_service_on ?? '',
  nextServiceKm: vehicle?.next_service_km ?? '',
  odometerKm: vehicle?.odometer_km ?? '',
  notes: vehicle?.notes ?? '',
  active: vehicle?.active ?? true,
});

/** The registration as the database keeps it: trimmed, in capitals. */
export const normalRegistration = (registration: string) => registration.trim().toUpperCase();

/** The vehicle form's field messages: check_vehicle()'s rules in its words. */
export function vehicleProblems(draft: VehicleDraft): Problems<keyof VehicleDraft> {
  const problems: Problems<keyof VehicleDraft> = {};
  const name = draft.name.trim();
  if (name.length < 1 || name.length > 80) problems.name = 'Name the vehicle, up to 80 characters';
  if (!/^[A-Z0-9][A-Z0-9 -]{1,14}$/.test(normalRegistration(draft.registration))) problems.registration = 'The registration is 2 to 15 letters, digits, spaces or dashes';
  const seats = toNumber(draft.seats);
  if (seats === null || !Number.isInteger(seats) || seats < 1 || seats > 60) problems.seats = 'A vehicle has 1 to 60 seats for travelers';
  for (const field of ['nextServiceKm', 'odometerKm'] as const) {
    const km = toNumber(draft[field]);
    if (km !== null && (!Number.isInteger(km) || km < 0)) problems[field] = 'Mileage cannot be negative';
  }
  return problems;
}

export function vehicleRowOf(draft: VehicleDraft) {
  return {
    name: draft.name.trim(),
    kind: draft.kind,
    registration: normalRegistration(draft.registration),
    seats: Number(draft.seats),
    insurance_expires_on: draft.insuranceExpiresOn || null,
    next_service_on: draft.nextServiceOn || null,
    next_service_km: toNumber(draft.nextServiceKm),
    odometer_km: toNumber(draft.odometerKm),
    notes: draft.notes.trim() || null,
    active: draft.active,
  };
}

/** A guide's licence that lapses first (the one the allocation rule reads), or null. */
export function firstLapsingLicence(credentials: Pick<GuideCredential, 'kind' | 'name' | 'expires_on'>[]) {
  return (
    credentials
      .filter((credential) => credential.kind === 'licence' && credential.expires_on)
      .sort((a, b) => a.expires_on!.localeCompare(b.expires_on!))[0] ?? null
  );
}

/** A trip a guide leads or a vehicle carries, as the lists embed it. */
export interface TripRef {
  id: string;
  start_date: string;
  end_date: string;
  status: string;
  is_private: boolean;
  tours: { title: string } | null;
}

/** The trips not cancelled that have not ended by today, soonest first. */
export function tripsToCome<T extends TripRef>(trips: (T | null)[], today: string): T[] {
  return trips
    .filter((trip): trip is T => trip !== null && trip.status !== 'cancelled' && trip.end_date >= today)
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
}

/** The trips not cancelled that ended before today, latest first. */
export function tripsDone<T extends TripRef>(trips: (T | null)[], today: string): T[] {
  return trips
    .filter((trip): trip is T => trip !== null && trip.status !== 'cancelled' && trip.end_date < today)
    .sort((a, b) => b.start_date.localeCompare(a.start_date));
}

export type Availability = { label: string; color: string };

/**
 * Where a guide or a vehicle is today: no longer in use, away (leave, off the road), out on a trip,
 * or free.
 */
export function availabilityToday(record: { active: boolean }, periods: { starts_on: string; ends_on: string }[], trips: (TripRef | null)[], today: string, awayLabel: string): Availability {
  if (!record.active) return { label: 'Not in use', color: 'gray' };
  if (periods.some((period) => period.starts_on <= today && period.ends_on >= today)) return { label: awayLabel, color: 'orange' };
  if (tripsToCome(trips, today).some((trip) => trip.start_date <= today)) return { label: 'On a trip', color: 'blue' };
  return { label: 'Free', color: 'teal' };
}
