-- Who leads a trip and what carries it: guides and vehicles assigned to departures (scheduled or
-- private), under rules kept here so that no screen or API call can break them:
--   a guide or a vehicle is never on two overlapping trips (cancelled trips do not count);
--   a vehicle carries no more travelers than its seats (a trip may have several vehicles);
--   a guide's licence, a vehicle's insurance or its service date that lapses before the trip ends
--   keeps them off it; leave and times off the road block; inactive records are not assigned.
-- A refusal says which rule and which trip. Two staff assigning the same guide or vehicle at the
-- same moment are put one after the other (a lock per guide and per vehicle), so the second sees
-- the first's trip and is told why.

create table public.departure_guides (
  departure_id uuid not null references public.tour_departures (id) on delete cascade,
  guide_id uuid not null references public.guides (id) on delete restrict,
  created_at timestamptz not null default now(),
  primary key (departure_id, guide_id)
);

create index departure_guides_guide on public.departure_guides (guide_id);

create table public.departure_vehicles (
  departure_id uuid not null references public.tour_departures (id) on delete cascade,
  vehicle_id uuid not null references public.vehicles (id) on delete restrict,
  -- How many of the trip's travelers ride in it.
  travelers int not null default 0,
  created_at timestamptz not null default now(),
  primary key (departure_id, vehicle_id)
);

create index departure_vehicles_vehicle on public.departure_vehicles (vehicle_id);

-- A trip as the refusals name it: 'Serengeti Safari, 3 Dec 2026 – 9 Dec 2026'.
create or replace function public.trip_label(p_departure_id uuid) returns text
language sql stable security definer
set search_path = public
as $$
  select t.title || ', ' || to_char(d.start_date, 'FMDD Mon YYYY') || ' – ' || to_char(d.end_date, 'FMDD Mon YYYY')
    from public.tour_departures d join public.tours t on t.id = d.tour_id
   where d.id = p_departure_id
$$;

-- Why the guide may not lead the trip, or null when they may. Also asked before a trip moves.
create or replace function public.guide_allocation_problem(p_guide_id uuid, p_departure_id uuid) returns text
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_trip public.tour_departures;
  v_guide public.guides;
  v_other uuid;
  v_found record;
begin
  select * into v_trip from public.tour_departures where id = p_departure_id;
  select * into v_guide from public.guides where id = p_guide_id;
  if v_trip.id is null or v_guide.id is null then
    return 'There is no such trip or guide';
  end if;
  if not v_guide.active then
    return format('%s is no longer an active guide', v_guide.full_name);
  end if;
  select g.departure_id into v_other
    from public.departure_guides g join public.tour_departures d on d.id = g.departure_id
   where g.guide_id = p_guide_id and g.departure_id <> p_departure_id and d.status <> 'cancelled'
     and d.start_date <= v_trip.end_date and d.end_date >= v_trip.start_date
   order by d.start_date limit 1;
  if v_other is not null then
    return format('%s already guides %s: a guide is on one trip at a time', v_guide.full_name, public.trip_label(v_other));
  end if;
  select starts_on, ends_on into v_found from public.guide_leave
   where guide_id = p_guide_id and starts_on <= v_trip.end_date and ends_on >= v_trip.start_date
   order by starts_on limit 1;
  if found then
    return format('%s is on leave from %s to %s', v_guide.full_name, to_char(v_found.starts_on, 'FMDD Mon YYYY'), to_char(v_found.ends_on, 'FMDD Mon YYYY'));
  end if;
  select name, expires_on into v_found from public.guide_credentials
   where guide_id = p_guide_id and kind = 'licence' and expires_on < v_trip.end_date
   order by expires_on limit 1;
  if found then
    return format('%s’s %s expires on %s, before the trip ends', v_guide.full_name, v_found.name, to_char(v_found.expires_on, 'FMDD Mon YYYY'));
  end if;
  return null;
end
$$;

