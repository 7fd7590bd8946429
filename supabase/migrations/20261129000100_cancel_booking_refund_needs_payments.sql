-- A refund given while cancelling is money the company owes: staff give one only with payments.write,
-- as they record a payment or a refund elsewhere (create_office_booking, mark_payment_refunded).
-- Cancelling without a refund still needs only bookings.write. Otherwise as in
-- 20261128030100_cancel_booking_owes_refunds.sql.

create or replace function public.cancel_booking(p_booking_id uuid, p_reason text default null, p_refund_amount numeric default 0)
returns public.bookings
language plpgsql
security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_refund numeric(12, 2) := coalesce(p_refund_amount, 0);
  v_staff boolean := public.is_staff_request();
begin
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found or not (v_staff or coalesce(v_booking.user_id = auth.uid(), false)) then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if v_booking.status = 'cancelled' then
    raise exception 'This booking is already cancelled' using errcode = 'PT409';
  end if;
  if not v_staff then
    if v_refund <> 0 then
      raise exception 'Only our team can record a refund' using errcode = '42501';
    end if;
    if v_booking.status = 'confirmed' then
      raise exception 'Please contact us to cancel a confirmed booking' using errcode = 'PT409';
    end if;
  elsif v_refund <> 0 and not public.has_permission('payments.write') then
    raise exception 'Only the office team may record refunds' using errcode = '42501';
  end if;
  if v_refund < 0 or v_refund > v_booking.amount_paid then
    raise exception 'A refund can be at most the % % paid', v_booking.currency,
      to_char(v_booking.amount_paid, 'FM999,999,990.00') using errcode = '22023';
  end if;
  update public.bookings
     set status = 'cancelled',
         cancellation_reason = nullif(btrim(p_reason), '')
   where id = p_booking_id
  returning * into v_booking;
  perform public.owe_refund(v_booking, v_refund);
  select * into v_booking from public.bookings where id = p_booking_id;
  return v_booking;
end
$$;

comment on function public.cancel_booking(uuid, text, numeric) is 'Cancels a booking (its traveler while it is pending; booking staff always), owing back the refund staff with payments.write give as a refund_due payment.';
