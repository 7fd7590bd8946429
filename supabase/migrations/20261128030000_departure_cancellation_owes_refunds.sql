-- When the company cancels a departure, what each of its bookings paid is owed back as a payment out
-- (owe_refund), as when the office cancels a booking or lowers its price. Before, the payments
-- received were themselves turned into refund_due: the ledger then showed money that never came in,
-- and the client lost the receipts of what they had paid. Now the payments in stay as received, with
-- their receipts, and one refund_due payment owes the whole amount back, which the office marks
-- sent (mark_payment_refunded) with its refund note. The company's "Refund due" notice and the
-- traveler's "Booking cancelled" email read the same figures as before.
create or replace function public.cancel_departure_bookings() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
begin
  for v_booking in
    update public.bookings
       set status = 'cancelled',
           cancellation_reason = coalesce(cancellation_reason, 'We had to cancel this departure')
     where departure_id = new.id and status in ('pending', 'confirmed')
    returning *
  loop
    -- The company cancelled: no fee is kept, everything paid goes back.
    perform public.owe_refund(v_booking, v_booking.amount_paid);
  end loop;
  return null;
end
$$;

comment on function public.cancel_departure_bookings() is
  'Trigger: a cancelled departure cancels its open bookings and owes back everything each paid, as a refund_due payment out.';

revoke execute on function public.cancel_departure_bookings() from public, anon, authenticated;
