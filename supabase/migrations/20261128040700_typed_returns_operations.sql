-- operations_due and trip_staffing_options answer with OUT parameters instead of a jsonb object, so
-- the generated types (src/lib/database.types.ts) carry their shape: the trips short of a guide, a
-- vehicle or seats and the papers falling due (arrays of unstaffed_trip and paper_due); the guides and
-- vehicles free to take a trip (arrays of staffing_guide and staffing_vehicle). The REST API answers
-- the same JSON objects as before, [] for an empty list. A return type changes by a drop and a
-- create: the grants and settings are those they had (20261127020100_staffing_ahead.sql,
-- 20261127003000_renewed_credentials.sql).

create type public.staffing_guide as (
  id uuid,
  full_name text,
  languages text[],
  problem text
);

comment on type public.staffing_guide is
  'An active guide not on a trip, and why they cannot take it (null when they can): trip_staffing_options.';

create type public.staffing_vehicle as (
  id uuid,
  name text,
  registration text,
  seats int,
  problem text
);

comment on type public.staffing_vehicle is
  'An active vehicle not on a trip, and why it cannot take it (null when it can): trip_staffing_options.';

drop function public.trip_staffing_options(uuid);

create function public.trip_staffing_options(
  p_departure_id uuid,
  out guides public.staffing_guide[],
  out vehicles public.staffing_vehicle[]
) returns record
language plpgsql stable security definer
set search_path = public
as $$
begin
  if not public.has_permission('operations.read') then
    raise exception 'Only operations staff see who can take a trip' using errcode = '42501';
  end if;
  if not exists (select 1 from public.tour_departures where id = p_departure_id) then
    raise exception 'This trip no longer exists' using errcode = 'PT404';
  end if;
  -- The fields of staffing_guide and staffing_vehicle, in their order.
  guides := array(
    select row(g.id, g.full_name, g.languages, public.guide_allocation_problem(g.id, p_departure_id))::public.staffing_guide
      from public.guides g
     where g.active and not exists (select 1 from public.departure_guides a where a.departure_id = p_departure_id and a.guide_id = g.id)
     order by g.full_name);
  vehicles := array(
    select row(v.id, v.name, v.registration, v.seats, public.vehicle_allocation_problem(v.id, p_departure_id, 0))::public.staffing_vehicle
      from public.vehicles v
     where v.active and not exists (select 1 from public.departure_vehicles a where a.departure_id = p_departure_id and a.vehicle_id = v.id)
     order by v.name);
end
$$;

comment on function public.trip_staffing_options(uuid) is
  'The active guides and vehicles not yet on a trip, each with what keeps them from taking it (operations staff).';

revoke execute on function public.trip_staffing_options(uuid) from public, anon;
grant execute on function public.trip_staffing_options(uuid) to authenticated, service_role;

create type public.unstaffed_trip as (
  departure_id uuid,
  tour_title text,
  start_date date,
  end_date date,
  seats_booked int,
  missing text[],
  cannot_staff text[]
);

comment on type public.unstaffed_trip is
  'A booked trip still short of a guide, a vehicle or seats (missing), and what nobody free could give it (cannot_staff): operations_due.';

create type public.paper_due as (
  record_type text,
  record_id uuid,
  name text,
  kind text,
  what text,
  due_on date
);

comment on type public.paper_due is
  'A guide''s credential or a vehicle''s insurance or service falling due within 60 days, or overdue: operations_due.';

drop function public.operations_due(date);

