import { randomUUID } from 'node:crypto';
import { insertUser } from '../platform/auth/users.ts';
import type { Queryable } from '../platform/db/types.ts';
import { randomFrom } from './images.ts';
import { insertRows } from './insert.ts';

/**
 * A year of the office's work, so every back-office screen opens on something real: clients (some
 * with accounts), past trips travelled (private departures, paid and completed), bookings filling
 * the seats the scheduled departures show as taken (confirmed with deposits or in full, a few
 * pending holds), cancellations with a refund owed or made, notes, enquiries and message threads,
 * some waiting for a reply. Demo clients have example.com addresses and are never emailed: every
 * email their bookings would send is recorded as skipped.
 */

export interface SeedTour {
  id: string;
  title: string;
  durationDays: number;
  price: number;
  childPrice: number | null;
}

export interface SeedDeparture {
  id: string;
  tourId: string;
  startDate: string;
  price: number;
  childPrice: number | null;
  /** The seats the bookings below must fill: the departure shows this many taken. */
  seats: number;
}

const clientNames: [string, string][] = [
  ['Amelia Hughes', 'United Kingdom'], ['Lukas Becker', 'Germany'], ['Sofia Rossi', 'Italy'], ['Ethan Brooks', 'United States'],
  ['Chloé Martin', 'France'], ['Noah Jensen', 'Denmark'], ['Hannah Schmidt', 'Germany'], ['Oliver Smith', 'Australia'],
  ['Mia Johansson', 'Sweden'], ['James Walker', 'United States'], ['Emma de Vries', 'Netherlands'], ['Liam O\u2019Brien', 'Ireland'],
  ['Isabella García', 'Spain'], ['William Chen', 'Canada'], ['Zara Patel', 'United Kingdom'], ['Felix Wagner', 'Austria'],
  ['Grace Kim', 'South Korea'], ['Daniel Novak', 'Czech Republic'], ['Aisha Mwangi', 'Kenya'], ['Lucas Silva', 'Brazil'],
  ['Ella Thompson', 'New Zealand'], ['Henrik Larsen', 'Norway'], ['Yuki Tanaka', 'Japan'], ['Charlotte Dubois', 'Belgium'],
  ['Samuel Okafor', 'Nigeria'], ['Laura Fischer', 'Switzerland'], ['Mateo Fernández', 'Argentina'], ['Olivia Brown', 'United States'],
  ['Jonas Meyer', 'Germany'], ['Nadia Haddad', 'United Arab Emirates'], ['Ruby Clarke', 'United Kingdom'], ['Ana Popescu', 'Romania'],
  ['Thomas Muller', 'Switzerland'], ['Priya Nair', 'India'], ['Jack Wilson', 'Australia'], ['Leonie Braun', 'Germany'],
];

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
const money = (value: number) => Math.round(value * 100) / 100;

interface Client {
  id: string | null;
  full_name: string;
  email: string;
  phone: string;
  country: string;
}

