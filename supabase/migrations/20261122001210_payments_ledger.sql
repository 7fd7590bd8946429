-- Payments are the ledger of a booking: bookings.amount_paid is always what they add up to, and a
-- pending booking is confirmed once its deposit is in, whoever writes the payment. Money arrives by:
--   record_payment        the team records a bank transfer, cash or card at the office (admins only;
--                         it checks what a direct insert under "admins manage payments" does not)
--   record_card_payment   the server records a card payment Stripe reported (a signed webhook), once
--                         per event, which payment_provider_events remembers

-- provider: who took the money online (null when the team recorded it); provider_reference is then
-- the provider's id for it (a Stripe Checkout Session), which makes one payment of it at most.
-- recorded_by: the team member who recorded it.
alter table public.payments
  add column provider text check (provider in ('stripe')),
  add column recorded_by uuid references public.users (id) on delete set null,
  add check (provider is null or provider_reference is not null);

create unique index payments_provider_reference_key on public.payments (provider, provider_reference) where provider is not null;

-- What a booking has been paid: its succeeded payments in its own currency, less what was refunded
-- (bookings.refunded_amount, recorded by cancel_booking).
create or replace function public.booking_amount_paid(p_booking_id uuid, p_currency text, p_refunded numeric)
returns numeric
language sql stable
set search_path = public
as $$
  select greatest(0, coalesce(sum(amount), 0) - coalesce(p_refunded, 0))::numeric(12, 2)
    from public.payments
   where booking_id = p_booking_id and status = 'succeeded' and currency = p_currency
$$;

revoke execute on function public.booking_amount_paid(uuid, text, numeric) from public, anon, authenticated;

-- Whoever writes a booking, amount_paid is the ledger's sum: a value written directly is replaced.
create or replace function public.keep_booking_amount_paid() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.amount_paid := public.booking_amount_paid(new.id, new.currency, new.refunded_amount);
  return new;
end
$$;

create trigger bookings_keep_amount_paid before insert or update of amount_paid, refunded_amount, currency on public.bookings
  for each row execute function public.keep_booking_amount_paid();

-- After any change to a payment, its booking's amount_paid follows, and a pending booking whose
-- deposit is now paid is confirmed. Security definer: the booking is the company's row.
create or replace function public.apply_payment_to_booking() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_booking_id uuid;
begin
  for v_booking_id in
    select distinct id from unnest(array[case when tg_op <> 'INSERT' then old.booking_id end,
                                         case when tg_op <> 'DELETE' then new.booking_id end]) as id
     where id is not null
  loop
    -- The trigger above computes the value; naming the column is what runs it.
    update public.bookings set amount_paid = amount_paid where id = v_booking_id returning * into v_booking;
    if found and v_booking.status = 'pending' and (public.payment_schedule_of(v_booking) ->> 'deposit_due')::numeric = 0 then
      update public.bookings set status = 'confirmed' where id = v_booking_id;
    end if;
  end loop;
  return null;
end
$$;

create trigger payments_apply_to_booking after insert or update or delete on public.payments
  for each row execute function public.apply_payment_to_booking();

-- Bookings made before the ledger take its sum.
update public.bookings set amount_paid = amount_paid;

-- The team records a payment that reached the company: a bank transfer, mobile money, cash or a card
-- at the office, in the booking's currency, at most what is still due. p_reference is the bank's or
-- the receipt's reference. Returns the payment.
create or replace function public.record_payment(
  p_booking_id uuid,
  p_amount numeric,
  p_method text,
  p_reference text default null,
  p_paid_at timestamptz default null
) returns public.payments
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_outstanding numeric(12, 2);
  v_payment public.payments;
