-- Every write a visitor or a traveler can make through the API passes the rate limiter
-- (20261124000200_rate_limits.sql), and none goes around the door it is meant to use.

-- Enquiries (contact form, trip requests, the visitor chat) come in through POST /api/enquiries only,
-- which validates them, limits them per address and sends the two emails. The API roles had a direct
-- INSERT beside it, with no limit and no emails.
drop policy "anyone sends an enquiry" on public.enquiries;
revoke insert on public.enquiries from anon, authenticated;

-- Newsletter sign-ups keep their direct insert (the app's footer form), limited per address.
-- Security definer: the limiter is not the caller's to run.
create or replace function public.limit_newsletter_signups() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform public.hit_visitor_rate_limit('newsletter.signups');
  return new;
end
$$;

create trigger newsletter_subscribers_rate_limited before insert on public.newsletter_subscribers
  for each row execute function public.limit_newsletter_signups();

-- Analytics events a client sends: limited per address, only the events the app records, and only
-- recent ones (a device keeps an event while offline, but not for more than a week). A purchase is
-- recorded by the database when a booking is made (20261124000900_purchase_events.sql), never claimed
-- by a client; events the database records itself, inside another trigger, are not checked here.
create or replace function public.check_analytics_event() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if pg_trigger_depth() = 1 and auth.role() in ('anon', 'authenticated') and not public.is_admin() then
    perform public.hit_visitor_rate_limit('analytics.events');
    if new.name not in ('page_view', 'search', 'tour_view', 'wishlist_add', 'wishlist_remove', 'booking_start', 'booking_step', 'booking_submit') then
      raise exception 'Unknown analytics event: %', new.name using errcode = '22023';
    end if;
    if new.occurred_at < now() - interval '7 days' then
      raise exception 'This event happened too long ago to be recorded' using errcode = '22023';
    end if;
  end if;
  return new;
end
$$;

create trigger analytics_events_checked before insert on public.analytics_events
  for each row execute function public.check_analytics_event();

-- Messages and activity entries come from signed-in users; each account has its allowance, so a
-- throwaway account cannot flood the team's inbox or the log.
create or replace function public.limit_account_writes() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if auth.role() = 'authenticated' and not public.is_admin() then
    perform public.hit_rate_limit(tg_argv[0], auth.uid()::text);
  end if;
  return new;
end
$$;

create trigger messages_rate_limited before insert on public.messages
  for each row execute function public.limit_account_writes('messages.sent');
create trigger user_activity_logs_rate_limited before insert on public.user_activity_logs
  for each row execute function public.limit_account_writes('activity.entries');

revoke execute on function public.limit_newsletter_signups(), public.check_analytics_event(), public.limit_account_writes()
  from public, anon, authenticated;
