-- First-party analytics: page views, searches, wishlist changes, the booking funnel and purchases,
-- sent by the app through its outbox (client_id makes a resend count once). Visitors and travelers
-- add events as themselves; only admins read them. The user type is the user's role, or 'guest'
-- when signed out, stamped by the server rather than trusted from the client.

create table public.analytics_events (
  id uuid primary key default gen_random_uuid(),
  client_id uuid unique,
  user_id uuid references public.users (id) on delete set null,
  user_type text not null default 'guest',
  name text not null check (name ~ '^[a-z][a-z0-9_]{0,63}$'),
  properties jsonb not null default '{}' check (jsonb_typeof(properties) = 'object' and length(properties::text) <= 4096),
  url text check (url is null or length(url) <= 2048),
  -- When it happened on the device; it may have waited offline before it was sent.
  occurred_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);

create index analytics_events_name_occurred_idx on public.analytics_events (name, occurred_at desc);
create index analytics_events_occurred_idx on public.analytics_events (occurred_at desc);

-- Security definer to read the author's role; also keeps the times honest.
create or replace function public.stamp_analytics_event() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  new.user_type := coalesce((select role from public.users where id = new.user_id), 'guest');
  new.created_at := now();
  new.occurred_at := least(coalesce(new.occurred_at, now()), now());
  return new;
end
$$;

create trigger analytics_events_stamp before insert on public.analytics_events
  for each row execute function public.stamp_analytics_event();

alter table public.analytics_events enable row level security;
revoke all on public.analytics_events from anon, authenticated;
grant insert (client_id, user_id, name, properties, url, occurred_at) on public.analytics_events to anon, authenticated;
grant select on public.analytics_events to authenticated;

-- Anyone records events, anonymously or as themselves, never as someone else.
create policy "anyone records own analytics events" on public.analytics_events
  for insert to anon, authenticated with check (user_id is null or user_id = auth.uid());

-- Only admins read them (the analytics screen).
create policy "admins read analytics events" on public.analytics_events
  for select to authenticated using ((select public.is_admin()));