export async function seedOfficeYear(
  tx: Queryable,
  input: { today: Date; tours: SeedTour[]; departures: SeedDeparture[]; adminId: string; agentId: string },
): Promise<{ bookings: number }> {
  const rand = randomFrom('office-year');
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const { today, adminId, agentId } = input;

  // Clients: every third has an account (a traveler who signed up), the rest booked as guests.
  const clients: Client[] = [];
  for (const [index, [fullName, country]] of clientNames.entries()) {
    const email = `${slug(fullName)}@example.com`;
    const phone = `+${[44, 49, 39, 1, 33, 45][index % 6]} ${700 + index} ${String(100000 + index * 7919).slice(0, 6)}`;
    let id: string | null = null;
    if (index % 3 === 0) {
      const user = await insertUser(tx, { email, confirmed: true, userMetadata: { full_name: fullName } });
      await tx.query(`update public.users set phone = $2, country = $3 where id = $1`, [user.id, phone, country]);
      id = user.id;
    }
    clients.push({ id, full_name: fullName, email, phone, country });
  }

  const bookings: Record<string, unknown>[] = [];
  const payments: Record<string, unknown>[] = [];
  const privateDepartures: Record<string, unknown>[] = [];
  const tourById = new Map(input.tours.map((tour) => [tour.id, tour]));

  function booking(options: {
    client: Client;
    tour: SeedTour;
    departureId: string;
    price: number;
    childPrice: number | null;
    adults: number;
    children: number;
    status: string;
    createdAt: Date;
    paid: number;
    notes?: string | null;
  }) {
    const id = randomUUID();
    const { client, adults, children } = options;
    const childUnit = options.childPrice ?? options.price;
    const lines = [{ kind: 'adult', code: null, label: `Adults × ${adults}`, quantity: adults, unit_price: options.price, amount: money(adults * options.price) }];
    if (children > 0) lines.push({ kind: 'child', code: null, label: `Children × ${children}`, quantity: children, unit_price: childUnit, amount: money(children * childUnit) });
    const total = money(lines.reduce((sum, line) => sum + line.amount, 0));
    const travelers = [
      { full_name: client.full_name, nationality: client.country },
      ...Array.from({ length: adults - 1 }, (_, n) => ({ full_name: `${pick(['Alex', 'Sam', 'Jo', 'Robin', 'Kim', 'Chris'])} ${client.full_name.split(' ').at(-1)}${n ? ` ${n + 1}` : ''}`, nationality: client.country })),
      ...Array.from({ length: children }, (_, n) => ({ full_name: `Child ${n + 1} ${client.full_name.split(' ').at(-1)}`, age: 6 + n * 3, nationality: client.country })),
    ];
    const pending = options.status === 'pending';
    bookings.push({
      id,
      user_id: client.id,
      tour_id: options.tour.id,
      departure_id: options.departureId,
      status: options.status,
      adults,
      children,
      travelers,
      contact: { full_name: client.full_name, email: client.email, phone: client.phone, country: client.country },
      currency: 'USD',
      total_amount: total,
      price_breakdown: lines,
      notes: options.notes ?? null,
      created_at: options.createdAt.toISOString(),
      // A pending request holds its seats a few days more: long enough for a demo and a test run.
      hold_expires_at: pending ? addDays(today, 3 + Math.floor(rand() * 4)).toISOString() : null,
      contact_verified_at: options.createdAt.toISOString(),
      hold_approved_at: pending ? null : options.createdAt.toISOString(),
      hold_approved_by: pending ? null : agentId,
      payment_method: options.paid > 0 || !pending ? pick(['bank_transfer', 'card', 'bank_transfer']) : null,
      cancelled_at: options.status === 'cancelled' ? addDays(options.createdAt, 12).toISOString() : null,
      cancellation_reason: options.status === 'cancelled' ? pick(['Family emergency', 'Flights changed', 'Illness']) : null,
      // Most book on the website; some call or write and the office books for them.
      source: pick(['website', 'website', 'website', 'office']),
    });
    const paid = money(Math.min(total, options.paid * total));
    if (paid > 0) {
      const method = pick(['bank_transfer', 'mobile_money', 'card', 'cash']);
      payments.push({
        id: randomUUID(),
        booking_id: id,
        amount: paid,
        currency: 'USD',
        method,
        provider: method === 'card' ? 'stripe' : null,
        status: 'succeeded',
        provider_reference: method === 'card' ? `pi_demo_${id.slice(0, 8)}` : `TT${Math.floor(rand() * 9_000_000 + 1_000_000)}`,
        paid_at: addDays(options.createdAt, 1).toISOString(),
        created_at: addDays(options.createdAt, 1).toISOString(),
        recorded_by: method === 'card' ? null : agentId,
      });
    }
    return { id, total, paid };
  }

  // Future bookings: exactly the seats each scheduled departure shows as taken.
  for (const departure of input.departures) {
    const tour = tourById.get(departure.tourId)!;
    let left = departure.seats;
    while (left > 0) {
      const party = Math.min(left, 1 + Math.floor(rand() * 4));
      // Children only on tours that take them (those with a child price).
      const children = party >= 3 && tour.childPrice !== null && rand() < 0.4 ? 1 : 0;
      left -= party;
      const leadDays = Math.floor((new Date(departure.startDate).getTime() - today.getTime()) / 86_400_000);
      const roll = rand();
      const status = roll < 0.06 ? 'pending' : 'confirmed';
      const createdAt = status === 'pending' ? addDays(today, -rand() * 3) : addDays(today, -Math.floor(10 + rand() * Math.min(200, 300 - Math.min(leadDays, 290))));
      // Confirmed: the deposit, and for most of those travelling within the balance period, the rest.
      const paid = status === 'pending' ? 0 : leadDays <= 60 ? (rand() < 0.7 ? 1 : 0.3) : rand() < 0.25 ? 1 : 0.3;
      booking({
        client: pick(clients),
        tour,
        departureId: departure.id,
        price: departure.price,
        childPrice: departure.childPrice,
        adults: party - children,
        children,
        status,
        createdAt,
        paid,
        notes: rand() < 0.2 ? pick(['Vegetarian meals for one traveler', 'Celebrating an anniversary: arrange a bush dinner', 'Arrives on the evening KLM flight', 'Wants a window seat in the vehicle for photography']) : null,
      });
    }
  }

  // Past trips: private departures over the last year, travelled and paid; some cancelled.
  for (let n = 0; n < 42; n++) {
    const tour = input.tours[n % input.tours.length];
    // The first three are under way today: one leaving, one half-way, one coming back.
    const offset = [0, -Math.floor(tour.durationDays / 2), -(tour.durationDays - 1)][n] ?? -(15 + Math.floor(rand() * 345));
    const start = addDays(today, offset);
    const end = addDays(start, tour.durationDays - 1);
    const departureId = randomUUID();
    const adults = 1 + Math.floor(rand() * 3);
    const children = tour.childPrice !== null && rand() < 0.2 ? 1 : 0;
    privateDepartures.push({
      id: departureId,
      tour_id: tour.id,
      start_date: isoDate(start),
      end_date: isoDate(end),
      capacity: adults + children,
      seats_booked: 0,
      status: 'guaranteed',
      is_private: true,
      guaranteed_threshold: 1,
    });
    const underway = end >= today;
    const cancelled = !underway && n % 9 === 5;
    booking({
      client: pick(clients),
      tour,
      departureId,
      price: tour.price,
      childPrice: tour.childPrice,
      adults,
      children,
      status: cancelled ? 'cancelled' : underway ? 'confirmed' : 'completed',
      createdAt: addDays(start, -(60 + Math.floor(rand() * 150))),
      paid: cancelled ? 0.3 : 1,
    });
  }

  // A duplicate for the clients screen to merge: an account holder's latest booking made as a guest
  // under another address.
  const twice = clients.find((client) => client.id && bookings.filter((row) => row.user_id === client.id).length >= 2)!;
  const asGuest = bookings.findLast((row) => row.user_id === twice.id)!;
  const otherAddress = `${slug(twice.full_name.split(' ').at(-1)!)}.${slug(twice.full_name.split(' ')[0])}@example.com`;
  Object.assign(asGuest, { user_id: null, contact: { ...(asGuest.contact as object), email: otherAddress } });

  await insertRows(tx, 'public.tour_departures', privateDepartures);
  await insertRows(tx, 'public.bookings', bookings);
  await insertRows(tx, 'public.payments', payments);

  // A guest who made an account with the same email since (not yet merged), and the office's notes
  // and tags on a few clients.
  const signedUpLater = clients.find((client) => !client.id && bookings.some((row) => (row.contact as { email: string }).email === client.email))!;
  const later = await insertUser(tx, { email: signedUpLater.email, confirmed: true, userMetadata: { full_name: signedUpLater.full_name } });
  await tx.query(`update public.users set country = $2, created_at = $3 where id = $1`, [later.id, signedUpLater.country, addDays(today, -4).toISOString()]);
  const keyOf = (client: Client) => client.id ?? client.email;
  const regulars = clients.filter((client) => client.id && bookings.filter((row) => row.user_id === client.id).length >= 2);
  const booked = clients.filter((client) => bookings.some((row) => (client.id ? row.user_id === client.id : (row.contact as { email: string }).email === client.email)));
  await insertRows(tx, 'public.client_tags', [
    ...regulars.slice(0, 3).map((client) => ({ client_key: keyOf(client), tag: 'repeat', author_id: agentId })),
    { client_key: keyOf(twice), tag: 'vip', author_id: adminId },
    { client_key: keyOf(booked[4]), tag: 'honeymoon', author_id: agentId },
    { client_key: keyOf(booked[7]), tag: 'dietary', author_id: agentId },
  ]);
  await insertRows(tx, 'public.client_notes', [
    { client_key: keyOf(twice), body: `Also booked as ${otherAddress}: the same person, to merge.`, author_id: agentId, created_at: addDays(today, -2).toISOString() },
    { client_key: keyOf(booked[4]), body: 'Celebrating their honeymoon: a bush dinner on the second night.', author_id: agentId, created_at: addDays(today, -20).toISOString() },
    { client_key: keyOf(booked[7]), body: 'Gluten-free meals; tell every lodge before arrival.', author_id: agentId, created_at: addDays(today, -35).toISOString() },
    { client_key: keyOf(signedUpLater), body: 'Prefers WhatsApp to email for quick questions.', author_id: adminId, created_at: addDays(today, -9).toISOString() },
  ]);

  // Cancelled trips: the deposit is owed back on some, was returned on the others. As the product
  // does it: the payments received stay, and a payment out (owe_refund) returns them, marked sent
  // the way the money came in on every other booking.
  const cancelledIds = bookings.filter((row) => row.status === 'cancelled').map((row) => row.id as string);
  await tx.query(`select public.owe_refund(b, b.amount_paid) from public.bookings b where b.id = any($1::uuid[])`, [cancelledIds]);
  await tx.query(
    `update public.payments set status = 'refunded', refund_method = method, refunded_at = now() - interval '5 days',
            refund_reference = 'RF' || substr(id::text, 1, 6)
      where status = 'refund_due' and booking_id = any($1::uuid[])`,
    [cancelledIds.filter((_, index) => index % 2 === 1)],
  );

  // No email to demo clients: what their bookings would send is recorded as skipped, and so is what
  // the booking schedule would send later (balance reminders, pre-departure notes, review requests).
  const ids = bookings.map((row) => row.id as string);
  await tx.query(`update public.booking_notifications set status = 'skipped', skip_reason = 'demo data' where booking_id = any($1::uuid[])`, [ids]);
  await tx.query(
    `insert into public.booking_notifications (booking_id, kind, status, skip_reason)
     select b, k, 'skipped', 'demo data' from unnest($1::uuid[]) b cross join unnest(array['balance_reminder', 'pre_departure', 'review_request']) k
     on conflict do nothing`,
    [ids],
  );

  // Enquiries at every stage of the pipeline, over the last two months: new ones nobody has taken
  // yet, some the agent is working on, quotes out with their clients, one won and some lost.
  const enquiries: [kind: string, status: string, message: string, lostReason?: string][] = [
    ['start_planning', 'new', 'Honeymoon in June: Serengeti and Zanzibar, 10 days, mid-range lodges.'],
    ['contact', 'new', 'Do you arrange airport pick-up from Kilimanjaro for a late arrival?'],
    ['tour_question', 'new', 'Is the Ngorongoro day trip suitable for a 4-year-old?'],
    ['start_planning', 'contacted', 'Family of five, two weeks in August, wants the river crossings.'],
    ['contact', 'contacted', 'Corporate retreat for 14 people in March: can you quote?'],
    ['start_planning', 'quoted', 'Photography group of 6: private vehicle with roof hatch, 8 days.'],
    ['start_planning', 'quoted', 'Our parents\' 40th anniversary: the Crater and the Serengeti, gentle pace.'],
    ['start_planning', 'won', 'Kilimanjaro climb, then a week on the beach to recover.'],
    ['partnership', 'lost', 'Travel agency in Munich interested in net rates.', 'Asked for net rates below our costs'],
    ['tour_question', 'contacted', 'What is the climbing success rate on the Machame route?'],
    ['start_planning', 'lost', 'Budget camping safari for two students, 4 days.', 'Budget too small for a private trip'],
    ['contact', 'lost', 'Lost a camera lens on the trip last week.', 'Not a sale: the lens was found and posted back'],
  ];
  const enquiryRows = enquiries.map(([kind, status, message, lostReason], index) => {
    const client = clients[(index * 5 + 3) % clients.length];
    const createdAt = addDays(today, -(index * 5 + 1));
    const won = status === 'won' ? bookings.find((row) => (row.contact as { email: string }).email === client.email && row.status === 'confirmed') : undefined;
    return {
      id: randomUUID(),
      kind,
      status: status === 'won' && !won ? 'contacted' : status,
      user_id: client.id,
      name: client.full_name,
      email: client.email,
      phone: client.phone,
      subject: message.split(':')[0].slice(0, 80),
      message,
      assigned_to: status === 'new' ? null : agentId,
      lost_reason: lostReason ?? null,
      booking_id: won?.id ?? null,
      created_at: createdAt.toISOString(),
      status_changed_at: addDays(createdAt, status === 'new' ? 0 : 2).toISOString(),
    };
  });
  await insertRows(tx, 'public.enquiries', enquiryRows);

  // The quotes out with clients: days from a tour's itinerary, priced per traveler, sent two days
  // after the enquiry and valid for a fortnight from today.
  for (const [index, enquiry] of enquiryRows.filter((row) => row.status === 'quoted').entries()) {
    const tour = input.tours[(index * 3 + 1) % input.tours.length];
    const { rows: days } = await tx.query<{ title: string; location: string | null; accommodation: string | null; meals: string[]; description: string | null }>(
      `select title, location, accommodation, meals, description from public.tour_itinerary where tour_id = $1 order by day_number`,
      [tour.id],
    );
    const adults = index === 0 ? 6 : 4;
    await insertRows(tx, 'public.quotes', [
      {
        enquiry_id: enquiry.id,
        tour_id: tour.id,
        title: index === 0 ? 'Private photographic safari' : `${tour.title}, at an easy pace`,
        start_date: isoDate(addDays(today, 110 + index * 30)),
        adults,
        children: 0,
        currency: 'USD',
        days: days.map((day) => ({ ...day, location: day.location ?? '', accommodation: day.accommodation ?? '', description: day.description ?? '' })),
        lines: [
          { label: `${tour.title}, per adult`, quantity: adults, unit_price: tour.price },
          { label: index === 0 ? 'Private vehicle with roof hatch' : 'Upgrade to lodges with a view', quantity: 1, unit_price: index === 0 ? 1800 : 950 },
        ],
        valid_until: isoDate(addDays(today, 14)),
        message: 'Here is the trip we talked about. Every day can be changed: just tell us what you would like.',
        status: 'sent',
        sent_at: enquiry.status_changed_at,
        created_by: agentId,
        created_at: enquiry.status_changed_at,
      },
    ]);
  }

  // Conversations with travelers who have accounts: some answered, the latest few waiting for us.
  const withAccounts = clients.filter((client) => client.id);
  const threads = [
    ['Dietary needs on safari', ['Can the lodges cater for a gluten-free diet?', 'Yes: we tell every lodge before you arrive. Anything else we should pass on?', 'No, that is all. Thank you!']],
    ['Visa on arrival', ['Can we get our Tanzanian visa at the airport?', 'You can, but we recommend the e-visa: it is quicker at the border.']],
    ['Change of flight', ['Our flight now lands at 22:40. Is the pick-up still fine?']],
    ['Binoculars', ['Do the vehicles have binoculars, or should we bring our own?']],
    ['Tipping', ['How much should we tip our guide and cook?']],
  ] as const;
  const messages: Record<string, unknown>[] = [];
  for (const [index, [subject, bodies]] of threads.entries()) {
    const client = withAccounts[index % withAccounts.length];
    const threadId = randomUUID();
    const started = addDays(today, -(12 - index * 2));
    bodies.forEach((body, n) => {
      const fromStaff = n % 2 === 1;
      messages.push({
        user_id: client.id,
        thread_id: threadId,
        subject: n === 0 ? subject : null,
        sender: fromStaff ? 'staff' : 'traveler',
        author_id: fromStaff ? (n === 1 && index === 0 ? adminId : agentId) : client.id,
        body,
        // Staff replies were read by the traveler; a traveler's message was read when we answered it.
        read_at: fromStaff || n < bodies.length - 1 ? addDays(started, n * 0.3 + 0.2).toISOString() : null,
        created_at: addDays(started, n * 0.3).toISOString(),
      });
    });
  }
  await insertRows(tx, 'public.messages', messages);
  return { bookings: bookings.length };
}
