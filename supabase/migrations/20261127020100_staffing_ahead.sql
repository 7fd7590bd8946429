-- Who can take a trip, asked before choosing rather than found by trying one at a time.
--
-- operations_due(): "Trips to staff" looked 14 days ahead, and missed a trip three weeks out with no
-- guide while every guide was busy that week. It now lists every booked trip from today on, as far
-- ahead as departures are sold, and says of each whether any active guide or vehicle is still free
-- over its dates (cannot_staff: 'guide', 'vehicle'); those come first. Otherwise as in
-- 20261127003000_renewed_credentials.sql.

create or replace function public.operations_due(p_today date default null) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_today date := coalesce(p_today, (now() at time zone public.company_time_zone())::date);
  v_result jsonb;
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
  select jsonb_build_object(
    'today', v_today,
    'unstaffed', coalesce((
      select jsonb_agg(jsonb_build_object(
               'departure_id', s.departure_id, 'tour_title', s.tour_title, 'start_date', s.start_date, 'end_date', s.end_date,
               'seats_booked', s.seats_booked,
               'missing', array_remove(array[case when not s.has_guide then 'guide' end,
                                             case when s.vehicles = 0 then 'vehicle' end,
                                             case when s.vehicles > 0 and s.seated < s.seats_booked then 'seats' end], null),
               'cannot_staff', array_remove(array[case when s.no_guide_free then 'guide' end,
                                                  case when s.no_vehicle_free then 'vehicle' end], null))
             -- The trips nobody can take first: they need a decision, not an assignment.
             order by (s.no_guide_free or s.no_vehicle_free) desc, s.start_date, s.tour_title)
        from soon s), '[]'),
    'due', coalesce((select jsonb_agg(to_jsonb(p) order by p.due_on, p.name) from papers p), '[]')
  ) into v_result;
  return v_result;
end
$$;

-- The guide and vehicle pickers of a trip: every active guide and vehicle not on it yet, with the
-- reason the allocation rules would refuse them (null when free), in the same words the refusal
-- uses. For operations staff; a guide or vehicle already on the trip is left out.
create or replace function public.trip_staffing_options(p_departure_id uuid) returns jsonb
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
  return jsonb_build_object(
    'guides', coalesce((
      select jsonb_agg(jsonb_build_object('id', g.id, 'full_name', g.full_name, 'languages', g.languages,
                                          'problem', public.guide_allocation_problem(g.id, p_departure_id))
                       order by g.full_name)
        from public.guides g
       where g.active and not exists (select 1 from public.departure_guides a where a.departure_id = p_departure_id and a.guide_id = g.id)), '[]'),
    'vehicles', coalesce((
      select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'registration', v.registration, 'seats', v.seats,
                                          'problem', public.vehicle_allocation_problem(v.id, p_departure_id, 0))
                       order by v.name)
        from public.vehicles v
       where v.active and not exists (select 1 from public.departure_vehicles a where a.departure_id = p_departure_id and a.vehicle_id = v.id)), '[]')
  );
end
$$;

revoke execute on function public.trip_staffing_options(uuid) from public, anon;
grant execute on function public.trip_staffing_options(uuid) to authenticated, service_role;
