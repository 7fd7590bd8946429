-- Staff set a booking's price by hand (a phone client's agreed rate, a returning client's discount),
-- always with a reason: the booking gains an "adjustment" price line for the difference, and the
-- audit log keeps the reason with the change. A price below what was already paid owes the rest back.
create or replace function public.override_booking_total(p_booking_id uuid, p_total numeric, p_reason text)
returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_difference numeric(12, 2);
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may change a booking''s price' using errcode = '42501';
  end if;
  if p_total is null or p_total <= 0 then
    raise exception 'Please give the new total' using errcode = '22023';
  end if;
  if p_total <> round(p_total, 2) or p_total >= 10000000 then
    raise exception 'Please give the total to the cent' using errcode = '22023';
  end if;
  if v_reason is null then
    raise exception 'Please give the reason for the new price' using errcode = '22023';
  end if;
  if length(v_reason) > 200 then
    raise exception 'The reason is too long' using errcode = '22023';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if v_booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking is %: its price cannot change', v_booking.status using errcode = 'PT409';
  end if;
  v_difference := p_total - v_booking.total_amount;
  if v_difference = 0 then
    return v_booking;
  end if;
  perform public.set_audit_reason('Price set by hand: ' || v_reason);
  update public.bookings
     set total_amount = p_total,
         price_breakdown = coalesce(price_breakdown, '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
           'kind', 'adjustment', 'code', null, 'label', 'Adjustment: ' || v_reason,
           'quantity', 1, 'unit_price', v_difference, 'amount', v_difference))
   where id = p_booking_id
  returning * into v_booking;
  perform public.owe_refund(v_booking, v_booking.amount_paid - p_total);
  select * into v_booking from public.bookings where id = p_booking_id;
  return v_booking;
end
$$;

grant execute on function public.override_booking_total(uuid, numeric, text) to authenticated;
