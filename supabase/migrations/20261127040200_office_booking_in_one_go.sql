-- A booking taken by phone or at the desk, whole, in one transaction: the party and its extras, the
-- pickup, the office's notes, a price set by hand with its reason, and the deposit or full payment
-- taken on the phone. Each part is checked by the function that owns it (create_booking,
-- override_booking_total, record_payment, the pickup trigger) and any refusal writes nothing at
-- all: never a booking without the payment the client was told was recorded.

-- Booking staff only; the payment also needs payments.write. Returns the booking as it stands.
create or replace function public.create_office_booking(
  p_departure_id uuid,
  p_adults int,
  p_children int default 0,
  p_extras jsonb default '[]',
  p_contact jsonb default '{}',
  p_pickup text default null,
  p_pickup_time time default null,
  p_notes text default null,
  p_total numeric default null,
  p_price_reason text default null,
  p_payment_amount numeric default null,
  p_payment_method text default null,
  p_payment_reference text default null
) returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_notes text := nullif(btrim(coalesce(p_notes, '')), '');
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may take a booking by phone' using errcode = '42501';
  end if;
  if p_payment_amount is not null and not public.has_permission('payments.write') then
    raise exception 'Only the office team may record payments' using errcode = '42501';
  end if;
  if length(v_notes) > 5000 then
    raise exception 'The notes are too long' using errcode = '22023';
  end if;
  v_booking := public.create_booking(p_departure_id, p_adults, coalesce(p_children, 0), coalesce(p_extras, '[]'), null, '[]', coalesce(p_contact, '{}'));
  if p_pickup is not null or p_pickup_time is not null or v_notes is not null then
    update public.bookings set pickup = p_pickup, pickup_time = p_pickup_time, notes = v_notes where id = v_booking.id;
  end if;
  if p_total is not null then
    perform public.override_booking_total(v_booking.id, p_total, p_price_reason);
  end if;
  if p_payment_amount is not null then
    perform public.record_payment(v_booking.id, p_payment_amount, p_payment_method, p_payment_reference);
  end if;
  select * into v_booking from public.bookings where id = v_booking.id;
  return v_booking;
end
$$;

revoke execute on function public.create_office_booking(uuid, int, int, jsonb, jsonb, text, time, text, numeric, text, numeric, text, text) from public, anon;
grant execute on function public.create_office_booking(uuid, int, int, jsonb, jsonb, text, time, text, numeric, text, numeric, text, text) to authenticated;
