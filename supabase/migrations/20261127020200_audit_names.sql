-- The audit trail in words: the records an entry names (its record, and every id among the values it
-- changed, such as a booking's departure_id) by what people call them, for /admin/audit and a
-- booking's History, which showed "departure id: a846b89b-… → aad80ef7-…". The entries themselves
-- are read from audit_log under its own policies; this only names ids.

-- The name of each id that is one of the company's records, as { id: name }; ids it does not know
-- are left out. For the back office only: a traveler has no audit trail to read.
create or replace function public.audit_names(p_ids uuid[]) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
begin
  if not public.has_permission('backoffice.open') then
    raise exception 'Only the office team reads the audit trail' using errcode = '42501';
  end if;
  if coalesce(cardinality(p_ids), 0) > 500 then
    raise exception 'Ask for at most 500 names at a time' using errcode = '22023';
  end if;
  return coalesce((
    select jsonb_object_agg(id, name) from (
      select u.id, coalesce(nullif(btrim(u.full_name), ''), u.email) as name from public.users u where u.id = any(p_ids)
      union all select b.id, b.booking_reference from public.bookings b where b.id = any(p_ids)
      union all select t.id, t.title from public.tours t where t.id = any(p_ids)
      union all select d.id, public.trip_label(d.id) from public.tour_departures d where d.id = any(p_ids)
      union all select g.id, g.full_name from public.guides g where g.id = any(p_ids)
      union all select v.id, v.name || ' (' || v.registration || ')' from public.vehicles v where v.id = any(p_ids)
      union all select e.id, e.name from public.enquiries e where e.id = any(p_ids)
      union all select q.id, q.reference from public.quotes q where q.id = any(p_ids)
      union all select x.id, x.name from public.tour_extras x where x.id = any(p_ids)
      union all select c.id, c.name from public.categories c where c.id = any(p_ids)
      union all select s.id, s.name from public.destinations s where s.id = any(p_ids)
      union all select x.id, x.title from public.experiences x where x.id = any(p_ids)
      union all select a.id, a.name from public.activities a where a.id = any(p_ids)
      union all select p.id, p.currency || ' ' || to_char(p.amount, 'FM999,999,990.00') from public.payments p where p.id = any(p_ids)
    ) named
  ), '{}'::jsonb);
end
$$;

revoke execute on function public.audit_names(uuid[]) from public, anon;
grant execute on function public.audit_names(uuid[]) to authenticated, service_role;
