-- How a booking is paid: a deposit at booking, the balance before departure. The terms are the
-- constants of payment_terms(), the one place they are written; the schedule below, the checkout
-- amounts, the confirmation at the deposit, the daily reminders and payment_instructions read them.

-- deposit_percent    of the total, due at booking; the booking is confirmed once it is paid
-- balance_due_days   the balance is due this many days before departure; a booking made that close
--                    to departure (or closer) pays in full at booking
-- offline_hold_days  a pending booking paid by bank transfer or on arrival holds its seats this many
--                    days from booking (instead of create_booking's 48 hours): transfers take days
create or replace function public.payment_terms(
  out deposit_percent numeric,
  out balance_due_days int,
  out offline_hold_days int
)
language sql immutable
as $$
  select 30::numeric, 60, 7
$$;

-- payment_instructions.balance_due_days, which the portal reads, now follows the terms. (A stored
-- generated column: a change to payment_terms() reaches it with the next update of the row.)
alter table public.payment_instructions drop column balance_due_days;
alter table public.payment_instructions
  add column balance_due_days int generated always as ((public.payment_terms()).balance_due_days) stored;

-- How the traveler said they will pay. Informs the team and the hold; the schedule is the same for all.
alter table public.bookings
  add column payment_method text check (payment_method in ('card', 'bank_transfer', 'pay_on_arrival'));

-- The schedule of one booking, as the booking page, the portal, the checkout and the emails show it.
-- paid is bookings.amount_paid: succeeded payments less refunds (20261122001210_payments_ledger.sql).
--   deposit_amount   what is due at booking: deposit_percent of the total, or all of it when pay_in_full
--   deposit_due      what is left to pay of it
--   balance_due      what is left to pay after the deposit, by balance_due_date
--   payable          the amount each checkout kind would charge now, null where that kind does not
--                    apply: deposit (before the deposit is paid), balance (after it), full (anything
--                    left); all null once the booking is no longer pending or confirmed
-- Not granted to the API roles: booking_payment_schedule() below checks who asks.
create or replace function public.payment_schedule_of(p_booking public.bookings) returns jsonb
language plpgsql stable
set search_path = public
as $$
declare
  v_terms record;
  v_start date;
  v_in_full boolean;
  v_deposit numeric(12, 2);
  v_outstanding numeric(12, 2);
  v_deposit_due numeric(12, 2);
  v_open boolean := p_booking.status in ('pending', 'confirmed');
begin
  select * into v_terms from public.payment_terms();
  select start_date into v_start from public.tour_departures where id = p_booking.departure_id;
  v_in_full := v_start is null or v_start - p_booking.created_at::date <= v_terms.balance_due_days;
  v_deposit := case when v_in_full then p_booking.total_amount
                    else round(p_booking.total_amount * v_terms.deposit_percent / 100, 2) end;
  v_outstanding := greatest(0, p_booking.total_amount - p_booking.amount_paid);
  v_deposit_due := least(v_outstanding, greatest(0, v_deposit - p_booking.amount_paid));
  return jsonb_build_object(
    'booking_id', p_booking.id,
    'booking_reference', p_booking.booking_reference,
    'status', p_booking.status,
    'currency', p_booking.currency,
    'total', p_booking.total_amount,
    'paid', p_booking.amount_paid,
    'refunded', p_booking.refunded_amount,
    'outstanding', v_outstanding,
    'deposit_percent', v_terms.deposit_percent,
    'balance_due_days', v_terms.balance_due_days,
    'pay_in_full', v_in_full,
    'deposit_amount', v_deposit,
    'deposit_due', v_deposit_due,
    'balance_amount', p_booking.total_amount - v_deposit,
    'balance_due', v_outstanding - v_deposit_due,
    'balance_due_date', case when not v_in_full then v_start - v_terms.balance_due_days end,
    'start_date', v_start,
    'hold_expires_at', case when p_booking.status = 'pending' then p_booking.hold_expires_at end,
    'payment_method', p_booking.payment_method,
    'payable', jsonb_build_object(
      'deposit', case when v_open and not v_in_full and v_deposit_due > 0 then v_deposit_due end,
      'balance', case when v_open and not v_in_full and v_deposit_due = 0 and v_outstanding > 0 then v_outstanding end,
      'full', case when v_open and v_outstanding > 0 then v_outstanding end
    )
  );
end
$$;

revoke execute on function public.payment_schedule_of(public.bookings) from public, anon, authenticated;

-- The booking a payment request is about, for whoever may see it: its owner, the company, or anyone
-- who gives the contact email it was made with (a guest's only key). By id, by reference, or both
-- (then both must match). Anything else reads as not found, as in booking_by_reference.
create or replace function public.booking_for_payment(p_booking_id uuid, p_reference text, p_email text)
returns public.bookings
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_reference text := nullif(upper(btrim(coalesce(p_reference, ''))), '');
  v_booking public.bookings;
begin
  if p_booking_id is not null or v_reference is not null then
    select * into v_booking from public.bookings
     where (p_booking_id is null or id = p_booking_id)
       and (v_reference is null or booking_reference = v_reference);
    if found and ((auth.uid() is not null and v_booking.user_id = auth.uid())
                  or public.is_staff_request()
                  or (nullif(btrim(p_email), '') is not null and lower(v_booking.contact ->> 'email') = lower(btrim(p_email)))) then
      return v_booking;
    end if;
  end if;
  raise exception 'We could not find a booking with that reference and email' using errcode = 'PT404';
end
$$;

revoke execute on function public.booking_for_payment(uuid, text, text) from public, anon, authenticated;

-- What is paid and due on a booking, and when (payment_schedule_of above), for its owner, the company,
-- or a guest who gives the booking's contact email.
create or replace function public.booking_payment_schedule(
  p_booking_id uuid default null,
  p_reference text default null,
  p_email text default null
) returns jsonb
language sql stable security definer
set search_path = public
as $$
  select public.payment_schedule_of(public.booking_for_payment(p_booking_id, p_reference, p_email))
$$;

revoke execute on function public.booking_payment_schedule(uuid, text, text) from public;
grant execute on function public.booking_payment_schedule(uuid, text, text) to anon, authenticated, service_role;

-- The traveler says how they will pay: by card, by bank transfer, or on arrival (the ways are
-- described in payment_instructions). Paying by hand takes longer, so a pending booking paid that
-- way holds its seats offline_hold_days from booking. Returns the booking's schedule.
create or replace function public.choose_payment_method(
  p_booking_id uuid default null,
  p_method text default null,
  p_reference text default null,
  p_email text default null
) returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings := public.booking_for_payment(p_booking_id, p_reference, p_email);
begin
  if p_method is null or p_method not in ('card', 'bank_transfer', 'pay_on_arrival') then
    raise exception 'Please choose to pay by card, by bank transfer or on arrival' using errcode = '22023';
  end if;
  if v_booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking is %: there is nothing to pay', v_booking.status using errcode = 'PT409';
  end if;
  update public.bookings
     set payment_method = p_method,
         hold_expires_at = case
           when status = 'pending' and p_method in ('bank_transfer', 'pay_on_arrival')
             then greatest(hold_expires_at, created_at + make_interval(days => (public.payment_terms()).offline_hold_days))
           else hold_expires_at
         end
   where id = v_booking.id
  returning * into v_booking;
  return public.payment_schedule_of(v_booking);
end
$$;

revoke execute on function public.choose_payment_method(uuid, text, text, text) from public;
grant execute on function public.choose_payment_method(uuid, text, text, text) to anon, authenticated, service_role;

-- What a card checkout of one kind (deposit, balance or full) would charge now, for whoever may see
-- the booking; the server turns it into a Stripe Checkout Session. Refused, in words the traveler
-- understands, when that kind does not apply.
create or replace function public.checkout_amount(
  p_kind text,
  p_booking_id uuid default null,
  p_reference text default null,
  p_email text default null
) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_booking public.bookings := public.booking_for_payment(p_booking_id, p_reference, p_email);
  v_schedule jsonb := public.payment_schedule_of(v_booking);
  v_amount numeric;
begin
  if p_kind is null or p_kind not in ('deposit', 'balance', 'full') then
    raise exception 'Please choose to pay the deposit, the balance or the full amount' using errcode = '22023';
  end if;
  if v_booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking is %: there is nothing to pay', v_booking.status using errcode = 'PT409';
  end if;
  if (v_schedule ->> 'outstanding')::numeric = 0 then
    raise exception 'This booking is paid in full' using errcode = 'PT409';
  end if;
  v_amount := (v_schedule -> 'payable' ->> p_kind)::numeric;
  if v_amount is null then
    raise exception '%', case
      when p_kind = 'deposit' and (v_schedule ->> 'pay_in_full')::boolean
        then format('Your trip starts within %s days, so the full amount is due now', v_schedule ->> 'balance_due_days')
      when p_kind = 'deposit' then 'The deposit is already paid: you can pay the balance'
      when (v_schedule ->> 'pay_in_full')::boolean then 'This trip is paid in full at booking'
      else 'Please pay the deposit first, or the full amount'
    end using errcode = 'PT409';
  end if;
  return jsonb_build_object(
    'booking_id', v_booking.id,
    'booking_reference', v_booking.booking_reference,
    'kind', p_kind,
    'amount', v_amount,
    'currency', v_booking.currency,
    'email', v_booking.contact ->> 'email',
    'tour_title', (select title from public.tours where id = v_booking.tour_id),
    'hold_expires_at', v_schedule -> 'hold_expires_at'
  );
end
$$;

revoke execute on function public.checkout_amount(text, uuid, text, text) from public;
grant execute on function public.checkout_amount(text, uuid, text, text) to anon, authenticated, service_role;
