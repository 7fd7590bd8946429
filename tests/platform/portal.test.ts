import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], { type: 'image/png' });

type Traveler = Awaited<ReturnType<TestServer['traveler']>>;

describe('the traveler portal: each traveler reaches only their own data', () => {
  let server: TestServer;
  let alice: Traveler;
  let bob: Traveler;
  let aliceBooking: { id: string; booking_reference: string };
  let tourId: string;

  beforeAll(async () => {
    server = await startTestServer();
    [alice, bob] = await Promise.all([server.traveler({ fullName: 'Alice Mwangi' }), server.traveler({ fullName: 'Bob Kimaro' })]);
    const tour = await server.db.query<{ id: string }>(`select id from public.tours where status = 'active' order by slug limit 1`);
    tourId = tour.rows[0].id;
    // Bookings the company took for Alice (service role), with a payment made.
    const { data, error } = await server
      .service()
      .from('bookings')
      .insert({ user_id: alice.userId, tour_id: tourId, status: 'confirmed', adults: 2, total_amount: 5000, amount_paid: 1500 })
      .select('id, booking_reference')
      .single();
    if (error) throw error;
    aliceBooking = data;
    await server.service().from('payments').insert({ booking_id: data.id, amount: 1500, method: 'bank_transfer', status: 'succeeded', paid_at: new Date().toISOString() });
  });
  afterAll(() => server?.close());

  it("shows a traveler their bookings with tour, itinerary and payments, and nobody else's", async () => {
    const mine = await alice.client
      .from('bookings')
      .select('booking_reference, total_amount, amount_paid, tour:tours(title, tour_itinerary(day_number)), payments(amount, status)')
      .eq('user_id', alice.userId)
      .order('created_at', { ascending: false });
    expect(mine.error).toBeNull();
    expect(mine.data).toHaveLength(1);
    const booking = mine.data![0] as unknown as { booking_reference: string; tour: { tour_itinerary: unknown[] }; payments: { amount: number }[] };
    expect(booking.booking_reference).toBe(aliceBooking.booking_reference);
    expect(booking.tour.tour_itinerary.length).toBeGreaterThan(0);
    expect(booking.payments.map((p) => Number(p.amount))).toEqual([1500]);

    const theirs = await bob.client.from('bookings').select('id').eq('booking_reference', aliceBooking.booking_reference);
    expect(theirs.data).toEqual([]);
    const payments = await bob.client.from('payments').select('id').eq('booking_id', aliceBooking.id);
    expect(payments.data).toEqual([]);
    const changed = await bob.client.from('bookings').update({ notes: 'mine now' }).eq('id', aliceBooking.id).select('id');
    expect(changed.data ?? []).toEqual([]);
    const rows = await server.db.query<{ notes: string | null }>('select notes from public.bookings where id = $1', [aliceBooking.id]);
    expect(rows.rows[0].notes).toBeNull();
  });

  it('keeps the tour of a booking readable for its traveler after it leaves the catalogue', async () => {
    await server.db.query(`update public.tours set status = 'archived' where id = $1`, [tourId]);
    try {
      const { data } = await alice.client.from('bookings').select('tour:tours(title, tour_itinerary(day_number))').eq('id', aliceBooking.id).single();
      expect((data as unknown as { tour: { title: string } | null }).tour?.title).toBeTruthy();
      const visitor = await server.client().from('tours').select('id').eq('id', tourId);
      expect(visitor.data).toEqual([]);
      const other = await bob.client.from('tours').select('id').eq('id', tourId);
      expect(other.data).toEqual([]);
    } finally {
      await server.db.query(`update public.tours set status = 'active' where id = $1`, [tourId]);
    }
  });

  it('lets a traveler edit their own profile and permit details only', async () => {
    const own = await alice.client
      .from('users')
      .update({ phone: '+255 700 111 222', passport_number: 'AB1234567', passport_expiry: '2031-05-01', emergency_contact_name: 'Jane Mwangi' })
      .eq('id', alice.userId)
      .select('phone, passport_number, passport_expiry, emergency_contact_name');
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ phone: '+255 700 111 222', passport_number: 'AB1234567', passport_expiry: '2031-05-01', emergency_contact_name: 'Jane Mwangi' }]);

    const peek = await bob.client.from('users').select('passport_number').eq('id', alice.userId);
    expect(peek.data).toEqual([]);
    const write = await bob.client.from('users').update({ full_name: 'Hacked' }).eq('id', alice.userId).select('id');
    expect(write.data ?? []).toEqual([]);
    const rows = await server.db.query<{ full_name: string }>('select full_name from public.users where id = $1', [alice.userId]);
    expect(rows.rows[0].full_name).toBe('Alice Mwangi');

    const bad = await alice.client.from('users').update({ passport_number: 'no spaces allowed!' }).eq('id', alice.userId);
    expect(bad.error?.code).toBe('23514');
    expect(bad.status).toBe(400);
  });

  it("merges preferences for the signed-in user only and refuses visitors with the spec's message", async () => {
    const merged = await alice.client.rpc('merge_user_preferences', { p_patch: { display: { theme: 'dark' } } });
    expect(merged.error).toBeNull();
    expect((merged.data as { display: { theme: string; currency: string } }).display).toMatchObject({ theme: 'dark', currency: 'USD' });
    const bobs = await bob.client.from('users').select('preferences').eq('id', bob.userId).single();
    expect((bobs.data!.preferences as { display: { theme: string } }).display.theme).toBe('light');
    const peek = await bob.client.from('users').select('preferences').eq('id', alice.userId);
    expect(peek.data).toEqual([]);
    const visitor = await server.client().rpc('merge_user_preferences', { p_patch: { display: { theme: 'dark' } } });
    expect(visitor.error?.message).toBe('User not authenticated or unauthorized');
  });

  it("keeps each wishlist private to its owner", async () => {
    expect((await alice.client.from('wishlist').insert({ user_id: alice.userId, tour_id: tourId })).error).toBeNull();
    expect((await bob.client.from('wishlist').select('id').eq('user_id', alice.userId)).data).toEqual([]);
    const steal = await bob.client.from('wishlist').insert({ user_id: alice.userId, tour_id: tourId });
    expect(steal.error).not.toBeNull();
    await bob.client.from('wishlist').delete().eq('user_id', alice.userId);
    const rows = await server.db.query('select id from public.wishlist where user_id = $1', [alice.userId]);
    expect(rows.rows).toHaveLength(1);
  });

  it('keeps message threads between one traveler and the company', async () => {
    const thread = randomUUID();
    const sent = await alice.client
      .from('messages')
      .insert({ client_id: randomUUID(), user_id: alice.userId, thread_id: thread, subject: 'Park fees', body: 'Are park fees included?', booking_id: aliceBooking.id });
    expect(sent.error).toBeNull();

    // The company replies; Alice sees the reply unread, then marks it read.
    const admin = await server.adminClient();
    const reply = await admin.from('messages').insert({ user_id: alice.userId, thread_id: thread, sender: 'staff', body: 'Yes, all park fees are included.' });
    expect(reply.error).toBeNull();
    const inbox = await alice.client.from('messages').select('sender, body, read_at, author_id').eq('thread_id', thread).order('created_at');
    expect(inbox.data!.map((m) => m.sender)).toEqual(['traveler', 'staff']);
    expect(inbox.data![1].read_at).toBeNull();
    expect(inbox.data![0].author_id).toBe(alice.userId);
    const read = await alice.client.from('messages').update({ read_at: new Date().toISOString() }).eq('thread_id', thread).eq('sender', 'staff').is('read_at', null).select('id');
    expect(read.data).toHaveLength(1);

    // Bob cannot read it, join it, pose as staff, attach Alice's booking or edit Alice's messages.
    expect((await bob.client.from('messages').select('id').eq('thread_id', thread)).data).toEqual([]);
    const join = await bob.client.from('messages').insert({ user_id: bob.userId, thread_id: thread, body: 'Me too' });
    expect(join.error?.message).toBe('This conversation belongs to another traveler');
    const asStaff = await bob.client.from('messages').insert({ user_id: bob.userId, thread_id: randomUUID(), sender: 'staff', body: 'Refund approved' });
    expect(asStaff.error).not.toBeNull();
    const asAlice = await bob.client.from('messages').insert({ user_id: alice.userId, thread_id: randomUUID(), body: 'Cancel everything' });
    expect(asAlice.error).not.toBeNull();
    const booking = await bob.client.from('messages').insert({ user_id: bob.userId, thread_id: randomUUID(), body: 'About this', booking_id: aliceBooking.id });
    expect(booking.error).not.toBeNull();
    const edit = await alice.client.from('messages').update({ body: 'changed' }).eq('thread_id', thread);
    expect(edit.error).not.toBeNull();

    // A resend of the same write (same client_id) is refused as a duplicate, so it is stored once.
    const clientId = randomUUID();
    const first = await alice.client.from('messages').insert({ client_id: clientId, user_id: alice.userId, thread_id: thread, body: 'Thanks!' });
    const again = await alice.client.from('messages').insert({ client_id: clientId, user_id: alice.userId, thread_id: thread, body: 'Thanks!' });
    expect(first.error).toBeNull();
    expect(again.error?.code).toBe('23505');
    const count = await server.db.query('select id from public.messages where client_id = $1', [clientId]);
    expect(count.rows).toHaveLength(1);
  });

  it("lets a traveler replace only their own avatar", async () => {
    const name = `avatars/${alice.userId}-${Date.now()}.png`;
    expect((await alice.client.storage.from('avatars').upload(name, png())).error).toBeNull();
    const overwrite = await bob.client.storage.from('avatars').upload(name, png(), { upsert: true });
    expect(overwrite.error).not.toBeNull();
    await bob.client.storage.from('avatars').remove([name]);
    const rows = await server.db.query('select name from storage.objects where name = $1', [name]);
    expect(rows.rows).toHaveLength(1);
    expect((await alice.client.storage.from('avatars').remove([name])).error).toBeNull();
    expect((await server.db.query('select name from storage.objects where name = $1', [name])).rows).toEqual([]);
  });

  it('shows payment instructions to everyone and lets only admins change them', async () => {
    const shown = await server.client().from('payment_instructions').select('bank_name, account_number').eq('is_active', true).single();
    expect(shown.error).toBeNull();
    expect(shown.data!.bank_name).toBeTruthy();
    const change = await alice.client.from('payment_instructions').update({ account_number: '999' }).eq('is_active', true).select('id');
    expect(change.data ?? []).toEqual([]);
    const admin = await server.adminClient();
    const byAdmin = await admin.from('payment_instructions').update({ branch: 'Arusha, Sokoine Road' }).eq('is_active', true).select('branch');
    expect(byAdmin.data).toEqual([{ branch: 'Arusha, Sokoine Road' }]);
  });

  it('reads the activity log by range, own rows only', async () => {
    for (const action of ['sign_in', 'booking_view', 'profile_update']) {
      expect((await alice.client.rpc('log_user_activity', { p_action: action, p_resource_type: 'booking', p_resource_id: aliceBooking.booking_reference })).error).toBeNull();
    }
    const page = await alice.client.from('user_activity_logs').select('action').order('created_at', { ascending: false }).range(0, 1);
    expect(page.data).toHaveLength(2);
    expect((await bob.client.from('user_activity_logs').select('id').eq('user_id', alice.userId)).data).toEqual([]);
  });

  it('deletes only the signed-in account: profile and data go, bookings stay without an owner', async () => {
    const throwaway = await server.traveler();
    await server.service().from('bookings').insert({ user_id: throwaway.userId, tour_id: tourId, status: 'confirmed', total_amount: 100 });
    const visitor = await server.client().rpc('delete_own_account');
    expect(visitor.error).not.toBeNull();

    const done = await throwaway.client.rpc('delete_own_account');
    expect(done.error).toBeNull();
    expect((await server.db.query('select id from auth.users where id = $1', [throwaway.userId])).rows).toEqual([]);
    expect((await server.db.query('select id from public.users where id = $1', [throwaway.userId])).rows).toEqual([]);
    const kept = await server.db.query<{ user_id: string | null }>(`select user_id from public.bookings where total_amount = 100 and tour_id = $1`, [tourId]);
    expect(kept.rows).toEqual([{ user_id: null }]);
    // Everyone else is still there, and the deleted user cannot sign in again.
    expect((await server.db.query('select id from auth.users where id = any($1)', [[alice.userId, bob.userId]])).rows).toHaveLength(2);
    const signIn = await server.client().auth.signInWithPassword({ email: throwaway.email, password: throwaway.password });
    expect(signIn.error).not.toBeNull();
  });
});
