import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The back office's clients (search_clients, client_details, merge_clients, erase_client,
 * export_client, client_notes and client_tags): every account and guest, one row each, with what
 * they booked and spent; merging duplicates and erasing a person on request, for client staff only.
 */
let server: TestServer;
let agent: Awaited<ReturnType<TestServer['traveler']>>;
let account: Awaited<ReturnType<TestServer['traveler']>>;
let admin: SupabaseClient;
const marker = `Kudu${Date.now().toString(36)}`;
const guestEmail = `${marker.toLowerCase()}-guest@example.com`;
const otherGuestEmail = `${marker.toLowerCase()}-other@example.com`;
let departures: string[];

interface Row {
  client_key: string;
  kind: 'account' | 'guest';
  name: string;
  email: string;
  bookings: number;
  spent_usd: number;
  next_trip: string | null;
  tags: string[];
  account_id: string | null;
}

async function search(args: Record<string, unknown>, client: SupabaseClient = agent.client): Promise<{ total: number; rows: Row[] }> {
  const { data, error } = await client.rpc('search_clients', args);
  expect(error).toBeNull();
  return data as { total: number; rows: Row[] };
}

async function book(client: SupabaseClient, contact: Record<string, string>, departure: string) {
  const { data, error } = await client.rpc('create_booking', { p_departure_id: departure, p_adults: 2, p_contact: contact, p_travelers: [{ full_name: contact.full_name ?? 'Lead' }, { full_name: 'Second Traveler' }] });
  expect(error).toBeNull();
  return data as { id: string; total_amount: number };
}

/** What a client has paid, in US dollars, counted straight from the tables. */
async function spentBySql(where: string, params: unknown[]): Promise<number> {
  const { rows } = await server.db.query<{ usd: string | null }>(
    `select round(sum(b.amount_paid / r.units_per_usd), 2) as usd from public.bookings b join public.currency_rates r on r.currency = b.currency where ${where}`,
    params,
  );
  return Number(rows[0].usd ?? 0);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  agent = await server.staff('agent');
  account = await server.traveler({ fullName: `${marker} Account` });
  departures = (
    await server.db.query<{ id: string }>(
      `select d.id from public.tour_departures d join public.tours t on t.id = d.tour_id
        where t.status = 'active' and not d.is_private and d.start_date > public.company_today() + 30 and d.capacity - d.seats_booked >= 4
        order by d.start_date limit 3`,
    )
  ).rows.map((row) => row.id);
  // The account books once; the same person booked twice before as a guest under another address.
  const own = await book(account.client, { full_name: `${marker} Account`, email: account.email, phone: '+255 754 111 222' }, departures[0]);
  const first = await book(server.client(), { full_name: `${marker} Guest`, email: guestEmail, phone: '+255 713 987 654' }, departures[1]);
  const second = await book(server.client(), { full_name: `${marker} Guest`, email: guestEmail.toUpperCase() }, departures[2]);
  await book(server.client(), { full_name: `${marker} Other`, email: otherGuestEmail }, departures[1]);
  for (const [id, amount] of [[own.id, 100], [first.id, 250.5], [second.id, 40]] as const) {
    expect((await admin.rpc('record_payment', { p_booking_id: id, p_amount: amount, p_method: 'cash' })).error).toBeNull();
  }
}, 120_000);

afterAll(async () => {
  await server.close();
});

