-- Who on the team may do something: the people an enquiry can be given to (enquiries.write), and
-- later the guides a trip can be given to. For staff only; the roles' permissions stay unreadable.
create or replace function public.staff_with_permission(p_permission text)
returns table (id uuid, full_name text, email text, role text)
language plpgsql stable security definer
set search_path = public
as $$
begin
  if not public.has_permission('backoffice.open') then
    raise exception 'Only the office team may see who is on the team' using errcode = '42501';
  end if;
  return query
    select u.id, u.full_name, u.email, u.role
    from public.users u
    join public.role_permissions rp on rp.role = u.role and rp.permission = p_permission
    order by u.full_name nulls last, u.email;
end
$$;

revoke execute on function public.staff_with_permission(text) from public, anon, authenticated;
grant execute on function public.staff_with_permission(text) to authenticated;
