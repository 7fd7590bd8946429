-- The allocation rules (20261127000200_trip_allocation.sql, 20261127000400_trip_moves.sql) were
-- asked when a guide or a vehicle is put on a trip and when a trip moves. They now hold the other
-- way too: a change to a guide's or a vehicle's own records that would break a trip they are
-- already on (leave or time off the road over it, a licence, insurance or service lapsing before it
-- ends, fewer seats than its travelers, no longer in use) is refused, naming the rule and the trip,
-- until the trip is given another guide or vehicle. Trips over (ended before the company's today)
-- or cancelled are history and do not hold a record back.

-- The first trip still to come (or under way) that the guide leads and may no longer lead, in words.
create or replace function public.guide_trips_problem(p_guide_id uuid) returns text
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_trip record;
  v_problem text;
begin
  for v_trip in
    select d.id from public.departure_guides g join public.tour_departures d on d.id = g.departure_id
     where g.guide_id = p_guide_id and d.status <> 'cancelled'
       and d.end_date >= (now() at time zone public.company_time_zone())::date
     order by d.start_date
  loop
    v_problem := public.guide_allocation_problem(p_guide_id, v_trip.id);
    if v_problem is not null then
      return format('%s, and leads %s: give that trip another guide first', v_problem, public.trip_label(v_trip.id));
    end if;
  end loop;
  return null;
end
$$;

-- The same for a vehicle, each trip with the travelers it carries there.
create or replace function public.vehicle_trips_problem(p_vehicle_id uuid) returns text
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_trip record;
  v_problem text;
begin
  for v_trip in
    select d.id, v.travelers from public.departure_vehicles v join public.tour_departures d on d.id = v.departure_id
     where v.vehicle_id = p_vehicle_id and d.status <> 'cancelled'
       and d.end_date >= (now() at time zone public.company_time_zone())::date
     order by d.start_date
  loop
    v_problem := public.vehicle_allocation_problem(p_vehicle_id, v_trip.id, v_trip.travelers);
    if v_problem is not null then
      return format('%s, and it is on %s: give that trip another vehicle first', v_problem, public.trip_label(v_trip.id));
    end if;
  end loop;
  return null;
end
$$;

-- After a guide's record, leave or credentials change: under the guide's lock (the one assignments
-- take), so a change and an assignment made at the same moment are checked one after the other.
-- The hint is the field the form shows the refusal beside.
create or replace function public.check_guide_keeps_trips() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  -- Read through jsonb: a record's missing field is an error even in a branch not taken.
  v_guide_id uuid := coalesce(to_jsonb(new)->>'guide_id', to_jsonb(new)->>'id')::uuid;
  v_problem text;
begin
  perform pg_advisory_xact_lock(hashtextextended('guide:' || v_guide_id::text, 0));
  v_problem := public.guide_trips_problem(v_guide_id);
  if v_problem is not null then
    raise exception '%', v_problem using errcode = '23514',
      hint = case tg_table_name when 'guide_leave' then 'starts_on' when 'guide_credentials' then 'expires_on' else 'active' end;
  end if;
  return null;
end
$$;

create trigger guide_leave_keeps_trips after insert or update on public.guide_leave
  for each row execute function public.check_guide_keeps_trips();
create trigger guide_credentials_keep_trips after insert or update of kind, expires_on on public.guide_credentials
  for each row execute function public.check_guide_keeps_trips();
create trigger guide_keeps_trips after update of active on public.guides
  for each row when (old.active and not new.active) execute function public.check_guide_keeps_trips();

-- After a vehicle's record or its time off the road change, under the vehicle's lock.
create or replace function public.check_vehicle_keeps_trips() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_vehicle_id uuid := coalesce(to_jsonb(new)->>'vehicle_id', to_jsonb(new)->>'id')::uuid;
  v_problem text;
  v_field text := 'starts_on';
begin
  perform pg_advisory_xact_lock(hashtextextended('vehicle:' || v_vehicle_id::text, 0));
  v_problem := public.vehicle_trips_problem(v_vehicle_id);
  if v_problem is not null then
    if tg_table_name = 'vehicles' then
      v_field := case
        when to_jsonb(new)->'seats' is distinct from to_jsonb(old)->'seats' then 'seats'
        when to_jsonb(new)->'insurance_expires_on' is distinct from to_jsonb(old)->'insurance_expires_on' then 'insurance_expires_on'
        when to_jsonb(new)->'next_service_on' is distinct from to_jsonb(old)->'next_service_on' then 'next_service_on'
        else 'active' end;
    end if;
    raise exception '%', v_problem using errcode = '23514', hint = v_field;
  end if;
  return null;
end
$$;

create trigger vehicle_out_of_service_keeps_trips after insert or update on public.vehicle_out_of_service
  for each row execute function public.check_vehicle_keeps_trips();
create trigger vehicle_keeps_trips after update of seats, insurance_expires_on, next_service_on, active on public.vehicles
  for each row execute function public.check_vehicle_keeps_trips();

-- Asked by the triggers only, which read every trip whoever writes.
revoke execute on function public.guide_trips_problem(uuid), public.vehicle_trips_problem(uuid),
  public.check_guide_keeps_trips(), public.check_vehicle_keeps_trips()
  from public, anon, authenticated;
