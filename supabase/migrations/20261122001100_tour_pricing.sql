-- What a tour costs, as data: child rates, the single supplement, group discounts, optional extras,
-- seasonal prices (per departure, and season windows for private tours) and promo codes. The rules
-- that turn these into a price are in 20261122001120_quote_booking.sql.

-- Children are travelers under child_age_limit on the day the trip starts; they pay child_price
-- (null: the adult price). A traveler alone (one adult, no children) pays the single supplement for a
-- room or tent of their own.
alter table public.tours
  add column child_price numeric(10, 2) check (child_price is null or child_price >= 0),
  add column child_age_limit int not null default 12 check (child_age_limit between 1 and 18),
  add column single_supplement numeric(10, 2) not null default 0 check (single_supplement >= 0);

-- A departure's seasonal price: price_override (adults) and child_price_override replace the tour's
-- prices for that departure; season names it for the booking page ('Peak season').
alter table public.tour_departures
  add column child_price_override numeric(10, 2) check (child_price_override is null or child_price_override >= 0),
  add column season text check (season is null or length(btrim(season)) between 1 and 60);

-- Private tours run on the date the travelers choose, within a season window; the window's prices
-- (null: the tour's) apply to trips starting in it. Where windows overlap, the one starting last wins.
create table public.tour_seasons (
  id uuid primary key default gen_random_uuid(),
  tour_id uuid not null references public.tours (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 60),
  starts_on date not null,
  ends_on date not null,
  adult_price numeric(10, 2) check (adult_price is null or adult_price >= 0),
  child_price numeric(10, 2) check (child_price is null or child_price >= 0),
  created_at timestamptz not null default now(),
  check (ends_on >= starts_on)
);

create index tour_seasons_tour_idx on public.tour_seasons (tour_id, starts_on);

-- The larger the party, the lower the per-person tour price: the best tier the party reaches applies.
create table public.tour_group_discounts (
  id uuid primary key default gen_random_uuid(),
  tour_id uuid not null references public.tours (id) on delete cascade,
  min_travelers int not null check (min_travelers >= 2),
  percent numeric(5, 2) not null check (percent > 0 and percent < 100),
  unique (tour_id, min_travelers)
);

-- Optional extras a traveler adds to a tour: priced per person or once per booking.
create table public.tour_extras (
  id uuid primary key default gen_random_uuid(),
  tour_id uuid not null references public.tours (id) on delete cascade,
  code text not null check (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (length(btrim(name)) between 1 and 120),
  description text,
  unit text not null default 'per_person' check (unit in ('per_person', 'per_booking')),
  price numeric(10, 2) not null check (price >= 0),
  is_active boolean not null default true,
  display_order int not null default 0,
  unique (tour_id, code)
);

-- Promo codes: a percentage or an amount off the trip, within dates, for every tour or one, for a
-- limited number of bookings or without limit. Codes are kept in capitals and matched without case.
create table public.promo_codes (
  code text primary key check (code ~ '^[A-Z0-9][A-Z0-9-]{2,31}$'),
  description text,
  percent_off numeric(5, 2) check (percent_off is null or (percent_off > 0 and percent_off <= 100)),
  amount_off numeric(10, 2) check (amount_off is null or amount_off > 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  tour_id uuid references public.tours (id) on delete cascade,
  valid_from date,
  valid_until date,
  max_uses int check (max_uses is null or max_uses > 0),
  times_used int not null default 0 check (times_used >= 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((percent_off is null) <> (amount_off is null)),
  check (valid_until is null or valid_from is null or valid_until >= valid_from),
  check (max_uses is null or times_used <= max_uses)
);

create trigger promo_codes_set_updated_at before update on public.promo_codes
  for each row execute function public.set_updated_at();

alter table public.tour_seasons enable row level security;
alter table public.tour_group_discounts enable row level security;
alter table public.tour_extras enable row level security;
alter table public.promo_codes enable row level security;

-- Visitors read the pricing of listed tours; only admins (through the policies below) write it.
revoke all on public.tour_seasons, public.tour_group_discounts, public.tour_extras, public.promo_codes from anon, authenticated;
grant select on public.tour_seasons, public.tour_group_discounts, public.tour_extras to anon, authenticated;
grant insert, update, delete on public.tour_seasons, public.tour_group_discounts, public.tour_extras to authenticated;
-- Promo codes are never listed to visitors: the price function checks a code it is given.
grant select, insert, update, delete on public.promo_codes to authenticated;

-- The season windows, group discounts and active extras of a listed tour are public.
create policy "seasons of listed tours are public" on public.tour_seasons
  for select using (public.is_tour_listed(tour_id));
create policy "admins manage seasons" on public.tour_seasons
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "group discounts of listed tours are public" on public.tour_group_discounts
  for select using (public.is_tour_listed(tour_id));
create policy "admins manage group discounts" on public.tour_group_discounts
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "extras of listed tours are public" on public.tour_extras
  for select using (is_active and public.is_tour_listed(tour_id));
create policy "admins manage extras" on public.tour_extras
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Only admins see and manage promo codes.
create policy "admins manage promo codes" on public.promo_codes
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
