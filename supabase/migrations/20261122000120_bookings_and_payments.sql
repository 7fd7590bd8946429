-- Bookings and their payments. Policies are in 20261122000210_bookings_policies.sql.

-- A short reference travelers can read over the phone: KS + year and month + 6 letters/digits
-- without look-alikes (no 0/O, 1/I/L).
create or replace function public.generate_booking_reference() returns text
language plpgsql volatile
as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  suffix text := '';
begin
  for i in 1..6 loop
    suffix := suffix || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
  end loop;
  return 'KS' || to_char(now(), 'YYMM') || '-' || suffix;
end
$$;

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  booking_reference text not null unique default public.generate_booking_reference(),
  -- Null for a guest booking taken by staff.
  user_id uuid references public.users (id) on delete set null,
  tour_id uuid not null references public.tours (id) on delete restrict,
  departure_id uuid references public.tour_departures (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'completed', 'cancelled', 'expired')),
  adults int not null default 1 check (adults >= 1),
  children int not null default 0 check (children >= 0),
  travelers jsonb not null default '[]' check (jsonb_typeof(travelers) = 'array'),
  contact jsonb not null default '{}' check (jsonb_typeof(contact) = 'object'),
  extras jsonb not null default '[]' check (jsonb_typeof(extras) in ('array', 'object')),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  total_amount numeric(12, 2) not null default 0 check (total_amount >= 0),
  amount_paid numeric(12, 2) not null default 0 check (amount_paid >= 0),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index bookings_user_created_idx on public.bookings (user_id, created_at desc);
create index bookings_tour_idx on public.bookings (tour_id);
create index bookings_departure_idx on public.bookings (departure_id);

create trigger bookings_set_updated_at before update on public.bookings
  for each row execute function public.set_updated_at();

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  method text not null check (method in ('card', 'bank_transfer', 'mobile_money', 'cash', 'paypal')),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'refunded')),
  provider_reference text,
  paid_at timestamptz,
  created_at timestamptz not null default now()
);

create index payments_booking_idx on public.payments (booking_id);
