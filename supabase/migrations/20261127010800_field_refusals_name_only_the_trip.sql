-- A field write's refusal names only what the staff member may see. field_booking() refused a booking
-- of another trip with its reference ('Booking KS-… was moved to another trip meanwhile'), so a guide
-- could learn any booking's reference and status by sending its id with their own trip's. Now a
-- booking that is not on the trip is refused without a name unless the caller reads bookings
-- (bookings.read: the office), and a booking's status is told only for a booking on the trip.

create or replace function public.field_booking(p_booking_id uuid, p_departure_id uuid, p_doing text) returns public.bookings
language plpgsql security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if v_booking.id is null then
    raise exception 'This booking no longer exists: %', p_doing using errcode = 'PT409';
  end if;
  if v_booking.departure_id is distinct from p_departure_id then
    if public.has_permission('bookings.read') then
      raise exception 'Booking % was moved to another trip meanwhile: %', v_booking.booking_reference, p_doing
        using errcode = 'PT409', hint = 'booking_id';
    end if;
    raise exception 'This booking is no longer on this trip: %', p_doing using errcode = 'PT409', hint = 'booking_id';
  end if;
  if v_booking.status in ('cancelled', 'expired') then
    raise exception 'Booking % was % meanwhile: %', v_booking.booking_reference,
      case v_booking.status when 'cancelled' then 'cancelled' else 'released (its hold expired)' end, p_doing
      using errcode = 'PT409', hint = 'booking_id';
  end if;
  return v_booking;
end
$$;

revoke execute on function public.field_booking(uuid, uuid, text) from public, anon, authenticated;
