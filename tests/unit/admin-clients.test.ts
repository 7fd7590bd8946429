import { describe, expect, it } from 'vitest';
import { paymentMethodLabel } from '../../shared/payment-methods.ts';
import { activityLabel, exportFileName, guestKey, isAccountKey, isFiltered, mergePlan, normalizeTag, noteProblem, paymentStatusLabel, reasonProblem, searchArguments, type MergeCandidate } from '../../src/features/admin/clients/model.ts';
import { validateClientsSearch } from '../../src/features/admin/clients/search.ts';

describe('the clients list in the address', () => {
  it('keeps what is valid and drops what is not, so an old or edited link still opens the list', () => {
    expect(validateClientsSearch({ q: 'Amani', kind: 'guest', tag: 'vip', upcoming: 1, sort: 'spent', desc: 1, page: 2, size: 50 })).toEqual({
      q: 'Amani',
      kind: 'guest',
      tag: 'vip',
      upcoming: 1,
      sort: 'spent',
      desc: 1,
      page: 2,
      size: 50,
    });
    expect(validateClientsSearch({ kind: 'staff', upcoming: 2, sort: 'password', page: 0, size: 30 })).toEqual({});
  });

  it('asks search_clients for the page shown, or any page of the export', () => {
    expect(searchArguments({ q: '  Amani ', kind: 'account', upcoming: 0, sort: 'last_trip', desc: 1, page: 3, size: 50 })).toEqual({
      p_query: 'Amani',
      p_kind: 'account',
      p_tag: undefined,
      p_upcoming: false,
      p_sort: 'last_trip',
      p_descending: true,
      p_limit: 50,
      p_offset: 100,
    });
    expect(searchArguments({ upcoming: 1 }, 2, 500)).toMatchObject({ p_query: undefined, p_upcoming: true, p_sort: 'name', p_descending: false, p_limit: 500, p_offset: 500 });
    expect(searchArguments({})).toMatchObject({ p_upcoming: undefined, p_offset: 0, p_limit: 25 });
  });

  it('says the list is filtered by a search or a filter, not by its order or page', () => {
    expect(isFiltered({ sort: 'spent', desc: 1, page: 4, size: 100 })).toBe(false);
    expect(isFiltered({ tag: 'vip' })).toBe(true);
    expect(isFiltered({ upcoming: 0 })).toBe(true);
  });
});

describe('a client’s key', () => {
  it('is an account’s id or a guest’s email in lower case', () => {
    expect(isAccountKey('0b9f3c1e-2d4a-4c8e-9f1a-3b5c7d9e1f20')).toBe(true);
    expect(isAccountKey('amelia@example.com')).toBe(false);
    expect(guestKey('  Amelia.Hughes@Example.COM ')).toBe('amelia.hughes@example.com');
  });
});

describe('tags, notes and reasons', () => {
  it('keeps a tag as the database does, or says why not', () => {
    expect(normalizeTag('  Repeat   Client ')).toEqual({ tag: 'repeat client', problem: null });
    expect(normalizeTag('VIP')).toEqual({ tag: 'vip', problem: null });
    expect(normalizeTag('   ')).toEqual({ tag: null, problem: 'Type a tag' });
    expect(normalizeTag('no!')).toEqual({ tag: null, problem: 'Letters, digits, spaces and dashes only' });
    expect(normalizeTag('-dash')).toEqual({ tag: null, problem: 'Letters, digits, spaces and dashes only' });
    expect(normalizeTag('x'.repeat(31)).problem).toBe('A tag is 30 characters at most');
  });

  it('refuses an empty or overlong note or reason', () => {
    expect(noteProblem(' \n ')).toBe('Write the note first');
    expect(noteProblem('x'.repeat(2001))).toBe('A note is 2,000 characters at most (this one is 2,001)');
    expect(noteProblem('Vegetarian')).toBeNull();
    expect(reasonProblem('', 'Say why')).toBe('Say why');
    expect(reasonProblem('x'.repeat(501), 'Say why')).toBe('The reason is too long (500 characters at most)');
    expect(reasonProblem('Same passport', 'Say why')).toBeNull();
  });
});

describe('merging two clients', () => {
  const account: MergeCandidate = { client_key: '0b9f3c1e-2d4a-4c8e-9f1a-3b5c7d9e1f20', kind: 'account', name: 'Amelia Hughes', email: 'amelia.hughes@example.com' };
  const otherAccount: MergeCandidate = { ...account, client_key: '1b9f3c1e-2d4a-4c8e-9f1a-3b5c7d9e1f20' };
  const guest: MergeCandidate = { client_key: 'a.hughes@example.com', kind: 'guest', name: 'Amelia Hughes', email: 'a.hughes@example.com' };
  const otherGuest: MergeCandidate = { client_key: 'amelia@example.com', kind: 'guest', name: 'Amelia H', email: 'amelia@example.com' };

  it('always keeps the account, and of two guests the one open', () => {
    expect(mergePlan(account, guest)).toEqual({ keep: account, merge: guest });
    expect(mergePlan(guest, account)).toEqual({ keep: account, merge: guest });
    expect(mergePlan(guest, otherGuest)).toEqual({ keep: guest, merge: otherGuest });
  });

  it('refuses two accounts, and a client with themselves', () => {
    expect(mergePlan(account, otherAccount)).toHaveProperty('problem');
    expect(mergePlan(guest, guest)).toEqual({ problem: 'Choose another client: this is the same one' });
  });
});

describe('words and names', () => {
  it('names the export file after the client and the day', () => {
    expect(exportFileName('Chloé Martin', '2026-11-26')).toBe('client-chloe-martin-2026-11-26.json');
    expect(exportFileName('   ', '2026-11-26')).toBe('client-data-2026-11-26.json');
  });

  it('says payments in the office’s words', () => {
    expect(paymentStatusLabel('succeeded')).toBe('Paid');
    expect(paymentStatusLabel('refund_due')).toBe('Refund owed');
    expect(paymentMethodLabel('mobile_money')).toBe('Mobile money');
  });

  it('reads an activity as words', () => {
    expect(activityLabel('booking_created')).toBe('Booking created');
    expect(activityLabel('wishlist.add')).toBe('Wishlist add');
  });
});
