import type { FieldErrors } from '@shared/enquiry-fields.ts';

/** The wizard's steps and the fields each one asks for (keys of the enquiry's field errors). */
export const PLANNING_STEPS = [
  { label: 'Where', description: 'Destinations', fields: ['trip.destinations'] },
  { label: 'When', description: 'Dates or month', fields: ['trip.timing', 'trip.startDate', 'trip.endDate', 'trip.month'] },
  { label: 'Who', description: 'Travelers & budget', fields: ['trip.adults', 'trip.children', 'trip.budget'] },
  { label: 'What', description: 'Interests', fields: ['trip.interests'] },
  { label: 'You', description: 'Contact details', fields: ['name', 'email', 'phone', 'preferredContact', 'message'] },
] as const;

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** /start-planning's search: the destination or experience page the traveler came from (PlanTripButton). */
export function planningSearch(search: Record<string, unknown>): { destination?: string; experience?: string } {
  const slug = (value: unknown) => (typeof value === 'string' && slugPattern.test(value) ? value : undefined);
  const destination = slug(search.destination);
  const experience = slug(search.experience);
  return { ...(destination ? { destination } : {}), ...(experience ? { experience } : {}) };
}

/** The problems of one step only, so a step can be left once its own fields are right. */
export function stepErrors(errors: FieldErrors, step: number): FieldErrors {
  const fields: readonly string[] = PLANNING_STEPS[step].fields;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}

/** What the wizard's fields hold (counts as typed: a number, or '' when cleared). */
export interface PlanValues {
  destinations: string[];
  timing: string;
  startDate: string;
  endDate: string;
  month: string;
  adults: number | string;
  children: number | string;
  budget: string;
  interests: string[];
  name: string;
  email: string;
  phone: string;
  preferredContact: string;
  message: string;
}
