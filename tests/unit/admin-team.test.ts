import { describe, expect, it } from 'vitest';
import { actionsFor, inviteProblems } from '../../src/features/admin/team/model.ts';

const team = [
  { email: 'neema@kilelesafaris.co.tz', kind: 'member', status: 'active' },
  { email: 'amani@kilelesafaris.co.tz', kind: 'invitation', status: 'invited' },
  { email: 'late@example.com', kind: 'invitation', status: 'expired' },
];

describe('the team', () => {
  it('says what is wrong with an invitation at its field, as invite_staff() does', () => {
    expect(inviteProblems({ email: '', role: null }, team)).toEqual({ email: 'Enter the email address to invite', role: 'Choose a role' });
    expect(inviteProblems({ email: 'someone@', role: 'agent' }, team)).toEqual({ email: 'Enter a valid email address, like name@example.com' });
    expect(inviteProblems({ email: ' Neema@KileleSafaris.co.tz ', role: 'agent' }, team)).toEqual({ email: 'This person is already on the team' });
    expect(inviteProblems({ email: 'amani@kilelesafaris.co.tz', role: 'guide' }, team)).toEqual({ email: 'This address has an invitation waiting: resend it from the list' });
    expect(inviteProblems({ email: 'someone@example.com', role: 'traveler' }, team)).toEqual({ role: 'Choose a role' });
    // An expired invitation gives way to a new one.
    expect(inviteProblems({ email: 'late@example.com', role: 'editor' }, team)).toEqual({});
  });

  it('offers no demotion or deactivation of oneself', () => {
    expect(actionsFor({ id: 'me', kind: 'member', status: 'active' }, 'me')).toEqual({ changeRole: false, deactivate: false, reactivate: false, resend: false, revoke: false });
    expect(actionsFor({ id: 'other', kind: 'member', status: 'active' }, 'me')).toMatchObject({ changeRole: true, deactivate: true, reactivate: false });
    expect(actionsFor({ id: 'other', kind: 'member', status: 'deactivated' }, 'me')).toMatchObject({ changeRole: false, deactivate: false, reactivate: true });
    expect(actionsFor({ id: 'invite', kind: 'invitation', status: 'expired' }, 'me')).toMatchObject({ resend: true, revoke: true, changeRole: false });
  });
});
