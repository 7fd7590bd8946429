-- A note a guide writes in field mode (a breakdown, an injury, a late pickup) is news for the
-- office, not only for whoever opens the trip on a tablet: operations staff (operations.read) are
-- notified, kind field_note, linked to the booking the note is about, or to the trip on the
-- calendar when it is about the whole trip.

alter table public.staff_notifications drop constraint staff_notifications_kind_check;
alter table public.staff_notifications add constraint staff_notifications_kind_check
  check (kind in ('booking_made', 'payment_received', 'refund_due', 'traveler_message', 'enquiry_received', 'email_failed',
                  'hold_expiring', 'team_account_changed', 'field_note'));
alter table public.staff_notification_opt_outs drop constraint staff_notification_opt_outs_kind_check;
alter table public.staff_notification_opt_outs add constraint staff_notification_opt_outs_kind_check
  check (kind in ('booking_made', 'payment_received', 'refund_due', 'traveler_message', 'enquiry_received', 'email_failed',
                  'hold_expiring', 'team_account_changed', 'field_note'));

-- Tells operations staff of a field note: who wrote it, on which trip (and booking), and what it says.
create or replace function public.notify_staff_of_field_note() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_trip public.tour_departures;
  v_reference text := (select b.booking_reference from public.bookings b where b.id = new.booking_id);
  v_writer text := (select nullif(u.full_name, '') from public.users u where u.id = new.recorded_by);
begin
  select * into v_trip from public.tour_departures where id = new.departure_id;
  perform public.notify_staff(
    'field_note', 'operations.read',
    'Field note' || coalesce(' on ' || v_reference, '') || coalesce(' by ' || v_writer, ''),
    public.trip_label(new.departure_id) || ': ' || new.note,
    case when v_reference is not null then '/admin/bookings/' || new.booking_id
         else '/admin/calendar?date=' || v_trip.start_date || '&trip=' || new.departure_id end,
    new.id::text);
  return null;
end
$$;

revoke execute on function public.notify_staff_of_field_note() from public, anon, authenticated;

create trigger trip_incidents_notify_staff after insert on public.trip_incidents
  for each row execute function public.notify_staff_of_field_note();
