-- The command palette's search (Ctrl+K in the back office): bookings by reference or client name,
-- clients by name or email, tours by title. Runs as the caller, so each kind is what the caller's
-- role may read: an editor finds tours only, an agent bookings and clients too.
create or replace function public.admin_search(p_query text) returns jsonb
language plpgsql stable
set search_path = public
as $$
declare
  v_query text := btrim(coalesce(p_query, ''));
  v_pattern text;
begin
  if not public.has_permission('backoffice.open') then
    raise exception 'Only the office team may search the back office' using errcode = '42501';
  end if;
  if length(v_query) < 2 then
    return '[]'::jsonb;
  end if;
  if length(v_query) > 100 then
    raise exception 'The search is too long' using errcode = '22023';
  end if;
  v_pattern := '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return coalesce((
    select jsonb_agg(hit)
    from (
      (select jsonb_build_object('kind', 'booking', 'id', b.id, 'label', b.booking_reference,
                                 'description', concat_ws(' · ', b.contact ->> 'full_name', t.title, b.status)) as hit
         from public.bookings b join public.tours t on t.id = b.tour_id
        where public.has_permission('bookings.read')
          and (b.booking_reference like upper(replace(replace(replace(v_query, '\', '\\'), '%', '\%'), '_', '\_')) || '%'
               or lower(b.contact ->> 'full_name') like v_pattern)
        order by b.created_at desc
        limit 5)
      union all
      (select jsonb_build_object('kind', 'client', 'id', u.id, 'label', coalesce(nullif(u.full_name, ''), u.email), 'description', u.email)
         from public.users u
        where public.has_permission('clients.read') and u.role = 'traveler'
          and (lower(u.full_name) like v_pattern or lower(u.email) like v_pattern)
        order by u.full_name
        limit 5)
      union all
      (select jsonb_build_object('kind', 'tour', 'id', t.id, 'label', t.title, 'description', concat_ws(' · ', t.duration_days || ' days', t.status))
         from public.tours t
        where lower(t.title) like v_pattern
        order by t.title
        limit 5)
    ) results
  ), '[]'::jsonb);
end
$$;

grant execute on function public.admin_search(text) to authenticated;
