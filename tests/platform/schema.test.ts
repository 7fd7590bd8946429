import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/platform/db/postgres.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The schema's promises (RLS, grants, RPCs, storage policies) over the seeded demo company, checked
// through supabase-js exactly as the app calls them.

let server: TestServer;
let anon: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  anon = server.client();
});

afterAll(async () => {
  await server?.close();
});

async function someTourId(slug = '7-day-great-migration-safari'): Promise<string> {
  const { data, error } = await anon.from('tours').select('id').eq('slug', slug).single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

describe('public catalogue', () => {
  it('lists active tours with their category and destinations embedded', async () => {
    const { data, error } = await anon
      .from('tours')
      .select('slug, title, status, base_price, category:categories(name, slug), destinations(slug, name)')
      .eq('status', 'active')
      .order('title');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(24);
    const migration = data!.find((t) => t.slug === '7-day-great-migration-safari')!;
    expect(migration.category).toEqual({ name: 'Wildlife Safari', slug: 'wildlife-safari' });
    expect((migration.destinations as unknown as { slug: string }[]).map((d) => d.slug).sort()).toEqual(
      ['ngorongoro-crater', 'serengeti', 'tarangire'],
    );
  });

  it('never shows a draft tour to visitors, while the admin sees it', async () => {
    const admin = await server.adminClient();
    const draft = await admin
      .from('tours')
      .insert({ slug: 'secret-draft-safari', title: 'Secret Draft Safari', status: 'draft', base_price: 100 })
      .select('id')
      .single();
    expect(draft.error).toBeNull();
    const visible = await anon.from('tours').select('id').eq('slug', 'secret-draft-safari');
    expect(visible.error).toBeNull();
    expect(visible.data).toEqual([]);
    const all = await anon.from('tours').select('status');
    expect(new Set(all.data!.map((t) => t.status))).toEqual(new Set(['active']));
    const adminView = await admin.from('tours').select('status').eq('slug', 'secret-draft-safari').single();
    expect(adminView.data).toEqual({ status: 'draft' });
  });

  it('has itineraries matching each tour’s length and future departures', async () => {
    const { data, error } = await anon
      .from('tours')
      .select('slug, duration_days, tour_itinerary(day_number), tour_departures(start_date, status, seats_booked, capacity)');
    expect(error).toBeNull();
    const today = new Date().toISOString().slice(0, 10);
    for (const tour of data!) {
      const days = (tour.tour_itinerary as { day_number: number }[]).map((d) => d.day_number).sort((a, b) => a - b);
      expect(days, tour.slug).toEqual(Array.from({ length: tour.duration_days }, (_, i) => i + 1));
      const departures = tour.tour_departures as { start_date: string; seats_booked: number; capacity: number }[];
      expect(departures.length, tour.slug).toBeGreaterThanOrEqual(3);
      for (const d of departures) {
        expect(d.start_date > today).toBe(true);
        expect(d.seats_booked).toBeLessThanOrEqual(d.capacity);
      }
    }
    const statuses = data!.flatMap((t) => (t.tour_departures as { status: string }[]).map((d) => d.status));
    expect(statuses).toContain('sold_out');
  });

  it('lists the 12 destinations in display order and finds tours by full-text search', async () => {
    const destinations = await anon.from('destinations').select('slug, image_url').order('display_order');
    expect(destinations.data).toHaveLength(12);
    expect(destinations.data![0].slug).toBe('serengeti');
    expect(destinations.data![0].image_url).toMatch(/^\/storage\/v1\/object\/public\/media\/destinations\/serengeti\.svg$/);
    const search = await anon.from('tours').select('slug').textSearch('search', 'kilimanjaro & lemosho', { config: 'english' });
    expect(search.error).toBeNull();
    expect(search.data!.map((t) => t.slug)).toContain('8-day-lemosho-route-kilimanjaro');
  });

  it('serves the active branding with its branch offices to everyone', async () => {
    const { data, error } = await anon.from('branding_settings').select('*').eq('is_active', true).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      company_name: 'Kilele Safaris',
      primary_color: '#e39f48',
      dark_color: '#222831',
      light_color: '#E2DFD0',
      heading_font: 'Domine',
      body_font: 'DM Sans',
      accent_font: 'Great Vibes',
      base_font_size: '16px',
    });
    expect(data.branch_offices.find((o: { isPrimary: boolean }) => o.isPrimary).location).toMatch(/Arusha/);
  });
});

