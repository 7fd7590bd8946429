import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * A trip's manifest (trip_manifest()): who travels as booked, passports, rooms, dietary and medical
 * notes, contacts and balances; operations staff read any trip's, a guide only those of the trips
 * they lead, and nobody else any.
 */
let server: TestServer;
let tourId: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];
const trip = async (from: number) =>
  (await one<{ id: string }>(`insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ($1, public.company_today() + $2::int, public.company_today() + $2::int + 3, 20) returning id`, [tourId, from])).id;

beforeAll(async () => {
  server = await startTestServer();
  tourId = (await one<{ id: string }>(`select id from public.tours where status = 'active' and not is_private and child_price is not null order by slug limit 1`)).id;
});

afterAll(async () => {
  await server?.close();
});

describe('a trip’s manifest', () => {
  it('lists the travelers of the live bookings with their papers and needs, the contacts and what is still owed', async () => {
    const led = await trip(900);
    const travelers = [
      { full_name: 'Ingrid Berg', traveler_type: 'adult', date_of_birth: '1980-04-02', nationality: 'Sweden', passport_number: 'SE1234567', dietary_needs: 'Vegetarian', room_preference: 'double', medical_notes: 'Asthma: carries an inhaler' },
      { full_name: 'Lars Berg', traveler_type: 'adult', date_of_birth: '1978-09-12', nationality: 'Sweden', passport_number: 'SE7654321', room_preference: 'double' },
    ];
    const email = `manifest-${randomUUID().slice(0, 8)}@example.com`;
    const made = await server.client().rpc('create_booking', { p_departure_id: led, p_adults: 2, p_travelers: travelers, p_contact: { full_name: 'Ingrid Berg', email, phone: '+46 70 111 2222' } });
    expect(made.error).toBeNull();
    const gone = await server.client().rpc('create_booking', { p_departure_id: led, p_adults: 1, p_contact: { full_name: 'Gone Guest', email: `gone-${randomUUID().slice(0, 8)}@example.com` } });
    await server.db.query(`update public.bookings set status = 'cancelled', cancelled_at = now() where id = $1`, [(gone.data as { id: string }).id]);

    const admin = await server.adminClient();
    const { data, error } = await admin.rpc('trip_manifest', { p_departure_id: led });
    expect(error).toBeNull();
    const manifest = data as { bookings: { reference: string; contact: { phone: string }; balance_due: number; travelers: Record<string, unknown>[] }[]; trip: { meets_at: string | null } };
    expect(manifest.bookings).toHaveLength(1);
    const [booked] = manifest.bookings;
    expect(booked.reference).toBe((made.data as { booking_reference: string }).booking_reference);
    expect(booked.contact.phone).toBe('+46 70 111 2222');
    const { total } = await one<{ total: number }>(`select (total_amount - amount_paid)::float as total from public.bookings where id = $1`, [(made.data as { id: string }).id]);
    expect(Number(booked.balance_due)).toBe(total);
    expect(booked.travelers).toEqual([
      expect.objectContaining({ index: 0, full_name: 'Ingrid Berg', passport_number: 'SE1234567', dietary_needs: 'Vegetarian', medical_notes: 'Asthma: carries an inhaler', room_preference: 'double' }),
      expect.objectContaining({ index: 1, full_name: 'Lars Berg', passport_number: 'SE7654321', dietary_needs: null }),
    ]);
  });

  it('is read by a guide for the trips they lead only', async () => {
    const [led, other] = [await trip(930), await trip(960)];
    const account = await server.staff('guide', { fullName: 'Manifest Guide' });
    const guide = (await one<{ id: string }>(`insert into public.guides (full_name, user_id) values ('Manifest Guide', $1) returning id`, [account.userId])).id;
    await server.db.query(`insert into public.departure_guides (departure_id, guide_id) values ($1, $2)`, [led, guide]);

    expect((await account.client.rpc('trip_manifest', { p_departure_id: led })).error).toBeNull();
    expect((await account.client.rpc('trip_manifest', { p_departure_id: other })).error?.code).toBe('42501');
    const traveler = await server.traveler();
    expect((await traveler.client.rpc('trip_manifest', { p_departure_id: led })).error?.code).toBe('42501');
    expect((await server.client().rpc('trip_manifest', { p_departure_id: led })).error?.code).toBe('42501');
  });
});
