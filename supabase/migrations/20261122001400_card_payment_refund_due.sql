-- A card payment the booking cannot take is money the company owes back: one that arrives for a
-- booking already expired or cancelled (the traveler paid on Stripe's page while the hold ran out, or
-- while the team cancelled), one beyond what the booking still owes (two checkout pages, opened in two
-- tabs, both paid), or one in another currency than the booking's. It is recorded, never dropped, as
-- a payment in refund_due: it does not count towards what the booking is paid (booking_amount_paid
-- sums succeeded payments only), so it neither revives, confirms nor overpays the booking, and the
-- company is emailed that a refund is due (booking_notifications kind refund_due, written to the
-- company's address by server/jobs/booking-emails.ts). Once the money is returned in Stripe, an admin
-- marks the payment refunded (mark_payment_refunded, 20261122001510).

alter table public.payments drop constraint payments_status_check;
alter table public.payments
  add constraint payments_status_check check (status in ('pending', 'succeeded', 'failed', 'refund_due', 'refunded'));

-- refund_due: the company's notice of such a payment, one per payment, like a receipt.
alter table public.booking_notifications drop constraint booking_notifications_kind_check;
alter table public.booking_notifications drop constraint booking_notifications_check;
alter table public.booking_notifications
  add constraint booking_notifications_kind_check check (kind in ('booking_received', 'booking_confirmed', 'payment_received', 'refund_due',
                                                                  'balance_reminder', 'pre_departure', 'review_request')),
  add constraint booking_notifications_check check ((kind in ('payment_received', 'refund_due')) = (payment_id is not null));

create unique index booking_notifications_refund_due on public.booking_notifications (payment_id) where kind = 'refund_due';

-- Each payment owed back has its own notice (the index above), so a booking may have several:
-- the once-per-booking rule is for the other kinds only.
drop index public.booking_notifications_once;
create unique index booking_notifications_once on public.booking_notifications (booking_id, kind)
  where kind not in ('payment_received', 'refund_due');

-- A payment's notice: the traveler's receipt when it succeeded, the company's refund notice when it
-- is owed back. Security definer: the callers cannot write booking_notifications.
create or replace function public.notify_payment_received() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if new.status = 'succeeded' and (tg_op = 'INSERT' or old.status <> 'succeeded') then
    insert into public.booking_notifications (booking_id, payment_id, kind) values (new.booking_id, new.id, 'payment_received')
    on conflict do nothing;
  elsif new.status = 'refund_due' and (tg_op = 'INSERT' or old.status <> 'refund_due') then
    insert into public.booking_notifications (booking_id, payment_id, kind) values (new.booking_id, new.id, 'refund_due')
    on conflict do nothing;
  end if;
  return null;
end
$$;

revoke execute on function public.notify_payment_received() from public, anon, authenticated;

-- record_card_payment as before (once per event, once per checkout), except that the booking is read
-- under a row lock, so its status cannot change between this check and the payment's insert (the
-- hold expiry and cancel_booking lock it too), and a payment the booking cannot take (above) is
-- recorded as refund_due. Returns {duplicate, payment_id, payment_status, booking_id, booking_status}.
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
