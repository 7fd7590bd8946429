-- Calendar feeds: the company's trips, and each guide's, as iCalendar behind a secret address
-- (/api/calendar/<token>.ics) that a phone or a desktop calendar subscribes to. The token is the
-- whole key, so it can be renewed: the old address then stops working. Operations admins read and
-- renew every feed; a guide with an account reads and renews their own.

create table public.calendar_feeds (
  id uuid primary key default gen_random_uuid(),
  -- The guide whose trips it holds; null for the company's feed of every trip.
  guide_id uuid unique references public.guides (id) on delete cascade,
  -- 64 hex characters from two random UUIDs: about 244 random bits.
  token text not null unique check (token ~ '^[0-9a-f]{64}$'),
  renewed_at timestamptz not null default now(),
  renewed_by uuid references public.users (id) on delete set null
);

-- One company feed.
create unique index calendar_feeds_company on public.calendar_feeds ((true)) where guide_id is null;

comment on table public.calendar_feeds is 'Secret calendar addresses: the company''s (guide_id null) and each guide''s.';

create trigger calendar_feeds_audited after insert or update or delete on public.calendar_feeds
  for each row execute function public.record_audit();

alter table public.calendar_feeds enable row level security;
revoke all on public.calendar_feeds from public, anon, authenticated;
grant select on public.calendar_feeds to authenticated;

create policy "operations admins and the guide read calendar feeds" on public.calendar_feeds
  for select to authenticated
  using ((select public.has_permission('operations.write')) or (guide_id is not null and public.is_own_guide(guide_id)));

-- Makes the feed's address, or a new one in place of the old (which stops working); answers the token.
create or replace function public.renew_calendar_feed(p_guide_id uuid default null) returns text
language plpgsql security definer
set search_path = public
as $$
declare
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if not (public.has_permission('operations.write') or (p_guide_id is not null and public.is_own_guide(p_guide_id))) then
    raise exception 'Only operations admins, and a guide for their own, renew calendar feeds' using errcode = '42501';
  end if;
  if p_guide_id is not null and not exists (select 1 from public.guides where id = p_guide_id) then
    raise exception 'There is no such guide' using errcode = 'P0002';
  end if;
  if p_guide_id is null then
    update public.calendar_feeds set token = v_token, renewed_at = now(), renewed_by = auth.uid() where guide_id is null;
  else
    update public.calendar_feeds set token = v_token, renewed_at = now(), renewed_by = auth.uid() where guide_id = p_guide_id;
  end if;
  if not found then
    insert into public.calendar_feeds (guide_id, token, renewed_by) values (p_guide_id, v_token, auth.uid());
  end if;
  return v_token;
end
$$;

revoke execute on function public.renew_calendar_feed(uuid) from public, anon;
grant execute on function public.renew_calendar_feed(uuid) to authenticated;

-- The trips a feed holds, for the server that writes the .ics (no API role calls it): from 60 days
-- back to a year ahead of the company's today, not cancelled, at most 2,000. Null for an unknown token.
create or replace function public.calendar_feed_trips(p_token text) returns jsonb
language sql stable security definer
set search_path = public
as $$
  select jsonb_build_object(
    'guide', (select g.full_name from public.guides g where g.id = f.guide_id),
    'trips', coalesce((
      select jsonb_agg(x order by x.start_date, x.id) from (
        select d.id, t.title, d.start_date, d.end_date, d.is_private, d.seats_booked, d.capacity, t.start_location as meets_at,
               (select jsonb_agg(g.full_name order by g.full_name) from public.departure_guides a join public.guides g on g.id = a.guide_id where a.departure_id = d.id) as guides,
               (select jsonb_agg(v.name || ' (' || v.registration || ')' order by v.name) from public.departure_vehicles a join public.vehicles v on v.id = a.vehicle_id where a.departure_id = d.id) as vehicles
          from public.tour_departures d join public.tours t on t.id = d.tour_id
         where d.status <> 'cancelled'
           and d.end_date >= (now() at time zone public.company_time_zone())::date - 60
           and d.start_date <= (now() at time zone public.company_time_zone())::date + 365
           and (f.guide_id is null or exists (select 1 from public.departure_guides a where a.departure_id = d.id and a.guide_id = f.guide_id))
         order by d.start_date, d.id
         limit 2000) x), '[]'))
    from public.calendar_feeds f
   where f.token = p_token
$$;

revoke execute on function public.calendar_feed_trips(text) from public, anon, authenticated;
