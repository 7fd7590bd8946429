import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * Who may do what, for every table, function and storage bucket of the schema: the role matrix that
 * role-matrix.test.ts checks cell by cell against the live database through supabase-js. A table,
 * function or bucket added to the schema without its entry here fails that test.
 *
 * Roles: a visitor (anon), a traveler, another traveler, and the company's staff: the admin, an agent
 * (bookings, clients, enquiries, messages), an editor (catalogue and content) and a guide. The editor
 * and the guide have trips, messages and a wishlist of their own, as travelers do.
 */
export const roles = ['anon', 'traveler', 'other', 'admin', 'agent', 'editor', 'guide'] as const;
export type Role = (typeof roles)[number];
export const staffRoles = ['admin', 'agent', 'editor', 'guide'] as const;
/** Staff who see and handle every booking (bookings.write): for them "any booking" is a traveler's. */
export const bookingStaff = (role: Role) => role === 'admin' || role === 'agent';

/**
 * A table's cells for one role, four letters for select, insert, update and delete:
 *   select  A every row, S some (those `visible` names for the role), - none
 *   writes  Y any row, O only the role's own rows (and never the other traveler's), - none
 */
export type TableCells = string;

/** A user of the fixtures: their client and id (anon has neither id nor session). */
export interface Person {
  client: SupabaseClient;
  userId: string | null;
  email: string | null;
}

/** What the test sets up before checking the cells: people, and named rows (ids) of the schema. */
export interface Fixtures {
  people: Record<Role, Person>;
  ids: Record<string, string>;
}

/** A column and its value: the row a probe aims at. */
export type Target = [column: string, value: string];

/** Whose row a write probe aims at: the role's own (an O cell), the other traveler's, or any row. */
export type Whose = 'own' | 'others' | 'any';

export interface TableEntry {
  cells: Record<Role, TableCells>;
  /** For S cells: a SQL condition over the table's columns naming the rows the role sees; $1 is its user id.
   *  Staff without a condition of their own see what a traveler sees. */
  visible?: Partial<Record<Role, string>>;
  /** A row to insert as the role; whose tells whose row it is (for O cells: the role's own, or the other traveler's). */
  row(f: Fixtures, role: Role, whose: Whose): Record<string, unknown>;
  /** Insert as the app does when the row may exist already (the profile): upsert, ignoring a duplicate. */
  upsert?: boolean;
  /** A harmless change for the update probe. */
  patch: Record<string, unknown> | ((f: Fixtures) => Record<string, unknown>);
  /** The row an update or delete probe aims at. */
  target(f: Fixtures, role: Role, whose: Whose): Target;
}

type StaffCells = Pick<Record<Role, TableCells>, 'agent' | 'editor' | 'guide'>;
/** The catalogue: every staff member reads all of it, drafts included; editors change it. */
const catalogue: StaffCells = { agent: 'A---', editor: 'AYYY', guide: 'A---' };
/** Content: editors manage it; other staff read what the public reads. */
const content: StaffCells = { agent: 'S---', editor: 'AYYY', guide: 'S---' };
/** Settings: admins only; other staff read what the public reads. */
const settings: StaffCells = { agent: 'S---', editor: 'S---', guide: 'S---' };
const noStaff: StaffCells = { agent: '----', editor: '----', guide: '----' };

/** Cells of the catalogue and content: visitors read what is published, admins manage everything. */
const published = (visible: string, staff: StaffCells, admin = 'AYYY'): Pick<TableEntry, 'cells' | 'visible'> => ({
  cells: { anon: 'S---', traveler: 'S---', other: 'S---', admin, ...staff },
  visible: { anon: visible, traveler: visible, other: visible },
});

/** Cells of what only the company sees: the admin's, and the staff's (none unless given). */
const companyOnly = (admin: TableCells, staff: StaffCells = noStaff): Pick<TableEntry, 'cells'> => ({
  cells: { anon: '----', traveler: '----', other: '----', admin, ...staff },
});

/** Whose row a probe is about: the role's own, or else a traveler's (the other traveler's for a traveler). */
export const ownerOf = (role: Role, whose: Whose): Role => (whose === 'own' ? role : role === 'traveler' ? 'other' : 'traveler');
const own = (f: Fixtures, role: Role, whose: Whose): string => f.people[ownerOf(role, whose)].userId!;
/** The fixture id named `${name}:${owner}` for the row whose probe it is. */
const ownId = (f: Fixtures, name: string, role: Role, whose: Whose): string => f.ids[`${name}:${ownerOf(role, whose)}`];
const unique = () => Math.random().toString(36).slice(2, 10);
const listedTour = 'public.is_tour_listed(tour_id)';

