-- The dashboard's operations card: trips of the next 14 days that still lack a guide, a vehicle or
-- seats for all their travelers, and the licences, certifications, insurance and services of the
-- guides and vehicles in use that fall due within 60 days (or have lapsed). Days are the
-- company's. For those who read operations (admins, agents).

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

  with soon as (
    select d.id as departure_id, t.title as tour_title, d.start_date, d.end_date, d.seats_booked,
           exists (select 1 from public.departure_guides g where g.departure_id = d.id) as has_guide,
           (select count(*) from public.departure_vehicles v where v.departure_id = d.id) as vehicles,
           (select coalesce(sum(v.travelers), 0) from public.departure_vehicles v where v.departure_id = d.id) as seated
      from public.tour_departures d
      join public.tours t on t.id = d.tour_id
     where d.status <> 'cancelled' and d.seats_booked > 0
       and d.start_date between v_today and v_today + 13
  ),
  papers as (
    select 'guide' as record_type, g.id as record_id, g.full_name as name, c.kind, c.name as what, c.expires_on as due_on
      from public.guide_credentials c join public.guides g on g.id = c.guide_id
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
                                             case when s.vehicles > 0 and s.seated < s.seats_booked then 'seats' end], null))
             order by s.start_date, s.tour_title)
        from soon s
       where not s.has_guide or s.vehicles = 0 or s.seated < s.seats_booked), '[]'),
    'due', coalesce((select jsonb_agg(to_jsonb(p) order by p.due_on, p.name) from papers p), '[]')
  ) into v_result;
  return v_result;
end
$$;

revoke execute on function public.operations_due(date) from public, anon;
grant execute on function public.operations_due(date) to authenticated;
