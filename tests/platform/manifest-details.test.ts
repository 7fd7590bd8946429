import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * What makes a manifest complete: travelers' details (update_traveler_details()) given by the
 * traveler for their own booking only or by the office, within their bounds; a booking's pickup,
 * set by the office; the manifest carrying extras, pickup, adults and children and each traveler's
 * details; a guide's field note told to operations staff.
 */
let server: TestServer;
let departureId: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];

beforeAll(async () => {
  server = await startTestServer();
  const tour = await one<{ id: string }>(`select id from public.tours where status = 'active' and not is_private and child_price is not null order by slug limit 1`);
  departureId = (
    await one<{ id: string }>(
      `insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ($1, public.company_today() + 400, public.company_today() + 403, 30) returning id`,
      [tour.id],
    )
  ).id;
});

afterAll(async () => {
  await server?.close();
});

async function bookedBy(traveler: Awaited<ReturnType<TestServer['traveler']>>, adults = 1, children = 1) {
  const { data, error } = await traveler.client.rpc('create_booking', { p_departure_id: departureId, p_adults: adults, p_children: children });
  expect(error).toBeNull();
  return data as { id: string; booking_reference: string };
}

const travelersOf = async (bookingId: string) => (await one<{ travelers: Record<string, string>[] }>(`select travelers from public.bookings where id = $1`, [bookingId])).travelers;

describe('travelers’ details', () => {
  it('are given by the traveler for their own booking, a seat at a time, and refused on another traveler’s', async () => {
    const [mine, theirs] = [await server.traveler(), await server.traveler()];
    const booking = await bookedBy(mine);
    const other = await bookedBy(theirs);

    const given = await mine.client.rpc('update_traveler_details', {
      p_booking_id: booking.id,
      p_traveler_index: 1,
      p_details: { full_name: 'Noor Haddad', date_of_birth: '2018-03-04', dietary_needs: ' No nuts ', emergency_contact_name: 'Sami Haddad', emergency_contact_phone: '+46 70 555 1234' },
    });
    expect(given.error).toBeNull();
    // The booking named nobody: a seat per traveler now, the second with its details, trimmed.
    expect(await travelersOf(booking.id)).toEqual([{}, { full_name: 'Noor Haddad', date_of_birth: '2018-03-04', dietary_needs: 'No nuts', emergency_contact_name: 'Sami Haddad', emergency_contact_phone: '+46 70 555 1234' }]);

    // A blank removes a detail; the others stay.
    expect((await mine.client.rpc('update_traveler_details', { p_booking_id: booking.id, p_traveler_index: 1, p_details: { dietary_needs: '' } })).error).toBeNull();
    expect((await travelersOf(booking.id))[1]).not.toHaveProperty('dietary_needs');
    expect((await travelersOf(booking.id))[1]).toHaveProperty('full_name', 'Noor Haddad');

    const refused = await mine.client.rpc('update_traveler_details', { p_booking_id: other.id, p_traveler_index: 0, p_details: { medical_notes: 'Forged' } });
    expect(refused.error?.code).toBe('42501');
    expect(await travelersOf(other.id)).toEqual([]);
    const anonymous = await server.client().rpc('update_traveler_details', { p_booking_id: booking.id, p_traveler_index: 0, p_details: { medical_notes: 'Forged' } });
    expect(anonymous.error).not.toBeNull();
  });

  it('are given by the office (bookings.write), and the change is in the audit log; an editor or a guide is refused', async () => {
    const traveler = await server.traveler();
    const booking = await bookedBy(traveler, 2, 0);
    const agent = await server.staff('agent');
    const done = await agent.client.rpc('update_traveler_details', { p_booking_id: booking.id, p_traveler_index: 0, p_details: { medical_notes: 'Diabetic: insulin in the cool box', passport_number: 'P1234567', passport_expiry: '2031-01-31', nationality: 'Kenya' } });
    expect(done.error).toBeNull();
    const audited = await one<{ actor_id: string; new_values: { travelers: Record<string, string>[] } }>(
      `select actor_id, new_values from public.audit_log where table_name = 'bookings' and record_id = $1 and new_values ? 'travelers' order by occurred_at desc limit 1`,
      [booking.id],
    );
    expect(audited.actor_id).toBe(agent.userId);
    expect(audited.new_values.travelers[0]).toMatchObject({ medical_notes: 'Diabetic: insulin in the cool box' });

    for (const role of ['editor', 'guide'] as const) {
      const staff = await server.staff(role);
      const refused = await staff.client.rpc('update_traveler_details', { p_booking_id: booking.id, p_traveler_index: 0, p_details: { dietary_needs: 'Forged' } });
      expect(refused.error?.code, role).toBe('42501');
    }
    expect((await travelersOf(booking.id))[0]).not.toHaveProperty('dietary_needs');
  });

  it('are bounded: each too-long or malformed field is refused in words naming the field, and nothing is written', async () => {
    const traveler = await server.traveler();
    const booking = await bookedBy(traveler);
    const cases: [Record<string, string>, string, string][] = [
      [{ dietary_needs: 'x'.repeat(501) }, 'dietary_needs', 'Dietary needs are up to 500 characters'],
      [{ medical_notes: 'x'.repeat(1001) }, 'medical_notes', 'Medical notes are up to 1,000 characters'],
      [{ emergency_contact_name: 'x'.repeat(201) }, 'emergency_contact_name', 'The emergency contact’s name is up to 200 characters'],
      [{ emergency_contact_phone: 'call me' }, 'emergency_contact_phone', 'The emergency phone is digits, with + ( ) - or spaces'],
      [{ passport_number: 'x'.repeat(41) }, 'passport_number', 'The passport number is up to 40 characters'],
      [{ date_of_birth: '2999-01-01' }, 'date_of_birth', 'The date of birth is a day in the past'],
      [{ passport_expiry: '31/01/2030' }, 'passport_expiry', 'Give the date as year, month and day'],
      [{ full_name: '  ' }, 'full_name', 'Give the traveler’s full name'],
    ];
    for (const [details, field, message] of cases) {
      const { error } = await traveler.client.rpc('update_traveler_details', { p_booking_id: booking.id, p_traveler_index: 0, p_details: details });
      expect(error?.message, field).toBe(message);
      expect(error?.hint, field).toBe(field);
    }
    const unknown = await traveler.client.rpc('update_traveler_details', { p_booking_id: booking.id, p_traveler_index: 0, p_details: { role: 'admin' } });
    expect(unknown.error?.message).toBe('There is no traveler detail called role');
    const beyond = await traveler.client.rpc('update_traveler_details', { p_booking_id: booking.id, p_traveler_index: 2, p_details: { dietary_needs: 'Vegan' } });
    expect(beyond.error?.message).toBe('This booking has 2 travelers');
    expect(await travelersOf(booking.id)).toEqual([]);
  });
});