export const tables: Record<string, TableEntry> = {
  activities: {
    cells: { anon: 'A---', traveler: 'A---', other: 'A---', admin: 'AYYY', agent: 'A---', editor: 'AYYY', guide: 'A---' },
    row: () => ({ slug: `matrix-${unique()}`, name: 'Matrix activity' }),
    patch: { display_order: 5 },
    target: (f) => ['id', f.ids.activity],
  },
  analytics_events: {
    // Only admins read them; events are recorded through record_analytics_event; nobody changes them.
    cells: { anon: '----', traveler: '----', other: '----', admin: 'A---', agent: '----', editor: '----', guide: '----' },
    row: (f, role, whose) => ({ name: 'page_view', properties: { path: '/' }, user_id: role === 'anon' ? null : own(f, role, whose) }),
    patch: { url: 'https://example.com/' },
    target: (f) => ['id', f.ids.analyticsEvent],
  },
  audit_log: {
    // Written by triggers only; read by auditors (audit.read), the History of bookings by booking staff; changed by nobody.
    ...companyOnly('A---', { agent: 'S---', editor: '----', guide: '----' }),
    // Client staff read the history of clients (notes, tags, merges and erasures), enquiry staff that of quotes,
    // booking staff the invoices, receipts and refund notes emailed from bookings.
    visible: { agent: `table_name in ('bookings', 'payments', 'booking_notifications', 'enquiries', 'quotes', 'clients', 'client_notes', 'client_tags')` },
    row: () => ({ actor_kind: 'system', table_name: 'bookings', record_id: 'matrix', action: 'insert' }),
    patch: { reason: 'Matrix' },
    target: (f) => ['id', f.ids.auditEntry],
  },
  blog_categories: {
    cells: { anon: 'A---', traveler: 'A---', other: 'A---', admin: 'AYYY', agent: 'A---', editor: 'AYYY', guide: 'A---' },
    row: () => ({ slug: `matrix-${unique()}`, name: 'Matrix' }),
    patch: { name: 'Matrix category' },
    target: (f) => ['id', f.ids.blogCategory],
  },
  blog_post_tags: {
    ...published('public.is_post_visible(post_id)', content),
    row: (f) => ({ post_id: f.ids.draftPost, tag_id: f.ids.firstTag }),
    patch: (f) => ({ post_id: f.ids.publishedPost }),
    target: (f) => ['post_id', f.ids.publishedPost],
  },
  blog_posts: {
    ...published(`status = 'published' and published_at <= now()`, content),
    row: () => ({ slug: `matrix-${unique()}`, title: 'Matrix post' }),
    patch: { excerpt: 'Matrix' },
    target: (f) => ['id', f.ids.publishedPost],
  },
  blog_tags: {
    cells: { anon: 'A---', traveler: 'A---', other: 'A---', admin: 'AYYY', agent: 'A---', editor: 'AYYY', guide: 'A---' },
    row: () => ({ slug: `matrix-${unique()}`, name: 'Matrix' }),
    patch: { name: 'Matrix tag' },
    target: (f) => ['id', f.ids.otherTag],
  },
  booking_contact_tokens: {
    ...companyOnly('----'),
    row: (f) => ({ booking_id: f.ids['booking:traveler'], token_hash: '0'.repeat(64) }),
    patch: { token_hash: '1'.repeat(64) },
    target: (f) => ['booking_id', f.ids.guestBooking],
  },
  booking_hold_rules: {
    ...companyOnly('A-Y-'),
    row: () => ({ id: true }),
    patch: { unverified_hold: '3 hours' },
    target: () => ['id', 'true'],
  },
  booking_invoices: {
    // Invoice numbers, issued by booking_invoice() and read through it; no API role touches the table.
    ...companyOnly('----'),
    row: (f) => ({ booking_id: f.ids['booking:other'], year: 2026, sequence: 99999, number: 'INV-MATRIX' }),
    patch: { number: 'INV-CHANGED' },
    target: (f) => ['booking_id', f.ids.invoicedBooking],
  },
  booking_notifications: {
    ...companyOnly('A---', { agent: 'A---', editor: '----', guide: '----' }),
    row: (f) => ({ booking_id: f.ids['booking:traveler'], kind: 'pre_departure' }),
    patch: { status: 'skipped' },
    target: (f) => ['booking_id', f.ids['booking:traveler']],
  },
  booking_origins: {
    ...companyOnly('A---', { agent: 'A---', editor: '----', guide: '----' }),
    row: (f) => ({ booking_id: f.ids.staffBooking, ip: '192.0.2.1' }),
    patch: { ip: '192.0.2.2' },
    target: (f) => ['booking_id', f.ids['booking:traveler']],
  },
  booking_settings: {
    // The booking terms: admins read and change the one row; everyone else reads payment_terms().
    ...companyOnly('A-Y-'),
    row: () => ({ id: true }),
    patch: { deposit_percent: 35 },
    target: () => ['id', 'true'],
  },
  bookings: {
    // Made and changed only by functions; travelers read their own; the company reads all and writes notes.
    cells: { anon: '----', traveler: 'S---', other: 'S---', admin: 'A-Y-', agent: 'A-Y-', editor: 'S---', guide: 'S---' },
    visible: { traveler: 'user_id = $1', other: 'user_id = $1' },
    row: (f, role, whose) => ({ tour_id: f.ids.tour, user_id: own(f, role, whose), adults: 1, total_amount: 1 }),
    patch: { notes: 'Matrix note' },
    target: (f, role, whose) => ['id', ownId(f, 'booking', role, whose)],
  },
  branding_settings: {
    ...published('is_active', content),
    row: () => ({ is_active: false, company_name: 'Matrix Safaris' }),
    patch: { tagline: 'Matrix' },
    target: (f) => ['id', f.ids.branding],
  },
  cancellation_policy_tiers: {
    // Booking staff read the policy they apply; admins change it.
    ...companyOnly('AYYY', { agent: 'A---', editor: '----', guide: '----' }),
    row: () => ({ min_days_before: 400, fee_percent: 5 }),
    patch: { fee_percent: 31 },
    target: () => ['min_days_before', '60'],
  },
  categories: {
    cells: { anon: 'A---', traveler: 'A---', other: 'A---', admin: 'AYYY', agent: 'A---', editor: 'AYYY', guide: 'A---' },
    row: () => ({ slug: `matrix-${unique()}`, name: 'Matrix' }),
    patch: { name: 'Matrix category' },
    target: (f) => ['id', f.ids.category],
  },
  client_directory: {
    // The clients list's rows, kept by triggers; nobody reads or writes them but through search_clients.
    ...companyOnly('----'),
    row: () => ({ client_key: 'matrix@example.com', kind: 'guest', name: 'Matrix', created_at: new Date().toISOString(), bookings: 0, spent_usd: 0, trips: [], search: 'matrix' }),
    patch: { name: 'Matrix' },
    target: () => ['kind', 'guest'],
  },
  client_notes: {
    // The office's notes on a client: client staff read (clients.read) and write (clients.write) them; nobody else sees them.
    ...companyOnly('AYYY', { agent: 'AYYY', editor: '----', guide: '----' }),
    row: (f) => ({ client_key: f.people.traveler.userId, body: 'Matrix note' }),
    patch: { body: 'Matrix note, changed' },
    // A demo note (server/seed/office.ts).
    target: () => ['body', 'Gluten-free meals; tell every lodge before arrival.'],
  },
  client_tags: {
    // The office's tags on a client, as its notes.
    ...companyOnly('AYYY', { agent: 'AYYY', editor: '----', guide: '----' }),
    row: (f) => ({ client_key: f.people.traveler.userId, tag: `matrix-${unique()}` }),
    patch: { tag: 'matrix' },
    // The demo's one honeymoon tag (server/seed/office.ts).
    target: () => ['tag', 'honeymoon'],
  },
  content_pages: {
    ...published('is_published', content),
    row: () => ({ slug: `matrix-${unique()}`, title: 'Matrix page' }),
    patch: { meta_description: 'Matrix' },
    target: (f) => ['id', f.ids.contentPage],
  },
  currency_rates: {
    cells: { anon: 'A---', traveler: 'A---', other: 'A---', admin: 'AYYY', agent: 'A---', editor: 'A---', guide: 'A---' },
    row: () => ({ currency: 'ZAR', units_per_usd: 18.5 }),
    patch: { units_per_usd: 0.93 },
    target: () => ['currency', 'EUR'],
  },
  departure_guides: {
    ...companyOnly('AYYY', { agent: 'A---', editor: '----', guide: 'S---' }),
    visible: { guide: `departure_id in (select a.departure_id from public.departure_guides a join public.guides g on g.id = a.guide_id where g.user_id = $1)` },
    row: (f) => ({ departure_id: f.ids.otherDeparture, guide_id: f.ids.spareGuide }),
    patch: { created_at: '2026-01-01T00:00:00Z' },
    target: (f) => ['departure_id', f.ids.departure],
  },
  departure_vehicles: {
    ...companyOnly('AYYY', { agent: 'A---', editor: '----', guide: 'S---' }),
    visible: { guide: `departure_id in (select a.departure_id from public.departure_guides a join public.guides g on g.id = a.guide_id where g.user_id = $1)` },
    row: (f) => ({ departure_id: f.ids.otherDeparture, vehicle_id: f.ids.spareVehicle, travelers: 3 }),
    patch: { travelers: 3 },
    target: (f) => ['departure_id', f.ids.departure],
  },
  // Secret calendar addresses: operations admins read them all, a guide their own.
  calendar_feeds: {
    ...companyOnly('A---', { agent: '----', editor: '----', guide: 'S---' }),
    visible: { guide: `guide_id in (select g.id from public.guides g where g.user_id = $1)` },
    row: (f) => ({ guide_id: f.ids.spareGuide, token: 'f'.repeat(64) }),
    patch: { renewed_at: '2026-01-01T00:00:00Z' },
    target: (f) => ['id', f.ids.companyFeed],
  },
  // What staff record in the field: read by operations staff and the trip's guides, written through functions only.
  trip_check_ins: {
    ...companyOnly('A---', { agent: 'A---', editor: '----', guide: 'S---' }),
    visible: { guide: `departure_id in (select a.departure_id from public.departure_guides a join public.guides g on g.id = a.guide_id where g.user_id = $1)` },
    row: (f) => ({ client_id: crypto.randomUUID(), departure_id: f.ids.departure, booking_id: f.ids.partyBooking, traveler_index: 0, checked_in_at: new Date().toISOString() }),
    patch: { traveler_index: 0 },
    target: (f) => ['id', f.ids.checkIn],
  },
  trip_incidents: {
    ...companyOnly('A---', { agent: 'A---', editor: '----', guide: 'S---' }),
    visible: { guide: `departure_id in (select a.departure_id from public.departure_guides a join public.guides g on g.id = a.guide_id where g.user_id = $1)` },
    row: (f) => ({ client_id: crypto.randomUUID(), departure_id: f.ids.departure, note: 'Matrix', occurred_at: new Date().toISOString() }),
    patch: { note: 'Matrix' },
    target: (f) => ['id', f.ids.incident],
  },
  destinations: {
    ...published('is_published', catalogue),
    row: () => ({ slug: `matrix-${unique()}`, name: 'Matrix' }),
    patch: { summary: 'Matrix' },
    target: (f) => ['id', f.ids.destination],
  },
  email_queue: {
    // The server's own: written by the platform only; admins see what was sent (without the bodies).
    ...companyOnly('A---', { agent: 'A---', editor: '----', guide: '----' }),
    row: () => ({ to_address: 'x@example.com', subject: 'x', body_text: 'x', kind: 'matrix' }),
    patch: { subject: 'y' },
    target: (f) => ['id', f.ids.email],
  },
  enquiries: {
    // Sent through POST /api/enquiries only; the company reads and handles them.
    ...companyOnly('A-YY', { agent: 'A-YY', editor: '----', guide: '----' }),
    row: () => ({ name: 'Matrix', email: 'matrix@example.com', message: 'Hello' }),
    patch: { status: 'contacted' },
    target: (f) => ['id', f.ids.enquiry],
  },
  error_reports: {
    ...companyOnly('A---'),
    row: () => ({ id: crypto.randomUUID(), message: 'x', occurred_at: new Date().toISOString(), url: '/', session_id: 's', error_type: 'Unknown' }),
    patch: { message: 'y' },
    target: (f) => ['id', f.ids.errorReport],
  },
  experiences: {
    ...published('is_published', catalogue),
    row: () => ({ slug: `matrix-${unique()}`, title: 'Matrix' }),
    patch: { summary: 'Matrix' },
    target: (f) => ['id', f.ids.experience],
  },
  feedback: {
    ...companyOnly('A---'),
    row: () => ({ id: crypto.randomUUID(), feedback: 'x', occurred_at: new Date().toISOString(), url: '/', session_id: 's' }),
    patch: { feedback: 'y' },
    target: (f) => ['id', f.ids.feedback],
  },
  guide_credentials: {
    ...companyOnly('AYYY', { agent: 'A---', editor: '----', guide: 'S---' }),
    visible: { guide: 'guide_id in (select id from public.guides where user_id = $1)' },
    row: (f) => ({ guide_id: f.ids.spareGuide, kind: 'licence', name: 'Matrix licence' }),
    patch: { reference: 'M-1' },
    target: (f) => ['id', f.ids.credential],
  },
  guide_leave: {
    ...companyOnly('AYYY', { agent: 'A---', editor: '----', guide: 'S---' }),
    visible: { guide: 'guide_id in (select id from public.guides where user_id = $1)' },
    row: (f) => ({ guide_id: f.ids.spareGuide, starts_on: '2031-01-01', ends_on: '2031-01-05' }),
    patch: { reason: 'Matrix' },
    target: (f) => ['id', f.ids.leave],
  },
  guides: {
    ...companyOnly('AYYY', { agent: 'A---', editor: '----', guide: 'S---' }),
    visible: { guide: 'user_id = $1' },
    row: () => ({ full_name: 'Matrix New Guide' }),
    patch: { phone: '+255 700 000 000' },
    // One on no trip, so that it may be removed.
    target: (f) => ['id', f.ids.spareGuide],
  },
  heroes: {
    ...published('is_active', content),
    row: () => ({ title: 'Matrix', image_url: '/x.svg' }),
    patch: { subtitle: 'Matrix' },
    target: (f) => ['id', f.ids.hero],
  },
  media_files: {
    // The media library: staff holding media.write (admins, editors) only; the name and alt text change.
    ...companyOnly('AYYY', { agent: '----', editor: 'AYYY', guide: '----' }),
    row: () => {
      const id = crypto.randomUUID();
      return { id, object_path: `library/${id}/original.png`, file_name: 'matrix.png', mime_type: 'image/png', bytes: 8 };
    },
    patch: { alt_text: 'Matrix' },
    target: (f) => ['id', f.ids.mediaFile],
  },
  messages: {
    // A traveler writes and reads their own threads and marks replies read; the company all of them.
    cells: { anon: '----', traveler: 'SOO-', other: 'SOO-', admin: 'AYY-', agent: 'AYY-', editor: 'SOO-', guide: 'SOO-' },
    visible: { traveler: 'user_id = $1', other: 'user_id = $1' },
    // In one's own conversation one writes as the traveler, in another's as the team.
    row: (f, role, whose) => ({ user_id: own(f, role, whose), thread_id: crypto.randomUUID(), subject: 'Matrix', body: 'Hello', sender: ownerOf(role, whose) === role ? 'traveler' : 'staff' }),
    patch: { read_at: new Date().toISOString() },
    target: (f, role, whose) => ['id', ownId(f, 'message', role, whose)],
  },
  newsletter_subscribers: {
    // Anyone subscribes (limited per address); only admins see the list.
    cells: { anon: '-Y--', traveler: '-Y--', other: '-Y--', admin: 'AYYY', agent: 'AYYY', editor: '-Y--', guide: '-Y--' },
    row: () => ({ email: `matrix-${unique()}@example.com`, name: 'Matrix' }),
    patch: { name: 'Matrix Reader' },
    target: (f) => ['id', f.ids.subscriber],
  },
  partner_logos: {
    ...published('is_active', content),
    row: () => ({ name: 'Matrix', logo_url: '/x.svg' }),
    patch: { website_url: 'https://example.com' },
    target: (f) => ['id', f.ids.partnerLogo],
  },
  payment_instructions: {
    ...published('is_active', settings),
    row: () => ({ is_active: false, bank_name: 'Matrix Bank', account_name: 'Matrix', account_number: '1' }),
    patch: { branch: 'Matrix' },
    target: (f) => ['id', f.ids.paymentInstructions],
  },
  payment_provider_events: {
    ...companyOnly('A---', { agent: 'A---', editor: '----', guide: '----' }),
    row: () => ({ id: `evt_${unique()}`, provider: 'stripe', type: 'checkout.session.completed' }),
    patch: { type: 'x' },
    target: (f) => ['id', f.ids.providerEvent],
  },
  payments: {
    // Written by functions only; travelers read the payments of their own bookings.
    cells: { anon: '----', traveler: 'S---', other: 'S---', admin: 'A---', agent: 'A---', editor: 'S---', guide: 'S---' },
    visible: {
      traveler: 'exists (select 1 from public.bookings b where b.id = payments.booking_id and b.user_id = $1)',
      other: 'exists (select 1 from public.bookings b where b.id = payments.booking_id and b.user_id = $1)',
    },
    row: (f) => ({ booking_id: f.ids['booking:traveler'], amount: 1, method: 'cash', status: 'succeeded' }),
    patch: { provider_reference: 'x' },
    target: (f) => ['id', f.ids['payment:traveler']],
  },
  performance_metrics: {
    ...companyOnly('A---'),
    row: () => ({ id: crypto.randomUUID(), metric: 'LCP', value: 1, occurred_at: new Date().toISOString(), url: '/', session_id: 's' }),
    patch: { value: 2 },
    target: (f) => ['id', f.ids.metric],
  },
  promo_codes: {
    ...companyOnly('AYYY', { agent: 'A---', editor: 'AYYY', guide: '----' }),
    row: () => ({ code: `MATRIX${unique().toUpperCase().slice(0, 6)}`, percent_off: 5 }),
    patch: { description: 'Matrix' },
    target: () => ['code', 'KARIBU10'],
  },
  public_profiles: {
    // The name and picture of those who wrote a published review; written by a trigger only.
    cells: { anon: 'S---', traveler: 'S---', other: 'S---', admin: 'A---', agent: 'A---', editor: 'S---', guide: 'S---' },
    visible: {
      anon: 'exists (select 1 from public.reviews r where r.user_id = public_profiles.id and r.is_published)',
      traveler: 'public_profiles.id = $1 or exists (select 1 from public.reviews r where r.user_id = public_profiles.id and r.is_published)',
      other: 'public_profiles.id = $1 or exists (select 1 from public.reviews r where r.user_id = public_profiles.id and r.is_published)',
    },
    row: (f) => ({ id: f.people.admin.userId, full_name: 'Matrix' }),
    patch: { full_name: 'Matrix' },
    target: (f) => ['id', f.people.traveler.userId!],
  },
  rate_limit_hits: {
    ...companyOnly('A---'),
    row: () => ({ rule: 'api.enquiries', subject: 'x', window_start: new Date().toISOString(), hits: 1 }),
    patch: { hits: 0 },
    target: () => ['rule', 'booking.requests'],
  },
  rate_limits: {
    ...companyOnly('A-Y-'),
    row: () => ({ rule: 'matrix.rule', max_hits: 1, window_seconds: 1, counts: 'matrix hits' }),
    patch: { max_hits: 7 },
    target: () => ['rule', 'api.enquiries'],
  },
  role_permissions: {
    // Read only through has_permission() and my_permissions(); changed by migrations.
    ...companyOnly('----'),
    row: () => ({ role: 'agent', permission: 'team.manage' }),
    patch: { permission: 'team.manage' },
    target: () => ['role', 'agent'],
  },
  reviews: {
    // Published reviews are public; a traveler writes and edits their own, of a tour they travelled on.
    // The content team reads all, and publishes, hides or removes any, but never writes or rewrites
    // one in a traveler's name (the editor travels, and reviews as anyone does).
    cells: { anon: 'S---', traveler: 'SOOO', other: 'SOOO', admin: 'A--Y', agent: 'S---', editor: 'AOOY', guide: 'SOOO' },
    visible: { anon: 'is_published', traveler: 'is_published or user_id = $1', other: 'is_published or user_id = $1' },
    row: (f, role, whose) => ({ tour_id: f.ids.travelledTour, user_id: own(f, role, role === 'admin' ? 'others' : whose), rating: 5, title: 'Matrix' }),
    patch: { title: 'Matrix review' },
    target: (f, role, whose) => ['id', ownId(f, 'review', role, role === 'admin' ? 'others' : whose)],
  },
  quotes: {
    // Built and sent by those handling enquiries; a client reads theirs through quote_for_client.
    ...companyOnly('AYYY', { agent: 'AYYY', editor: '----', guide: '----' }),
    row: (f) => ({
      enquiry_id: f.ids.quotedEnquiry,
      tour_id: f.ids.otherTour,
      title: 'Matrix quote',
      start_date: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
      valid_until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    }),
    patch: { title: 'Matrix quote, changed' },
    target: (f) => ['id', f.ids.quote],
  },
  saved_views: {
    // Each staff member's own views of the back office's lists; travelers have none.
    cells: { anon: '----', traveler: '----', other: '----', admin: 'SOOO', agent: 'SOOO', editor: 'SOOO', guide: 'SOOO' },
    visible: { admin: 'user_id = $1', agent: 'user_id = $1', editor: 'user_id = $1', guide: 'user_id = $1' },
    row: (f, role, whose) => ({ user_id: own(f, role, whose), screen: 'bookings', name: `Matrix ${unique()}`, search: { status: ['pending'] } }),
    patch: { name: 'Matrix view' },
    target: (f, role, whose) => ['id', ownId(f, 'savedView', role, whose)],
  },
  staff_invitations: {
    // Admins (team.manage) read the invitations; only invite_staff() and its siblings write them.
    ...companyOnly('A---'),
    row: () => ({ email: `matrix-${unique()}@example.com`, role: 'agent' }),
    patch: { role: 'editor' },
    // The demo's invitation waiting to be accepted (server/seed/index.ts).
    target: () => ['email', 'amani@kilelesafaris.co.tz'],
  },
  staff_notification_opt_outs: {
    // The kinds each staff member turned off: their own rows only; travelers have none.
    cells: { anon: '----', traveler: '----', other: '----', admin: 'SO-O', agent: 'SO-O', editor: 'SO-O', guide: 'SO-O' },
    visible: { admin: 'user_id = $1', agent: 'user_id = $1', editor: 'user_id = $1', guide: 'user_id = $1' },
    row: (f, role, whose) => ({ user_id: own(f, role, whose), kind: 'booking_made' }),
    patch: { kind: 'enquiry_received' },
    target: (f, role, whose) => ['user_id', own(f, role, whose)],
  },
  staff_notifications: {
    // Written by triggers only; each staff member reads their own and marks them read (read_at).
    cells: { anon: '----', traveler: '----', other: '----', admin: 'S-O-', agent: 'S-O-', editor: 'S-O-', guide: 'S-O-' },
    visible: { admin: 'recipient_id = $1', agent: 'recipient_id = $1', editor: 'recipient_id = $1', guide: 'recipient_id = $1' },
    row: (f, role, whose) => ({ recipient_id: own(f, role, whose), kind: 'booking_made', title: 'Matrix', link: '/admin', record_id: 'matrix' }),
    patch: () => ({ read_at: new Date().toISOString() }),
    target: (f, role, whose) => ['id', ownId(f, 'staffNotification', role, whose)],
  },
  team_members: {
    ...published('is_active', content),
    row: () => ({ name: 'Matrix', job_title: 'Guide' }),
    patch: { bio: 'Matrix' },
    target: (f) => ['id', f.ids.teamMember],
  },
  tour_activities: {
    ...published(listedTour, catalogue),
    row: (f) => ({ tour_id: f.ids.draftTour, activity_id: f.ids.otherActivity }),
    patch: (f) => ({ tour_id: f.ids.tour }),
    target: (f) => ['tour_id', f.ids.tour],
  },
  tour_departures: {
    cells: { anon: 'S---', traveler: 'S---', other: 'S---', admin: 'AYYY', agent: 'A---', editor: 'AYYY', guide: 'A---' },
    visible: {
      anon: `not is_private and ${listedTour}`,
      traveler: `(not is_private and ${listedTour}) or exists (select 1 from public.bookings b where b.departure_id = tour_departures.id and b.user_id = $1)`,
      other: `(not is_private and ${listedTour}) or exists (select 1 from public.bookings b where b.departure_id = tour_departures.id and b.user_id = $1)`,
    },
    row: (f) => ({ tour_id: f.ids.tour, start_date: '2031-01-01', end_date: '2031-01-07', capacity: 8 }),
    patch: { notes: 'Matrix' },
    target: (f) => ['id', f.ids.departure],
  },
  tour_destinations: {
    ...published(listedTour, catalogue),
    row: (f) => ({ tour_id: f.ids.draftTour, destination_id: f.ids.otherDestination }),
    patch: { position: 9 },
    target: (f) => ['tour_id', f.ids.tour],
  },
  tour_experiences: {
    ...published(listedTour, catalogue),
    row: (f) => ({ tour_id: f.ids.draftTour, experience_id: f.ids.otherExperience }),
    patch: (f) => ({ tour_id: f.ids.tour }),
    target: (f) => ['tour_id', f.ids.tour],
  },
  tour_extras: {
    ...published(`is_active and ${listedTour}`, catalogue),
    row: (f) => ({ tour_id: f.ids.tour, code: `matrix-${unique()}`, name: 'Matrix', price: 1 }),
    patch: { description: 'Matrix' },
    target: (f) => ['id', f.ids.extra],
  },
  tour_group_discounts: {
    ...published(listedTour, catalogue),
    row: (f) => ({ tour_id: f.ids.draftTour, min_travelers: 9, percent: 5 }),
    patch: { percent: 6 },
    target: (f) => ['id', f.ids.groupDiscount],
  },
  tour_itinerary: {
    cells: { anon: 'S---', traveler: 'S---', other: 'S---', admin: 'AYYY', agent: 'A---', editor: 'AYYY', guide: 'A---' },
    visible: {
      anon: listedTour,
      traveler: `${listedTour} or exists (select 1 from public.bookings b where b.tour_id = tour_itinerary.tour_id and b.user_id = $1)`,
      other: `${listedTour} or exists (select 1 from public.bookings b where b.tour_id = tour_itinerary.tour_id and b.user_id = $1)`,
    },
    row: (f) => ({ tour_id: f.ids.draftTour, day_number: 9, title: 'Matrix day' }),
    patch: { description: 'Matrix' },
    target: (f) => ['id', f.ids.itineraryDay],
  },
  tour_slug_redirects: {
    // A tour's old addresses, kept by keep_tour_slug when its slug changes: the public reads those of
    // listed tours (a draft's give nothing away), staff all of them; nobody writes them directly.
    ...published(listedTour, { agent: 'A---', editor: 'A---', guide: 'A---' }, 'A---'),
    row: (f) => ({ slug: `matrix-${unique()}`, tour_id: f.ids.tour }),
    patch: (f) => ({ tour_id: f.ids.otherTour }),
    target: (f) => ['slug', f.ids.slugRedirect],
  },
  tour_seasons: {
    ...published(listedTour, catalogue),
    row: (f) => ({ tour_id: f.ids.draftTour, name: 'Matrix', starts_on: '2031-01-01', ends_on: '2031-02-01' }),
    patch: { name: 'Matrix season' },
    target: (f) => ['id', f.ids.season],
  },
  tours: {
    cells: { anon: 'S---', traveler: 'S---', other: 'S---', admin: 'AYYY', agent: 'A---', editor: 'AYYY', guide: 'A---' },
    visible: {
      anon: `status = 'active'`,
      traveler: `status = 'active' or exists (select 1 from public.bookings b where b.tour_id = tours.id and b.user_id = $1)`,
      other: `status = 'active' or exists (select 1 from public.bookings b where b.tour_id = tours.id and b.user_id = $1)`,
    },
    row: () => ({ slug: `matrix-${unique()}`, title: 'Matrix tour', base_price: 100 }),
    patch: { summary: 'Matrix' },
    // A listed tour nobody has booked: one with bookings cannot be deleted (they keep it).
    target: (f) => ['id', f.ids.spareTour],
  },
  user_activity_logs: {
    // Written through log_user_activity only; each reads their own, admins all (and may delete).
    cells: { anon: '----', traveler: 'S---', other: 'S---', admin: 'A--Y', agent: 'A--Y', editor: 'S---', guide: 'S---' },
    visible: { traveler: 'user_id = $1', other: 'user_id = $1' },
    row: (f, role, whose) => ({ user_id: own(f, role, whose), action: 'matrix' }),
    patch: { action: 'changed' },
    target: (f, role, whose) => ['id', ownId(f, 'activity', role, role === 'admin' ? 'others' : whose)],
  },
  users: {
    // Profiles are private: each user their own, admins all (and only they change roles).
    cells: { anon: '----', traveler: 'SOO-', other: 'SOO-', admin: 'AOYY', agent: 'AOY-', editor: 'SOO-', guide: 'SOO-' },
    visible: { traveler: 'id = $1', other: 'id = $1' },
    row: (f, role, whose) => ({ id: own(f, role, whose), country: 'Tanzania' }),
    upsert: true,
    patch: { country: 'Kenya' },
    target: (f, role, whose) => ['id', own(f, role, role === 'admin' ? 'others' : whose)],
  },
  vehicle_out_of_service: {
    ...companyOnly('AYYY', { agent: 'A---', editor: '----', guide: '----' }),
    row: (f) => ({ vehicle_id: f.ids.spareVehicle, starts_on: '2031-01-01', ends_on: '2031-01-02' }),
    patch: { reason: 'Matrix' },
    target: (f) => ['id', f.ids.offRoad],
  },
  vehicles: {
    ...companyOnly('AYYY', { agent: 'A---', editor: '----', guide: 'S---' }),
    visible: { guide: `id in (select v.vehicle_id from public.departure_vehicles v where v.departure_id in (select a.departure_id from public.departure_guides a join public.guides g on g.id = a.guide_id where g.user_id = $1))` },
    row: () => ({ name: 'Matrix New', registration: `T ${unique().slice(0, 6)}`, seats: 4 }),
    patch: { notes: 'Matrix' },
    target: (f) => ['id', f.ids.spareVehicle],
  },
  wishlist: {
    // Each traveler's own; admins read all (demand for a tour).
    cells: { anon: '----', traveler: 'SO-O', other: 'SO-O', admin: 'AO-O', agent: 'AO-O', editor: 'SO-O', guide: 'SO-O' },
    visible: { traveler: 'user_id = $1', other: 'user_id = $1' },
    row: (f, role, whose) => ({ tour_id: f.ids.otherTour, user_id: own(f, role, whose) }),
    patch: (f) => ({ tour_id: f.ids.otherTour }),
    target: (f, role, whose) => ['id', ownId(f, 'wishlist', role, whose)],
  },
};

