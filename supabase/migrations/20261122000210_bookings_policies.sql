-- Bookings and payments: travelers see their own, admins everything. A traveler may place a pending
-- booking for themselves; the server decides its price, currency and status (trigger below).

alter table public.bookings enable row level security;
alter table public.payments enable row level security;

-- A traveler reads their own bookings.
create policy "travelers read own bookings" on public.bookings
  for select to authenticated using (user_id = auth.uid());

-- A traveler places a pending booking for themselves, for a listed tour.
create policy "travelers place own pending bookings" on public.bookings
  for insert to authenticated
  with check (user_id = auth.uid() and status = 'pending' and public.is_tour_listed(tour_id));

-- Admins read and manage every booking.
create policy "admins manage bookings" on public.bookings
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- A traveler reads the payments of their own bookings.
create policy "travelers read own payments" on public.payments
  for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = auth.uid()));

-- Admins read and record payments.
create policy "admins manage payments" on public.payments
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- A booking placed by a traveler gets its money fields from the catalogue, not from the client:
-- the departure must belong to the tour and be bookable, the price is the departure's override or
-- the tour's base price per traveler, nothing is paid yet. Admins and the platform set what they like.
-- Runs as the caller (not security definer) so is_platform_caller() sees who is really inserting.
create or replace function public.price_traveler_booking() returns trigger
language plpgsql
set search_path = public
as $$
declare
  v_tour public.tours;
  v_departure public.tour_departures;
  v_price numeric;
begin
  if public.is_platform_caller() or public.is_admin() then
    return new;
  end if;
  select * into v_tour from public.tours where id = new.tour_id and status = 'active';
  if not found then
    raise exception 'This tour is not available for booking' using errcode = '23514';
  end if;
  v_price := v_tour.base_price;
  if new.departure_id is not null then
    select * into v_departure from public.tour_departures where id = new.departure_id;
    if not found or v_departure.tour_id <> new.tour_id then
      raise exception 'This departure does not belong to the tour' using errcode = '23514';
    end if;
    if v_departure.status in ('sold_out', 'cancelled') or v_departure.start_date <= current_date then
      raise exception 'This departure is no longer available' using errcode = '23514';
    end if;
    if v_departure.capacity - v_departure.seats_booked < new.adults + new.children then
      raise exception 'Not enough seats left on this departure' using errcode = '23514';
    end if;
    v_price := coalesce(v_departure.price_override, v_price);
  end if;
  new.status := 'pending';
  new.currency := v_tour.currency;
  new.total_amount := v_price * (new.adults + new.children);
  new.amount_paid := 0;
  return new;
end
$$;

create trigger bookings_price_traveler_booking before insert on public.bookings
  for each row execute function public.price_traveler_booking();
