-- What staff record at the gate of a park, often with no signal: travelers checked in, cash or
-- mobile-money payments, incident notes. Each is made on the tablet with its own client id and
-- the time it was made, and sent through the outbox when the connection returns, perhaps hours
-- later. So each function here:
--   - is idempotent on the client id: a write sent twice is recorded once, and the second call
--     answers what the first recorded;
--   - refuses a write that no longer fits what happened meanwhile with errcode PT409 and words the
--     staff member can act on (the booking was cancelled, moved to another trip, or now owes less
--     than the payment), so the tablet shows it as a conflict to resolve instead of dropping it;
--   - is for operations admins and the trip's own guides (guides_trip()).
-- The rows are read by operations staff and the trip's guides; nobody writes them directly.

create table public.trip_check_ins (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null unique,
  departure_id uuid not null references public.tour_departures (id) on delete cascade,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  -- The traveler's place in bookings.travelers (0 for the first), or the seat's for a booking that named none.
  traveler_index int not null check (traveler_index >= 0),
  -- When the staff member checked them in, on the tablet's clock; recorded_at is when the server heard.
  checked_in_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  recorded_by uuid references public.users (id) on delete set null,
  unique (booking_id, traveler_index)
);

create index trip_check_ins_departure on public.trip_check_ins (departure_id);

create table public.trip_incidents (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null unique,
  departure_id uuid not null references public.tour_departures (id) on delete cascade,
  booking_id uuid references public.bookings (id) on delete set null,
  note text not null check (length(note) between 1 and 2000),
  occurred_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  recorded_by uuid references public.users (id) on delete set null
);

create index trip_incidents_departure on public.trip_incidents (departure_id, occurred_at);

-- A payment taken in the field carries the client id of the write that recorded it.
alter table public.payments add column client_id uuid unique;

create trigger trip_check_ins_audited after insert or update or delete on public.trip_check_ins
  for each row execute function public.record_audit();
create trigger trip_incidents_audited after insert or update or delete on public.trip_incidents
  for each row execute function public.record_audit();

alter table public.trip_check_ins enable row level security;
alter table public.trip_incidents enable row level security;
revoke all on public.trip_check_ins, public.trip_incidents from public, anon, authenticated;
grant select on public.trip_check_ins, public.trip_incidents to authenticated;

create policy "operations staff and the trip's guides read check-ins" on public.trip_check_ins
  for select to authenticated using ((select public.has_permission('operations.read')) or public.guides_trip(departure_id));
create policy "operations staff and the trip's guides read incidents" on public.trip_incidents
  for select to authenticated using ((select public.has_permission('operations.read')) or public.guides_trip(departure_id));

-- Who may write in the field for a trip: operations admins, and the guides who lead it.
create or replace function public.may_work_trip(p_departure_id uuid) returns boolean
language sql stable security definer
set search_path = public
as $$
  select public.has_permission('operations.write') or public.guides_trip(p_departure_id)
$$;

revoke execute on function public.may_work_trip(uuid) from public, anon, authenticated;

-- The booking a field write is about, locked, refused with PT409 when it no longer travels on the
-- trip the staff member saw it on. p_doing says what was refused: 'Amani Joseph was not checked in'.
create or replace function public.field_booking(p_booking_id uuid, p_departure_id uuid, p_doing text) returns public.bookings
language plpgsql security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if v_booking.id is null then
    raise exception 'This booking no longer exists: %', p_doing using errcode = 'PT409';
  end if;
  if v_booking.status in ('cancelled', 'expired') then
    raise exception 'Booking % was % meanwhile: %', v_booking.booking_reference,
      case v_booking.status when 'cancelled' then 'cancelled' else 'released (its hold expired)' end, p_doing
      using errcode = 'PT409', hint = 'booking_id';
  end if;
  if v_booking.departure_id is distinct from p_departure_id then
    raise exception 'Booking % was moved to another trip meanwhile: %', v_booking.booking_reference, p_doing
      using errcode = 'PT409', hint = 'booking_id';
  end if;
  return v_booking;
end
$$;

revoke execute on function public.field_booking(uuid, uuid, text) from public, anon, authenticated;

-- The name of a booking's traveler as the refusals say it.
create or replace function public.traveler_name(p_booking public.bookings, p_index int) returns text
language sql immutable
set search_path = public
as $$
  select coalesce(nullif(btrim(coalesce(p_booking.travelers -> p_index ->> 'full_name', p_booking.travelers -> p_index ->> 'name')), ''),
                  case when p_index = 0 then p_booking.contact ->> 'full_name' end,
                  format('Traveler %s of %s', p_index + 1, p_booking.booking_reference))
$$;

revoke execute on function public.traveler_name(public.bookings, int) from public, anon, authenticated;

-- Checks a traveler in. A traveler already checked in stays checked in at the first time recorded.
create or replace function public.record_check_in(p_client_id uuid, p_departure_id uuid, p_booking_id uuid, p_traveler_index int, p_checked_in_at timestamptz)
returns public.trip_check_ins
language plpgsql security definer
set search_path = public
as $$
declare
  v_done public.trip_check_ins;
  v_booking public.bookings;
