-- Profiles: one public.users row per auth user, made and kept in sync by triggers on auth.users.
-- Roles live here; a user can never raise their own role.

-- Shared by every table with an updated_at column.
create or replace function public.set_updated_at() returns trigger
language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  role text not null default 'traveler' check (role in ('traveler', 'admin', 'staff', 'guide')),
  full_name text,
  avatar_url text,
  phone text,
  country text,
  preferences jsonb not null default '{
    "notifications": {"email": true, "booking_updates": true, "marketing": true, "newsletter": true},
    "display": {"theme": "light", "language": "en", "timezone": "Africa/Dar_es_Salaam", "date_format": "MM/DD/YYYY", "currency": "USD"},
    "privacy": {"show_profile": true, "activity_visible": true}
  }'::jsonb check (jsonb_typeof(preferences) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index users_role_idx on public.users (role);

create trigger users_set_updated_at before update on public.users
  for each row execute function public.set_updated_at();

-- True when the signed-in user is an admin. Security definer so policies on public.users itself can
-- call it without recursing into those policies.
create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = public
as $$
  select exists (select 1 from public.users where id = auth.uid() and role = 'admin')
$$;

-- True for callers that act for the platform rather than for a user: service_role, the database
-- owner roles (migrations, the seed, security-definer functions) and superusers. Never
-- security definer itself: it must see the caller's role.
create or replace function public.is_platform_caller() returns boolean
language sql stable
set search_path = public
as $$
  select current_user in ('service_role', 'postgres', 'supabase_admin')
      or coalesce((select rolsuper from pg_roles where rolname = current_user), false)
$$;

-- A new auth user gets a profile with the name and avatar given at sign-up.
create or replace function public.handle_new_auth_user() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  insert into public.users (id, email, full_name, avatar_url)
  values (
    new.id,
    new.email,
    nullif(new.raw_user_meta_data ->> 'full_name', ''),
    nullif(new.raw_user_meta_data ->> 'avatar_url', '')
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_auth_user();

-- Email changes and metadata edits made through the auth API reach the profile. A name edited on
-- the profile is only overwritten when the auth metadata name itself changes.
create or replace function public.handle_auth_user_updated() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  update public.users
     set email = new.email,
         full_name = case
           when new.raw_user_meta_data ->> 'full_name' is distinct from old.raw_user_meta_data ->> 'full_name'
             then coalesce(nullif(new.raw_user_meta_data ->> 'full_name', ''), full_name)
           else full_name
         end,
         avatar_url = case
           when new.raw_user_meta_data ->> 'avatar_url' is distinct from old.raw_user_meta_data ->> 'avatar_url'
             then coalesce(nullif(new.raw_user_meta_data ->> 'avatar_url', ''), avatar_url)
           else avatar_url
         end
   where id = new.id
     and (new.email is distinct from old.email
          or new.raw_user_meta_data is distinct from old.raw_user_meta_data);
  return new;
end
$$;

create trigger on_auth_user_updated after update of email, raw_user_meta_data on auth.users
  for each row execute function public.handle_auth_user_updated();

-- Only admins and the platform may set or change a role; everyone else keeps 'traveler' or the role
-- an admin gave them.
create or replace function public.guard_user_role() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if public.is_platform_caller() or public.is_admin() then
    return new;
  end if;
  if tg_op = 'INSERT' and new.role is distinct from 'traveler' then
    raise exception 'Only administrators can change roles' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.role is distinct from old.role then
    raise exception 'Only administrators can change roles' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger users_guard_role before insert or update on public.users
  for each row execute function public.guard_user_role();

alter table public.users enable row level security;

-- Profiles are private: signed-out visitors have no access at all, and signed-in users reach rows
-- only through the policies below. What others may see of a user lives in public_profiles.
revoke all on public.users from anon, authenticated;
grant select on public.users to authenticated;
grant insert (id, full_name, avatar_url, phone, country, preferences) on public.users to authenticated;
grant update (full_name, avatar_url, phone, country, preferences, role, updated_at) on public.users to authenticated;
grant delete on public.users to authenticated;

-- A user reads their own profile.
create policy "users read own profile" on public.users
  for select to authenticated using (id = auth.uid());

-- Admins read every profile (clients screen).
create policy "admins read all profiles" on public.users
  for select to authenticated using ((select public.is_admin()));

-- A user may create their own profile if the trigger has not (upsert of defaults); never with a role.
create policy "users create own profile" on public.users
  for insert to authenticated with check (id = auth.uid());

-- A user updates their own profile and preferences; the role guard trigger stops role changes.
create policy "users update own profile" on public.users
  for update to authenticated using (id = auth.uid()) with check (id = auth.uid());

-- Admins update any profile, including roles.
create policy "admins update all profiles" on public.users
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Only admins delete profiles (deleting the auth user cascades here anyway).
create policy "admins delete profiles" on public.users
  for delete to authenticated using ((select public.is_admin()));

-- The public face of a user: the name and avatar shown with their reviews, nothing else. Kept in
-- step with public.users by a trigger; a user who turns off preferences.privacy.show_profile
-- appears as 'Kilele traveler' without a picture.
create table public.public_profiles (
  id uuid primary key references public.users (id) on delete cascade,
  full_name text not null,
  avatar_url text,
  updated_at timestamptz not null default now()
);

alter table public.public_profiles enable row level security;
revoke all on public.public_profiles from anon, authenticated;
grant select on public.public_profiles to anon, authenticated;

-- Anyone may read public profiles; only the trigger below writes them.
create policy "public profiles are public" on public.public_profiles
  for select using (true);

create or replace function public.sync_public_profile() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_shown boolean := (new.preferences #> '{privacy,show_profile}') is distinct from 'false'::jsonb;
begin
  insert into public.public_profiles (id, full_name, avatar_url, updated_at)
  values (
    new.id,
    case when v_shown then coalesce(nullif(new.full_name, ''), 'Kilele traveler') else 'Kilele traveler' end,
    case when v_shown then new.avatar_url end,
    now()
  )
  on conflict (id) do update
    set full_name = excluded.full_name, avatar_url = excluded.avatar_url, updated_at = excluded.updated_at;
  return new;
end
$$;

create trigger users_sync_public_profile after insert or update of full_name, avatar_url, preferences on public.users
  for each row execute function public.sync_public_profile();
