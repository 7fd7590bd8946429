-- The command palette finds clients as the clients list does (search_clients): guests who booked
-- without an account as well as accounts, by name, email or phone, each opening the client's page.
-- Otherwise as in 20261125000800_admin_search.sql: runs as the caller, each kind what the caller's
-- role may read (search_clients answers client staff only).
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
      (select jsonb_build_object('kind', 'client', 'id', c ->> 'client_key', 'label', c ->> 'name',
                                 'description', concat_ws(' · ', c ->> 'email', case when c ->> 'kind' = 'guest' then 'guest' end))
         from jsonb_array_elements(case when public.has_permission('clients.read')
                                        then public.search_clients(p_query => v_query, p_limit => 5) -> 'rows'
                                        else '[]'::jsonb end) c)
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
