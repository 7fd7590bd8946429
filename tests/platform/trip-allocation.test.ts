import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay } from '../helpers/company-days.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Guides and vehicles on trips (departure_guides, departure_vehicles): the allocation rules the
 * database keeps whoever writes, each refusal naming its rule and its trip; the records' own field
 * rules; and who may read and change them.
 */
let server: TestServer;
let admin: SupabaseClient;
let agent: SupabaseClient;
let guideAccount: Awaited<ReturnType<TestServer['traveler']>>;
let tourId: string;
let tourTitle: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];

/** A trip of the tour from `from` days ahead, lasting `days`. */
async function trip(from: number, days = 5): Promise<string> {
  return (
    await one<{ id: string }>(
      `insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ($1, public.company_today() + $2::int, public.company_today() + $2::int + $3::int - 1, 20) returning id`,
      [tourId, from, days],
    )
  ).id;
}

async function newGuide(fields: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await admin.from('guides').insert({ full_name: 'Joseph Mollel', languages: ['en', 'sw'], ...fields }).select('id').single();
  expect(error).toBeNull();
  return data!.id;
}

async function newVehicle(fields: Record<string, unknown> = {}): Promise<string> {
  const registration = `T ${Math.floor(Math.random() * 900 + 100)} ${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const { data, error } = await admin.from('vehicles').insert({ name: 'Land Cruiser', registration, seats: 7, ...fields }).select('id').single();
  expect(error).toBeNull();
  return data!.id;
}

const assignGuide = (client: SupabaseClient, departureId: string, guideId: string) =>
  client.from('departure_guides').insert({ departure_id: departureId, guide_id: guideId }).select('guide_id');
const assignVehicle = (client: SupabaseClient, departureId: string, vehicleId: string, travelers: number) =>
  client.from('departure_vehicles').insert({ departure_id: departureId, vehicle_id: vehicleId, travelers }).select('vehicle_id');

/** A day from the company's today, as trip() counts (from 21:00 UTC Arusha is a day ahead of UTC). */
const day = companyDay;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  const staff = await server.staff('agent', { fullName: 'Allocation Agent' });
  agent = staff.client;
  guideAccount = await server.staff('guide', { fullName: 'Neema Guide' });
  ({ id: tourId, title: tourTitle } = await one<{ id: string; title: string }>(`select id, title from public.tours where status = 'active' order by slug limit 1`));
});

afterAll(async () => {
  await server?.close();
});

describe('a guide on trips', () => {
  it('is never on two overlapping trips, and the refusal names the other trip', async () => {
    const guide = await newGuide();
    const first = await trip(500);
    const overlapping = await trip(503);
    const after = await trip(505);
    expect((await assignGuide(admin, first, guide)).error).toBeNull();
    const refused = await assignGuide(admin, overlapping, guide);
    expect(refused.error).toMatchObject({ code: '23514', hint: 'guide_id' });
    expect(refused.error?.message).toBe(`Joseph Mollel already guides ${tourTitle}, ${label(500)} – ${label(504)}: a guide is on one trip at a time`);
    // The day after the first trip ends is free.
    expect((await assignGuide(admin, after, guide)).error).toBeNull();
    // A cancelled trip frees its guide.
    await server.db.query(`update public.tour_departures set status = 'cancelled' where id = $1`, [first]);
    expect((await assignGuide(admin, overlapping, guide)).error?.message).toContain(`already guides ${tourTitle}, ${label(505)}`);
  });

  it('is kept off a trip by leave and by a licence that lapses before the trip ends, not by a certification', async () => {
    const guide = await newGuide({ full_name: 'Baraka Kimaro' });
    const onLeave = await trip(600);
    expect((await admin.from('guide_leave').insert({ guide_id: guide, starts_on: day(598), ends_on: day(601), reason: 'Family' })).error).toBeNull();
    expect((await assignGuide(admin, onLeave, guide)).error?.message).toBe(`Baraka Kimaro is on leave from ${label(598)} to ${label(601)}`);

    const later = await trip(620);
    expect((await admin.from('guide_credentials').insert({ guide_id: guide, kind: 'certification', name: 'Birding course', expires_on: day(610) })).error).toBeNull();
    expect((await admin.from('guide_credentials').insert({ guide_id: guide, kind: 'licence', name: 'TALA guide licence', issued_on: day(-300), expires_on: day(622) })).error).toBeNull();
    expect((await assignGuide(admin, later, guide)).error?.message).toBe(`Baraka Kimaro’s TALA guide licence expires on ${label(622)}, before the trip ends`);
    await server.db.query(`update public.guide_credentials set expires_on = public.company_today() + 700 where guide_id = $1 and kind = 'licence'`, [guide]);
    expect((await assignGuide(admin, later, guide)).error).toBeNull();
  });

  it('counts a renewed licence, not the one it replaced; the dashboard lists only the one in force', async () => {
    const guide = await newGuide({ full_name: 'Renewed Licence' });
    const later = await trip(640);
    const licence = (expires: number, name = 'TALA guide licence') => admin.from('guide_credentials').insert({ guide_id: guide, kind: 'licence', name, issued_on: day(-1000), expires_on: day(expires) });
    expect((await licence(-30)).error).toBeNull();
    expect((await assignGuide(admin, later, guide)).error?.message).toBe(`Renewed Licence’s TALA guide licence expires on ${label(-30)}, before the trip ends`);
    // Renewed (written a little differently): the old one is history.
    expect((await licence(700, 'TALA Guide Licence ')).error).toBeNull();
    expect((await assignGuide(admin, later, guide)).error).toBeNull();
    const { data } = await agent.rpc('operations_due', {});
    const papers = (data as { due: { record_id: string; due_on: string }[] }).due.filter((row) => row.record_id === guide);
    expect(papers).toEqual([]);
  });

  it('keeps a trip from moving onto dates its guide cannot take', async () => {
    const guide = await newGuide({ full_name: 'Amani Laizer' });
    const first = await trip(700);
    const second = await trip(710);
    expect((await assignGuide(admin, first, guide)).error).toBeNull();
    expect((await assignGuide(admin, second, guide)).error).toBeNull();
    const moved = await admin.from('tour_departures').update({ start_date: day(702), end_date: day(706) }).eq('id', second).select('id');
    expect(moved.error?.message).toBe(`The trip cannot move: Amani Laizer already guides ${tourTitle}, ${label(700)} – ${label(704)}: a guide is on one trip at a time`);
    expect((await one<{ start_date: string }>(`select start_date::text from public.tour_departures where id = $1`, [second])).start_date).toBe(day(710));
  });
});

describe('a vehicle on trips', () => {
  it('carries no more travelers than its seats, and a trip may have several', async () => {
    const cruiser = await newVehicle({ name: 'Land Cruiser', registration: 'T 321 DXA', seats: 7 });
    const second = await newVehicle({ name: 'Land Cruiser', seats: 6 });
    const departure = await trip(800);
    const refused = await assignVehicle(admin, departure, cruiser, 9);
    expect(refused.error).toMatchObject({ code: '23514', hint: 'travelers', message: 'Land Cruiser (T 321 DXA) has 7 seats: it cannot carry 9 travelers' });
    expect((await assignVehicle(admin, departure, cruiser, 7)).error).toBeNull();
    expect((await assignVehicle(admin, departure, second, 2)).error).toBeNull();
    const raised = await admin.from('departure_vehicles').update({ travelers: 8 }).eq('departure_id', departure).eq('vehicle_id', cruiser).select('travelers');
    expect(raised.error?.message).toBe('Land Cruiser (T 321 DXA) has 7 seats: it cannot carry 8 travelers');
  });

  it('is never on two overlapping trips, off the road, uninsured or due for service during one', async () => {
    const vehicle = await newVehicle({ name: 'Coaster', registration: 'T 555 CST', seats: 25, insurance_expires_on: day(920), next_service_on: day(950) });
    const first = await trip(900);
    expect((await assignVehicle(admin, first, vehicle, 10)).error).toBeNull();
    expect((await assignVehicle(admin, await trip(902), vehicle, 4)).error?.message).toBe(
      `Coaster (T 555 CST) is already on ${tourTitle}, ${label(900)} – ${label(904)}: a vehicle is on one trip at a time`,
    );
    expect((await admin.from('vehicle_out_of_service').insert({ vehicle_id: vehicle, starts_on: day(906), ends_on: day(908), reason: 'new tyres' })).error).toBeNull();
    expect((await assignVehicle(admin, await trip(907), vehicle, 4)).error?.message).toBe(`Coaster (T 555 CST) is off the road from ${label(906)} to ${label(908)} (new tyres)`);
    expect((await assignVehicle(admin, await trip(917), vehicle, 4)).error?.message).toBe(`Coaster (T 555 CST) is insured until ${label(920)}, before the trip ends`);
    await server.db.query(`update public.vehicles set insurance_expires_on = public.company_today() + 2000 where id = $1`, [vehicle]);
    expect((await assignVehicle(admin, await trip(947), vehicle, 4)).error?.message).toBe(`Coaster (T 555 CST) is due for its service on ${label(950)}, before the trip ends`);
  });

  it('goes to one of two staff assigning it at the same moment; the other is told why', async () => {
    const vehicle = await newVehicle({ name: 'Minibus', registration: 'T 777 MNB', seats: 12 });
    const [first, second] = [await trip(1000), await trip(1001)];
    const admin2 = await server.adminClient();
    const answers = await Promise.all([assignVehicle(admin, first, vehicle, 3), assignVehicle(admin2, second, vehicle, 3)]);
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
    const loser = answers.find((answer) => answer.error !== null)!;
    expect(loser.error?.message).toMatch(/^Minibus \(T 777 MNB\) is already on .+: a vehicle is on one trip at a time$/);
    expect((await one<{ count: number }>(`select count(*)::int as count from public.departure_vehicles where vehicle_id = $1`, [vehicle])).count).toBe(1);
  });
});

describe('the records of guides and vehicles already on trips', () => {
  const count = async (sql: string, id: string) => (await one<{ count: number }>(sql, [id])).count;

  it('refuse leave, a lapsing licence or leaving the team over a trip the guide leads, naming it and writing nothing; trips over do not count', async () => {
    const guide = await newGuide({ full_name: 'Rehema Swai' });
    const departure = await trip(1300);
    const leads = `and leads ${tourTitle}, ${label(1300)} – ${label(1304)}: give that trip another guide first`;
    expect((await assignGuide(admin, departure, guide)).error).toBeNull();

    const leave = await admin.from('guide_leave').insert({ guide_id: guide, starts_on: day(1302), ends_on: day(1303) }).select('id');
    expect(leave.error).toMatchObject({ code: '23514', hint: 'starts_on', message: `Rehema Swai is on leave from ${label(1302)} to ${label(1303)}, ${leads}` });
    const licence = await admin.from('guide_credentials').insert({ guide_id: guide, kind: 'licence', name: 'TALA guide licence', issued_on: day(-10), expires_on: day(1301) }).select('id');
    expect(licence.error).toMatchObject({ hint: 'expires_on', message: `Rehema Swai’s TALA guide licence expires on ${label(1301)}, before the trip ends, ${leads}` });
    const retired = await admin.from('guides').update({ active: false }).eq('id', guide).select('id');
    expect(retired.error).toMatchObject({ hint: 'active', message: `Rehema Swai is no longer an active guide, ${leads}` });
    expect(await count(`select count(*)::int as count from public.guide_leave where guide_id = $1`, guide)).toBe(0);
    expect(await count(`select count(*)::int as count from public.guide_credentials where guide_id = $1`, guide)).toBe(0);
    expect(await count(`select count(*)::int as count from public.guides where id = $1 and active`, guide)).toBe(1);

    // Leave after the trip, a licence lasting it, and a trip already over are no obstacle.
    expect((await admin.from('guide_leave').insert({ guide_id: guide, starts_on: day(1305), ends_on: day(1306) })).error).toBeNull();
    expect((await admin.from('guide_credentials').insert({ guide_id: guide, kind: 'licence', name: 'TALA guide licence', expires_on: day(1400) })).error).toBeNull();
    const over = await trip(-10, 3);
    await server.db.query(`insert into public.departure_guides (departure_id, guide_id) values ($1, $2)`, [over, guide]);
    expect((await admin.from('guide_leave').insert({ guide_id: guide, starts_on: day(-9), ends_on: day(-8) })).error).toBeNull();
    // Once the trip has another guide, the leave goes in.
    await admin.from('departure_guides').delete().eq('departure_id', departure).eq('guide_id', guide);
    expect((await admin.from('guide_leave').insert({ guide_id: guide, starts_on: day(1302), ends_on: day(1303) })).error).toBeNull();
  });

  it('refuse time off the road, fewer seats than its travelers, or insurance or a service lapsing, over a trip the vehicle is on', async () => {
    const vehicle = await newVehicle({ name: 'Cruiser', registration: 'T 888 KPT', seats: 7 });
    const departure = await trip(1400);
    const onTrip = `and it is on ${tourTitle}, ${label(1400)} – ${label(1404)}: give that trip another vehicle first`;
    expect((await assignVehicle(admin, departure, vehicle, 6)).error).toBeNull();

    const garage = await admin.from('vehicle_out_of_service').insert({ vehicle_id: vehicle, starts_on: day(1401), ends_on: day(1401), reason: 'gearbox' }).select('id');
    expect(garage.error).toMatchObject({ code: '23514', hint: 'starts_on', message: `Cruiser (T 888 KPT) is off the road from ${label(1401)} to ${label(1401)} (gearbox), ${onTrip}` });
    const changes: [Record<string, unknown>, string, string][] = [
      [{ seats: 5 }, 'seats', `Cruiser (T 888 KPT) has 5 seats: it cannot carry 6 travelers, ${onTrip}`],
      [{ insurance_expires_on: day(1402) }, 'insurance_expires_on', `Cruiser (T 888 KPT) is insured until ${label(1402)}, before the trip ends, ${onTrip}`],
      [{ next_service_on: day(1403) }, 'next_service_on', `Cruiser (T 888 KPT) is due for its service on ${label(1403)}, before the trip ends, ${onTrip}`],
      [{ active: false }, 'active', `Cruiser (T 888 KPT) is no longer in use, ${onTrip}`],
    ];
    for (const [change, hint, message] of changes) {
      const { error } = await admin.from('vehicles').update(change).eq('id', vehicle).select('id');
      expect(error, JSON.stringify(change)).toMatchObject({ code: '23514', hint, message });
    }
    expect(await count(`select count(*)::int as count from public.vehicle_out_of_service where vehicle_id = $1`, vehicle)).toBe(0);
    expect(await one(`select seats, insurance_expires_on, next_service_on, active from public.vehicles where id = $1`, [vehicle])).toEqual({ seats: 7, insurance_expires_on: null, next_service_on: null, active: true });
    // More seats, and dates after the trip, are no obstacle.
    expect((await admin.from('vehicles').update({ seats: 8, insurance_expires_on: day(1500), next_service_on: day(1405) }).eq('id', vehicle).select('id')).error).toBeNull();
  });
});

describe('the records', () => {
  it('refuse bad input in words naming the field, and write nothing', async () => {
    const refusals: [string, Record<string, unknown>, string, string][] = [
      ['vehicles', { name: 'Land Cruiser', registration: 'T 1 ZRO', seats: 0 }, 'seats', 'A vehicle has 1 to 60 seats for travelers'],
      ['vehicles', { name: 'Land Cruiser', registration: '!', seats: 7 }, 'registration', 'The registration is 2 to 15 letters, digits, spaces or dashes'],
      ['guides', { full_name: ' ' }, 'full_name', 'Give the guide’s name, up to 120 characters'],
      ['guides', { full_name: 'Rate', day_rate: -5 }, 'day_rate', 'The day rate is from 0 to 100,000'],
    ];
    for (const [table, row, hint, message] of refusals) {
      const { error } = await admin.from(table).insert(row).select('id');
      expect(error, JSON.stringify(row)).toMatchObject({ code: '23514', hint, message });
    }
    const guide = await newGuide({ full_name: 'Credential Check' });
    const backwards = await admin.from('guide_credentials').insert({ guide_id: guide, kind: 'licence', name: 'TALA', issued_on: day(10), expires_on: day(5) }).select('id');
    expect(backwards.error).toMatchObject({ code: '23514', hint: 'expires_on', message: 'It cannot expire before it was issued' });
    const leave = await admin.from('guide_leave').insert({ guide_id: guide, starts_on: day(10), ends_on: day(5) }).select('id');
    expect(leave.error).toMatchObject({ hint: 'ends_on', message: 'The last day cannot be before the first' });
    expect((await one<{ count: number }>(`select count(*)::int as count from public.guide_credentials where guide_id = $1`, [guide])).count).toBe(0);
    expect((await one<{ count: number }>(`select count(*)::int as count from public.vehicles where registration in ('T 1 ZRO', '!')`)).count).toBe(0);
  });

  it('link a guide account to one guide only, and only an account with the guide role; a registration is on one vehicle', async () => {
    const traveler = await server.traveler({ fullName: 'Not A Guide' });
    const notGuide = await admin.from('guides').insert({ full_name: 'Linked Wrongly', user_id: traveler.userId }).select('id');
    expect(notGuide.error).toMatchObject({ hint: 'user_id', message: 'Only an account with the guide role can be linked to a guide' });

    const account = await server.staff('guide', { fullName: 'Second Guide Account' });
    await newGuide({ full_name: 'First Holder', user_id: account.userId });
    const twice = await newGuide({ full_name: 'Second Holder' });
    const again = await admin.from('guides').update({ user_id: account.userId }).eq('id', twice).select('id');
    expect(again.error).toMatchObject({ code: '23505', hint: 'user_id', message: 'This account is already linked to another guide' });

    await newVehicle({ registration: 't 808 dup' });
    const copy = await admin.from('vehicles').insert({ name: 'Copy', registration: 'T 808 DUP ', seats: 4 }).select('id');
    expect(copy.error).toMatchObject({ code: '23505', hint: 'registration', message: 'Another vehicle has the registration T 808 DUP' });
    expect((await one<{ count: number }>(`select count(*)::int as count from public.vehicles where registration = 'T 808 DUP'`)).count).toBe(1);
  });

  it('are read by agents and changed by admins only; a guide reads their own record and the trips they lead', async () => {
    expect((await agent.from('guides').insert({ full_name: 'Agent Made' }).select('id')).error?.code).toBe('42501');
    expect((await agent.from('vehicles').select('id')).data?.length).toBeGreaterThan(0);

    const mine = await newGuide({ full_name: 'Neema Guide', user_id: guideAccount.userId });
    const theirs = await newGuide({ full_name: 'Someone Else' });
    const [led, notLed] = [await trip(1100), await trip(1100)];
    const vehicle = await newVehicle();
    expect((await assignGuide(admin, led, mine)).error).toBeNull();
    expect((await assignGuide(admin, notLed, theirs)).error).toBeNull();
    expect((await assignVehicle(admin, led, vehicle, 2)).error).toBeNull();

    const seen = guideAccount.client;
    expect((await seen.from('guides').select('id')).data).toEqual([{ id: mine }]);
    expect((await seen.from('departure_guides').select('departure_id')).data).toEqual([{ departure_id: led }]);
    expect((await seen.from('departure_vehicles').select('vehicle_id')).data).toEqual([{ vehicle_id: vehicle }]);
    expect((await seen.from('vehicles').select('id')).data).toEqual([{ id: vehicle }]);
    expect((await seen.from('departure_guides').insert({ departure_id: notLed, guide_id: mine }).select('guide_id')).error?.code).toBe('42501');
    // A traveler sees none of it.
    const traveler = (await server.traveler()).client;
    expect((await traveler.from('guides').select('id')).data).toEqual([]);
    expect((await traveler.from('departure_vehicles').select('vehicle_id')).data).toEqual([]);
  });
});

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day ahead as the refusals write it: '3 Dec 2027'. */
function label(offset: number): string {
  const [year, month, date] = day(offset).split('-').map(Number);
  return `${date} ${months[month - 1]} ${year}`;
}

describe('the dashboard’s operations card (operations_due)', () => {
  it('lists every booked trip ahead lacking a guide, a vehicle or seats, and the papers and services due within 60 days', async () => {
    const today = day(1500);
    const staffed = await trip(1502);
    const noGuide = await trip(1503);
    const short = await trip(1504);
    const later = await trip(1520);
    for (const id of [staffed, noGuide, short, later]) await server.db.query(`update public.tour_departures set seats_booked = 3 where id = $1`, [id]);
    const [guide, other] = [await newGuide({ full_name: 'Due Guide' }), await newGuide({ full_name: 'Other Due Guide' })];
    const [big, small, third] = [await newVehicle({ seats: 7 }), await newVehicle({ seats: 7 }), await newVehicle({ seats: 7 })];
    expect((await assignGuide(admin, staffed, guide)).error).toBeNull();
    expect((await assignVehicle(admin, staffed, big, 3)).error).toBeNull();
    expect((await assignVehicle(admin, noGuide, small, 3)).error).toBeNull();
    expect((await assignGuide(admin, short, other)).error).toBeNull();
    expect((await assignVehicle(admin, short, third, 2)).error).toBeNull();

    await admin.from('guide_credentials').insert([
      { guide_id: guide, kind: 'first_aid', name: 'Due first aid', expires_on: day(1530) },
      { guide_id: guide, kind: 'licence', name: 'Far licence', expires_on: day(1561) },
    ]);
    // Due after its trip (1503 to 1507): due before it ends is refused while it is on the trip.
    expect((await admin.from('vehicles').update({ insurance_expires_on: day(1540), next_service_on: day(1510) }).eq('id', small).select('id')).error).toBeNull();
    const retired = await newVehicle({ insurance_expires_on: day(1510), active: false });

    const { data, error } = await agent.rpc('operations_due', { p_today: today });
    expect(error).toBeNull();
    const answer = data as { unstaffed: { departure_id: string; missing: string[] }[]; due: { record_id: string; kind: string; what: string; due_on: string }[] };
    const mine = answer.unstaffed.filter((row) => [staffed, noGuide, short, later].includes(row.departure_id));
    // However far ahead: the trip three weeks out is there too.
    expect(mine).toEqual([
      expect.objectContaining({ departure_id: noGuide, missing: ['guide'], cannot_staff: [] }),
      expect.objectContaining({ departure_id: short, missing: ['seats'], cannot_staff: [] }),
      expect.objectContaining({ departure_id: later, missing: ['guide', 'vehicle'], cannot_staff: [] }),
    ]);
    const papers = answer.due.filter((row) => [guide, small, retired].includes(row.record_id)).map((row) => [row.what, row.due_on]);
    expect(papers).toEqual([
      ['Service', day(1510)],
      ['Due first aid', day(1530)],
      ['Insurance', day(1540)],
    ]);
    // Independently: the card's trips are exactly those the rule names.
    const { count } = await one<{ count: number }>(
      `select count(*)::int as count from public.tour_departures d
        where d.status <> 'cancelled' and d.seats_booked > 0 and d.start_date >= $1::date
          and (not exists (select 1 from public.departure_guides g where g.departure_id = d.id)
               or coalesce((select sum(v.travelers) from public.departure_vehicles v where v.departure_id = d.id), 0) < d.seats_booked)`,
      [today],
    );
    expect(answer.unstaffed).toHaveLength(count);
    expect((await (await server.traveler()).client.rpc('operations_due')).error?.code).toBe('42501');
  });

  it('flags a trip nobody is free to take, first, and the pickers say who is free and why not', async () => {
    const today = day(1600);
    const booked = await trip(1640);
    const open = await trip(1660);
    for (const id of [booked, open]) await server.db.query(`update public.tour_departures set seats_booked = 4 where id = $1`, [id]);
    // Every active guide on leave and every vehicle off the road over the first trip's dates.
    const { rows: leave } = await server.db.query<{ id: string }>(
      `insert into public.guide_leave (guide_id, starts_on, ends_on, reason) select id, $1::date, $2::date, 'Company retreat' from public.guides where active returning id`,
      [day(1638), day(1646)],
    );
    const { rows: offRoad } = await server.db.query<{ id: string }>(
      `insert into public.vehicle_out_of_service (vehicle_id, starts_on, ends_on, reason) select id, $1::date, $2::date, 'Fleet refit' from public.vehicles where active returning id`,
      [day(1638), day(1646)],
    );
    try {
      const { data, error } = await agent.rpc('operations_due', { p_today: today });
      expect(error).toBeNull();
      const unstaffed = (data as { unstaffed: { departure_id: string; missing: string[]; cannot_staff: string[] }[] }).unstaffed;
      expect(unstaffed[0]).toEqual(expect.objectContaining({ departure_id: booked, missing: ['guide', 'vehicle'], cannot_staff: ['guide', 'vehicle'] }));
      expect(unstaffed.find((row) => row.departure_id === open)).toEqual(expect.objectContaining({ missing: ['guide', 'vehicle'], cannot_staff: [] }));

      // The pickers: everyone, each with the rule that refuses them on the busy trip, and free on the other.
      const busy = (await agent.rpc('trip_staffing_options', { p_departure_id: booked })).data as { guides: { full_name: string; problem: string | null }[]; vehicles: { problem: string | null }[] };
      expect(busy.guides.length).toBeGreaterThan(0);
      for (const guide of busy.guides) expect(guide.problem).toBe(`${guide.full_name} is on leave from ${label(1638)} to ${label(1646)}`);
      for (const vehicle of busy.vehicles) expect(vehicle.problem).toMatch(/is off the road from .* \(Fleet refit\)$/);
      const free = (await agent.rpc('trip_staffing_options', { p_departure_id: open })).data as { guides: { problem: string | null }[] };
      expect(free.guides.filter((guide) => guide.problem === null).length).toBeGreaterThan(0);
      // Someone on the trip is no longer offered for it.
      const guide = await newGuide({ full_name: 'Picked Guide' });
      expect((await assignGuide(admin, open, guide)).error).toBeNull();
      const after = (await agent.rpc('trip_staffing_options', { p_departure_id: open })).data as { guides: { id: string }[] };
      expect(after.guides.map((row) => row.id)).not.toContain(guide);
      expect((await (await server.traveler()).client.rpc('trip_staffing_options', { p_departure_id: open })).error?.code).toBe('42501');
      expect((await agent.rpc('trip_staffing_options', { p_departure_id: crypto.randomUUID() })).error?.code).toBe('PT404');
    } finally {
      await server.db.query(`delete from public.guide_leave where id = any($1)`, [leave.map((row) => row.id)]);
      await server.db.query(`delete from public.vehicle_out_of_service where id = any($1)`, [offRoad.map((row) => row.id)]);
    }
  });
});
