-- A refund is money paid out, recorded like a payment in: how it was returned (refund_method), on
-- what day (refunded_at), with the bank's or provider's reference (refund_reference), for the
-- amount owed back (the payment's amount). The client is told once it is sent (booking_notifications
-- kind refund_sent, one per payment, like a receipt).

alter table public.payments
  add column refund_method text check (refund_method in ('bank_transfer', 'mobile_money', 'cash', 'card', 'paypal')),
  add check (status <> 'refunded' or refunded_at is not null);

-- Refunds marked before this were returned the way the money came in.
update public.payments set refund_method = method where status = 'refunded' and refund_method is null;

drop function public.mark_payment_refunded(uuid, text);

-- Records money owed back as returned to the client: the whole amount owed on this payment, how it
-- went back, on which day (today or earlier, in the company's calendar) and its reference. Staff
-- who take payments only (payments.write). Returns the payment.
create or replace function public.mark_payment_refunded(
  p_payment_id uuid,
  p_method text,
  p_refunded_on date default null,
  p_reference text default null
) returns public.payments
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_payment public.payments;
  v_on date := coalesce(p_refunded_on, public.company_today());
  v_reference text := nullif(btrim(coalesce(p_reference, '')), '');
begin
  if not public.has_permission('payments.write') then
    raise exception 'Only the office team may record refunds' using errcode = '42501';
  end if;
  select * into v_payment from public.payments where id = p_payment_id for update;
  if not found then
    raise exception 'This payment could not be found' using errcode = 'PT404';
  end if;
  if v_payment.status <> 'refund_due' then
    raise exception 'Only a payment that is owed back can be marked refunded' using errcode = 'PT409';
  end if;
  if p_method is null or p_method not in ('bank_transfer', 'mobile_money', 'cash', 'card', 'paypal') then
    raise exception 'Please choose how the money was returned: bank transfer, mobile money, cash, card or PayPal' using errcode = '22023';
  end if;
  if v_on > public.company_today() then
    raise exception 'A refund cannot be dated in the future' using errcode = '22023';
  end if;
  if v_on < (v_payment.created_at at time zone public.company_time_zone())::date then
    raise exception 'A refund cannot be dated before the money was owed back (%)',
      to_char((v_payment.created_at at time zone public.company_time_zone())::date, 'FMDD Mon YYYY') using errcode = '22023';
  end if;
  if length(v_reference) > 200 then
    raise exception 'The reference is too long' using errcode = '22023';
  end if;
  update public.payments
     set status = 'refunded',
         refund_method = p_method,
         -- Today's refund keeps the moment it was recorded; an earlier day is noon of that day.
         refunded_at = case when v_on = public.company_today() then now()
                            else (v_on + time '12:00') at time zone public.company_time_zone() end,
         refund_reference = v_reference
   where id = p_payment_id
  returning * into v_payment;
  return v_payment;
end
$$;

revoke execute on function public.mark_payment_refunded(uuid, text, date, text) from public, anon;
grant execute on function public.mark_payment_refunded(uuid, text, date, text) to authenticated, service_role;

-- The client's notice of a refund sent: once per payment.
alter table public.booking_notifications drop constraint booking_notifications_kind_check;
alter table public.booking_notifications drop constraint booking_notifications_check;
alter table public.booking_notifications
  add constraint booking_notifications_kind_check check (kind in ('booking_received', 'booking_confirmed', 'booking_cancelled', 'payment_received',
                                                                  'refund_due', 'refund_sent', 'balance_reminder', 'pre_departure', 'review_request',
                                                                  'trip_moved', 'booking_moved', 'booking_changed')),
  add constraint booking_notifications_check check ((kind in ('payment_received', 'refund_due', 'refund_sent')) = (payment_id is not null));
create unique index booking_notifications_refund_sent on public.booking_notifications (payment_id) where kind = 'refund_sent';
-- A booking may be moved or changed more than once: each is its own email.
drop index public.booking_notifications_once;
create unique index booking_notifications_once on public.booking_notifications (booking_id, kind)
  where kind not in ('payment_received', 'refund_due', 'refund_sent', 'trip_moved', 'booking_moved', 'booking_changed');

-- A payment marked refunded owes its client the refund_sent email. Security definer: the caller
-- writes no notification itself.
create or replace function public.notify_refund_sent() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if new.status = 'refunded' and old.status <> 'refunded' then
    insert into public.booking_notifications (booking_id, payment_id, kind) values (new.booking_id, new.id, 'refund_sent')
    on conflict do nothing;
  end if;
  return null;
end
$$;

revoke execute on function public.notify_refund_sent() from public, anon, authenticated;

create trigger payments_notify_refund_sent after update of status on public.payments
  for each row execute function public.notify_refund_sent();
