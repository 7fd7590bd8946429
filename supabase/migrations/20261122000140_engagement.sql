-- What visitors send us and what travelers do: newsletter sign-ups, enquiries (contact and
-- start-planning forms) and the activity log. Policies are in 20261122000230_engagement_policies.sql.

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  -- Stored trimmed and lower-cased (trigger below), so the unique constraint is case-insensitive
  -- and usable as an upsert target.
  email text not null unique check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
  name text check (name is null or length(name) <= 200),
  source text,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now()
);

create or replace function public.normalize_subscriber_email() returns trigger
language plpgsql
as $$
begin
  new.email := lower(btrim(new.email));
  return new;
end
$$;

create trigger newsletter_subscribers_normalize before insert or update of email on public.newsletter_subscribers
  for each row execute function public.normalize_subscriber_email();

create table public.enquiries (
  id uuid primary key default gen_random_uuid(),
  kind text not null default 'contact' check (kind in ('contact', 'start_planning', 'tour_question', 'partnership')),
  -- The signed-in traveler who sent it, if any.
  user_id uuid default auth.uid() references public.users (id) on delete set null,
  name text not null check (length(btrim(name)) between 1 and 200),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
  phone text check (phone is null or length(phone) <= 40),
  subject text check (subject is null or length(subject) <= 300),
  message text check (message is null or length(message) <= 10000),
  tour_id uuid references public.tours (id) on delete set null,
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  status text not null default 'new' check (status in ('new', 'in_progress', 'closed')),
  created_at timestamptz not null default now()
);

create index enquiries_created_idx on public.enquiries (created_at desc);

create table public.user_activity_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  action text not null check (length(action) between 1 and 100),
  resource_type text,
  resource_id text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);

create index user_activity_logs_user_created_idx on public.user_activity_logs (user_id, created_at desc);