/**
 * A function's cells, one letter per role: Y may call it (the call succeeds with the entry's
 * arguments), O may call it on their own records only (refused on the other traveler's), - may not
 * (refused with permission denied, 42501).
 */
export interface FunctionEntry {
  cells: Record<Role, 'Y' | 'O' | '-'>;
  /** Arguments of a call that succeeds for the role (on its own records for O); absent: nulls for every argument. */
  args?(f: Fixtures, role: Role, whose: Whose): Record<string, unknown>;
}

type FunctionCell = FunctionEntry['cells'][Role];
const eachRole = (cell: (role: Role) => FunctionCell) => Object.fromEntries(roles.map((role) => [role, cell(role)])) as Record<Role, FunctionCell>;
const nobody: FunctionEntry = { cells: eachRole(() => '-') };
const everyone = (args?: FunctionEntry['args']): FunctionEntry => ({ cells: eachRole(() => 'Y'), args });
const signedIn = (args?: FunctionEntry['args']): FunctionEntry => ({ cells: eachRole((role) => (role === 'anon' ? '-' : 'Y')), args });
/** Callable by the staff roles holding the permission the function asks for, by nobody else. */
const staffOnly = (holders: Role[], args: FunctionEntry['args']): FunctionEntry => ({ cells: eachRole((role) => (holders.includes(role) ? 'Y' : '-')), args });
const bookingStaffOnly = (args: FunctionEntry['args']) => staffOnly(['admin', 'agent'], args);
/** On a booking: booking staff any, a signed-in user their own, and (where given) a visitor a guest's by reference and email. */
const onBooking = (anon: FunctionCell) => eachRole((role) => (role === 'anon' ? anon : bookingStaff(role) ? 'Y' : 'O'));
/** A guest's booking read by reference and email; the traveler's own by id; the company's any. */
const byBooking = (extra: Record<string, unknown> = {}) => (f: Fixtures, role: Role, whose: Whose) =>
  role === 'anon'
    ? { p_reference: f.ids.guestReference, p_email: f.ids.guestEmail, ...extra }
    : { p_booking_id: ownId(f, 'booking', role, bookingStaff(role) ? 'others' : whose), ...extra };