-- Why the vehicle may not carry these travelers on the trip, or null when it may.
create or replace function public.vehicle_allocation_problem(p_vehicle_id uuid, p_departure_id uuid, p_travelers int) returns text
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_trip public.tour_departures;
  v_vehicle public.vehicles;
  v_other uuid;
  v_found record;
begin
  select * into v_trip from public.tour_departures where id = p_departure_id;
  select * into v_vehicle from public.vehicles where id = p_vehicle_id;
  if v_trip.id is null or v_vehicle.id is null then
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
     and d.start_date <= v_trip.end_date and d.end_date >= v_trip.start_date
   order by d.start_date limit 1;
  if v_other is not null then
    return format('%s (%s) is already on %s: a vehicle is on one trip at a time', v_vehicle.name, v_vehicle.registration, public.trip_label(v_other));
  end if;
  select starts_on, ends_on, reason into v_found from public.vehicle_out_of_service
   where vehicle_id = p_vehicle_id and starts_on <= v_trip.end_date and ends_on >= v_trip.start_date
   order by starts_on limit 1;
  if found then
    return format('%s (%s) is off the road from %s to %s%s', v_vehicle.name, v_vehicle.registration,
                  to_char(v_found.starts_on, 'FMDD Mon YYYY'), to_char(v_found.ends_on, 'FMDD Mon YYYY'),
                  coalesce(' (' || v_found.reason || ')', ''));
  end if;
  if v_vehicle.insurance_expires_on < v_trip.end_date then
    return format('%s (%s) is insured until %s, before the trip ends', v_vehicle.name, v_vehicle.registration, to_char(v_vehicle.insurance_expires_on, 'FMDD Mon YYYY'));
  end if;
  if v_vehicle.next_service_on < v_trip.end_date then
    return format('%s (%s) is due for its service on %s, before the trip ends', v_vehicle.name, v_vehicle.registration, to_char(v_vehicle.next_service_on, 'FMDD Mon YYYY'));
  end if;
  return null;
end
$$;

-- The triggers that apply the rules to every assignment, one guide or vehicle at a time.
create or replace function public.check_departure_guide() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_problem text;
begin
  -- The policies are checked after this trigger: a caller who may not assign learns nothing of the trips.
  if not public.has_permission('operations.write') then
    raise exception 'Only operations admins assign guides to trips' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('guide:' || new.guide_id::text, 0));
  v_problem := public.guide_allocation_problem(new.guide_id, new.departure_id);
  if v_problem is not null then
    raise exception '%', v_problem using errcode = '23514', hint = 'guide_id';
  end if;
  return new;
end
$$;

create trigger check_departure_guide before insert or update on public.departure_guides
  for each row execute function public.check_departure_guide();

create or replace function public.check_departure_vehicle() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_problem text;
begin
  -- The policies are checked after this trigger: a caller who may not assign learns nothing of the trips.
  if not public.has_permission('operations.write') then
    raise exception 'Only operations admins assign vehicles to trips' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('vehicle:' || new.vehicle_id::text, 0));
  v_problem := public.vehicle_allocation_problem(new.vehicle_id, new.departure_id, new.travelers);
  if v_problem is not null then
    raise exception '%', v_problem using errcode = '23514', hint = case when new.travelers > 0 and v_problem like '%seats%' then 'travelers' else 'vehicle_id' end;
  end if;
  return new;
end
$$;

create trigger check_departure_vehicle before insert or update on public.departure_vehicles
  for each row execute function public.check_departure_vehicle();

-- A trip moved to other dates (or back from cancelled) keeps its guides and vehicles only if each
-- may still go: otherwise the move is refused with the reason.
create or replace function public.check_moved_trip_allocation() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_problem text;
  v_assigned record;
