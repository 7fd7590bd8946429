-- One limiter for every door a stranger can knock on: sign-ups, sign-ins, reset emails, the contact
-- form, bookings and booking lookups, newsletter sign-ups, analytics, chat and uploads. It lives here,
-- so it holds across server instances and for writes that reach the database through the REST API.
--
-- A rule counts hits per subject (an address, an email address, a user) within a window that slides:
-- hits are kept per fixed window of window_seconds, and the count of the last window_seconds is this
-- window's hits plus the previous window's, weighted by how much of it still falls inside. A hit that
-- would go over max_hits is refused (SQLSTATE PT429, which the APIs answer with HTTP 429 and
-- Retry-After) and, being rolled back, not counted.
--
-- The rules are settings: admins change max_hits and window_seconds (tests raise them the same way);
-- the defaults below are safe for a small company's site.

create table public.rate_limits (
  rule text primary key check (rule ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$'),
  max_hits int not null check (max_hits between 1 and 1000000),
  window_seconds int not null check (window_seconds between 1 and 2592000),
  -- What is counted, in the words a refusal uses: 'Too many <counts>. Please try again in 20 minutes.'
  counts text not null check (length(btrim(counts)) between 1 and 200),
  updated_at timestamptz not null default now()
);

create trigger rate_limits_set_updated_at before update on public.rate_limits
  for each row execute function public.set_updated_at();

insert into public.rate_limits (rule, max_hits, window_seconds, counts) values
  ('auth.signups',                  5,    3600, 'sign-ups from this address'),
  ('auth.signin_failures',          30,   300,  'failed sign-ins from this address'),
  ('auth.signin_account_failures',  10,   300,  'failed sign-ins to this account from this address'),
  ('auth.recovery_requests',        5,    3600, 'password reset requests from this address'),
  ('auth.confirmation_resends',     5,    3600, 'confirmation emails requested from this address'),
  ('auth.link_failures',            20,   3600, 'invalid or expired links opened from this address'),
  ('api.enquiries',                 10,   600,  'messages from this address'),
  ('api.error_reports',             60,   60,   'error reports from this address'),
  ('api.feedback',                  60,   60,   'feedback messages from this address'),
  ('api.performance_metrics',       600,  60,   'measurements from this address'),
  ('api.card_checkouts',            20,   3600, 'card payments started from this address'),
  ('booking.requests',              5,    3600, 'booking requests from this address'),
  ('booking.requests_per_email',    3,    3600, 'booking requests for this email address'),
  ('booking.lookups',               30,   600,  'booking lookups from this address'),
  ('booking.emails',                10,   3600, 'booking emails to this address'),
  ('newsletter.signups',            5,    3600, 'newsletter sign-ups from this address'),
  ('analytics.events',              1200, 3600, 'analytics events from this address'),
  ('messages.sent',                 30,   600,  'messages from this account'),
  ('activity.entries',              600,  3600, 'activity entries from this account'),
  ('storage.uploads',               30,   3600, 'uploads from this address');

create table public.rate_limit_hits (
  rule text not null references public.rate_limits (rule) on delete cascade on update cascade,
  subject text not null check (length(subject) <= 400),
  window_start timestamptz not null,
  hits int not null default 0 check (hits >= 0),
  primary key (rule, subject, window_start)
);

alter table public.rate_limits enable row level security;
alter table public.rate_limit_hits enable row level security;
revoke all on public.rate_limits, public.rate_limit_hits from anon, authenticated;
grant select, update (max_hits, window_seconds, counts) on public.rate_limits to authenticated;
grant select on public.rate_limit_hits to authenticated;

-- Admins read and tune the rules (the settings screen); nobody adds or removes one through the API.
create policy "admins read rate limits" on public.rate_limits
  for select to authenticated using ((select public.is_admin()));
create policy "admins tune rate limits" on public.rate_limits
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Admins see who is being limited; only the limiter writes here.
create policy "admins read rate limit hits" on public.rate_limit_hits
  for select to authenticated using ((select public.is_admin()));

-- The address of the request being served: the first entry of X-Forwarded-For in request.headers,
-- which the local server sets from the socket (or its trusted proxies) and a hosted project's gateway
-- sets from the connection. Null outside an HTTP request (the server's own jobs, migrations).
create or replace function public.request_ip() returns text
language sql stable
set search_path = public
as $$
  select nullif(btrim(split_part(coalesce(nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ''), ',', 1)), '')
$$;

-- 'in 40 minutes', 'in 2 hours', 'in 30 seconds': how a refusal says when to try again.
create or replace function public.wait_in_words(p_seconds int) returns text
language sql immutable
as $$
  select case
    when p_seconds < 90 then format('%s seconds', greatest(p_seconds, 1))
    when p_seconds < 5400 then format('%s minutes', ceil(p_seconds / 60.0)::int)
    else format('%s hours', ceil(p_seconds / 3600.0)::int)
  end
$$;

-- Counts one hit of a rule for a subject when the window has room, and answers 0; when it is full,
-- counts nothing and answers how many seconds to wait. A null or empty subject (no address known:
-- the server's own work) is not limited.
create or replace function public.rate_limit_wait(p_rule text, p_subject text) returns int
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_rule public.rate_limits;
  v_subject text := left(p_subject, 400);
  v_epoch double precision := extract(epoch from clock_timestamp());
  v_start timestamptz;
  v_left double precision;
  v_hits int;
  v_previous int;
begin
  if nullif(btrim(coalesce(p_subject, '')), '') is null then
    return 0;
  end if;
  select * into v_rule from public.rate_limits where rule = p_rule;
  if not found then
    raise exception 'There is no rate limit rule %', p_rule using errcode = '22023';
  end if;
  v_start := to_timestamp(floor(v_epoch / v_rule.window_seconds) * v_rule.window_seconds);
  -- The share of the previous window still inside the sliding one.
  v_left := 1 - (v_epoch - extract(epoch from v_start)) / v_rule.window_seconds;
  -- Counting first takes the row's lock, so hits arriving together are counted one after another.
  insert into public.rate_limit_hits as h (rule, subject, window_start, hits)
  values (p_rule, v_subject, v_start, 1)
  on conflict (rule, subject, window_start) do update set hits = h.hits + 1
  returning hits into v_hits;
  select hits into v_previous from public.rate_limit_hits
   where rule = p_rule and subject = v_subject and window_start = v_start - make_interval(secs => v_rule.window_seconds);
  v_previous := coalesce(v_previous, 0);
  if v_hits + v_previous * v_left <= v_rule.max_hits then
    return 0;
  end if;
  update public.rate_limit_hits set hits = hits - 1 where rule = p_rule and subject = v_subject and window_start = v_start;
  -- Until enough of the previous window has slid out, or else until this one ends.
  return greatest(1, ceil(case when v_hits <= v_rule.max_hits and v_previous > 0
                               then (v_left - (v_rule.max_hits - v_hits)::double precision / v_previous) * v_rule.window_seconds
                               else v_left * v_rule.window_seconds end)::int);
end
$$;

-- Counts one hit of a rule for a subject, or refuses it with PT429 and the time to wait.
create or replace function public.hit_rate_limit(p_rule text, p_subject text) returns void
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_wait int := public.rate_limit_wait(p_rule, p_subject);
begin
  if v_wait > 0 then
    raise exception 'Too many %. Please try again in %.', (select counts from public.rate_limits where rule = p_rule), public.wait_in_words(v_wait)
      using errcode = 'PT429', detail = format('Retry after %s seconds', v_wait);
  end if;
end
$$;

-- Takes back the last hit of a rule for a subject: a sign-in is counted as failed before its password
-- is checked (so many sent at once cannot all slip under the limit), and forgiven when it was right.
create or replace function public.forgive_rate_limit_hit(p_rule text, p_subject text) returns void
language sql volatile security definer
set search_path = public
as $$
  update public.rate_limit_hits
     set hits = greatest(hits - 1, 0)
   where rule = p_rule and subject = left(p_subject, 400)
     and window_start = (select to_timestamp(floor(extract(epoch from clock_timestamp()) / window_seconds) * window_seconds)
                           from public.rate_limits where rule = p_rule)
$$;

-- A hit of a rule for the address of the API request being served, by a visitor or a traveler. The
-- company's own callers (admins, the service role, the server) are not limited. For triggers and
-- security-definer functions behind the REST API.
create or replace function public.hit_visitor_rate_limit(p_rule text) returns void
language plpgsql volatile security definer
set search_path = public
as $$
begin
  if auth.role() in ('anon', 'authenticated') and not public.is_admin() then
    perform public.hit_rate_limit(p_rule, public.request_ip());
  end if;
end
$$;

-- Old windows are of no more use; the server's sweeper calls this every few minutes.
create or replace function public.prune_rate_limit_hits() returns int
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_count int;
begin
  delete from public.rate_limit_hits h
   using public.rate_limits r
   where r.rule = h.rule and h.window_start < now() - make_interval(secs => 2 * r.window_seconds);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke execute on function public.rate_limit_wait(text, text), public.hit_rate_limit(text, text), public.forgive_rate_limit_hit(text, text),
  public.hit_visitor_rate_limit(text), public.prune_rate_limit_hits() from public, anon, authenticated;
grant execute on function public.rate_limit_wait(text, text), public.hit_rate_limit(text, text), public.forgive_rate_limit_hit(text, text),
  public.prune_rate_limit_hits() to service_role;
revoke execute on function public.request_ip(), public.wait_in_words(int) from public, anon, authenticated;
