-- Moving a trip to other dates from the calendar: what would stop it is asked first, without
-- moving anything (trip_move_problems), then move_trip() moves it and owes each of its travelers an
-- email with the new dates (booking_notifications kind trip_moved, with the old dates in details).
-- The allocation rules of 20261127000200_trip_allocation.sql now take the dates to check, so the
-- same rules answer for the trip where it is and where it would go.

-- Why the guide may not lead the trip on these dates, or null when they may.
create or replace function public.guide_problem_on(p_guide_id uuid, p_departure_id uuid, p_start date, p_end date) returns text
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_guide public.guides;
  v_other uuid;
  v_found record;
begin
  select * into v_guide from public.guides where id = p_guide_id;
  if v_guide.id is null or not exists (select 1 from public.tour_departures where id = p_departure_id) then
    return 'There is no such trip or guide';
  end if;
  if not v_guide.active then
    return format('%s is no longer an active guide', v_guide.full_name);
  end if;
  select g.departure_id into v_other
    from public.departure_guides g join public.tour_departures d on d.id = g.departure_id
   where g.guide_id = p_guide_id and g.departure_id <> p_departure_id and d.status <> 'cancelled'
     and d.start_date <= p_end and d.end_date >= p_start
   order by d.start_date limit 1;
  if v_other is not null then
    return format('%s already guides %s: a guide is on one trip at a time', v_guide.full_name, public.trip_label(v_other));
  end if;
  select starts_on, ends_on into v_found from public.guide_leave
   where guide_id = p_guide_id and starts_on <= p_end and ends_on >= p_start
   order by starts_on limit 1;
  if found then
    return format('%s is on leave from %s to %s', v_guide.full_name, to_char(v_found.starts_on, 'FMDD Mon YYYY'), to_char(v_found.ends_on, 'FMDD Mon YYYY'));
  end if;
  select name, expires_on into v_found from public.guide_credentials
   where guide_id = p_guide_id and kind = 'licence' and expires_on < p_end
   order by expires_on limit 1;
  if found then
    return format('%s’s %s expires on %s, before the trip ends', v_guide.full_name, v_found.name, to_char(v_found.expires_on, 'FMDD Mon YYYY'));
  end if;
  return null;
end
$$;

-- Why the vehicle may not carry these travelers on the trip on these dates, or null when it may.
create or replace function public.vehicle_problem_on(p_vehicle_id uuid, p_departure_id uuid, p_travelers int, p_start date, p_end date) returns text
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_vehicle public.vehicles;
  v_other uuid;
  v_found record;
begin
  select * into v_vehicle from public.vehicles where id = p_vehicle_id;
  if v_vehicle.id is null or not exists (select 1 from public.tour_departures where id = p_departure_id) then
    return 'There is no such trip or vehicle';
  end if;
  if not v_vehicle.active then
    return format('%s (%s) is no longer in use', v_vehicle.name, v_vehicle.registration);
  end if;
  if coalesce(p_travelers, 0) < 0 then
    return 'The travelers in a vehicle cannot be fewer than none';
  end if;
  if p_travelers > v_vehicle.seats then
    return format('%s (%s) has %s seats: it cannot carry %s travelers', v_vehicle.name, v_vehicle.registration, v_vehicle.seats, p_travelers);
  end if;
  select v.departure_id into v_other
    from public.departure_vehicles v join public.tour_departures d on d.id = v.departure_id
   where v.vehicle_id = p_vehicle_id and v.departure_id <> p_departure_id and d.status <> 'cancelled'
     and d.start_date <= p_end and d.end_date >= p_start
   order by d.start_date limit 1;
  if v_other is not null then
    return format('%s (%s) is already on %s: a vehicle is on one trip at a time', v_vehicle.name, v_vehicle.registration, public.trip_label(v_other));
  end if;
  select starts_on, ends_on, reason into v_found from public.vehicle_out_of_service
   where vehicle_id = p_vehicle_id and starts_on <= p_end and ends_on >= p_start
   order by starts_on limit 1;
  if found then
    return format('%s (%s) is off the road from %s to %s%s', v_vehicle.name, v_vehicle.registration,
                  to_char(v_found.starts_on, 'FMDD Mon YYYY'), to_char(v_found.ends_on, 'FMDD Mon YYYY'),
                  coalesce(' (' || v_found.reason || ')', ''));
  end if;
  if v_vehicle.insurance_expires_on < p_end then
    return format('%s (%s) is insured until %s, before the trip ends', v_vehicle.name, v_vehicle.registration, to_char(v_vehicle.insurance_expires_on, 'FMDD Mon YYYY'));
  end if;
  if v_vehicle.next_service_on < p_end then
    return format('%s (%s) is due for its service on %s, before the trip ends', v_vehicle.name, v_vehicle.registration, to_char(v_vehicle.next_service_on, 'FMDD Mon YYYY'));
  end if;
  return null;
end
$$;

-- The rules for the trip where it is: what the assignment triggers and a moved trip ask.
create or replace function public.guide_allocation_problem(p_guide_id uuid, p_departure_id uuid) returns text
language sql stable security definer
set search_path = public
as $$
  select coalesce(
    (select public.guide_problem_on(p_guide_id, d.id, d.start_date, d.end_date) from public.tour_departures d where d.id = p_departure_id),
    case when not exists (select 1 from public.tour_departures where id = p_departure_id) then 'There is no such trip or guide' end)