describe('blog posts', () => {
  it('take their reading time from their text, at 200 words a minute, whoever writes them', async () => {
    const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');
    const inserted = await server.db.query<{ id: string; reading_minutes: number }>(
      `insert into public.blog_posts (slug, title, content, reading_minutes) values ('reading-time-check', 'Reading time', $1, 9) returning id, reading_minutes`,
      [words(401)],
    );
    expect(inserted.rows[0].reading_minutes).toBe(3);
    const id = inserted.rows[0].id;
    const shortened = await server.db.query<{ reading_minutes: number }>(`update public.blog_posts set content = $1 where id = $2 returning reading_minutes`, [words(150), id]);
    expect(shortened.rows[0].reading_minutes).toBe(1);
    const emptied = await server.db.query<{ reading_minutes: number }>(`update public.blog_posts set content = '' where id = $1 returning reading_minutes`, [id]);
    expect(emptied.rows[0].reading_minutes).toBe(1);
    await server.db.query(`delete from public.blog_posts where id = $1`, [id]);

    const seeded = await anon.from('blog_posts').select('content, reading_minutes').eq('status', 'published');
    expect(seeded.error).toBeNull();
    for (const post of seeded.data!) expect(post.reading_minutes).toBe(Math.max(1, Math.ceil((post.content as string).trim().split(/\s+/).length / 200)));
  });
});

