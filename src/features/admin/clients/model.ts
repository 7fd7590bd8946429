import type { ClientsSearch } from './search.ts';

/**
 * The clients screens' rules, free of React and the network (tests/unit/admin-clients.test.ts). A
 * client's key is an account's id or, for a guest who booked without an account, their email in
 * lower case: the keys of search_clients, client_details and the notes and tags.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type ClientKind = 'account' | 'guest';

export function isAccountKey(key: string): boolean {
  return UUID.test(key);
}

/** The key of a guest by email, as the database keeps it. */
export function guestKey(email: string): string {
  return email.trim().toLowerCase();
}

/** A tag as the database keeps it (lower case, single spaces), or the field message saying why not. */
export function normalizeTag(input: string): { tag: string; problem: null } | { tag: null; problem: string } {
  const tag = input.trim().toLowerCase().replace(/\s+/g, ' ');
  if (tag === '') return { tag: null, problem: 'Type a tag' };
  if (tag.length > 30) return { tag: null, problem: 'A tag is 30 characters at most' };
  if (!/^[a-z0-9][a-z0-9 -]*$/.test(tag)) return { tag: null, problem: 'Letters, digits, spaces and dashes only' };
  return { tag, problem: null };
}

/** The field message of a note, or null when it may be saved (client_notes' check). */
export function noteProblem(body: string): string | null {
  const trimmed = body.trim();
  if (trimmed === '') return 'Write the note first';
  if (trimmed.length > 2000) return `A note is 2,000 characters at most (this one is ${trimmed.length.toLocaleString('en')})`;
  return null;
}

/** The field message of the reason a merge or an erasure asks for (500 characters, as the database checks). */
export function reasonProblem(reason: string, missing: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return missing;
  if (trimmed.length > 500) return 'The reason is too long (500 characters at most)';
  return null;
}

export interface MergeCandidate {
  client_key: string;
  /** A ClientKind. */
  kind: string;
  name: string;
  email: string;
}

/**
 * Which of two clients is kept and which merged into it: an account is always kept (it is its
 * owner's sign-in), so of an account and a guest the guest goes; of two guests, the one whose page
 * is open is kept. Two accounts cannot be merged.
 */
export function mergePlan(open: MergeCandidate, other: MergeCandidate): { keep: MergeCandidate; merge: MergeCandidate } | { problem: string } {
  if (open.client_key === other.client_key) return { problem: 'Choose another client: this is the same one' };
  if (open.kind === 'account' && other.kind === 'account') return { problem: 'Two accounts cannot be merged: each is its owner’s sign-in. Erase the one no longer used instead.' };
  if (other.kind === 'account') return { keep: other, merge: open };
  return { keep: open, merge: other };
}

/** The name of a client's data export file: their name, as a file name, and the day. */
export function exportFileName(name: string, today: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `client-${slug || 'data'}-${today}.json`;
}

/** A payment's state in the office's words. */
export function paymentStatusLabel(status: string): string {
  return ({ succeeded: 'Paid', pending: 'Pending', failed: 'Failed', refund_due: 'Refund owed', refunded: 'Refunded' } as Record<string, string>)[status] ?? status;
}

/** What an activity log entry says, in words: 'booking_created' reads 'Booking created'. */
export function activityLabel(action: string): string {
  const words = action.replace(/[_.]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

export const CLIENT_KIND_LABELS: Record<ClientKind, string> = {
  account: 'With an account',
  guest: 'Guests (no account)',
};

/** The arguments of search_clients for a page of the list (or, with a page and size given, of the export). */
export function searchArguments(search: ClientsSearch, page = search.page ?? 1, size: number = search.size ?? 25) {
  return {
    p_query: search.q?.trim() || undefined,
    p_kind: search.kind,
    p_tag: search.tag,
    p_upcoming: search.upcoming === undefined ? undefined : search.upcoming === 1,
    p_sort: search.sort ?? 'name',
    p_descending: search.desc === 1,
    p_limit: size,
    p_offset: (page - 1) * size,
  };
}

/** Whether any filter narrows the list (the search box included): the empty state says so. */
export function isFiltered(search: ClientsSearch): boolean {
  const { sort: _sort, desc: _desc, page: _page, size: _size, ...filters } = search;
  return Object.keys(filters).length > 0;
}