describe('search_clients', () => {
  it('lists an account and a guest once each, found by name, email or phone, with bookings and spent as the tables say', async () => {
    const found = await search({ p_query: marker });
    expect(found.total).toBe(3);
    const guest = found.rows.find((row) => row.client_key === guestEmail)!;
    expect(guest).toMatchObject({ kind: 'guest', name: `${marker} Guest`, bookings: 2 });
    expect(guest.spent_usd).toBe(await spentBySql(`b.user_id is null and lower(b.contact ->> 'email') = $1`, [guestEmail]));
    expect(guest.spent_usd).toBeGreaterThan(0);
    expect(guest.next_trip).not.toBeNull();
    const own = found.rows.find((row) => row.client_key === account.userId)!;
    expect(own).toMatchObject({ kind: 'account', email: account.email, bookings: 1 });
    expect(own.spent_usd).toBe(await spentBySql('b.user_id = $1', [account.userId]));

    expect((await search({ p_query: guestEmail.toUpperCase() })).rows.map((row) => row.client_key)).toEqual([guestEmail]);
    expect((await search({ p_query: '0713 987-654' })).rows.map((row) => row.client_key)).toEqual([guestEmail]);
    expect((await search({ p_query: marker, p_kind: 'account' })).rows.map((row) => row.client_key)).toEqual([account.userId]);
    expect((await search({ p_query: marker, p_kind: 'guest' })).total).toBe(2);
    expect((await search({ p_query: marker, p_upcoming: false })).total).toBe(0);
    expect((await search({ p_query: marker, p_upcoming: true })).total).toBe(3);
    // LIKE's wildcards are searched for as themselves.
    expect((await search({ p_query: '%%' })).total).toBe(0);
  });

  it('filters by tag, sorts by spent and counts every client while returning a page', async () => {
    expect((await agent.client.from('client_tags').insert({ client_key: guestEmail, tag: 'vip' })).error).toBeNull();
    expect((await search({ p_query: marker, p_tag: 'vip' })).rows.map((row) => row.client_key)).toEqual([guestEmail]);
    // The filter's choices: each tag once.
    const tags = (await agent.client.rpc('client_tags_in_use')).data as string[];
    expect(tags).toContain('vip');
    expect(new Set(tags).size).toBe(tags.length);
    const everyone = await search({ p_limit: 500 });
    const { rows: counted } = await server.db.query<{ n: number }>(
      `select ((select count(*) from public.users where role = 'traveler')
             + (select count(distinct lower(contact ->> 'email')) from public.bookings where user_id is null and contact ? 'email'))::int as n`,
    );
    expect(everyone.total).toBe(counted[0].n);
    const bySpent = await search({ p_sort: 'spent', p_descending: true, p_limit: 10 });
    expect(bySpent.total).toBe(everyone.total);
    const amounts = bySpent.rows.map((row) => row.spent_usd);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // Each top spender's figure is what the tables say.
    for (const row of bySpent.rows.slice(0, 3)) {
      const where = row.kind === 'account' ? 'b.user_id = $1::uuid' : `b.user_id is null and lower(b.contact ->> 'email') = $1`;
      expect(row.spent_usd).toBe(await spentBySql(where, [row.client_key]));
    }
    const page = await search({ p_query: marker, p_limit: 2, p_offset: 2 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows).toHaveLength(1);
  });

  it('is what the command palette finds clients by: guests as well as accounts', async () => {
    const found = async (query: string) => (await agent.client.rpc('admin_search', { p_query: query })).data as { kind: string; id: string }[];
    expect(await found(otherGuestEmail)).toContainEqual(expect.objectContaining({ kind: 'client', id: otherGuestEmail }));
    expect(await found(account.email)).toContainEqual(expect.objectContaining({ kind: 'client', id: account.userId }));
  });

  it('refuses a bad sort, kind or page in words', async () => {
    for (const [args, message] of [
      [{ p_sort: 'password' }, 'The list cannot be sorted by password'],
      [{ p_kind: 'staff' }, 'A client is an account or a guest, not staff'],
      [{ p_limit: 501 }, 'A page holds 1 to 500 clients'],
    ] as const) {
      expect((await agent.client.rpc('search_clients', args)).error?.message).toBe(message);
    }
  });
});

describe('a client’s page', () => {
  it('shows a guest’s bookings, payments, notes and tags, and the account with the same email', async () => {
    expect((await agent.client.from('client_notes').insert({ client_key: guestEmail, body: 'Travels with a wheelchair' })).error).toBeNull();
    const { data, error } = await agent.client.rpc('client_details', { p_client_key: guestEmail });
    expect(error).toBeNull();
    const details = data as { kind: string; bookings: unknown[]; payments: { amount: number }[]; notes: { body: string }[]; tags: string[]; spent_usd: number };
    expect(details.kind).toBe('guest');
    expect(details.bookings).toHaveLength(2);
    expect(details.payments.map((payment) => payment.amount).sort()).toEqual([250.5, 40]);
    expect(details.notes.map((note) => note.body)).toEqual(['Travels with a wheelchair']);
    expect(details.tags).toEqual(['vip']);
    expect((await agent.client.rpc('client_details', { p_client_key: 'nobody@example.com' })).error?.code).toBe('PT404');
  });

  it('shows an account: its sign-in state, a booking and a payment whole, a conversation and its activity', async () => {
    const threadId = crypto.randomUUID();
    expect((await account.client.from('messages').insert({ thread_id: threadId, subject: `${marker} question`, body: 'Do we need yellow fever shots?' })).error).toBeNull();
    expect((await account.client.rpc('log_user_activity', { p_action: 'profile_update', p_resource_type: 'profile' })).error).toBeNull();
    const { data, error } = await agent.client.rpc('client_details', { p_client_key: account.userId });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      client_key: account.userId,
      kind: 'account',
      user_id: account.userId,
      name: `${marker} Account`,
      email: account.email,
      email_confirmed: true,
      spent_usd: 100,
      tags: [],
      same_email: [],
      threads: [{ thread_id: threadId, subject: `${marker} question`, messages: 1, unread: 1 }],
      activity: [{ action: 'profile_update', resource_type: 'profile', resource_id: null }],
    });
    expect(data.bookings).toEqual([
      {
        id: expect.any(String),
        booking_reference: expect.any(String),
        status: 'pending',
        created_at: expect.any(String),
        tour_title: expect.any(String),
        start_date: expect.any(String),
        end_date: expect.any(String),
        travelers: 2,
        total_amount: expect.any(Number),
        amount_paid: 100,
        currency: 'USD',
        contact_name: `${marker} Account`,
        contact_email: account.email,
      },
    ]);
    expect(data.payments).toEqual([
      { id: expect.any(String), booking_id: data.bookings[0].id, booking_reference: data.bookings[0].booking_reference, amount: 100, currency: 'USD', method: 'cash', status: 'succeeded', paid_at: expect.any(String), created_at: expect.any(String) },
    ]);
    // A guest has no sign-in: null, not missing.
    const guest = await agent.client.rpc('client_details', { p_client_key: otherGuestEmail });
    expect(guest.data).toMatchObject({ kind: 'guest', user_id: null, last_sign_in_at: null, email_confirmed: null, threads: [], activity: [] });
  });
});

