import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Erasing a client reaches everywhere the product keeps them. A traveler leaves every trace the
 * product can hold (an account, a profile an agent edited, bookings as themselves and as a guest,
 * payments and their receipts, a conversation, an enquiry, a review, the newsletter, an avatar, the
 * office's notes, a field note, analytics, notifications, emails, audit rows); after erase_client,
 * no text column of any table of the database holds their name, email or phone, and their files are
 * gone from disk. The amounts of their bookings and payments stay.
 */

/** Every table with a column about a person (by the column's name), and what an erasure does with it. */
const personalTables: Record<string, string> = {
  'auth.identities': 'deleted with the account',
  'auth.refresh_tokens': 'deleted with the account',
  'auth.sessions': 'deleted with the account',
  'auth.users': 'deleted',
  'public.analytics_events': 'kept for the counts, no longer linked to the account',
  'public.audit_log': 'the personal values of their records replaced; the changes and their times kept',
  'public.booking_contact_tokens': 'deleted',
  'public.booking_invoices': 'the invoice number of a booking, no personal details; who issued it forgotten with the account',
  'public.booking_notifications': 'skip reasons and delivery errors replaced',
  'public.booking_origins': 'deleted (the address a booking was made from)',
  'public.bookings': 'contact, travelers, notes and pickup anonymised; amounts kept',
  'public.branding_settings': 'the company’s own addresses, nobody else’s',
  'public.client_directory': 'kept by triggers from bookings and accounts',
  'public.client_notes': 'deleted',
  'public.client_tags': 'deleted',
  'public.departure_vehicles': 'a number of travelers, no names',
  'public.email_queue': 'address, subject, words and errors removed; the fact of each email kept',
  'public.enquiries': 'anonymised',
  'public.error_reports': 'deleted',
  'public.feedback': 'deleted',
  'public.guides': 'the company’s guides, not clients',
  'public.messages': 'deleted with the account',
  'public.newsletter_subscribers': 'deleted',
  'public.payment_provider_events': 'the provider’s event and the booking, nobody’s details',
  'public.payments': 'amounts kept; recorded_by is staff',
  'public.performance_metrics': 'no longer linked to the account',
  'public.public_profiles': 'deleted with the account',
  'public.quotes': 'letter and title removed; the trip and prices kept',
  'public.reviews': 'deleted with the account',
  'public.saved_views': 'staff members’ own',
  'public.staff_invitations': 'staff',
  'public.staff_notification_opt_outs': 'staff',
  'public.staff_notifications': 'titles that name them and bodies replaced',
  'public.team_members': 'the company’s team page',
  'public.trip_check_ins': 'times only',
  'public.trip_incidents': 'notes on their bookings replaced',
  'public.user_activity_logs': 'deleted with the account',
  'public.users': 'deleted',
  'public.wishlist': 'deleted with the account',
  'storage.buckets': 'buckets, nobody’s',
  'storage.objects': 'their files deleted, from disk too',
};
const personalColumns = [
  'email', 'phone', 'full_name', 'contact', 'travelers', 'to_address', 'passport_number', 'emergency_contact_name', 'date_of_birth', 'ip', 'user_agent',
  'user_id', 'owner', 'owner_id', 'recipient_id', 'author_id', 'raw_user_meta_data', 'identity_data', 'client_key', 'booking_id', 'note', 'recorded_by',
  'invited_by', 'actor_id', 'updated_by', 'name_on_card', 'address',
];

let t: TestServer;
const marker = `Zephyrine${Date.now().toString(36)}`;
const name = `${marker} Quackenbush`;
const email = `${marker.toLowerCase()}@example.com`;
const phoneDigits = String(Date.now()).slice(-7);
const phone = `+255 71 ${phoneDigits}`;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('the tables with personal data', () => {
  it('are each known, with what an erasure does with them', async () => {
    const { rows } = await t.db.query<{ name: string }>(
      `select distinct c.table_schema || '.' || c.table_name as name
         from information_schema.columns c
         join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
        where c.table_schema in ('public', 'auth', 'storage') and c.column_name = any ($1::text[])
        order by 1`,
      [personalColumns],
    );
    expect(rows.map((row) => row.name).filter((table) => !(table in personalTables)), 'tables with personal columns that erase_client does not know').toEqual([]);
  });
});

describe('erasing a client', () => {
  it('leaves their name, email and phone in no text column of the database, and their files on no disk', async () => {
    const admin = await t.adminClient();
    const agent = await t.staff('agent');
    const traveler = await t.traveler({ email, fullName: name });
    const departure = (
      await t.db.query<{ id: string; tour_id: string }>(
        `select d.id, d.tour_id from public.tour_departures d join public.tours t on t.id = d.tour_id
          where t.status = 'active' and not d.is_private and d.start_date > public.company_today() + 30 and d.capacity - d.seats_booked >= 4
          order by d.start_date limit 1`,
      )
    ).rows[0];

    // The account, its profile (edited by an agent too), an avatar, a booking with a payment.
    expect((await traveler.client.from('users').update({ phone, passport_number: `P${phoneDigits}` }).eq('id', traveler.userId)).error).toBeNull();
    expect((await agent.client.from('users').update({ emergency_contact_name: `${marker} Senior`, emergency_contact_phone: phone }).eq('id', traveler.userId).select('id')).data).toHaveLength(1);
    const avatarName = `avatars/${traveler.userId}-1.png`;
    expect((await traveler.client.storage.from('avatars').upload(avatarName, new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2])], { type: 'image/png' }))).error).toBeNull();
    const avatarFile = path.join(t.config.dataDir, 'storage', 'avatars', ...avatarName.split('/'));
    expect(existsSync(avatarFile)).toBe(true);
    const booking = await traveler.client.rpc('create_booking', {
      p_departure_id: departure.id,
      p_adults: 2,
      p_contact: { full_name: name, email, phone },
      p_travelers: [{ full_name: name }, { full_name: `${marker} Junior` }],
    });
    expect(booking.error).toBeNull();
    expect((await admin.rpc('record_payment', { p_booking_id: booking.data.id, p_amount: 100, p_method: 'cash' })).error).toBeNull();
    // Collected from home, with a traveler's health and diet noted for the guide.
    await t.db.query(`update public.bookings set pickup = $2, pickup_time = '07:15' where id = $1`, [booking.data.id, `${marker} family home, 12 Baobab Road`]);
    const details = await agent.client.rpc('update_traveler_details', {
      p_booking_id: booking.data.id,
      p_traveler_index: 1,
      p_details: { dietary_needs: `No nuts for ${marker} Junior`, medical_notes: `${marker} Junior carries an inhaler` },
    });
    expect(details.error).toBeNull();
    // The same person booking as a guest, with the same email.
    const guest = await t.client().rpc('create_booking', { p_departure_id: departure.id, p_adults: 1, p_contact: { full_name: name, email, phone } });
    expect(guest.error).toBeNull();
    // A trip they travelled, reviewed; a field note on it.
    const travelled = await t.db.query<{ id: string }>(`insert into public.bookings (tour_id, user_id, status, adults, total_amount, contact) values ($1, $2, 'completed', 1, 1, $3) returning id`, [
      departure.tour_id,
      traveler.userId,
      JSON.stringify({ full_name: name, email, phone }),
    ]);
    expect((await traveler.client.from('reviews').insert({ tour_id: departure.tour_id, rating: 5, title: `${marker} loved it`, body: `Signed, ${name}` })).error).toBeNull();
    await t.db.query(`insert into public.trip_incidents (client_id, departure_id, booking_id, note, occurred_at) values ($1, $2, $3, $4, now())`, [
      randomUUID(),
      departure.id,
      travelled.rows[0].id,
      `${name} felt unwell at the crater rim`,
    ]);
    // A conversation, an enquiry, the newsletter, analytics, the office's note and tag.
    const thread = randomUUID();
    expect((await traveler.client.from('messages').insert({ user_id: traveler.userId, thread_id: thread, subject: `From ${marker}`, body: `Call me on ${phone}` })).error).toBeNull();
    expect((await agent.client.from('messages').insert({ user_id: traveler.userId, thread_id: thread, body: `Karibu ${name}!`, sender: 'staff' })).error).toBeNull();
    const enquiry = await fetch(`${t.url}/api/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: randomUUID(), kind: 'contact', name, email, phone, subject: `Trip for ${marker}`, message: `Please write to ${email}`, preferredContact: 'email' }),
    });
    expect(enquiry.status).toBeLessThan(300);
    expect((await t.client().from('newsletter_subscribers').insert({ email, name })).error).toBeNull();
    expect((await traveler.client.rpc('record_analytics_event', { p_client_id: randomUUID(), p_name: 'search', p_properties: { query: 'serengeti' }, p_url: `${t.url}/search`, p_occurred_at: new Date().toISOString() })).error).toBeNull();
    expect((await agent.client.from('client_notes').insert({ client_key: traveler.userId, body: `${marker} prefers window seats` })).error).toBeNull();
    expect((await agent.client.from('client_tags').insert({ client_key: traveler.userId, tag: 'repeat guest' })).error).toBeNull();
    await t.platform.jobs.bookingEmails.drain();

    const needles = [email, marker, phoneDigits];
    /** Every text, JSON and array column of every table that holds one of the needles. */
    const holders = async () => {
      const { rows: columns } = await t.db.query<{ schema: string; table: string; column: string }>(
        `select c.table_schema as schema, c.table_name as table, c.column_name as column
           from information_schema.columns c
           join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
          where c.table_schema in ('public', 'auth', 'storage', 'platform')
            and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED', 'character')`,
      );
      const found: string[] = [];
      for (const { schema, table, column } of columns) {
        const { rows } = await t.db.query<{ n: number }>(
          `select count(*)::int as n from "${schema}"."${table}" where ${needles.map((_, i) => `strpos(lower("${column}"::text), $${i + 1}) > 0`).join(' or ')}`,
          needles.map((needle) => needle.toLowerCase()),
        );
        if (rows[0].n > 0) found.push(`${schema}.${table}.${column} (${rows[0].n})`);
      }
      return found;
    };
    // The scene is set: they are in many places.
    expect((await holders()).length).toBeGreaterThan(15);

    const erased = await agent.client.rpc('erase_client', { p_client_key: traveler.userId, p_reason: 'Asked by email' });
    expect(erased.error, JSON.stringify(erased.error)).toBeNull();
    // Their two bookings and the one made as a guest with the same email.
    expect(erased.data).toMatchObject({ account_deleted: true, bookings: 3 });
    expect((await agent.client.rpc('erase_client', { p_client_key: email, p_reason: 'Asked by email' })).error?.message).toBe('This client could not be found');
    await t.platform.jobs.removedFiles.sweep();

    expect(await holders()).toEqual([]);
    expect(existsSync(avatarFile)).toBe(false);
    // What the books need stays: the payment, the bookings' amounts, the audit trail of the changes.
    const { rows: kept } = await t.db.query(`select amount::text, status from public.payments where booking_id = $1`, [booking.data.id]);
    expect(kept).toEqual([{ amount: '100.00', status: 'succeeded' }]);
    const { rows: trail } = await t.db.query<{ n: number }>(`select count(*)::int as n from public.audit_log where record_id = $1`, [booking.data.id]);
    expect(trail[0].n).toBeGreaterThan(1);
    const { rows: pickup } = await t.db.query(`select pickup, pickup_time from public.bookings where id = $1`, [booking.data.id]);
    expect(pickup).toEqual([{ pickup: null, pickup_time: null }]);
  });
});