begin
  if not public.is_staff_request() then
    raise exception 'Only administrators can record payments' using errcode = '42501';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if v_booking.status in ('cancelled', 'expired') then
    raise exception 'This booking is %: no payment can be recorded on it', v_booking.status using errcode = 'PT409';
  end if;
  if p_method is null or p_method not in ('bank_transfer', 'mobile_money', 'cash', 'card', 'paypal') then
    raise exception 'Please choose how the payment was made: bank transfer, mobile money, cash, card or PayPal' using errcode = '22023';
  end if;
  if p_amount is null or p_amount <= 0 then
    raise exception 'Please give the amount received' using errcode = '22023';
  end if;
  if p_amount <> round(p_amount, 2) then
    raise exception 'Please give the amount in % to the cent', v_booking.currency using errcode = '22023';
  end if;
  v_outstanding := greatest(0, v_booking.total_amount - v_booking.amount_paid);
  if p_amount > v_outstanding then
    raise exception '%', case when v_outstanding = 0 then 'This booking is paid in full'
                              else format('A payment can be at most the %s %s still due', v_booking.currency,
                                          to_char(v_outstanding, 'FM999,999,990.00')) end
      using errcode = '22023';
  end if;
  if length(btrim(coalesce(p_reference, ''))) > 200 then
    raise exception 'The payment reference is too long' using errcode = '22023';
  end if;
  insert into public.payments (booking_id, amount, currency, method, status, provider_reference, paid_at, recorded_by)
  values (v_booking.id, p_amount, v_booking.currency, p_method, 'succeeded', nullif(btrim(p_reference), ''),
          coalesce(p_paid_at, now()), auth.uid())
  returning * into v_payment;
  return v_payment;
end
$$;

revoke execute on function public.record_payment(uuid, numeric, text, text, timestamptz) from public, anon;
grant execute on function public.record_payment(uuid, numeric, text, text, timestamptz) to authenticated, service_role;

-- The events a payment provider sent that have been acted on, by the provider's event id: an event
-- delivered twice (providers retry) is recognised and changes nothing.
create table public.payment_provider_events (
  id text primary key,
  provider text not null check (provider in ('stripe')),
  type text not null,
  booking_id uuid references public.bookings (id) on delete set null,
  payment_id uuid references public.payments (id) on delete set null,
  received_at timestamptz not null default now()
);

alter table public.payment_provider_events enable row level security;
revoke all on public.payment_provider_events from anon, authenticated;
grant select on public.payment_provider_events to authenticated;

-- Admins read what the providers reported; only the server writes it.
create policy "admins read payment provider events" on public.payment_provider_events
  for select to authenticated using ((select public.is_admin()));

-- A card payment a provider reported (the server verified the event's signature), recorded in the
-- same transaction as the event id: a second delivery of the event, or another event about the same
-- checkout, records nothing. The money was taken, so it is recorded whatever the booking's status.
-- Returns {duplicate, payment_id, booking_id, booking_status}; payment_id is null when nothing was
-- recorded. A payment for a booking no longer open (its hold ran out during checkout) is recorded all
-- the same, and the status tells the server to warn the team.
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
  v_booking_id uuid;
  v_payment_id uuid;
begin
  insert into public.payment_provider_events (id, provider, type) values (p_event_id, p_provider, p_event_type)
  on conflict (id) do nothing;
  if not found then
    return jsonb_build_object('duplicate', true, 'payment_id', null, 'booking_id', null, 'booking_status', null);
  end if;
  select id into v_booking_id from public.bookings where id = p_booking_id;
  if v_booking_id is not null and p_amount > 0 then
    insert into public.payments (booking_id, amount, currency, method, status, provider, provider_reference, paid_at)
    values (v_booking_id, p_amount, upper(p_currency), 'card', 'succeeded', p_provider, p_reference, now())
    on conflict (provider, provider_reference) where provider is not null do nothing
    returning id into v_payment_id;
  end if;
  update public.payment_provider_events set booking_id = v_booking_id, payment_id = v_payment_id where id = p_event_id;
  return jsonb_build_object('duplicate', false, 'payment_id', v_payment_id, 'booking_id', v_booking_id,
                            'booking_status', (select status from public.bookings where id = v_booking_id));
end
$$;

revoke execute on function public.record_card_payment(text, text, text, uuid, numeric, text, text) from public, anon, authenticated;
grant execute on function public.record_card_payment(text, text, text, uuid, numeric, text, text) to service_role;

-- cancel_booking as before, except that amount_paid is now net of refunds: a refund is at most what
-- is paid, and lowers amount_paid (the trigger above) as it raises refunded_amount.
create or replace function public.cancel_booking(p_booking_id uuid, p_reason text default null, p_refund_amount numeric default 0)
returns public.bookings
language plpgsql volatile security definer
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
  end if;
  if v_refund < 0 or v_refund > v_booking.amount_paid then
    raise exception 'A refund can be at most the % % paid', v_booking.currency,
      to_char(v_booking.amount_paid, 'FM999,999,990.00') using errcode = '22023';
  end if;
  update public.bookings
     set status = 'cancelled',
         cancellation_reason = nullif(btrim(p_reason), ''),
         refunded_amount = refunded_amount + v_refund
   where id = p_booking_id
  returning * into v_booking;
  return v_booking;
end
$$;
