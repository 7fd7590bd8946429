-- A client is told of every change to their live booking, however it was made (move_booking,
-- change_booking_party, a price set by hand): booking_moved when it moved to another departure,
-- booking_changed when who travels, the extras or the price changed. Each change is its own email
-- (booking_notifications_once leaves these kinds out, 20261127040000); details keep what it was.

-- Security definer: the caller writes no notification itself. A booking changed in the
-- transaction that made it (its created_at is this transaction's now()) is announced by
-- booking_received alone.
create or replace function public.notify_booking_changed() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_from public.tour_departures;
begin
  if old.status not in ('pending', 'confirmed') or new.status <> old.status or old.created_at = now() then
    return null;
  end if;
  if new.departure_id is distinct from old.departure_id then
    select * into v_from from public.tour_departures where id = old.departure_id;
    insert into public.booking_notifications (booking_id, kind, details)
    values (new.id, 'booking_moved', jsonb_build_object(
      'from_start', v_from.start_date, 'from_end', v_from.end_date,
      'from_tour', (select title from public.tours where id = old.tour_id),
      'previous_total', old.total_amount));
  elsif new.adults <> old.adults or new.children <> old.children
        or coalesce(new.extras, '[]') <> coalesce(old.extras, '[]') or new.total_amount <> old.total_amount then
    insert into public.booking_notifications (booking_id, kind, details)
    values (new.id, 'booking_changed', jsonb_build_object(
      'previous_adults', old.adults, 'previous_children', old.children,
      'previous_extras', coalesce((select jsonb_agg(coalesce(e ->> 'name', e ->> 'code') || case when (e ->> 'quantity')::int > 1 then ' × ' || (e ->> 'quantity') else '' end)
                                     from jsonb_array_elements(case when jsonb_typeof(old.extras) = 'array' then old.extras else '[]' end) e), '[]'),
      'previous_total', old.total_amount));
  end if;
  return null;
end
$$;

revoke execute on function public.notify_booking_changed() from public, anon, authenticated;

create trigger bookings_notify_changed after update of departure_id, adults, children, extras, total_amount on public.bookings
  for each row execute function public.notify_booking_changed();