describe('a booking’s pickup', () => {
  it('is set by the office, bounded, and refused to a traveler, an editor and a guide', async () => {
    const traveler = await server.traveler();
    const booking = await bookedBy(traveler);
    const agent = await server.staff('agent');
    const set = await agent.client.from('bookings').update({ pickup: ' Arusha Coffee Lodge ', pickup_time: '07:30' }).eq('id', booking.id).select('pickup, pickup_time').single();
    expect(set.error).toBeNull();
    expect(set.data).toEqual({ pickup: 'Arusha Coffee Lodge', pickup_time: '07:30:00' });

    const long = await agent.client.from('bookings').update({ pickup: 'x'.repeat(201) }).eq('id', booking.id).select('id');
    expect(long.error?.message).toBe('The pickup point is up to 200 characters');
    const timeOnly = await agent.client.from('bookings').update({ pickup: '', pickup_time: '08:00' }).eq('id', booking.id).select('id');
    expect(timeOnly.error?.message).toBe('Give the pickup point for the pickup time');

    for (const person of [traveler, await server.staff('editor'), await server.staff('guide')]) {
      const { data, error } = await person.client.from('bookings').update({ pickup: 'Forged' }).eq('id', booking.id).select('id');
      expect(error !== null || (data ?? []).length === 0).toBe(true);
    }
    expect((await one<{ pickup: string }>(`select pickup from public.bookings where id = $1`, [booking.id])).pickup).toBe('Arusha Coffee Lodge');
  });
});

