-- audit_names answers rows of (id, name) instead of a jsonb object keyed by id, so the generated
-- types (src/lib/database.types.ts) carry its shape; the back office makes its lookup from the rows
-- (src/features/admin/audit/api.ts). The checks are those it had (20261127020200_audit_names.sql):
-- office staff only, at most 500 ids a call. A return type changes by a drop and a create.

drop function public.audit_names(uuid[]);

-- The names of the records an audit trail, or a trip's notes, mention: people, bookings, tours,
-- departures, guides, vehicles, enquiries, quotes, extras, catalogue entries and payments.
create function public.audit_names(p_ids uuid[]) returns table (id uuid, name text)
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
  return query
    select u.id, coalesce(nullif(btrim(u.full_name), ''), u.email) from public.users u where u.id = any(p_ids)
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
    union all select p.id, p.currency || ' ' || to_char(p.amount, 'FM999,999,990.00') from public.payments p where p.id = any(p_ids);
end
$$;

comment on function public.audit_names(uuid[]) is
  'The names of up to 500 records an audit trail mentions, one row per record found, for office staff.';

revoke execute on function public.audit_names(uuid[]) from public, anon;
grant execute on function public.audit_names(uuid[]) to authenticated, service_role;
