-- When the company cancels a scheduled departure, its travelers' bookings go with it: every pending
-- or confirmed booking on it is cancelled (its seats are released by bookings_hold_seats) and what it
-- paid is owed back in full, so its succeeded payments become refund_due (the company is told of
-- each, 20261122001400). The traveler is told by the booking_cancelled email (20261122001530).
-- A private trip's departure follows its one booking instead (derive_departure_status), so it is
-- left out here.
create or replace function public.cancel_departure_bookings() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_cancelled uuid[];
begin
  with cancelled as (
    update public.bookings
       set status = 'cancelled',
           cancellation_reason = coalesce(cancellation_reason, 'We had to cancel this departure')
     where departure_id = new.id and status in ('pending', 'confirmed')
    returning id
  )
  select array_agg(id) into v_cancelled from cancelled;
  update public.payments set status = 'refund_due' where booking_id = any (v_cancelled) and status = 'succeeded';
  return null;
end
$$;

revoke execute on function public.cancel_departure_bookings() from public, anon, authenticated;

create trigger tour_departures_cancel_bookings after update of status on public.tour_departures
  for each row when (new.status = 'cancelled' and old.status <> 'cancelled' and not new.is_private)
  execute function public.cancel_departure_bookings();