describe('the manifest complete', () => {
  it('carries each booking’s extras, pickup, adults and children and each traveler’s details', async () => {
    const traveler = await server.traveler();
    const extra = await one<{ code: string; name: string; unit: string }>(
      `select e.code, e.name, e.unit from public.tour_extras e join public.tour_departures d on d.tour_id = e.tour_id where d.id = $1 and e.is_active order by e.display_order limit 1`,
      [departureId],
    );
    expect(extra).toBeDefined();
    const made = await traveler.client.rpc('create_booking', { p_departure_id: departureId, p_adults: 1, p_children: 1, p_extras: [extra.code] });
    expect(made.error).toBeNull();
    const booking = made.data as { id: string };
    await server.db.query(`update public.bookings set pickup = 'Mount Meru Hotel', pickup_time = '07:15' where id = $1`, [booking.id]);
    await traveler.client.rpc('update_traveler_details', { p_booking_id: booking.id, p_traveler_index: 0, p_details: { dietary_needs: 'Vegetarian', emergency_contact_name: 'Ola Nordmann', emergency_contact_phone: '+47 400 00 001' } });

    const { data, error } = await (await server.adminClient()).rpc('trip_manifest', { p_departure_id: departureId });
    expect(error).toBeNull();
    const manifest = data as { trip: { child_age_limit: number }; bookings: Record<string, unknown>[] };
    expect(manifest.trip.child_age_limit).toBeGreaterThan(0);
    const row = manifest.bookings.find((candidate) => candidate.booking_id === booking.id)!;
    expect(row).toMatchObject({ adults: 1, children: 1, pickup: 'Mount Meru Hotel', pickup_time: '07:15' });
    expect(row.extras).toEqual([{ name: extra.name, quantity: extra.unit === 'per_booking' ? 1 : 2 }]);
    expect((row.travelers as Record<string, unknown>[])[0]).toMatchObject({ dietary_needs: 'Vegetarian', emergency_contact_name: 'Ola Nordmann', emergency_contact_phone: '+47 400 00 001' });
  });
});

describe('a trip that needs passports', () => {
  it('is set per tour by the office, refused to a traveler, and carried by the manifest', async () => {
    const { tour_id: tourId } = await one<{ tour_id: string }>(`select tour_id from public.tour_departures where id = $1`, [departureId]);
    const traveler = await server.traveler();
    const tried = await traveler.client.from('tours').update({ passport_required: false }).eq('id', tourId).select('id');
    expect(tried.data ?? []).toHaveLength(0);
    const editor = await server.staff('editor');
    for (const needed of [false, true]) {
      const set = await editor.client.from('tours').update({ passport_required: needed }).eq('id', tourId).select('passport_required');
      expect(set.error).toBeNull();
      expect(set.data).toEqual([{ passport_required: needed }]);
      const { data } = await (await server.adminClient()).rpc('trip_manifest', { p_departure_id: departureId });
      expect((data as { trip: { passport_required: boolean } }).trip.passport_required).toBe(needed);
    }
  });
});

describe('a field note', () => {
  it('is told to operations staff (operations.read) but not to its writer, linked to its booking, or to the trip on the calendar', async () => {
    const traveler = await server.traveler();
    const booking = await bookedBy(traveler, 1, 0);
    const writer = await server.staff('admin', { fullName: 'Neema Field' });
    const admin = writer.client;
    const about = await admin.rpc('record_trip_incident', { p_client_id: randomUUID(), p_departure_id: departureId, p_booking_id: booking.id, p_note: 'Late at the gate: flat tyre', p_occurred_at: new Date().toISOString() });
    expect(about.error).toBeNull();
    const whole = await admin.rpc('record_trip_incident', { p_client_id: randomUUID(), p_departure_id: departureId, p_booking_id: null, p_note: 'Road to Ngorongoro closed', p_occurred_at: new Date().toISOString() });
    expect(whole.error).toBeNull();

    const told = async (recordId: string) =>
      (
        await server.db.query<{ role: string; recipient_id: string; title: string; body: string; link: string }>(
          `select u.role, n.recipient_id, n.title, n.body, n.link from public.staff_notifications n join public.users u on u.id = n.recipient_id where n.kind = 'field_note' and n.record_id = $1`,
          [recordId],
        )
      ).rows;
    const onBooking = await told((about.data as { id: string }).id);
    expect(new Set(onBooking.map((row) => row.role))).toEqual(new Set(['admin', 'agent']));
    // Their own note does not ring their own bell.
    expect(onBooking.map((row) => row.recipient_id)).not.toContain(writer.userId);
    expect(onBooking[0].title).toContain(`${booking.booking_reference} by Neema Field`);
    expect(onBooking[0].body).toContain('Late at the gate: flat tyre');
    expect(onBooking[0].link).toBe(`/admin/bookings/${booking.id}`);
    const onTrip = await told((whole.data as { id: string }).id);
    expect(onTrip[0].link).toMatch(new RegExp(`^/admin/calendar\\?date=\\d{4}-\\d{2}-\\d{2}&trip=${departureId}$`));
  });
});