create function public.operations_due(
  p_today date default null,
  out today date,
  out unstaffed public.unstaffed_trip[],
  out due public.paper_due[]
) returns record
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_today date := coalesce(p_today, (now() at time zone public.company_time_zone())::date);
begin
  if not public.has_permission('operations.read') then
    raise exception 'Only operations staff see what trips and papers are due' using errcode = '42501';
  end if;

  with booked as (
    select d.id as departure_id, t.title as tour_title, d.start_date, d.end_date, d.seats_booked,
           exists (select 1 from public.departure_guides g where g.departure_id = d.id) as has_guide,
           (select count(*) from public.departure_vehicles v where v.departure_id = d.id) as vehicles,
           (select coalesce(sum(v.travelers), 0) from public.departure_vehicles v where v.departure_id = d.id) as seated
      from public.tour_departures d
      join public.tours t on t.id = d.tour_id
     where d.status <> 'cancelled' and d.seats_booked > 0
       and d.start_date >= v_today
  ),
  soon as (
    -- Whether anyone at all could still take the trip: an active guide (vehicle) on no other trip
    -- and not on leave (off the road) over its dates, so a week when all are busy shows before the
    -- trip comes near. Papers and services lapsing are left to the card beside it: they are renewed.
    select b.*,
           not b.has_guide and not exists (
             select 1 from public.guides g
              where g.active
                and not exists (select 1 from public.departure_guides a join public.tour_departures d on d.id = a.departure_id
                                 where a.guide_id = g.id and d.status <> 'cancelled' and d.start_date <= b.end_date and d.end_date >= b.start_date)
                and not exists (select 1 from public.guide_leave l where l.guide_id = g.id and l.starts_on <= b.end_date and l.ends_on >= b.start_date)
           ) as no_guide_free,
           b.vehicles = 0 and not exists (
             select 1 from public.vehicles v
              where v.active
                and not exists (select 1 from public.departure_vehicles a join public.tour_departures d on d.id = a.departure_id
                                 where a.vehicle_id = v.id and d.status <> 'cancelled' and d.start_date <= b.end_date and d.end_date >= b.start_date)
                and not exists (select 1 from public.vehicle_out_of_service o where o.vehicle_id = v.id and o.starts_on <= b.end_date and o.ends_on >= b.start_date)
           ) as no_vehicle_free
      from booked b
     where not b.has_guide or b.vehicles = 0 or b.seated < b.seats_booked
  ),
  papers as (
    select 'guide' as record_type, g.id as record_id, g.full_name as name, c.kind, c.name as what, c.expires_on as due_on
      from public.current_guide_credentials() c join public.guides g on g.id = c.guide_id
     where g.active and c.expires_on <= v_today + 60
    union all
    select 'vehicle', v.id, v.name || ' (' || v.registration || ')', 'insurance', 'Insurance', v.insurance_expires_on
      from public.vehicles v where v.active and v.insurance_expires_on <= v_today + 60
    union all
    select 'vehicle', v.id, v.name || ' (' || v.registration || ')', 'service', 'Service', v.next_service_on
      from public.vehicles v where v.active and v.next_service_on <= v_today + 60
  )
  -- The fields of unstaffed_trip and paper_due, in their order.
  select v_today,
         coalesce((
           select array_agg(row(
                    s.departure_id, s.tour_title, s.start_date, s.end_date,
                    s.seats_booked,
                    array_remove(array[case when not s.has_guide then 'guide' end,
                                       case when s.vehicles = 0 then 'vehicle' end,
                                       case when s.vehicles > 0 and s.seated < s.seats_booked then 'seats' end], null),
                    array_remove(array[case when s.no_guide_free then 'guide' end,
                                       case when s.no_vehicle_free then 'vehicle' end], null))::public.unstaffed_trip
                  -- The trips nobody can take first: they need a decision, not an assignment.
                  order by (s.no_guide_free or s.no_vehicle_free) desc, s.start_date, s.tour_title)
             from soon s), '{}'),
         coalesce((select array_agg(row(p.record_type, p.record_id, p.name, p.kind, p.what, p.due_on)::public.paper_due order by p.due_on, p.name)
                     from papers p), '{}')
    into today, unstaffed, due;
end
$$;

comment on function public.operations_due(date) is
  'What operations must see to (operations staff): booked trips short of a guide, a vehicle or seats, and papers falling due.';

revoke execute on function public.operations_due(date) from public, anon;
grant execute on function public.operations_due(date) to authenticated, service_role;