describe('what visitors can never read', () => {
  it('refuses users, bookings and newsletter subscribers to anonymous clients', async () => {
    const users = await anon.from('users').select('*');
    expect(users.error?.code).toBe('42501');
    const emails = await anon.from('users').select('email');
    expect(emails.error?.code).toBe('42501');
    const bookings = await anon.from('bookings').select('*');
    expect(bookings.data ?? []).toEqual([]);
    const subscribers = await anon.from('newsletter_subscribers').select('*');
    expect(subscribers.data ?? []).toEqual([]);
  });

  it('lets anyone subscribe to the newsletter without being able to read the list back', async () => {
    const { error } = await anon.from('newsletter_subscribers').insert({ email: 'Visitor@Example.com', name: 'Visitor' });
    expect(error).toBeNull();
    const again = await anon.from('newsletter_subscribers').select('email');
    expect(again.data ?? []).toEqual([]);
    const admin = await server.adminClient();
    const list = await admin.from('newsletter_subscribers').select('email').eq('email', 'visitor@example.com');
    expect(list.data).toEqual([{ email: 'visitor@example.com' }]);
  });

  it('shows reviews with the reviewer’s name and avatar, but not their email', async () => {
    const tourId = await someTourId();
    const { data, error } = await anon
      .from('reviews')
      .select('rating, title, reviewer:public_profiles(full_name, avatar_url)')
      .eq('tour_id', tourId)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    for (const review of data!) {
      const user = review.reviewer as unknown as { full_name: string; avatar_url: string };
      expect(user.full_name).toMatch(/\w+ \w+/);
      expect(user.avatar_url).toMatch(/^\/storage\/v1\/object\/public\/media\//);
    }
    const leak = await anon.from('reviews').select('rating, users(email)').eq('tour_id', tourId);
    expect(leak.error).not.toBeNull();
    // A public profile shows what a review shows, and no more.
    const profile = await anon.from('public_profiles').select('id, full_name, avatar_url').limit(1).single();
    expect(Object.keys(profile.data!).sort()).toEqual(['avatar_url', 'full_name', 'id']);
    expect((await anon.from('public_profiles').select('updated_at').limit(1)).error?.code).toBe('42501');
    const signedIn = await server.traveler();
    const others = await signedIn.client.from('users').select('email').neq('id', signedIn.userId);
    expect(others.data).toEqual([]);
  });
});

describe('a signed-in traveler', () => {
  it('reads and updates only their own profile and preferences', async () => {
    const me = await server.traveler({ fullName: 'Amani Traveler' });
    const other = await server.traveler();
    const profile = await me.client.from('users').select('*').eq('id', me.userId).single();
    expect(profile.error).toBeNull();
    expect(profile.data).toMatchObject({ email: me.email, role: 'traveler', full_name: 'Amani Traveler' });
    expect(profile.data.preferences).toEqual({
      notifications: { email: true, booking_updates: true, marketing: true, newsletter: true },
      display: { theme: 'light', language: 'en', timezone: 'Africa/Dar_es_Salaam', date_format: 'MM/DD/YYYY', currency: 'USD' },
      privacy: { show_profile: true, activity_visible: true },
    });

    const preferences = { ...profile.data.preferences, display: { ...profile.data.preferences.display, theme: 'dark' } };
    const updated = await me.client.from('users').update({ preferences, phone: '+255 700 000 001' }).eq('id', me.userId).select('preferences, phone').single();
    expect(updated.error).toBeNull();
    expect(updated.data!.preferences.display.theme).toBe('dark');

    const peek = await me.client.from('users').select('*').eq('id', other.userId);
    expect(peek.data).toEqual([]);
    const tamper = await me.client.from('users').update({ full_name: 'Hacked' }).eq('id', other.userId).select();
    expect(tamper.data).toEqual([]);
    const untouched = await other.client.from('users').select('full_name').eq('id', other.userId).single();
    expect(untouched.data!.full_name).toBe('Test Traveler');
  });

  it('cannot change their own role', async () => {
    const me = await server.traveler();
    const { error } = await me.client.from('users').update({ role: 'admin' }).eq('id', me.userId);
    expect(error?.message).toBe('Only administrators can change roles');
    const after = await me.client.from('users').select('role').eq('id', me.userId).single();
    expect(after.data!.role).toBe('traveler');
  });

  it('keeps a private wishlist', async () => {
    const me = await server.traveler();
    const other = await server.traveler();
    const tourId = await someTourId();
    const added = await me.client.from('wishlist').insert({ user_id: me.userId, tour_id: tourId }).select('id, tour_id').single();
    expect(added.error).toBeNull();
    const duplicate = await me.client.from('wishlist').insert({ user_id: me.userId, tour_id: tourId });
    expect(duplicate.error?.code).toBe('23505');
    const forSomeoneElse = await me.client.from('wishlist').insert({ user_id: other.userId, tour_id: tourId });
    expect(forSomeoneElse.error?.code).toBe('42501');

    expect((await me.client.from('wishlist').select('tour_id').eq('user_id', me.userId)).data).toEqual([{ tour_id: tourId }]);
    expect((await other.client.from('wishlist').select('id')).data).toEqual([]);
    const removedByOther = await other.client.from('wishlist').delete().eq('id', added.data!.id).select();
    expect(removedByOther.data).toEqual([]);

    const removed = await me.client.from('wishlist').delete().eq('id', added.data!.id).select();
    expect(removed.data).toHaveLength(1);
  });

  it('books through create_booking at the server\'s price, never by a direct insert, and sees only their own bookings', async () => {
    const me = await server.traveler();
    const other = await server.traveler();
    const departures = await anon
      .from('tour_departures')
      .select('id, tour_id, price_override, capacity, seats_booked, tours(base_price)')
      .in('status', ['open', 'guaranteed'])
      .limit(1)
      .single();
    expect(departures.error).toBeNull();
    const departure = departures.data!;
    const direct = await me.client
      .from('bookings')
      .insert({ user_id: me.userId, tour_id: departure.tour_id, departure_id: departure.id, adults: 2, total_amount: 1 });
    expect(direct.error?.code).toBe('42501');
    const booking = await me.client.rpc('create_booking', { p_departure_id: departure.id, p_adults: 2 });
    expect(booking.error).toBeNull();
    const price = Number(departure.price_override ?? (departure.tours as unknown as { base_price: number }).base_price);
    expect(booking.data).toMatchObject({ status: 'pending', total_amount: price * 2, amount_paid: 0, user_id: me.userId });
    expect(booking.data!.booking_reference).toMatch(/^KS-\d{4}-[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);

    const mine = await me.client.from('bookings').select('booking_reference').eq('user_id', me.userId).order('created_at', { ascending: false });
    expect(mine.data).toEqual([{ booking_reference: booking.data!.booking_reference }]);
    expect((await other.client.from('bookings').select('id')).data).toEqual([]);
    const confirmed = await me.client.from('bookings').update({ status: 'confirmed' }).eq('booking_reference', booking.data!.booking_reference).select();
    expect(confirmed.data ?? []).toEqual([]);
  });

  it('writes reviews only as themselves, rated 1 to 5', async () => {
    const me = await server.traveler({ fullName: 'Review Writer' });
    const other = await server.traveler();
    const tourId = await someTourId('2-day-ngorongoro-lake-manyara');
    // Reviews are for tours the traveler has done (booking.test.ts checks the refusal).
    for (const traveler of [me, other]) {
      const trip = await server.service().from('bookings').insert({ user_id: traveler.userId, tour_id: tourId, status: 'completed', total_amount: 780 });
      expect(trip.error).toBeNull();
    }
    const bad = await me.client.from('reviews').insert({ tour_id: tourId, user_id: me.userId, rating: 6 });
    expect(bad.error?.code).toBe('23514');
    const impersonated = await me.client.from('reviews').insert({ tour_id: tourId, user_id: other.userId, rating: 5 });
    expect(impersonated.error?.code).toBe('42501');
    const ok = await me.client.from('reviews').insert({ tour_id: tourId, user_id: me.userId, rating: 4, title: 'Great crater day' });
    expect(ok.error).toBeNull();
    const shown = await anon.from('reviews').select('title, reviewer:public_profiles(full_name)').eq('tour_id', tourId).eq('title', 'Great crater day').single();
    expect(shown.data).toEqual({ title: 'Great crater day', reviewer: { full_name: 'Review Writer' } });
  });

  it('logs activity through log_user_activity, for themselves only', async () => {
    const me = await server.traveler();
    const { data: id, error } = await me.client.rpc('log_user_activity', {
      p_action: 'viewed_tour',
      p_resource_type: 'tour',
      p_resource_id: '7-day-great-migration-safari',
      p_details: { source: 'test' },
    });
    expect(error).toBeNull();
    expect(typeof id).toBe('string');
    const logs = await me.client.from('user_activity_logs').select('id, user_id, action, details').order('created_at', { ascending: false }).range(0, 49);
    expect(logs.data).toEqual([{ id, user_id: me.userId, action: 'viewed_tour', details: { source: 'test' } }]);
    const direct = await me.client.from('user_activity_logs').insert({ user_id: me.userId, action: 'forged' });
    expect(direct.error?.code).toBe('42501');
    const anonymous = await anon.rpc('log_user_activity', { p_action: 'viewed_tour' });
    expect(anonymous.error).not.toBeNull();
  });
});

describe('update_branding_settings_rpc', () => {
  it('lets the admin update branding and returns the active row', async () => {
    const admin = await server.adminClient();
    const { data, error } = await admin.rpc('update_branding_settings_rpc', {
      p_tagline: 'Safaris from the foot of Kilimanjaro',
      p_primary_color: '#d08a30',
      p_twitter_url: '',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ tagline: 'Safaris from the foot of Kilimanjaro', primary_color: '#d08a30', twitter_url: null, company_name: 'Kilele Safaris', is_active: true });
    const seen = await anon.from('branding_settings').select('tagline, primary_color').eq('is_active', true).single();
    expect(seen.data).toEqual({ tagline: 'Safaris from the foot of Kilimanjaro', primary_color: '#d08a30' });
  });

  it('refuses travelers and callers without a session', async () => {
    const me = await server.traveler();
    const traveler = await me.client.rpc('update_branding_settings_rpc', { p_tagline: 'Hijacked' });
    expect(traveler.error?.message).toBe('Only administrators can update branding');
    expect(traveler.status).toBe(403);
    const nobody = await anon.rpc('update_branding_settings_rpc', { p_tagline: 'Hijacked' });
    expect(nobody.error?.message).toBe('Authentication required. Please log in again.');
    expect(nobody.status).toBe(401);
    const seen = await anon.from('branding_settings').select('tagline').eq('is_active', true).single();
    expect(seen.data!.tagline).not.toBe('Hijacked');
  });
});

describe('avatars bucket', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

  it('lets a user write only their own avatars/{userId}-{timestamp}.{ext}', async () => {
    const me = await server.traveler();
    const other = await server.traveler();
    const own = `avatars/${me.userId}-${Date.now()}.png`;
    const upload = await me.client.storage.from('avatars').upload(own, png, { contentType: 'image/png', upsert: true });
    expect(upload.error).toBeNull();
    const replaced = await me.client.storage.from('avatars').upload(own, png, { contentType: 'image/png', upsert: true });
    expect(replaced.error).toBeNull();

    const theirs = await me.client.storage.from('avatars').upload(`avatars/${other.userId}-${Date.now()}.png`, png, { contentType: 'image/png' });
    expect(theirs.error).not.toBeNull();
    const elsewhere = await me.client.storage.from('avatars').upload(`avatars/${me.userId}.png`, png, { contentType: 'image/png' });
    expect(elsewhere.error).not.toBeNull();

    const url = me.client.storage.from('avatars').getPublicUrl(own).data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(200);
  });

  it('keeps the media bucket read-only for everyone but admins', async () => {
    const me = await server.traveler();
    const attempt = await me.client.storage.from('media').upload('tours/forged.svg', '<svg/>', { contentType: 'image/svg+xml' });
    expect(attempt.error).not.toBeNull();
    const cover = await fetch(`${server.url}/storage/v1/object/public/media/destinations/serengeti.svg`);
    expect(cover.status).toBe(200);
    expect(await cover.text()).toMatch(/^<svg /);
  });
});

describe('the database interface', () => {
  it('counts the rows a statement returned or changed alike on PGlite and PostgreSQL', async () => {
    expect((await server.db.query(`select 1 from public.destinations limit 3`)).rowCount).toBe(3);
    expect((await server.db.query(`select 1 from public.destinations where false`)).rowCount).toBe(0);
    const changed = await server.db.query(`update public.destinations set display_order = display_order where display_order <= 2`);
    expect(changed.rowCount).toBe(2);
    expect(changed.rows).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, hears of idle connections the server ends, and answers the next query on a new one', async () => {
    const url = new URL(server.config.databaseUrl!);
    url.searchParams.set('application_name', 'idle-connections-ended');
    const lost: string[] = [];
    const db = await openPostgres(url.toString(), { max: 3, onIdleConnectionLost: (reason) => lost.push(reason) });
    try {
      await Promise.all([1, 2, 3].map(() => db.query('select pg_sleep(0.05)')));
      // What a restart or an administrator does to a server's connections.
      await server.db.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'idle-connections-ended'`);
      await expect.poll(() => lost.length).toBe(3);
      expect(lost[0]).toMatch(/terminating connection due to administrator command/);
      expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });
});
