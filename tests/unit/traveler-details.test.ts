import { describe, expect, it } from 'vitest';
import { detailLines, detailsOf, detailsToSave, refusedField, travelerDetailProblems } from '@/lib/traveler-details.ts';

describe('a traveler’s details', () => {
  const blank = detailsOf({});

  it('are checked as the database checks them, in its words', () => {
    expect(travelerDetailProblems({ ...blank, dietary_needs: 'x'.repeat(501) }, '2026-11-27', { nameRequired: false })).toEqual({ dietary_needs: 'Dietary needs are up to 500 characters' });
    expect(travelerDetailProblems({ ...blank, date_of_birth: '2026-11-28' }, '2026-11-27', { nameRequired: false })).toEqual({ date_of_birth: 'The date of birth is a day in the past' });
    expect(travelerDetailProblems({ ...blank, passport_expiry: '2030-02-30' }, '2026-11-27', { nameRequired: false })).toEqual({ passport_expiry: 'Give the date as year, month and day' });
    expect(travelerDetailProblems({ ...blank, emergency_contact_phone: 'call me' }, '2026-11-27', { nameRequired: false })).toEqual({ emergency_contact_phone: 'The emergency phone is digits, with + ( ) - or spaces' });
    expect(travelerDetailProblems(blank, '2026-11-27', { nameRequired: true })).toEqual({ full_name: 'Give the traveler’s full name' });
    expect(travelerDetailProblems({ ...blank, date_of_birth: '2018-03-04', emergency_contact_phone: '+255 (0) 754-123 456' }, '2026-11-27', { nameRequired: false })).toEqual({});
  });

  it('are sent trimmed, a blank removing one, and the name only when asked', () => {
    const saved = detailsToSave({ ...blank, full_name: 'Ann', dietary_needs: '  Vegan ' }, { withName: false });
    expect(saved).not.toHaveProperty('full_name');
    expect(saved).toMatchObject({ dietary_needs: 'Vegan', medical_notes: '' });
    expect(detailsToSave({ ...blank, full_name: ' Ann ' }, { withName: true })).toMatchObject({ full_name: 'Ann' });
  });

  it('are listed under the traveler’s name, and a refusal names its field', () => {
    expect(detailLines({ full_name: 'Ann', dietary_needs: 'Vegan', emergency_contact_name: 'Bo', emergency_contact_phone: '+46 1' })).toEqual(['Dietary: Vegan', 'Emergency: Bo, +46 1']);
    expect(refusedField({ hint: 'medical_notes' })).toBe('medical_notes');
    expect(refusedField({ hint: 'role' })).toBeNull();
  });
});
