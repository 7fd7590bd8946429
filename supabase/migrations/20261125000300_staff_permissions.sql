-- Staff roles and what each may do in the back office.
--
-- Roles: admin (everything), agent (bookings, clients, enquiries, messages, calendar), editor
-- (catalogue and content), guide (their own assignments). Each role's permissions are rows of
-- role_permissions; has_permission() answers "may the caller do this", for policies, functions and
-- the back office, which builds its navigation and guards from my_permissions().

-- 'staff' was a placeholder nobody used: it becomes 'agent'.
alter table public.users drop constraint users_role_check;
update public.users set role = 'agent' where role = 'staff';
alter table public.users add constraint users_role_check check (role in ('traveler', 'admin', 'agent', 'editor', 'guide'));

create table public.role_permissions (
  role text not null check (role in ('admin', 'agent', 'editor', 'guide')),
  permission text not null check (permission ~ '^[a-z_]+\.[a-z_]+$'),
  primary key (role, permission)
);

comment on table public.role_permissions is
  'What each staff role may do. Read through has_permission() and my_permissions(); changed by migrations.';

insert into public.role_permissions (role, permission)
select 'admin', permission
from unnest(array[
  'backoffice.open', 'dashboard.read',
  'bookings.read', 'bookings.write', 'payments.write',
  'clients.read', 'clients.write', 'enquiries.read', 'enquiries.write',
  'messages.read', 'messages.write', 'calendar.read',
  'catalogue.write', 'content.write', 'media.write',
  'team.manage', 'settings.write', 'audit.read', 'analytics.read', 'notifications.read',
  'assignments.read'
]) as permission
union all
select 'agent', permission
from unnest(array[
  'backoffice.open', 'dashboard.read',
  'bookings.read', 'bookings.write', 'payments.write',
  'clients.read', 'clients.write', 'enquiries.read', 'enquiries.write',
  'messages.read', 'messages.write', 'calendar.read', 'notifications.read'
]) as permission
union all
select 'editor', permission
from unnest(array['backoffice.open', 'catalogue.write', 'content.write', 'media.write', 'notifications.read']) as permission
union all
select 'guide', permission
from unnest(array['backoffice.open', 'assignments.read', 'calendar.read']) as permission;

-- Nobody reads or changes the table through the API: the two functions below are its doors.
alter table public.role_permissions enable row level security;
revoke all on public.role_permissions from public, anon, authenticated;

-- May the caller do this? Asked by policies (wrapped in a select, so once per statement) and by
-- security-definer functions. It reads the caller from the request, never from current_user (which
-- is the owner inside a definer function): the service role may do everything, a request's user
-- what their role grants, and a session with no request at all (migrations, the seed, a database
-- administrator) everything.
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
      where u.id = auth.uid() and rp.permission = p_permission
    )
  end
$$;

-- The caller's role and permissions, for the back office's navigation and route guards (which only
-- decide what to show: every read and write is checked again by the database).
create or replace function public.my_permissions() returns table (role text, permissions text[])
language sql stable security definer
set search_path = public
as $$
  select u.role, coalesce(array_agg(rp.permission order by rp.permission) filter (where rp.permission is not null), '{}')
  from public.users u
  left join public.role_permissions rp on rp.role = u.role
  where u.id = auth.uid()
  group by u.role
$$;

revoke execute on function public.has_permission(text), public.my_permissions() from public, anon;
grant execute on function public.has_permission(text), public.my_permissions() to authenticated;
