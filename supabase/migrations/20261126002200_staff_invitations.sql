-- Invitations to the team. An admin invites an email address with a role; the server (POST
-- /api/team/invitations) records it here through invite_staff(), which checks the caller, then
-- emails a one-time link that works for 7 days. The invitee follows it, sets a password and takes
-- the role with accept_staff_invitation(): the role was chosen by the admin and is given here, in
-- SQL, never by the invitee. Invitations can be resent (a new link, 7 more days) or revoked.

create table public.staff_invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(btrim(email)) and email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' and length(email) <= 255),
  role text not null check (role in ('admin', 'agent', 'editor', 'guide')),
  -- The account the link signs in to (made for the invitation unless the address had one), set by
  -- the server as it sends the link.
  user_id uuid references auth.users (id) on delete cascade,
  invited_by uuid references public.users (id) on delete set null,
  invited_at timestamptz not null default now(),
  -- The link's lifetime; a resend moves it.
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid references public.users (id) on delete set null
);

comment on table public.staff_invitations is
  'Invitations to join the team with a role. Written by invite_staff(), resend_staff_invitation(), revoke_staff_invitation() and accept_staff_invitation().';

-- One open invitation per address.
create unique index staff_invitations_one_open on public.staff_invitations (email)
  where accepted_at is null and revoked_at is null;
create index staff_invitations_user on public.staff_invitations (user_id) where user_id is not null;

alter table public.staff_invitations enable row level security;
revoke all on public.staff_invitations from public, anon, authenticated;
grant select on public.staff_invitations to authenticated;

-- Admins (team.manage) read the invitations; every write goes through the functions below.
create policy "team admins read invitations" on public.staff_invitations
  for select to authenticated using ((select public.has_permission('team.manage')));

-- Who invited whom, resends and revocations are in the audit log.
create trigger staff_invitations_audited after insert or update or delete on public.staff_invitations
  for each row execute function public.record_audit();

-- Records an invitation, for the admin whose request this is. Field mistakes are raised with the
-- field's name as the hint (email, role), so the screen puts the message under that field.
create or replace function public.invite_staff(p_email text, p_role text) returns public.staff_invitations
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_invitation public.staff_invitations;
begin
  if not public.has_permission('team.manage') then
    raise exception 'Only administrators can invite people to the team' using errcode = '42501';
  end if;
  if v_email = '' then
    raise exception 'Enter the email address to invite' using errcode = '22023', hint = 'email';
  end if;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' or length(v_email) > 255 then
    raise exception 'Enter a valid email address, like name@example.com' using errcode = '22023', hint = 'email';
  end if;
  if p_role is null or not public.is_staff_role(p_role) then
    raise exception 'Choose a role' using errcode = '22023', hint = 'role';
  end if;
  if exists (select 1 from public.users where lower(email) = v_email and public.is_staff_role(role)) then
    raise exception 'This person is already on the team' using errcode = '23505', hint = 'email';
  end if;
  if exists (select 1 from public.staff_invitations where email = v_email and accepted_at is null and revoked_at is null and expires_at > now()) then
    raise exception 'This address has an invitation waiting: resend it from the list' using errcode = '23505', hint = 'email';
  end if;
  -- An expired invitation to the same address gives way to the new one.
  update public.staff_invitations set revoked_at = now(), revoked_by = auth.uid()
   where email = v_email and accepted_at is null and revoked_at is null;
  insert into public.staff_invitations (email, role, invited_by)
  values (v_email, p_role, auth.uid())
  returning * into v_invitation;
  return v_invitation;
end
$$;

-- A new link for an open invitation, valid 7 more days (the server emails it); null when the
-- invitation was accepted or revoked meanwhile.
create or replace function public.resend_staff_invitation(p_id uuid) returns public.staff_invitations
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_invitation public.staff_invitations;
begin
  if not public.has_permission('team.manage') then
    raise exception 'Only administrators can resend invitations' using errcode = '42501';
  end if;
  update public.staff_invitations set expires_at = now() + interval '7 days'
   where id = p_id and accepted_at is null and revoked_at is null
  returning * into v_invitation;
  return v_invitation;
end
$$;

-- Withdraws an open invitation: its link stops working and it can no longer be accepted. One
-- already accepted or revoked (another admin was quicker) is left as it is.
create or replace function public.revoke_staff_invitation(p_id uuid) returns void
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_user_id uuid;
begin
  if not public.has_permission('team.manage') then
    raise exception 'Only administrators can revoke invitations' using errcode = '42501';
  end if;
  update public.staff_invitations set revoked_at = now(), revoked_by = auth.uid()
   where id = p_id and accepted_at is null and revoked_at is null
  returning user_id into v_user_id;
  update auth.users set confirmation_token = null, updated_at = now()
   where id = v_user_id and invited_at is not null;
end
$$;

-- The signed-in invitee takes the role of their open, unexpired invitation; answers that role, or
-- null when there is none (nothing changes then).
create or replace function public.accept_staff_invitation() returns text
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_invitation public.staff_invitations;
begin
  select * into v_invitation from public.staff_invitations
   where user_id = auth.uid() and accepted_at is null and revoked_at is null and expires_at > now()
   order by invited_at desc
   limit 1
   for update;
  if not found then
    return null;
  end if;
  update public.staff_invitations set accepted_at = now() where id = v_invitation.id;
  update public.users set role = v_invitation.role, deactivated_at = null where id = auth.uid();
  return v_invitation.role;
end
$$;

-- The team screen's list: every staff account and every open invitation, for admins. Status:
-- active, deactivated, invited (not yet accepted) or expired (the link ran out: resend or revoke).
create or replace function public.staff_accounts()
returns table (
  id uuid,
  kind text,
  full_name text,
  email text,
  role text,
  status text,
  last_sign_in_at timestamptz,
  invited_at timestamptz,
  expires_at timestamptz
)
language plpgsql stable security definer
set search_path = public
as $$
begin
  if not public.has_permission('team.manage') then
    raise exception 'Only administrators can see the team' using errcode = '42501';
  end if;
  return query
  select s.* from (
    select u.id, 'member'::text as kind, u.full_name, u.email, u.role,
           case when u.deactivated_at is not null then 'deactivated' else 'active' end as status,
           a.last_sign_in_at, null::timestamptz as invited_at, null::timestamptz as expires_at
      from public.users u
      join auth.users a on a.id = u.id
     where public.is_staff_role(u.role)
    union all
    select i.id, 'invitation'::text, null::text, i.email, i.role,
           case when i.expires_at > now() then 'invited' else 'expired' end,
           null::timestamptz, i.invited_at, i.expires_at
      from public.staff_invitations i
     where i.accepted_at is null and i.revoked_at is null
  ) s
  -- Active members first, then invitations, the deactivated last; by name, then address.
  order by array_position(array['active', 'invited', 'expired', 'deactivated'], s.status), s.full_name nulls last, s.email;
end
$$;

revoke execute on function public.invite_staff(text, text), public.resend_staff_invitation(uuid), public.revoke_staff_invitation(uuid),
  public.accept_staff_invitation(), public.staff_accounts() from public, anon;
grant execute on function public.invite_staff(text, text), public.resend_staff_invitation(uuid), public.revoke_staff_invitation(uuid),
  public.accept_staff_invitation(), public.staff_accounts() to authenticated;
