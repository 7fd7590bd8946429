-- A licence or certification renewed is a new row beside the old one, so its history stays; until
-- now the old row still counted: a guide whose 2025 licence was renewed to 2028 was refused every
-- trip ("expires on ... 2025, before the trip ends") and the dashboard listed the old licence as due
-- for ever. Only the latest of each credential (the same guide, kind and name, in any case and
-- spacing) counts now, one with no expiry being the latest.

-- The credentials in force: of each guide's credentials of one kind and name, the one expiring last.
-- For the allocation rules and the dashboard, which run as the owner.
create or replace function public.current_guide_credentials(p_guide_id uuid default null) returns setof public.guide_credentials
language sql stable security definer
set search_path = public
as $$
  select distinct on (c.guide_id, c.kind, lower(btrim(c.name))) c.*
    from public.guide_credentials c
   where p_guide_id is null or c.guide_id = p_guide_id
   order by c.guide_id, c.kind, lower(btrim(c.name)), c.expires_on desc nulls first
$$;

revoke execute on function public.current_guide_credentials(uuid) from public, anon, authenticated;

-- The rules for a guide on a trip's dates (20261127000400_trip_moves.sql), reading the licences in force.
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
  select name, expires_on into v_found from public.current_guide_credentials(p_guide_id)
   where kind = 'licence' and expires_on < p_end
   order by expires_on limit 1;
  if found then
    return format('%s’s %s expires on %s, before the trip ends', v_guide.full_name, v_found.name, to_char(v_found.expires_on, 'FMDD Mon YYYY'));
  end if;
  return null;
end
$$;

-- The dashboard's operations card (20261127000500_operations_due.sql), listing the credentials in force.
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
                                             case when s.vehicles > 0 and s.seated < s.seats_booked then 'seats' end], null))
             order by s.start_date, s.tour_title)
        from soon s
       where not s.has_guide or s.vehicles = 0 or s.seated < s.seats_booked), '[]'),
    'due', coalesce((select jsonb_agg(to_jsonb(p) order by p.due_on, p.name) from papers p), '[]')
  ) into v_result;
  return v_result;
end
$$;
