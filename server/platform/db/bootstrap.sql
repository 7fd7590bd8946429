-- What a Supabase project has before its migrations run: roles, the auth and storage schemas and
-- their helper functions. Server only; never part of supabase/migrations. Safe to run twice.

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
-- Server bookkeeping (migrations, seed marker); never exposed over HTTP.
create schema if not exists platform;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;

-- As on Supabase: tables in public are reachable by the API roles and RLS decides row by row.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;

create table if not exists platform.migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);

create table if not exists platform.state (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- auth: the columns Supabase's GoTrue keeps that this product uses.
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token text,
  confirmation_sent_at timestamptz,
  recovery_token text,
  recovery_sent_at timestamptz,
  email_change_token_new text,
  email_change text,
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  is_super_admin boolean,
  phone text,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index if not exists users_email_key on auth.users (lower(email)) where email is not null;
-- An email change waits for both addresses (GoTrue's secure email change): the current address's
-- link, and how many of the two links were followed.
alter table auth.users add column if not exists email_change_token_current text;
alter table auth.users add column if not exists email_change_confirm_status smallint not null default 0;

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  not_after timestamptz,
  user_agent text,
  ip text
);

-- How each session was started (password, an invitation link, ...), as GoTrue records it: the amr
-- claim of every token the session is given, refreshed ones included.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  unique (session_id, authentication_method)
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

-- The JWT claims of the current request, as PostgREST sets them.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select auth.jwt() ->> 'role'
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select auth.jwt() ->> 'email'
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- storage: buckets and objects; objects' bytes live on disk, these rows decide who may touch them.
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid,
  owner_id text,
  metadata jsonb,
  version text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now(),
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  unique (bucket_id, name)
);

-- Objects whose row was deleted in SQL (an account removed, a client erased, a row deleted by a
-- function) rather than through the storage API: their files are removed from disk by the storage
-- server's sweep (server/platform/storage/removed-files.ts). Rows deleted through the API are listed too, and
-- their files are already gone.
create table if not exists storage.removed_objects (
  id bigserial primary key,
  bucket_id text not null,
  name text not null,
  removed_at timestamptz not null default now()
);
alter table storage.removed_objects enable row level security;
revoke all on storage.removed_objects from anon, authenticated;

create or replace function storage.list_removed_object() returns trigger
language plpgsql security definer
set search_path = storage
as $$
begin
  insert into storage.removed_objects (bucket_id, name) values (old.bucket_id, old.name);
  return null;
end
$$;

drop trigger if exists objects_list_removed on storage.objects;
create trigger objects_list_removed after delete on storage.objects
  for each row execute function storage.list_removed_object();

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant select on storage.buckets to anon, authenticated;
grant all on storage.buckets to service_role;
grant all on storage.objects to anon, authenticated, service_role;

-- Everyone may see which buckets exist; what is inside is decided by storage.objects policies.
do $$
begin
  if not exists (select from pg_policies where schemaname = 'storage' and tablename = 'buckets' and policyname = 'buckets are visible') then
    create policy "buckets are visible" on storage.buckets for select using (true);
  end if;
end
$$;

create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;
