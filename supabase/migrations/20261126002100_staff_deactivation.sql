-- The team's accounts: an admin changes a staff member's role or deactivates them (and back), and
-- the company always keeps one active administrator. A deactivated member's sessions end and they
-- cannot sign in (auth.users.banned_until, which the auth server and every API request read); the
-- change itself is public.users.deactivated_at, so the audit log records who did it and when.

alter table public.users add column deactivated_at timestamptz;

comment on column public.users.deactivated_at is
  'When an admin deactivated this staff account; null while it is active. Set by set_staff_active() only.';

-- No API role writes deactivated_at (the update grants on public.users name their columns), and no
-- change to roles or deactivations may leave the company without an active administrator, or let an
-- admin remove their own access, however it is made: through the functions below, the REST API or
-- SQL. Two admins demoting each other at once are taken one after the other (the lock), so one of
-- them stays.
create or replace function public.guard_staff_change() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if old.id = auth.uid() then
    if new.deactivated_at is not null and old.deactivated_at is null then
      raise exception 'You cannot deactivate your own account.' using errcode = '42501';
    end if;
    if old.role = 'admin' and new.role is distinct from 'admin' then
      raise exception 'You cannot change your own administrator role. Ask another administrator to do it.' using errcode = '42501';
    end if;
  end if;
  if old.role = 'admin' and old.deactivated_at is null
     and (new.role is distinct from 'admin' or new.deactivated_at is not null) then
    perform pg_advisory_xact_lock(hashtext('public.users active admins'));
    if not exists (
      select 1 from public.users
       where role = 'admin' and deactivated_at is null and id <> old.id
    ) then
      raise exception 'This is the last active administrator. Make someone else an administrator first.'
        using errcode = '23514';
    end if;
  end if;
  return new;
end
$$;

create trigger users_guard_staff_change before update of role, deactivated_at on public.users
  for each row execute function public.guard_staff_change();

-- Deactivations and reactivations are in the audit log beside role changes (20261125000600).
create trigger users_deactivation_audited after update of deactivated_at on public.users
  for each row when (old.deactivated_at is distinct from new.deactivated_at) execute function public.record_audit();

-- The staff roles an admin may give.
create or replace function public.is_staff_role(p_role text) returns boolean
language sql immutable
as $$
  select p_role in ('admin', 'agent', 'editor', 'guide')
$$;

-- An admin (team.manage) gives a staff member another staff role. The guard above refuses an
-- admin's own demotion and the last admin's.
create or replace function public.set_staff_role(p_user_id uuid, p_role text) returns void
language plpgsql volatile security definer
set search_path = public
as $$
begin
  if not public.has_permission('team.manage') then
    raise exception 'Only administrators can change roles' using errcode = '42501';
  end if;
  if p_role is null or not public.is_staff_role(p_role) then
    raise exception 'Choose a role' using errcode = '22023', hint = 'role';
  end if;
  update public.users set role = p_role
   where id = p_user_id and public.is_staff_role(role);
  if not found then
    raise exception 'There is no such member of the team' using errcode = 'P0002';
  end if;
end
$$;

-- An admin deactivates a staff member (their sessions end at once and they cannot sign in) or
-- reactivates them. A long ban rather than 'infinity', which clients read as no date at all.
create or replace function public.set_staff_active(p_user_id uuid, p_active boolean) returns void
language plpgsql volatile security definer
set search_path = public
as $$
begin
  if not public.has_permission('team.manage') then
    raise exception 'Only administrators can deactivate or reactivate an account' using errcode = '42501';
  end if;
  update public.users
     set deactivated_at = case when p_active then null else coalesce(deactivated_at, now()) end
   where id = p_user_id and public.is_staff_role(role);
  if not found then
    raise exception 'There is no such member of the team' using errcode = 'P0002';
  end if;
  update auth.users
     set banned_until = case when p_active then null else now() + interval '100 years' end, updated_at = now()
   where id = p_user_id;
  if not p_active then
    delete from auth.sessions where user_id = p_user_id;
  end if;
end
$$;

revoke execute on function public.guard_staff_change(), public.is_staff_role(text) from public, anon, authenticated;
revoke execute on function public.set_staff_role(uuid, text), public.set_staff_active(uuid, boolean) from public, anon;
grant execute on function public.set_staff_role(uuid, text), public.set_staff_active(uuid, boolean) to authenticated;
