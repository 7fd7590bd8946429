-- Field mode: the screens a staff member takes to the gate of a park on a tablet. Admins and guides
-- open it (field.work); it holds, for offline use, the manifests of the trips they may work that
-- are under way today or start within the next seven days (the company's days): every trip for an
-- operations admin, the trips they lead for a guide.

insert into public.role_permissions (role, permission) values ('admin', 'field.work'), ('guide', 'field.work')
on conflict do nothing;

create or replace function public.field_trips() returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_today date := (now() at time zone public.company_time_zone())::date;
begin
  if not public.has_permission('field.work') then
    raise exception 'Field mode is for operations admins and guides' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(public.trip_manifest(d.id) order by d.start_date, d.id)
      from public.tour_departures d
     where d.status <> 'cancelled'
       and d.start_date <= v_today + 7 and d.end_date >= v_today
       and public.may_work_trip(d.id)), '[]');
end
$$;

revoke execute on function public.field_trips() from public, anon;
grant execute on function public.field_trips() to authenticated;
