import type { FieldErrors } from '@/features/contact/enquiry.ts';

/** The wizard's steps and the fields each one asks for (keys of the enquiry's field errors). */
export const PLANNING_STEPS = [
  { label: 'Where', description: 'Destinations', fields: ['trip.destinations'] },
  { label: 'When', description: 'Dates or month', fields: ['trip.timing', 'trip.startDate', 'trip.endDate', 'trip.month'] },
  { label: 'Who', description: 'Travelers & budget', fields: ['trip.adults', 'trip.children', 'trip.budget'] },
  { label: 'What', description: 'Interests', fields: ['trip.interests'] },
  { label: 'You', description: 'Contact details', fields: ['name', 'email', 'phone', 'preferredContact', 'message'] },
] as const;

/** The problems of one step only, so a step can be left once its own fields are right. */
export function stepErrors(errors: FieldErrors, step: number): FieldErrors {
  const fields: readonly string[] = PLANNING_STEPS[step].fields;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}