begin
  if not public.may_work_trip(p_departure_id) then
    raise exception 'Only operations admins and the trip''s guides check travelers in' using errcode = '42501';
  end if;
  select * into v_done from public.trip_check_ins where client_id = p_client_id;
  if v_done.id is not null then
    return v_done;
  end if;
  if p_client_id is null or p_booking_id is null or p_traveler_index is null or p_checked_in_at is null then
    raise exception 'A check-in needs its client id, booking, traveler and time' using errcode = '22023';
  end if;
  v_booking := public.field_booking(p_booking_id, p_departure_id, 'the check-in was not recorded');
  if p_traveler_index < 0 or p_traveler_index >= greatest(v_booking.adults + v_booking.children, jsonb_array_length(coalesce(v_booking.travelers, '[]'))) then
    raise exception 'Booking % has no traveler %: the check-in was not recorded', v_booking.booking_reference, p_traveler_index + 1
      using errcode = 'PT409', hint = 'traveler_index';
  end if;
  select * into v_done from public.trip_check_ins where booking_id = p_booking_id and traveler_index = p_traveler_index;
  if v_done.id is not null then
    return v_done;
  end if;
  insert into public.trip_check_ins (client_id, departure_id, booking_id, traveler_index, checked_in_at, recorded_by)
  values (p_client_id, p_departure_id, p_booking_id, p_traveler_index, least(p_checked_in_at, now()), auth.uid())
  returning * into v_done;
  return v_done;
end
$$;

-- Records cash or mobile money taken in the field, in the booking's currency.
create or replace function public.record_field_payment(p_client_id uuid, p_departure_id uuid, p_booking_id uuid, p_amount numeric, p_method text, p_reference text, p_paid_at timestamptz)
returns public.payments
language plpgsql security definer
set search_path = public
as $$
declare
  v_done public.payments;
  v_booking public.bookings;
  v_owed numeric(12, 2);
begin
  if not public.may_work_trip(p_departure_id) then
    raise exception 'Only operations admins and the trip''s guides record payments in the field' using errcode = '42501';
  end if;
  select * into v_done from public.payments where client_id = p_client_id;
  if v_done.id is not null then
    return v_done;
  end if;
  if p_amount is null or p_amount <= 0 then
    raise exception 'A payment is an amount above zero' using errcode = '22023', hint = 'amount';
  end if;
  if p_amount <> round(p_amount, 2) then
    raise exception 'Give the amount to the cent' using errcode = '22023', hint = 'amount';
  end if;
  if p_method is null or p_method not in ('cash', 'mobile_money') then
    raise exception 'In the field a payment is cash or mobile money' using errcode = '22023', hint = 'method';
  end if;
  if length(btrim(coalesce(p_reference, ''))) > 200 then
    raise exception 'The reference is up to 200 characters' using errcode = '22023', hint = 'reference';
  end if;
  if p_client_id is null or p_paid_at is null then
    raise exception 'A payment needs its client id and time' using errcode = '22023';
  end if;
  v_booking := public.field_booking(p_booking_id, p_departure_id, 'the payment was not recorded');
  v_owed := greatest(0, v_booking.total_amount - v_booking.amount_paid);
  if p_amount > v_owed then
    raise exception '%', case when v_owed = 0
                               then format('Booking %s is paid in full now: the payment of %s %s was not recorded', v_booking.booking_reference,
                                           v_booking.currency, to_char(p_amount, 'FM999,999,990.00'))
                               else format('Booking %s now owes %s %s: the payment of %s %s is more than that and was not recorded', v_booking.booking_reference,
                                           v_booking.currency, to_char(v_owed, 'FM999,999,990.00'), v_booking.currency, to_char(p_amount, 'FM999,999,990.00')) end
      using errcode = 'PT409', hint = 'amount';
  end if;
  insert into public.payments (booking_id, amount, currency, method, status, provider_reference, paid_at, recorded_by, client_id)
  values (v_booking.id, p_amount, v_booking.currency, p_method, 'succeeded', nullif(btrim(p_reference), ''), least(p_paid_at, now()), auth.uid(), p_client_id)
  returning * into v_done;
  return v_done;
end
$$;

-- Records an incident on the trip (a breakdown, an injury, a late pickup), about a booking or the whole trip.
create or replace function public.record_trip_incident(p_client_id uuid, p_departure_id uuid, p_booking_id uuid, p_note text, p_occurred_at timestamptz)
returns public.trip_incidents
language plpgsql security definer
set search_path = public
as $$
declare
  v_done public.trip_incidents;
begin
  if not public.may_work_trip(p_departure_id) then
    raise exception 'Only operations admins and the trip''s guides record incidents' using errcode = '42501';
  end if;
  select * into v_done from public.trip_incidents where client_id = p_client_id;
  if v_done.id is not null then
    return v_done;
  end if;
  if length(btrim(coalesce(p_note, ''))) not between 1 and 2000 then
    raise exception 'Write what happened, up to 2,000 characters' using errcode = '22023', hint = 'note';
  end if;
  if p_client_id is null or p_occurred_at is null then
    raise exception 'An incident needs its client id and time' using errcode = '22023';
  end if;
  -- A note about a booking since moved or cancelled is still worth keeping: it is kept on the trip.
  if p_booking_id is not null and not exists (select 1 from public.bookings where id = p_booking_id and departure_id = p_departure_id) then
    p_booking_id := null;
  end if;
  insert into public.trip_incidents (client_id, departure_id, booking_id, note, occurred_at, recorded_by)
  values (p_client_id, p_departure_id, p_booking_id, btrim(p_note), least(p_occurred_at, now()), auth.uid())
  returning * into v_done;
  return v_done;
end
$$;

revoke execute on function public.record_check_in(uuid, uuid, uuid, int, timestamptz),
  public.record_field_payment(uuid, uuid, uuid, numeric, text, text, timestamptz),
  public.record_trip_incident(uuid, uuid, uuid, text, timestamptz) from public, anon;
grant execute on function public.record_check_in(uuid, uuid, uuid, int, timestamptz),
  public.record_field_payment(uuid, uuid, uuid, numeric, text, text, timestamptz),
  public.record_trip_incident(uuid, uuid, uuid, text, timestamptz) to authenticated;
