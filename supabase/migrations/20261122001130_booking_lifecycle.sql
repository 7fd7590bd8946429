-- The life of a booking, enforced here for every caller (the API, the server, the functions):
--
--   pending ──> confirmed ──> completed
--      │            │
--      │            └──> cancelled
--      ├──> cancelled
--      └──> expired      (unpaid after the hold: expire_unpaid_bookings)
--
-- completed, cancelled and expired are final. A booking holds its seats on its departure while it
-- is pending, confirmed or completed; becoming cancelled or expired (or being deleted) gives them
-- back, which also reopens a sold-out departure (20261122001110_departure_availability.sql).
-- A cancellation records when, why and how much of the amount paid was refunded.
-- Status and money are changed only through the functions below (and by the platform): the API
-- roles have no UPDATE on them (20261122001140_create_booking.sql).

alter table public.bookings
  -- The priced lines of quote_booking as they were when the booking was made.
  add column price_breakdown jsonb not null default '[]' check (jsonb_typeof(price_breakdown) = 'array'),
  add column promo_code text references public.promo_codes (code) on update cascade on delete set null,
  -- A pending booking holds its seats until then; unpaid, it expires after.
  add column hold_expires_at timestamptz,
  add column cancelled_at timestamptz,
  add column cancellation_reason text check (cancellation_reason is null or length(cancellation_reason) <= 1000),
  add column refunded_amount numeric(12, 2) not null default 0 check (refunded_amount >= 0);

create index bookings_pending_hold_idx on public.bookings (hold_expires_at) where status = 'pending';

-- Refuses every status change the diagram above does not draw, and stamps cancellations.
create or replace function public.guard_booking_status() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.status = old.status then
    return new;
  end if;
  if not ((old.status = 'pending' and new.status in ('confirmed', 'expired', 'cancelled'))
          or (old.status = 'confirmed' and new.status in ('completed', 'cancelled'))) then
    raise exception '% % booking cannot become %', case when old.status = 'expired' then 'An' else 'A' end, old.status, new.status
      using errcode = 'PT409';
  end if;
  if new.status = 'cancelled' then
    new.cancelled_at := coalesce(new.cancelled_at, now());
  end if;
  return new;
end
$$;

create trigger bookings_guard_status before update of status on public.bookings
  for each row execute function public.guard_booking_status();

-- Keeps tour_departures.seats_booked equal to what open bookings hold, whoever writes the booking.
-- Security definer: the departure is the company's row, not the caller's.
create or replace function public.hold_departure_seats() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_old_seats int := 0;
  v_new_seats int := 0;
begin
  if tg_op <> 'INSERT' and old.departure_id is not null and old.status in ('pending', 'confirmed', 'completed') then
    v_old_seats := old.adults + old.children;
  end if;
  if tg_op <> 'DELETE' and new.departure_id is not null and new.status in ('pending', 'confirmed', 'completed') then
    v_new_seats := new.adults + new.children;
  end if;
  if tg_op = 'UPDATE' and old.departure_id is not distinct from new.departure_id then
    if v_new_seats <> v_old_seats then
      update public.tour_departures set seats_booked = seats_booked + v_new_seats - v_old_seats where id = new.departure_id;
    end if;
  else
    if v_old_seats > 0 then
      update public.tour_departures set seats_booked = seats_booked - v_old_seats where id = old.departure_id;
    end if;
    if v_new_seats > 0 then
      update public.tour_departures set seats_booked = seats_booked + v_new_seats where id = new.departure_id;
    end if;
  end if;
  return null;
end
$$;

create trigger bookings_hold_seats after insert or delete or update of status, adults, children, departure_id on public.bookings
  for each row execute function public.hold_departure_seats();

-- True for the company's own callers: admins, the service role, and the server itself (no claims).
-- For security-definer functions, where current_user is always the owner.
create or replace function public.is_staff_request() returns boolean
language sql stable
set search_path = public
as $$
  select auth.role() is null or auth.role() = 'service_role' or public.is_admin()
$$;

revoke execute on function public.is_staff_request() from public, anon, authenticated;

-- Releases the seats of pending bookings whose hold has run out with nothing paid. The server calls
-- it periodically; returns how many bookings expired.
create or replace function public.expire_unpaid_bookings() returns int
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_count int;
begin
  update public.bookings b
     set status = 'expired'
   where b.status = 'pending'
     and b.hold_expires_at <= now()
     and b.amount_paid = 0
     and not exists (select 1 from public.payments p where p.booking_id = b.id and p.status in ('pending', 'succeeded'));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke execute on function public.expire_unpaid_bookings() from public, anon, authenticated;
grant execute on function public.expire_unpaid_bookings() to service_role;

-- The company confirms, completes (or cancels, without a refund) a booking.
create or replace function public.set_booking_status(p_booking_id uuid, p_status text) returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
begin
  if not public.is_staff_request() then
    raise exception 'Only administrators can change the status of a booking' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('pending', 'confirmed', 'completed', 'cancelled', 'expired') then
    raise exception 'Unknown booking status: %', coalesce(p_status, 'none') using errcode = '22023';
  end if;
  update public.bookings set status = p_status where id = p_booking_id returning * into v_booking;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  return v_booking;
end
$$;

revoke execute on function public.set_booking_status(uuid, text) from public, anon;
grant execute on function public.set_booking_status(uuid, text) to authenticated, service_role;

-- Cancels a booking and gives its seats back. The company cancels any open booking and records what
-- it refunds (at most what was paid); a traveler cancels their own booking while it is pending.
create or replace function public.cancel_booking(p_booking_id uuid, p_reason text default null, p_refund_amount numeric default 0)
returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_refund numeric(12, 2) := coalesce(p_refund_amount, 0);
  v_staff boolean := public.is_staff_request();
begin
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found or not (v_staff or coalesce(v_booking.user_id = auth.uid(), false)) then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if v_booking.status = 'cancelled' then
    raise exception 'This booking is already cancelled' using errcode = 'PT409';
  end if;
  if not v_staff then
    if v_refund <> 0 then
      raise exception 'Only our team can record a refund' using errcode = '42501';
    end if;
    if v_booking.status = 'confirmed' then
      raise exception 'Please contact us to cancel a confirmed booking' using errcode = 'PT409';
    end if;
  end if;
  if v_refund < 0 or v_refund > v_booking.amount_paid - v_booking.refunded_amount then
    raise exception 'A refund can be at most the % % paid', v_booking.currency,
      to_char(v_booking.amount_paid - v_booking.refunded_amount, 'FM999,999,990.00') using errcode = '22023';
  end if;
  update public.bookings
     set status = 'cancelled',
         cancellation_reason = nullif(btrim(p_reason), ''),
         refunded_amount = refunded_amount + v_refund
   where id = p_booking_id
  returning * into v_booking;
  return v_booking;
end
$$;

revoke execute on function public.cancel_booking(uuid, text, numeric) from public, anon;
grant execute on function public.cancel_booking(uuid, text, numeric) to authenticated, service_role;
