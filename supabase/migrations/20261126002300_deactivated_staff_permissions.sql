-- A deactivated staff member holds no permission, even with an access token issued before the
-- deactivation: the local server refuses such tokens already (a banned user), but a hosted project's
-- API takes a token until it expires. has_permission() and my_permissions() answer for active
-- accounts only; otherwise they are as in 20261125000300_staff_permissions.sql.

create or replace function public.has_permission(p_permission text) returns boolean
language sql stable security definer
set search_path = public
as $$
  select case
    when auth.role() = 'service_role' then true
    when auth.role() is null then true
    else exists (
      select 1
      from public.users u
      join public.role_permissions rp on rp.role = u.role
      where u.id = auth.uid() and u.deactivated_at is null and rp.permission = p_permission
    )
  end
$$;

-- A deactivated member's role is shown, with no permission.
create or replace function public.my_permissions() returns table (role text, permissions text[])
language sql stable security definer
set search_path = public
as $$
  select u.role, coalesce(array_agg(rp.permission order by rp.permission) filter (where rp.permission is not null), '{}')
  from public.users u
  left join public.role_permissions rp on rp.role = u.role and u.deactivated_at is null
  where u.id = auth.uid()
  group by u.role
$$;
