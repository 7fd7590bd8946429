import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The back office's bookings list (search_bookings): one search box over reference, name, email and
 * phone, filters, order and pages, for staff holding bookings.read only.
 */
let server: TestServer;
let agent: Awaited<ReturnType<TestServer['traveler']>>;
const made: { id: string; booking_reference: string }[] = [];
const marker = `Zanzibar${Date.now().toString(36)}`;

interface Page {
  total: number;
  rows: { id: string; booking_reference: string; client_name: string; client_email: string; payment_state: string; status: string; total_amount: number; start_date: string }[];
}

async function search(args: Record<string, unknown>, client = agent.client): Promise<Page> {
  const { data, error } = await client.rpc('search_bookings', args);
  expect(error).toBeNull();
  return data as Page;
}

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.staff('agent');
  const { rows: departures } = await server.db.query<{ id: string }>(
    `select d.id from public.tour_departures d join public.tours t on t.id = d.tour_id
      where t.status = 'active' and not d.is_private and d.start_date > public.company_today() + 30 and d.capacity - d.seats_booked >= 3
      order by d.start_date limit 3`,
  );
  // Three bookings by guests sharing a marker in their names, on three departures.
  for (const [index, departure] of departures.entries()) {
    const { data, error } = await server.client().rpc('create_booking', {
      p_departure_id: departure.id,
      p_adults: 1,
      p_contact: { full_name: `${marker} Client ${index}`, email: `${marker.toLowerCase()}-${index}@example.com`, phone: `+255 754 00${index} 123` },
    });
    expect(error).toBeNull();
    made.push(data);
  }
  // The second is part paid.
  const paid = await (await server.adminClient()).rpc('record_payment', { p_booking_id: made[1].id, p_amount: 5, p_method: 'cash' });
  expect(paid.error).toBeNull();
});

afterAll(async () => {
  await server.close();
});

describe('search_bookings', () => {
  it('finds a booking by its reference, a name, an email or a phone number however written', async () => {
    expect((await search({ p_query: made[0].booking_reference.toLowerCase() })).rows.map((row) => row.id)).toEqual([made[0].id]);
    expect((await search({ p_query: `${marker} client 2` })).rows.map((row) => row.id)).toEqual([made[2].id]);
    expect((await search({ p_query: `${marker.toLowerCase()}-1@EXAMPLE.com` })).rows.map((row) => row.id)).toEqual([made[1].id]);
    expect((await search({ p_query: '0754 002-123' })).rows.map((row) => row.id)).toEqual([made[2].id]);
    const all = await search({ p_query: marker });
    expect(all.total).toBe(3);
    // LIKE's wildcards are searched for as themselves.
    expect((await search({ p_query: '%' })).total).toBe(0);
  });

  it('filters by payment state and status, and counts every match while returning one page', async () => {
    const partPaid = await search({ p_query: marker, p_payment_state: 'part_paid' });
    expect(partPaid.rows.map((row) => row.id)).toEqual([made[1].id]);
    expect((await search({ p_query: marker, p_payment_state: 'unpaid' })).total).toBe(2);
    expect((await search({ p_query: marker, p_statuses: ['cancelled'] })).total).toBe(0);
    const page = await search({ p_query: marker, p_limit: 2, p_offset: 2 });
    expect(page.total).toBe(3);
    expect(page.rows).toHaveLength(1);
    // A page past the end still says how many there are.
    expect(await search({ p_query: marker, p_limit: 2, p_offset: 10 })).toEqual({ total: 3, rows: [] });
  });

  it('orders by the chosen column either way', async () => {
    const ascending = await search({ p_query: marker, p_sort: 'name', p_descending: false });
    expect(ascending.rows.map((row) => row.client_name)).toEqual([0, 1, 2].map((index) => `${marker} Client ${index}`));
    const descending = await search({ p_query: marker, p_sort: 'name', p_descending: true });
    expect(descending.rows.map((row) => row.client_name)).toEqual([2, 1, 0].map((index) => `${marker} Client ${index}`));
    const byTravel = await search({ p_query: marker, p_sort: 'start_date', p_descending: false });
    expect(byTravel.rows.map((row) => row.start_date)).toEqual([...byTravel.rows.map((row) => row.start_date)].sort());
  });

  it('refuses a bad sort, page or state in words, and staff without bookings.read', async () => {
    for (const [args, message] of [
      [{ p_sort: 'password' }, 'The list cannot be sorted by password'],
      [{ p_limit: 5000 }, 'A page holds 1 to 500 bookings'],
      [{ p_payment_state: 'owed' }, 'Unknown payment state: owed'],
      [{ p_query: 'x'.repeat(201) }, 'The search is too long'],
    ] as const) {
      const { error } = await agent.client.rpc('search_bookings', args);
      expect(error?.message).toBe(message);
    }
    const editor = await server.staff('editor');
    expect((await editor.client.rpc('search_bookings', {})).error?.code).toBe('42501');
    expect((await (await server.traveler()).client.rpc('search_bookings', {})).error?.code).toBe('42501');
  });
});