$$;

create or replace function public.vehicle_allocation_problem(p_vehicle_id uuid, p_departure_id uuid, p_travelers int) returns text
language sql stable security definer
set search_path = public
as $$
  select coalesce(
    (select public.vehicle_problem_on(p_vehicle_id, d.id, p_travelers, d.start_date, d.end_date) from public.tour_departures d where d.id = p_departure_id),
    case when not exists (select 1 from public.tour_departures where id = p_departure_id) then 'There is no such trip or vehicle' end)
$$;

revoke execute on function public.guide_problem_on(uuid, uuid, date, date), public.vehicle_problem_on(uuid, uuid, int, date, date),
  public.guide_allocation_problem(uuid, uuid), public.vehicle_allocation_problem(uuid, uuid, int)
  from public, anon, authenticated;

-- What would stop the trip from starting on p_start_date (it keeps its length), in words, one line
-- per problem; empty when it can move. Nothing is changed. For operations admins.
create or replace function public.trip_move_problems(p_departure_id uuid, p_start_date date) returns text[]
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_trip public.tour_departures;
  v_end date;
  v_problems text[] := '{}';
  v_problem text;
  v_assigned record;
begin
  if not public.has_permission('operations.write') then
    raise exception 'Only operations admins move trips' using errcode = '42501';
  end if;
  select * into v_trip from public.tour_departures where id = p_departure_id;
  if v_trip.id is null then
    raise exception 'There is no such trip' using errcode = 'P0002';
  end if;
  if p_start_date is null then
    return array['Choose the day the trip starts'];
  end if;
  v_end := p_start_date + (v_trip.end_date - v_trip.start_date);
  if v_trip.status = 'cancelled' then
    v_problems := v_problems || 'A cancelled trip does not move'::text;
  end if;
  if p_start_date < (now() at time zone public.company_time_zone())::date then
    v_problems := v_problems || 'A trip cannot move to a day already past'::text;
  end if;
  if p_start_date = v_trip.start_date then
    v_problems := v_problems || 'The trip already starts on that day'::text;
  end if;
  for v_assigned in select guide_id from public.departure_guides where departure_id = p_departure_id order by guide_id loop
    v_problem := public.guide_problem_on(v_assigned.guide_id, p_departure_id, p_start_date, v_end);
    if v_problem is not null then
      v_problems := v_problems || v_problem;
    end if;
  end loop;
  for v_assigned in select vehicle_id, travelers from public.departure_vehicles where departure_id = p_departure_id order by vehicle_id loop
    v_problem := public.vehicle_problem_on(v_assigned.vehicle_id, p_departure_id, v_assigned.travelers, p_start_date, v_end);
    if v_problem is not null then
      v_problems := v_problems || v_problem;
    end if;
  end loop;
  return v_problems;
end
$$;

revoke execute on function public.trip_move_problems(uuid, date) from public, anon;
grant execute on function public.trip_move_problems(uuid, date) to authenticated;

-- A moved trip's travelers are each owed an email with the new dates and the old ones.
alter table public.booking_notifications add column details jsonb;
alter table public.booking_notifications drop constraint booking_notifications_kind_check;
alter table public.booking_notifications
  add constraint booking_notifications_kind_check check (kind in ('booking_received', 'booking_confirmed', 'booking_cancelled', 'payment_received',
                                                                  'refund_due', 'balance_reminder', 'pre_departure', 'review_request', 'trip_moved'));
-- A trip may move more than once: each move is its own email.
drop index public.booking_notifications_once;
create unique index booking_notifications_once on public.booking_notifications (booking_id, kind)
  where kind not in ('payment_received', 'refund_due', 'trip_moved');

-- Moves the trip to start on p_start_date, keeping its length, when nothing stops it (else refused
-- with the first problem); its travelers with a live booking are each owed an email. Answers how
-- many. Security definer: the caller writes no notification itself.
create or replace function public.move_trip(p_departure_id uuid, p_start_date date) returns int
language plpgsql security definer
set search_path = public
as $$
declare
  v_trip public.tour_departures;
  v_problems text[];
  v_emailed int;
begin
  if not public.has_permission('operations.write') then
    raise exception 'Only operations admins move trips' using errcode = '42501';
  end if;
  select * into v_trip from public.tour_departures where id = p_departure_id for update;
  if v_trip.id is null then
    raise exception 'There is no such trip' using errcode = 'P0002';
  end if;
  v_problems := public.trip_move_problems(p_departure_id, p_start_date);
  if cardinality(v_problems) > 0 then
    raise exception '%', v_problems[1] using errcode = '23514', hint = 'start_date';
  end if;
  update public.tour_departures
     set start_date = p_start_date, end_date = p_start_date + (v_trip.end_date - v_trip.start_date)
   where id = p_departure_id;
  insert into public.booking_notifications (booking_id, kind, details)
  select b.id, 'trip_moved', jsonb_build_object('from_start', v_trip.start_date, 'from_end', v_trip.end_date)
    from public.bookings b
   where b.departure_id = p_departure_id and b.status in ('pending', 'confirmed');
  get diagnostics v_emailed = row_count;
  return v_emailed;
end
$$;

revoke execute on function public.move_trip(uuid, date) from public, anon;
grant execute on function public.move_trip(uuid, date) to authenticated;
