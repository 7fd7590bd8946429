-- A card payment the booking cannot take is owed back too, not counted: besides a booking already
-- expired or cancelled (20261122001400), one that is more than the booking still owes (two checkout
-- pages, opened in two tabs, both paid) or in another currency than the booking's. It is recorded as
-- refund_due, so it never pushes amount_paid past the total, and the company is emailed.

-- record_card_payment as in 20261122001400, with those two cases added to refund_due.
create or replace function public.record_card_payment(
  p_provider text,
  p_event_id text,
  p_event_type text,
  p_booking_id uuid,
  p_amount numeric,
  p_currency text,
  p_reference text
) returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_payment public.payments;
  v_takes_it boolean;
begin
  insert into public.payment_provider_events (id, provider, type) values (p_event_id, p_provider, p_event_type)
  on conflict (id) do nothing;
  if not found then
    return jsonb_build_object('duplicate', true, 'payment_id', null, 'payment_status', null, 'booking_id', null, 'booking_status', null);
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if v_booking.id is not null and p_amount > 0 then
    v_takes_it := v_booking.status not in ('expired', 'cancelled')
                  and upper(p_currency) = v_booking.currency
                  and p_amount <= v_booking.total_amount - v_booking.amount_paid;
    insert into public.payments (booking_id, amount, currency, method, status, provider, provider_reference, paid_at)
    values (v_booking.id, p_amount, upper(p_currency), 'card', case when v_takes_it then 'succeeded' else 'refund_due' end,
            p_provider, p_reference, now())
    on conflict (provider, provider_reference) where provider is not null do nothing
    returning * into v_payment;
  end if;
  update public.payment_provider_events set booking_id = v_booking.id, payment_id = v_payment.id where id = p_event_id;
  return jsonb_build_object('duplicate', false, 'payment_id', v_payment.id, 'payment_status', v_payment.status, 'booking_id', v_booking.id,
                            'booking_status', (select status from public.bookings where id = v_booking.id));
end
$$;

revoke execute on function public.record_card_payment(text, text, text, uuid, numeric, text, text) from public, anon, authenticated;
grant execute on function public.record_card_payment(text, text, text, uuid, numeric, text, text) to service_role;

-- Each payment owed back has its own notice (booking_notifications_refund_due, one per payment), so
-- a booking may now have several: the once-per-booking rule is for the other kinds only.
drop index public.booking_notifications_once;
create unique index booking_notifications_once on public.booking_notifications (booking_id, kind)
  where kind not in ('payment_received', 'refund_due');