describe('admin_search, the command palette', () => {
  interface Found {
    kind: string;
    id: string;
    label: string;
  }
  const find = async (client: typeof agent.client, query: string) => {
    const { data, error } = await client.rpc('admin_search', { p_query: query });
    expect(error).toBeNull();
    return data as Found[];
  };

  it('finds a booking by reference or client name, a client by email and a tour by title, as the role may read them', async () => {
    expect(await find(agent.client, made[0].booking_reference)).toContainEqual(expect.objectContaining({ kind: 'booking', id: made[0].id }));
    expect((await find(agent.client, `${marker} client 1`)).filter((found) => found.kind === 'booking').map((found) => found.id)).toEqual([made[1].id]);
    const traveler = await server.traveler({ fullName: `${marker} Account` });
    expect(await find(agent.client, traveler.email)).toContainEqual(expect.objectContaining({ kind: 'client', id: traveler.userId }));
    const [tour] = (await server.db.query<{ id: string; title: string }>(`select id, title from public.tours where status = 'active' order by title limit 1`)).rows;
    expect(await find(agent.client, tour.title.slice(0, 8))).toContainEqual(expect.objectContaining({ kind: 'tour', id: tour.id }));
    // An editor finds tours, never bookings or clients.
    const editor = await server.staff('editor');
    expect((await find(editor.client, made[0].booking_reference)).filter((found) => found.kind !== 'tour')).toEqual([]);
    expect((await find(editor.client, traveler.email)).filter((found) => found.kind !== 'tour')).toEqual([]);
    expect(await find(editor.client, tour.title.slice(0, 8))).toContainEqual(expect.objectContaining({ kind: 'tour', id: tour.id }));
  });

  it('answers nothing for a letter, and refuses travelers', async () => {
    expect(await find(agent.client, 'a')).toEqual([]);
    expect((await (await server.traveler()).client.rpc('admin_search', { p_query: 'serengeti' })).error?.code).toBe('42501');
  });
});


describe('saved views', () => {
  it('are each staff member’s own, fifty per screen at most', async () => {
    const saved = await agent.client.from('saved_views').insert({ screen: 'bookings', name: 'Unpaid soon', search: { payment: 'unpaid', travelUntil: '2027-01-31' } }).select('id, user_id').single();
    expect(saved.error).toBeNull();
    expect(saved.data!.user_id).toBe(agent.userId);
    const colleague = await server.staff('agent');
    expect((await colleague.client.from('saved_views').select('id')).data).toEqual([]);
    expect((await colleague.client.from('saved_views').update({ name: 'Mine now' }).eq('id', saved.data!.id).select('id')).data).toEqual([]);
    // A traveler keeps no views.
    expect((await (await server.traveler()).client.from('saved_views').insert({ screen: 'bookings', name: 'x' })).error?.code).toBe('42501');

    expect((await agent.client.from('saved_views').insert({ screen: 'bookings', name: '   ' })).error?.code).toBe('23514');
    await server.db.query(
      `insert into public.saved_views (user_id, screen, name) select $1, 'bookings', 'View ' || n from generate_series(1, 49) n`,
      [agent.userId],
    );
    const fiftyFirst = await agent.client.from('saved_views').insert({ screen: 'bookings', name: 'One too many' });
    expect(fiftyFirst.error?.message).toBe('You have 50 saved views here already: remove one first');
  });
});

describe('what the search box matches', () => {
  it('finds a booking by the name or email of the account that booked it, when its contact differs', async () => {
    const other = `Kilwa${Date.now().toString(36)}`;
    const booker = await server.traveler({ fullName: `${other} Booker` });
    const [departure] = (
      await server.db.query<{ id: string }>(
        `select d.id from public.tour_departures d join public.tours t on t.id = d.tour_id
          where t.status = 'active' and not d.is_private and d.start_date > public.company_today() + 30 and d.capacity - d.seats_booked >= 1
          order by d.start_date desc limit 1`,
      )
    ).rows;
    const { data, error } = await booker.client.rpc('create_booking', {
      p_departure_id: departure.id,
      p_adults: 1,
      p_contact: { full_name: 'Someone Else', email: 'someone.else@example.com', phone: '+1 555 0100' },
    });
    expect(error).toBeNull();
    expect((await search({ p_query: `${other} booker` })).rows.map((row) => row.id)).toEqual([data.id]);
    expect((await search({ p_query: booker.email.toUpperCase() })).rows.map((row) => row.id)).toEqual([data.id]);
    // The traveler renames themselves: the booking is found by the new name, no longer by the old.
    const renamed = await booker.client.from('users').update({ full_name: `${other} Renamed` }).eq('id', booker.userId).select('id');
    expect(renamed.error).toBeNull();
    expect((await search({ p_query: `${other} renamed` })).rows.map((row) => row.id)).toEqual([data.id]);
    expect((await search({ p_query: `${other} booker` })).total).toBe(0);
  });

  it('matches digits as a phone number only when the words are written as one', async () => {
    // The third booking's phone is +255 754 002 123: its digits match a number however it is spaced,
    // but words holding digits (an email, a name) are matched as they are written.
    expect((await search({ p_query: '(0)754-002 123' })).rows.map((row) => row.id)).toEqual([made[2].id]);
    expect((await search({ p_query: `${marker} 754002` })).total).toBe(0);
  });
});
