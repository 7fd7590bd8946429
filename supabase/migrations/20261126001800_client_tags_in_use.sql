-- The tags the office uses, each once, for the clients list's filter: reading client_tags itself
-- would send one row per client tagged.
create or replace function public.client_tags_in_use() returns setof text
language plpgsql stable
set search_path = public
as $$
begin
  if not public.has_permission('clients.read') then
    raise exception 'Only the office team may read clients' using errcode = '42501';
  end if;
  -- Runs as the caller: client_tags' policies apply.
  return query select distinct t.tag from public.client_tags t order by t.tag limit 500;
end
$$;

revoke execute on function public.client_tags_in_use() from public, anon;
grant execute on function public.client_tags_in_use() to authenticated;