const bookingFunction = (extra: Record<string, unknown> = {}): FunctionEntry => ({ cells: onBooking('Y'), args: byBooking(extra) });
/** A document of one of a booking's payments (the fixtures' `payment` received or `refund` returned), on its booking. */
const paymentDocument = (payment: 'payment' | 'refund'): FunctionEntry => ({
  cells: onBooking('-'),
  args: (f, role, whose) => {
    const owner = bookingStaff(role) ? 'others' : whose;
    return { p_booking_id: ownId(f, 'booking', role, owner), p_payment_id: ownId(f, payment, role, owner) };
  },
});

/** A write in the field: any trip for an operations admin, the trips a guide leads for the guide. */
const fieldWrite = (args: (f: Fixtures, own: boolean) => Record<string, unknown>): FunctionEntry => ({
  cells: eachRole((role) => (role === 'admin' ? 'Y' : role === 'guide' ? 'O' : '-')),
  args: (f, role, whose) => {
    const own = role !== 'guide' || whose !== 'others';
    return { p_client_id: crypto.randomUUID(), p_departure_id: own ? f.ids.departure : f.ids.otherDeparture, ...args(f, own) };
  },
});

/** A date this many days ahead (yyyy-mm-dd), far enough that the company's time zone does not matter. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every function of the schema. Trigger functions and internal helpers are callable by no API role. */
export const functions: Record<string, FunctionEntry> = {
  // A quote's link is the client's whole key: whoever holds it reads and accepts it (once; again answers the same booking).
  accept_quote: everyone((f) => ({ p_token: f.ids.quoteToAcceptToken })),
  accept_quote_for_client: staffOnly(['admin', 'agent'], (f) => ({ p_quote_id: f.ids.quoteForClient, p_how: 'phone' })),
  accept_staff_invitation: signedIn(() => ({})),
  admin_dashboard: staffOnly(['admin', 'agent'], () => ({})),
  admin_search: staffOnly(['admin', 'agent', 'editor', 'guide'], () => ({ p_query: 'serengeti' })),
  assign_guest_bookings: nobody,
  apply_payment_to_booking: nobody,
  approve_booking_hold: bookingStaffOnly((f) => ({ p_booking_id: f.ids.guestBooking })),
  blog_post_reading_minutes: nobody,
  booking_amount_paid: nobody,
  booking_by_reference: {
    cells: onBooking('Y'),
    args: (f, role, whose) =>
      role === 'anon'
        ? { p_reference: f.ids.guestReference, p_email: f.ids.guestEmail }
        : { p_reference: ownId(f, 'reference', role, bookingStaff(role) ? 'others' : whose) },
  },
  booking_for_payment: nobody,
  // The booking terms' checks, and the bank details' balance days kept equal to them.
  booking_settings_to_instructions: nobody,
  check_booking_settings: nobody,
  payment_instructions_follow_terms: nobody,
  check_payment_instructions: nobody,
  is_own_guide: signedIn((f) => ({ p_guide_id: f.ids.guideRecord })),
  guides_trip: signedIn((f) => ({ p_departure_id: f.ids.departure })),
  check_guide: nobody,
  check_guide_credential: nobody,
  check_period: nobody,
  check_vehicle: nobody,
  check_departure_guide: nobody,
  check_departure_vehicle: nobody,
  check_moved_trip_allocation: nobody,
  trip_label: nobody,
  guide_allocation_problem: nobody,
  vehicle_allocation_problem: nobody,
  guide_trips_problem: nobody,
  current_guide_credentials: nobody,
  vehicle_trips_problem: nobody,
  check_guide_keeps_trips: nobody,
  check_vehicle_keeps_trips: nobody,
  guide_problem_on: nobody,
  vehicle_problem_on: nobody,
  operations_due: staffOnly(['admin', 'agent'], () => ({})),
  trip_staffing_options: staffOnly(['admin', 'agent'], (f) => ({ p_departure_id: f.ids.departure })),
  // Field writes: operations admins on any trip, a guide on the trips they lead.
  may_work_trip: nobody,
  field_trips: staffOnly(['admin', 'guide'], () => ({})),
  renew_calendar_feed: {
    cells: eachRole((role) => (role === 'admin' ? 'Y' : role === 'guide' ? 'O' : '-')),
    args: (f, role, whose) => ({ p_guide_id: role === 'guide' ? (whose === 'others' ? f.ids.spareGuide : f.ids.guideRecord) : null }),
  },
  calendar_feed_trips: nobody,
  set_booking_source: nobody,
  mark_quote_booking: nobody,
  analytics_report: staffOnly(['admin'], () => ({ p_from: daysAhead(-90), p_to: daysAhead(0) })),
  field_booking: nobody,
  traveler_name: nobody,
  record_check_in: fieldWrite((f, own) => ({ p_booking_id: own ? f.ids['booking:guide'] : f.ids.otherDepartureBooking, p_traveler_index: 0, p_checked_in_at: new Date().toISOString() })),
  record_field_payment: fieldWrite((f, own) => ({ p_booking_id: own ? f.ids['booking:guide'] : f.ids.otherDepartureBooking, p_amount: 1, p_method: 'cash', p_reference: null, p_paid_at: new Date().toISOString() })),
  record_trip_incident: fieldWrite(() => ({ p_booking_id: null, p_note: 'Matrix', p_occurred_at: new Date().toISOString() })),
  // The guide reads the manifest of the trip they lead (the fixture's departure), nobody else's.
  trip_manifest: {
    cells: eachRole((role) => (role === 'admin' || role === 'agent' ? 'Y' : role === 'guide' ? 'O' : '-')),
    args: (f, role, whose) => ({ p_departure_id: role === 'guide' && whose === 'others' ? f.ids.otherDeparture : f.ids.departure }),
  },
  // Moving a trip from the calendar: asked, then done, by operations admins.
  trip_move_problems: staffOnly(['admin'], (f) => ({ p_departure_id: f.ids.departure, p_start_date: daysAhead(310) })),
  move_trip: staffOnly(['admin'], (f) => ({ p_departure_id: f.ids.otherDeparture, p_start_date: daysAhead(330) })),
  // Answers ids to booking staff only; others get none.
  booking_payment_schedule: bookingFunction(),
  // A booking's invoice, receipts and refund notes: booking staff any booking's, a signed-in traveler their own; emailed by booking staff.
  booking_invoice: { cells: onBooking('-'), args: (f, role, whose) => ({ p_booking_id: ownId(f, 'booking', role, bookingStaff(role) ? 'others' : whose) }) },
  booking_receipt: paymentDocument('payment'),
  booking_refund_note: paymentDocument('refund'),
  email_booking_document: bookingStaffOnly((f) => ({ p_booking_id: f.ids['booking:traveler'] })),
  issue_booking_invoice: nobody,
  booking_document_data: nobody,
  booking_for_documents: nobody,
  cancel_booking_under_policy: bookingStaffOnly((f) => ({ p_booking_id: f.ids['booking:traveler'], p_reason: 'Matrix' })),
  cancel_booking: { cells: onBooking('-'), args: byBooking() },
  cancel_departure_bookings: nobody,
  cancellation_terms: bookingStaffOnly((f) => ({ p_booking_id: f.ids['booking:traveler'] })),
  caller_email_proven: nobody,
  check_analytics_event: nobody,
  check_quote: nobody,
  checkout_amount: bookingFunction({ p_kind: 'deposit' }),
  choose_payment_method: bookingFunction({ p_method: 'bank_transfer' }),
  claim_guest_booking: {
    cells: eachRole((role) => (role === 'anon' ? '-' : 'O')),
    args: (f, role, whose) => ({ p_reference: ownId(f, 'guestReference', role, whose) }),
  },
  claim_guest_bookings: nobody,
  claim_guest_bookings_on_confirmation: nobody,
  client_bookings: nobody,
  client_directory_after_booking: nobody,
  client_directory_after_departure: nobody,
  client_directory_after_rates: nobody,
  client_directory_after_user: nobody,
  client_directory_rows: nobody,
  client_tags_in_use: staffOnly(['admin', 'agent'], () => ({})),
  // A client's page and their data, for client staff (clients.read; the export clients.write).
  client_details: staffOnly(['admin', 'agent'], (f) => ({ p_client_key: f.people.traveler.userId })),
  client_enquiries: staffOnly(['admin', 'agent'], () => ({ p_client_key: 'matrix@example.com' })),
  erase_client: staffOnly(['admin', 'agent'], (f) => ({ p_client_key: f.ids.guestEmail, p_reason: 'Matrix' })),
  export_client: staffOnly(['admin', 'agent'], (f) => ({ p_client_key: f.people.traveler.userId })),
  confirm_booking_email: everyone((f) => ({ p_reference: f.ids.guestReference, p_token: f.ids.guestToken })),
  count_promo_code_uses: nobody,
  create_booking: everyone((f) => ({ p_departure_id: f.ids.departure, p_adults: 1, p_contact: { full_name: 'Matrix Guest', email: 'matrix-guest@example.com' } })),
  create_office_booking: bookingStaffOnly((f) => ({ p_departure_id: f.ids.departure, p_adults: 1, p_contact: { full_name: 'Matrix Phone', email: 'matrix-phone@example.com' } })),
  delete_own_account: signedIn(() => ({})),
  derive_departure_status: nobody,
  // The email log (emails.read, emails.write): admins only; sign-in emails' bodies are withheld.
  email_body_withheld: nobody,
  email_content: staffOnly(['admin'], (f) => ({ p_email_id: f.ids.email })),
  email_log: staffOnly(['admin'], () => ({ p_status: 'failed' })),
  expire_unpaid_bookings: nobody,
  forgive_rate_limit_hit: nobody,
  generate_booking_reference: nobody,
  guard_booking_status: nobody,
  guard_enquiry_pipeline: nobody,
  guard_message_thread: nobody,
  guard_review_moderation: nobody,
  guard_staff_change: nobody,
  guard_user_role: nobody,
  handle_auth_user_updated: nobody,
  handle_new_auth_user: nobody,
  has_travelled_on: everyone((f) => ({ p_tour_id: f.ids.tour })),
  hit_rate_limit: nobody,
  hit_visitor_rate_limit: nobody,
  hold_departure_seats: nobody,
  hold_for: nobody,
  has_permission: everyone(() => ({ p_permission: 'bookings.read' })),
  // The check of client_notes' and client_tags' keys, run as the writer.
  is_client_key: signedIn(() => ({ p_key: 'someone@example.com' })),
  is_own_avatar: everyone(() => ({ p_name: 'avatars/x.png' })),
  is_platform_caller: everyone(() => ({})),
  is_post_visible: everyone((f) => ({ p_post_id: f.ids.publishedPost })),
  invite_staff: staffOnly(['admin'], () => ({ p_email: `matrix-${unique()}@example.com`, p_role: 'agent' })),
  is_staff_request: nobody,
  is_staff_role: nobody,
  is_tour_listed: everyone((f) => ({ p_tour_id: f.ids.tour })),
  issue_booking_contact_token: nobody,
  jsonb_merge_patch: signedIn(() => ({ p_base: { a: 1 }, p_patch: { b: 2 } })),
  keep_booking_amount_paid: nobody,
  limit_account_writes: nobody,
  limit_newsletter_signups: nobody,
  limit_saved_views: nobody,
  link_review_to_trip: nobody,
  log_user_activity: signedIn(() => ({ p_action: 'matrix' })),
  move_booking: bookingStaffOnly((f) => ({ p_booking_id: f.ids['booking:traveler'], p_departure_id: f.ids.otherDeparture, p_reason: 'Matrix' })),
  mark_payment_refunded: bookingStaffOnly((f) => ({ p_payment_id: f.ids.refundDuePayment, p_method: 'bank_transfer' })),
  resend_booking_email: bookingStaffOnly((f) => ({ p_notification_id: f.ids.bookingNotification })),
  // A traveler's details: the office on any booking, a traveler (staff too, for their own trips) on their own.
  update_traveler_details: {
    cells: onBooking('-'),
    args: (f, role, whose) => ({ p_booking_id: ownId(f, 'booking', role, bookingStaff(role) ? 'others' : whose), p_traveler_index: 0, p_details: { dietary_needs: 'Matrix' } }),
  },
  check_booking_pickup: nobody,
  notify_staff_of_field_note: nobody,
  update_booking_travelers: bookingStaffOnly((f) => ({ p_booking_id: f.ids.staffBooking, p_travelers: [{ full_name: 'Phone Customer' }], p_reason: 'Matrix' })),
  rebuild_client_directory: nobody,
  refresh_client_directory: nobody,
  merge_clients: staffOnly(['admin', 'agent'], (f) => ({ p_keep: f.people.traveler.userId, p_merge: f.ids.guestEmail, p_reason: 'Matrix' })),
  merge_user_preferences: signedIn(() => ({ p_patch: { display: { theme: 'dark' } } })),
  merge_user_profile: signedIn(() => ({ p_patch: { country: 'Kenya' } })),
  my_permissions: signedIn(() => ({})),
  normalize_subscriber_email: nobody,
  owe_refund: nobody,
  override_booking_total: bookingStaffOnly((f) => ({ p_booking_id: f.ids['booking:traveler'], p_total: 5000, p_reason: 'Matrix' })),
  notify_booking_change: nobody,
  notify_payment_received: nobody,
  notify_refund_sent: nobody,
  notify_booking_changed: nobody,
  notification_amount: nobody,
  notify_staff: nobody,
  notify_staff_of_booking: nobody,
  notify_admins_of_staff_email_change: nobody,
  guard_company_addresses: nobody,
  branch_office_emails: nobody,
  without_personal_values: nobody,
  guard_library_objects: nobody,
  notify_staff_of_enquiry: nobody,
  notify_staff_of_expiring_holds: nobody,
  notify_staff_of_failed_email: nobody,
  notify_staff_of_message: nobody,
  notify_staff_of_payment: nobody,
  own_avatar_count: signedIn(() => ({})),
  patch_not_older_than: signedIn(() => ({ p_patch: { a: 1 }, p_stamps: {}, p_at: '2026-01-01T00:00:00Z', p_prefix: '' })),
  patch_stamps: signedIn(() => ({ p_patch: { a: 1 }, p_at: '2026-01-01T00:00:00Z', p_prefix: '' })),
  payment_schedule_of: nobody,
  payment_state_of: signedIn((f) => ({ p_booking_id: f.ids['booking:traveler'], p_total: 10, p_paid: 5 })),
  payment_terms: signedIn(() => ({})),
  company_time_zone: signedIn(() => ({})),
  company_today: everyone(() => ({})),
  audit_names: staffOnly(['admin', 'agent', 'editor', 'guide'], (f) => ({ p_ids: [f.ids.departure] })),
  company_currency: signedIn(() => ({})),
  prune_rate_limit_hits: nobody,
  quote_for_client: everyone((f) => ({ p_token: f.ids.quoteToSendToken })),
  quote_booking: everyone((f) => ({ p_departure_id: f.ids.departure, p_adults: 2 })),
  rate_limit_wait: nobody,
  record_analytics_event: everyone(() => ({ p_client_id: crypto.randomUUID(), p_name: 'page_view', p_properties: { path: '/' } })),
  record_audit: nobody,
  record_card_payment: nobody,
  record_payment: bookingStaffOnly((f) => ({ p_booking_id: f.ids['booking:traveler'], p_amount: 1, p_method: 'cash' })),
  record_purchase_event: nobody,
  refresh_tour_rating: nobody,
  refuse_audit_change: nobody,
  request_ip: nobody,
  // An invitation accepted or revoked meanwhile is left as it is (the server answers that it is gone).
  resend_staff_invitation: staffOnly(['admin'], () => ({ p_id: crypto.randomUUID() })),
  revoke_staff_invitation: staffOnly(['admin'], () => ({ p_id: crypto.randomUUID() })),
  retry_email: staffOnly(['admin'], (f) => ({ p_email_id: f.ids.failedEmail })),
  run_booking_schedule: nobody,
  search_bookings: staffOnly(['admin', 'agent'], () => ({ p_query: 'a' })),
  search_clients: staffOnly(['admin', 'agent'], () => ({ p_query: 'a' })),
  seat_hold_terms: everyone(() => ({})),
  set_audit_reason: nobody,
  // Each staff role asks for a different party, so each call is a change.
  change_booking_party: bookingStaffOnly((f, role) => ({ p_booking_id: f.ids.partyBooking, p_adults: role === 'admin' ? 2 : 3, p_children: 0, p_extras: [], p_reason: 'Matrix' })),
  change_booking_status: bookingStaffOnly((f) => ({ p_booking_id: f.ids['booking:traveler'], p_status: 'confirmed', p_reason: 'Matrix' })),
  set_booking_status: bookingStaffOnly((f) => ({ p_booking_id: f.ids['booking:traveler'], p_status: 'confirmed' })),
  set_staff_active: staffOnly(['admin'], (f) => ({ p_user_id: f.people.agent.userId, p_active: true })),
  set_staff_role: staffOnly(['admin'], (f) => ({ p_user_id: f.people.agent.userId, p_role: 'agent' })),
  set_updated_at: nobody,
  staff_accounts: staffOnly(['admin'], () => ({})),
  send_quote: staffOnly(['admin', 'agent'], (f) => ({ p_quote_id: f.ids.quoteToSend })),
  staff_inbox: staffOnly(['admin', 'agent'], () => ({})),
  staff_with_permission: staffOnly(['admin', 'agent', 'editor', 'guide'], () => ({ p_permission: 'enquiries.write' })),
  stamp_analytics_event: nobody,
  stamp_booking_terms_version: nobody,
  booking_search_text: nobody,
  keep_booking_search: nobody,
  account_to_booking_search: nobody,
  keep_booking_terms_version: nobody,
  sync_public_profile: nobody,
  update_branding_settings_rpc: staffOnly(['admin', 'editor'], () => ({ p_tagline: 'Matrix' })),
  // The tour studio (catalogue.write), on the fixtures' draft tour: its days saved at once, departures
  // added as a series (a far day of its own for each call), the tour copied as a new draft.
  save_tour_itinerary: staffOnly(['admin', 'editor'], (f) => ({ p_tour_id: f.ids.draftTour, p_days: [{ title: 'Matrix day' }, { title: 'Matrix day two' }] })),
  add_tour_departures: staffOnly(['admin', 'editor'], (f) => ({
    p_tour_id: f.ids.draftTour,
    p_start_dates: [daysAhead(2000 + Math.floor(Math.random() * 3000))],
    p_capacity: 8,
  })),
  duplicate_tour: staffOnly(['admin', 'editor'], (f) => ({ p_tour_id: f.ids.draftTour })),
  // Tours imported from a file, all or nothing: one draft with an address of its own for each call.
  // What a tour is tied to, replaced in one transaction.
  save_tour_links: staffOnly(['admin', 'editor'], (f) => ({ p_tour_id: f.ids.draftTour, p_destination_ids: [f.ids.destination], p_experience_ids: [f.ids.experience], p_activity_ids: [f.ids.activity] })),
  reorder_destinations: staffOnly(['admin', 'editor'], (f) => ({ p_ids: f.ids.destinationOrder.split(',') })),
  check_catalogue_entry: nobody,
  import_tours: staffOnly(['admin', 'editor'], () => ({ p_tours: [{ slug: `matrix-import-${unique()}`, title: 'Matrix import', base_price: 1200, status: 'draft' }] })),
  // The tour's checks in words, the slug it leaves kept as a redirect, and the public pages' change counter.
  check_tour: nobody,
  keep_tour_slug: nobody,
  note_public_pages_changed: nobody,
  wait_in_words: nobody,
  // The media library: where a file is used (media.write), its checks and the refusal to delete a used one.
  media_file_uses: staffOnly(['admin', 'editor'], (f) => ({ p_media_id: f.ids.mediaFile })),
  check_media_file: nobody,
  refuse_deleting_used_media: nobody,
};

/**
 * A bucket's cells, one per role, letters for list, download (by public address), upload, replace
 * (upsert) and remove: A every object, Y any path, O only the role's own (avatars/{their id}-…), - none.
 * Nobody lists another user's avatars: that would tell who has an account.
 */
export const buckets: Record<string, Record<Role, string>> = {
  avatars: { anon: '-A---', traveler: 'OAOOO', other: 'OAOOO', admin: 'AAYYY', agent: 'AAYYY', editor: 'OAOOO', guide: 'OAOOO' },
  media: { anon: 'AA---', traveler: 'AA---', other: 'AA---', admin: 'AAYYY', agent: 'AA---', editor: 'AAYYY', guide: 'AA---' },
};