describe('merge_clients', () => {
  it('moves a guest’s bookings, notes and tags to the account in one go, with the reason in the audit log', async () => {
    const noReason = await agent.client.rpc('merge_clients', { p_keep: account.userId, p_merge: guestEmail, p_reason: ' ' });
    expect(noReason.error?.message).toBe('Please say why these are one person');
    expect((await agent.client.rpc('merge_clients', { p_keep: guestEmail, p_merge: account.userId, p_reason: 'x' })).error?.code).toBe('22023');

    const { data, error } = await agent.client.rpc('merge_clients', { p_keep: account.userId, p_merge: guestEmail, p_reason: 'Same passport on both bookings' });
    expect(error).toBeNull();
    expect(data).toEqual({ bookings: 2, notes: 1, tags: 1 });
    const { rows: left } = await server.db.query(`select 1 from public.bookings where user_id is null and lower(contact ->> 'email') = $1`, [guestEmail]);
    expect(left).toEqual([]);
    const found = await search({ p_query: marker });
    expect(found.rows.map((row) => row.client_key).sort()).toEqual([account.userId, otherGuestEmail].sort());
    const kept = found.rows.find((row) => row.client_key === account.userId)!;
    expect(kept).toMatchObject({ bookings: 3, tags: ['vip'] });
    expect(kept.spent_usd).toBe(await spentBySql('b.user_id = $1', [account.userId]));
    expect((await server.db.query(`select body from public.client_notes where client_key = $1`, [account.userId])).rows).toEqual([{ body: 'Travels with a wheelchair' }]);

    const { rows: audit } = await server.db.query<{ table_name: string; reason: string; actor_id: string }>(
      `select table_name, reason, actor_id from public.audit_log where (table_name = 'clients' and record_id = $1) or (table_name = 'bookings' and reason like 'Clients merged:%' and new_values ->> 'user_id' = $1)`,
      [account.userId],
    );
    expect(audit.filter((entry) => entry.table_name === 'clients')).toEqual([{ table_name: 'clients', reason: 'Same passport on both bookings', actor_id: agent.userId }]);
    expect(audit.filter((entry) => entry.table_name === 'bookings')).toHaveLength(2);
  });
});