begin
  for v_assigned in select guide_id from public.departure_guides where departure_id = new.id order by guide_id loop
    perform pg_advisory_xact_lock(hashtextextended('guide:' || v_assigned.guide_id::text, 0));
    v_problem := public.guide_allocation_problem(v_assigned.guide_id, new.id);
    if v_problem is not null then
      raise exception 'The trip cannot move: %', v_problem using errcode = '23514', hint = 'start_date';
    end if;
  end loop;
  for v_assigned in select vehicle_id, travelers from public.departure_vehicles where departure_id = new.id order by vehicle_id loop
    perform pg_advisory_xact_lock(hashtextextended('vehicle:' || v_assigned.vehicle_id::text, 0));
    v_problem := public.vehicle_allocation_problem(v_assigned.vehicle_id, new.id, v_assigned.travelers);
    if v_problem is not null then
      raise exception 'The trip cannot move: %', v_problem using errcode = '23514', hint = 'start_date';
    end if;
  end loop;
  return new;
end
$$;

create trigger check_moved_trip_allocation after update of start_date, end_date, status on public.tour_departures
  for each row
  when (old.start_date is distinct from new.start_date or old.end_date is distinct from new.end_date
        or (old.status = 'cancelled' and new.status <> 'cancelled'))
  execute function public.check_moved_trip_allocation();

-- The rules are the triggers' only: they read guides' leave and licences, which not every caller
-- may (an editor moving a departure, for one), so the triggers run as the owner and nobody calls
-- the rules directly.
revoke execute on function public.check_departure_guide(), public.check_departure_vehicle(), public.check_moved_trip_allocation(),
  public.trip_label(uuid), public.guide_allocation_problem(uuid, uuid), public.vehicle_allocation_problem(uuid, uuid, int)
  from public, anon, authenticated;

create trigger departure_guides_audited after insert or update or delete on public.departure_guides
  for each row execute function public.record_audit('departure_id');
create trigger departure_vehicles_audited after insert or update or delete on public.departure_vehicles
  for each row execute function public.record_audit('departure_id');

-- Operations staff read every assignment, admins make and change them; a guide reads the
-- assignments of the trips they lead (their colleagues and vehicles on those trips).
alter table public.departure_guides enable row level security;
alter table public.departure_vehicles enable row level security;
revoke all on public.departure_guides, public.departure_vehicles from public, anon, authenticated;
grant select, insert, update, delete on public.departure_guides, public.departure_vehicles to authenticated;

-- Whether the caller leads the trip: for the policies of its assignments (and, later, manifests).
create or replace function public.guides_trip(p_departure_id uuid) returns boolean
language sql stable security definer
set search_path = public
as $$
  select exists (select 1 from public.departure_guides a join public.guides g on g.id = a.guide_id
                  where a.departure_id = p_departure_id and g.user_id = auth.uid())
$$;

revoke execute on function public.guides_trip(uuid) from public, anon;
grant execute on function public.guides_trip(uuid) to authenticated;

create policy "operations staff read trip guides" on public.departure_guides
  for select to authenticated using ((select public.has_permission('operations.read')) or public.guides_trip(departure_id));
create policy "operations admins assign guides" on public.departure_guides
  for insert to authenticated with check ((select public.has_permission('operations.write')));
create policy "operations admins change trip guides" on public.departure_guides
  for update to authenticated using ((select public.has_permission('operations.write')));
create policy "operations admins unassign guides" on public.departure_guides
  for delete to authenticated using ((select public.has_permission('operations.write')));

create policy "operations staff read trip vehicles" on public.departure_vehicles
  for select to authenticated using ((select public.has_permission('operations.read')) or public.guides_trip(departure_id));
create policy "operations admins assign vehicles" on public.departure_vehicles
  for insert to authenticated with check ((select public.has_permission('operations.write')));
create policy "operations admins change trip vehicles" on public.departure_vehicles
  for update to authenticated using ((select public.has_permission('operations.write')));
create policy "operations admins unassign vehicles" on public.departure_vehicles
  for delete to authenticated using ((select public.has_permission('operations.write')));

-- A guide also reads the vehicles of the trips they lead.
create policy "guides read their trips' vehicles" on public.vehicles
  for select to authenticated
  using (exists (select 1 from public.departure_vehicles v where v.vehicle_id = vehicles.id and public.guides_trip(v.departure_id)));
