-- A traveler is told when their booking is cancelled, whoever cancels it (they themselves, the team,
-- or the departure's cancellation): booking_notifications kind booking_cancelled, once per booking,
-- written by server/jobs/booking-emails.ts like the other booking emails.
alter table public.booking_notifications drop constraint booking_notifications_kind_check;
alter table public.booking_notifications
  add constraint booking_notifications_kind_check check (kind in ('booking_received', 'booking_confirmed', 'booking_cancelled', 'payment_received',
                                                                  'refund_due', 'balance_reminder', 'pre_departure', 'review_request'));

-- notify_booking_change as before (booking received, booking confirmed), and now booking cancelled.
-- Security definer: the callers (a guest through create_booking, an admin) cannot write here.
create or replace function public.notify_booking_change() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.booking_notifications (booking_id, kind) values (new.id, 'booking_received');
  end if;
  if new.status = 'confirmed' and (tg_op = 'INSERT' or old.status <> 'confirmed') then
    insert into public.booking_notifications (booking_id, kind) values (new.id, 'booking_confirmed')
    on conflict do nothing;
  end if;
  if new.status = 'cancelled' and tg_op = 'UPDATE' and old.status <> 'cancelled' then
    insert into public.booking_notifications (booking_id, kind) values (new.id, 'booking_cancelled')
    on conflict do nothing;
  end if;
  return null;
end
$$;

revoke execute on function public.notify_booking_change() from public, anon, authenticated;

-- Bookings cancelled before this email existed are not announced now.
insert into public.booking_notifications (booking_id, kind, status, skip_reason)
select id, 'booking_cancelled', 'skipped', 'cancelled before cancellation emails' from public.bookings where status = 'cancelled';