describe('export_client and erase_client', () => {
  it('exports what is held about a person, then erases it while the bookings and payments stay with their amounts', async () => {
    const exported = await agent.client.rpc('export_client', { p_client_key: account.userId });
    expect(exported.error).toBeNull();
    const held = exported.data as { profile: { email: string }; bookings: unknown[]; payments: unknown[] };
    expect(held.profile.email).toBe(account.email);
    expect(held.bookings).toHaveLength(3);
    expect(held.payments).toHaveLength(3);

    const before = (await server.db.query<{ id: string; total_amount: string; amount_paid: string }>(`select id, total_amount, amount_paid from public.bookings where user_id = $1 order by id`, [account.userId])).rows;
    const payments = (await server.db.query(`select id, amount, status from public.payments where booking_id = any($1::uuid[]) order by id`, [before.map((row) => row.id)])).rows;
    expect((await agent.client.rpc('erase_client', { p_client_key: account.userId, p_reason: '' })).error?.message).toBe('Please give the request this erasure answers');
    const { data, error } = await agent.client.rpc('erase_client', { p_client_key: account.userId, p_reason: 'Email from the client, 26 Nov' });
    expect(error).toBeNull();
    expect(data).toEqual({ bookings: 3, payments: 3, account_deleted: true });

    const after = (await server.db.query<{ id: string; user_id: string | null; total_amount: string; amount_paid: string; contact: object; travelers: { full_name: string }[] }>(
      `select id, user_id, total_amount, amount_paid, contact, travelers from public.bookings where id = any($1::uuid[]) order by id`,
      [before.map((row) => row.id)],
    )).rows;
    expect(after.map(({ id, total_amount, amount_paid }) => ({ id, total_amount, amount_paid }))).toEqual(before);
    for (const booking of after) {
      expect(booking.user_id).toBeNull();
      expect(booking.contact).toEqual({ full_name: 'Erased client' });
      expect(booking.travelers.map((traveler) => traveler.full_name)).toEqual(['Traveler 1', 'Traveler 2']);
    }
    expect((await server.db.query(`select id, amount, status from public.payments where booking_id = any($1::uuid[]) order by id`, [before.map((row) => row.id)])).rows).toEqual(payments);
    expect((await server.db.query(`select 1 from auth.users where id = $1`, [account.userId])).rows).toEqual([]);
    expect((await server.db.query(`select 1 from public.client_notes where client_key = $1`, [account.userId])).rows).toEqual([]);
    const { rows: stored } = await server.db.query(`select 1 from public.bookings where contact::text ilike $1 or travelers::text ilike $1`, [`%${marker} Guest%`]);
    expect(stored).toEqual([]);
    expect((await search({ p_query: marker })).rows.map((row) => row.client_key)).toEqual([otherGuestEmail]);
    const { rows: audit } = await server.db.query(`select reason from public.audit_log where table_name = 'clients' and record_id = $1 and action = 'delete'`, [account.userId]);
    expect(audit).toEqual([{ reason: 'Email from the client, 26 Nov' }]);
  });

  it('erases a guest by email', async () => {
    const { data, error } = await agent.client.rpc('erase_client', { p_client_key: otherGuestEmail, p_reason: 'Asked by phone' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ bookings: 1, account_deleted: false });
    expect((await search({ p_query: marker })).total).toBe(0);
  });
});

describe('the list’s directory', () => {
  it('stays what the tables say through bookings, payments, merges, erasures and new exchange rates', async () => {
    // Rows kept that differ from the tables, and rows the tables give that are not kept.
    const drift = async () =>
      (
        await server.db.query(
          `(select 'kept' as side, * from public.client_directory except select 'kept', * from public.client_directory_rows(null))
           union all (select 'computed', * from public.client_directory_rows(null) except select 'computed', * from public.client_directory)`,
        )
      ).rows;
    expect(await drift()).toEqual([]);
    const { rows } = await server.db.query<{ currency: string }>(`select currency from public.currency_rates where currency <> 'USD' limit 1`);
    await server.db.query(`update public.currency_rates set units_per_usd = units_per_usd * 2 where currency = $1`, [rows[0].currency]);
    expect(await drift()).toEqual([]);
  });
});

describe('who may', () => {
  it('refuses editors, travelers and visitors in the database, and keeps notes and tags from them', async () => {
    const editor = await server.staff('editor');
    const traveler = await server.traveler();
    for (const client of [editor.client, traveler.client, server.client()]) {
      for (const [name, args] of [
        ['search_clients', {}],
        ['client_details', { p_client_key: agent.userId }],
        ['merge_clients', { p_keep: agent.userId, p_merge: 'someone@example.com', p_reason: 'x' }],
        ['erase_client', { p_client_key: 'someone@example.com', p_reason: 'x' }],
        ['export_client', { p_client_key: 'someone@example.com' }],
        ['client_tags_in_use', {}],
      ] as const) {
        expect((await client.rpc(name, args)).error?.code, name).toBe('42501');
      }
      expect((await client.from('client_notes').insert({ client_key: 'someone@example.com', body: 'x' })).error?.code).toBe('42501');
      expect((await client.from('client_tags').select('id')).data ?? []).toEqual([]);
    }
    // An admin may, as an agent does.
    expect((await admin.rpc('search_clients', { p_limit: 1 })).error).toBeNull();
  });
});
