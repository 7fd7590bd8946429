-- The daily round of the booking engine (server/jobs/booking-schedule.ts calls it; running it again
-- the same day changes nothing, so any server instance may run it, as often as it likes):
--   1. a confirmed trip becomes completed the day after its end date
--   2. balance reminder    a confirmed booking with a balance still due, due within 7 days (or overdue)
--   3. pre-departure       a confirmed trip starting within 7 days
--   4. review request      a completed trip that ended within the last 30 days (older ones are not
--                          asked about months later)
-- Each email is owed once per booking (booking_notifications_once); it is written and sent by the
-- server. Returns how many of each it found.
create or replace function public.run_booking_schedule() returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_reminder_days constant int := 7;
  v_pre_departure_days constant int := 7;
  v_review_window_days constant int := 30;
  v_completed int;
  v_reminders int;
  v_pre_departure int;
  v_reviews int;
begin
  update public.bookings b
     set status = 'completed'
    from public.tour_departures d
   where d.id = b.departure_id and b.status = 'confirmed' and d.end_date < current_date;
  get diagnostics v_completed = row_count;

  insert into public.booking_notifications (booking_id, kind)
  select b.id, 'balance_reminder'
    from public.bookings b
    cross join lateral public.payment_schedule_of(b) s
   where b.status = 'confirmed'
     and (s ->> 'balance_due')::numeric > 0
     and (s ->> 'balance_due_date')::date <= current_date + v_reminder_days
  on conflict do nothing;
  get diagnostics v_reminders = row_count;

  insert into public.booking_notifications (booking_id, kind)
  select b.id, 'pre_departure'
    from public.bookings b
    join public.tour_departures d on d.id = b.departure_id
   where b.status = 'confirmed'
     and d.start_date between current_date and current_date + v_pre_departure_days
  on conflict do nothing;
  get diagnostics v_pre_departure = row_count;

  insert into public.booking_notifications (booking_id, kind)
  select b.id, 'review_request'
    from public.bookings b
    join public.tour_departures d on d.id = b.departure_id
   where b.status = 'completed'
     and d.end_date < current_date
     and d.end_date >= current_date - v_review_window_days
  on conflict do nothing;
  get diagnostics v_reviews = row_count;

  return jsonb_build_object('completed', v_completed, 'balance_reminders', v_reminders,
                            'pre_departure', v_pre_departure, 'review_requests', v_reviews);
end
$$;

revoke execute on function public.run_booking_schedule() from public, anon, authenticated;
grant execute on function public.run_booking_schedule() to service_role;
