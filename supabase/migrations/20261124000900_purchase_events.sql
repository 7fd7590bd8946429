-- A purchase is recorded by the database when a booking is made, in US dollars at the current rate
-- (public.currency_rates; without a rate nothing is recorded rather than a wrong figure), so no client
-- can claim one (check_analytics_event refuses the name from the API, 20261124000300). It is the
-- booking's, made for whoever owns it, once.
create or replace function public.record_purchase_event() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_units_per_usd numeric;
begin
  select units_per_usd into v_units_per_usd from public.currency_rates where currency = new.currency;
  if v_units_per_usd is not null then
    insert into public.analytics_events (user_id, name, properties)
    values (new.user_id, 'purchase',
            jsonb_build_object('bookingReference', new.booking_reference, 'value', round(new.total_amount / v_units_per_usd, 2), 'currency', 'USD'));
  end if;
  return null;
end
$$;

revoke execute on function public.record_purchase_event() from public, anon, authenticated;

create trigger bookings_record_purchase after insert on public.bookings
  for each row execute function public.record_purchase_event();
