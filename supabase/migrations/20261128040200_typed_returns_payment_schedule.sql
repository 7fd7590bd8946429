-- A booking's payment schedule (payment_schedule_of) is a composite type, payment_schedule, instead
-- of a jsonb object: booking_payment_schedule and choose_payment_method return it, confirm_booking_email
-- and checkout_amount answer with OUT parameters, so the generated types (src/lib/database.types.ts)
-- carry their shape. The REST API answers the same JSON objects as before (the same keys, values and
-- nulls; payable is an object in each). The functions that read the schedule with ->> read its
-- fields now: checkout_amount, apply_payment_to_booking, run_booking_schedule and
-- booking_document_data; server/jobs/booking-emails.ts puts it in a jsonb object, which writes it as
-- the same object. A return type changes by a drop and a create: the grants and settings are those
-- they had (20261122001200_payment_schedule.sql and later).

-- What can be paid now: null for a kind of payment that cannot be made.
create type public.payment_schedule_payable as (
  deposit numeric,
  balance numeric,
  "full" numeric
);

comment on type public.payment_schedule_payable is
  'What a booking can pay now by kind (deposit, balance, full), null for a payment it cannot make; part of payment_schedule.';

create type public.payment_schedule as (
  booking_id uuid,
  booking_reference text,
  status text,
  currency text,
  total numeric,
  paid numeric,
  refunded numeric,
  outstanding numeric,
  deposit_percent numeric,
  balance_due_days int,
  pay_in_full boolean,
  deposit_amount numeric,
  deposit_due numeric,
  balance_amount numeric,
  balance_due numeric,
  balance_due_date date,
  start_date date,
  hold_expires_at timestamptz,
  payment_method text,
  payable public.payment_schedule_payable
);

comment on type public.payment_schedule is
  'A booking''s payment schedule: totals, deposit and balance, when the balance falls due, and what can be paid now (payment_schedule_of).';

drop function public.payment_schedule_of(public.bookings);

create function public.payment_schedule_of(p_booking public.bookings) returns public.payment_schedule
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
  v_schedule public.payment_schedule;
  v_payable public.payment_schedule_payable;
begin
  select * into v_terms from public.payment_terms();
  select start_date into v_start from public.tour_departures where id = p_booking.departure_id;
  v_in_full := v_start is null or v_start - (p_booking.created_at at time zone public.company_time_zone())::date <= v_terms.balance_due_days;
  v_deposit := case when v_in_full then p_booking.total_amount
                    else round(p_booking.total_amount * v_terms.deposit_percent / 100, 2) end;
  v_outstanding := greatest(0, p_booking.total_amount - p_booking.amount_paid);
  v_deposit_due := least(v_outstanding, greatest(0, v_deposit - p_booking.amount_paid));
  v_schedule.booking_id := p_booking.id;
  v_schedule.booking_reference := p_booking.booking_reference;
  v_schedule.status := p_booking.status;
  v_schedule.currency := p_booking.currency;
  v_schedule.total := p_booking.total_amount;
  v_schedule.paid := p_booking.amount_paid;
  v_schedule.refunded := p_booking.refunded_amount;
  v_schedule.outstanding := v_outstanding;
  v_schedule.deposit_percent := v_terms.deposit_percent;
  v_schedule.balance_due_days := v_terms.balance_due_days;
  v_schedule.pay_in_full := v_in_full;
  v_schedule.deposit_amount := v_deposit;
  v_schedule.deposit_due := v_deposit_due;
  v_schedule.balance_amount := p_booking.total_amount - v_deposit;
  v_schedule.balance_due := v_outstanding - v_deposit_due;
  v_schedule.balance_due_date := case when not v_in_full then v_start - v_terms.balance_due_days end;
  v_schedule.start_date := v_start;
  v_schedule.hold_expires_at := case when p_booking.status = 'pending' then p_booking.hold_expires_at end;
  v_schedule.payment_method := p_booking.payment_method;
  v_payable.deposit := case when v_open and not v_in_full and v_deposit_due > 0 then v_deposit_due end;
  v_payable.balance := case when v_open and not v_in_full and v_deposit_due = 0 and v_outstanding > 0 then v_outstanding end;
  v_payable."full" := case when v_open and v_outstanding > 0 then v_outstanding end;
  v_schedule.payable := v_payable;
  return v_schedule;
end
$$;

comment on function public.payment_schedule_of(public.bookings) is
  'A booking''s payment schedule under the payment terms. Internal: read through booking_payment_schedule() and the payment functions.';

revoke execute on function public.payment_schedule_of(public.bookings) from public, anon, authenticated;
grant execute on function public.payment_schedule_of(public.bookings) to service_role;

drop function public.booking_payment_schedule(uuid, text, text);

create function public.booking_payment_schedule(p_booking_id uuid default null, p_reference text default null, p_email text default null)
returns public.payment_schedule
language sql stable security definer
set search_path = public
as $$
  select s.* from public.payment_schedule_of(public.booking_for_payment(p_booking_id, p_reference, p_email)) s
$$;

comment on function public.booking_payment_schedule(uuid, text, text) is
  'A booking''s payment schedule, for its traveler, booking staff, or a guest giving its reference and contact email.';

revoke execute on function public.booking_payment_schedule(uuid, text, text) from public;
grant execute on function public.booking_payment_schedule(uuid, text, text) to anon, authenticated, service_role;

drop function public.choose_payment_method(uuid, text, text, text);

create function public.choose_payment_method(p_booking_id uuid default null, p_method text default null, p_reference text default null,
                                             p_email text default null)
returns public.payment_schedule
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
  v_booking.payment_method := p_method;
  update public.bookings set payment_method = p_method, hold_expires_at = public.hold_for(v_booking)
   where id = v_booking.id
  returning * into v_booking;
  return public.payment_schedule_of(v_booking);
end
$$;

comment on function public.choose_payment_method(uuid, text, text, text) is
  'Sets how an open booking will be paid (card, bank transfer, on arrival), which sets how long its seats are held; answers its payment schedule.';

revoke execute on function public.choose_payment_method(uuid, text, text, text) from public;
grant execute on function public.choose_payment_method(uuid, text, text, text) to anon, authenticated, service_role;

drop function public.confirm_booking_email(text, text);

create function public.confirm_booking_email(
  p_reference text,
  p_token text,
  out booking_id uuid,
  out booking_reference text,
  out status text,
  out currency text,
  out total numeric,
  out paid numeric,
  out refunded numeric,
  out outstanding numeric,
  out deposit_percent numeric,
  out balance_due_days int,
  out pay_in_full boolean,
  out deposit_amount numeric,
  out deposit_due numeric,
  out balance_amount numeric,
  out balance_due numeric,
  out balance_due_date date,
  out start_date date,
  out hold_expires_at timestamptz,
  out payment_method text,
  out payable public.payment_schedule_payable,
  out contact_verified boolean
) returns record
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_schedule public.payment_schedule;
begin
  select b.* into v_booking from public.bookings b
    join public.booking_contact_tokens t on t.booking_id = b.id
   where b.booking_reference = upper(btrim(coalesce(p_reference, '')))
     and t.token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
   for update of b;
  if not found then
    raise exception 'This link is not valid for this booking: please use the latest booking email we sent' using errcode = 'PT404';
  end if;
  if v_booking.status = 'expired' or (v_booking.status = 'pending' and v_booking.hold_expires_at <= now()) then
    raise exception 'We no longer hold seats for this booking: the hold ended before the email was confirmed. Please book again, or call us and we will see what is still available.'
      using errcode = 'PT409';
  end if;
  v_booking.contact_verified_at := coalesce(v_booking.contact_verified_at, now());
  update public.bookings set contact_verified_at = v_booking.contact_verified_at, hold_expires_at = public.hold_for(v_booking)
   where id = v_booking.id
  returning * into v_booking;
  -- Its payment schedule, and that the email is confirmed.
  v_schedule := public.payment_schedule_of(v_booking);
  booking_id := v_schedule.booking_id;
  booking_reference := v_schedule.booking_reference;
  status := v_schedule.status;
  currency := v_schedule.currency;
  total := v_schedule.total;
  paid := v_schedule.paid;
  refunded := v_schedule.refunded;
  outstanding := v_schedule.outstanding;
  deposit_percent := v_schedule.deposit_percent;
  balance_due_days := v_schedule.balance_due_days;
  pay_in_full := v_schedule.pay_in_full;
  deposit_amount := v_schedule.deposit_amount;
  deposit_due := v_schedule.deposit_due;
  balance_amount := v_schedule.balance_amount;
  balance_due := v_schedule.balance_due;
  balance_due_date := v_schedule.balance_due_date;
  start_date := v_schedule.start_date;
  hold_expires_at := v_schedule.hold_expires_at;
  payment_method := v_schedule.payment_method;
  payable := v_schedule.payable;
  contact_verified := true;
end
$$;

comment on function public.confirm_booking_email(text, text) is
  'Confirms a booking''s contact email with the token of its email link, which holds its seats longer; answers its payment schedule and contact_verified.';

revoke execute on function public.confirm_booking_email(text, text) from public;
grant execute on function public.confirm_booking_email(text, text) to anon, authenticated, service_role;

drop function public.checkout_amount(text, uuid, text, text);

create function public.checkout_amount(
  p_kind text,
  p_booking_id uuid default null,
  p_reference text default null,
  p_email text default null,
  out booking_id uuid,
  out booking_reference text,
  out kind text,
  out amount numeric,
  out currency text,
  out email text,
  out tour_title text,
  out hold_expires_at timestamptz
) returns record
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_booking public.bookings := public.booking_for_payment(p_booking_id, p_reference, p_email);
  v_schedule public.payment_schedule := public.payment_schedule_of(v_booking);
  v_amount numeric;
begin
  if p_kind is null or p_kind not in ('deposit', 'balance', 'full') then
    raise exception 'Please choose to pay the deposit, the balance or the full amount' using errcode = '22023';
  end if;
  if v_booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking is %: there is nothing to pay', v_booking.status using errcode = 'PT409';
  end if;
  if v_schedule.outstanding = 0 then
    raise exception 'This booking is paid in full' using errcode = 'PT409';
  end if;
  v_amount := case p_kind when 'deposit' then (v_schedule.payable).deposit
                          when 'balance' then (v_schedule.payable).balance
                          else (v_schedule.payable)."full" end;
  if v_amount is null then
    raise exception '%', case
      when p_kind = 'deposit' and v_schedule.pay_in_full
        then format('Your trip starts within %s days, so the full amount is due now', v_schedule.balance_due_days)
      when p_kind = 'deposit' then 'The deposit is already paid: you can pay the balance'
      when v_schedule.pay_in_full then 'This trip is paid in full at booking'
      else 'Please pay the deposit first, or the full amount'
    end using errcode = 'PT409';
  end if;
  booking_id := v_booking.id;
  booking_reference := v_booking.booking_reference;
  kind := p_kind;
  amount := v_amount;
  currency := v_booking.currency;
  email := v_booking.contact ->> 'email';
  tour_title := (select t.title from public.tours t where t.id = v_booking.tour_id);
  hold_expires_at := v_schedule.hold_expires_at;
end
$$;

comment on function public.checkout_amount(text, uuid, text, text) is
  'What a card checkout of a booking charges for the deposit, the balance or the full amount, refused when that payment cannot be made now.';

revoke execute on function public.checkout_amount(text, uuid, text, text) from public;
grant execute on function public.checkout_amount(text, uuid, text, text) to anon, authenticated, service_role;

-- The functions that read the schedule, unchanged but for reading its fields.
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
    if found and v_booking.status = 'pending' and (public.payment_schedule_of(v_booking)).deposit_due = 0 then
      update public.bookings set status = 'confirmed' where id = v_booking_id;
    end if;
  end loop;
  return null;
end
$$;

create or replace function public.run_booking_schedule() returns jsonb
language plpgsql security definer
set search_path = public
as $$
declare
  v_reminder_days constant int := 7;
  v_pre_departure_days constant int := 7;
  v_review_window_days constant int := 30;
  v_completed int;
  v_reminders int;
  v_pre_departure int;
  v_reviews int;
begin
  update public.bookings b
     set status = 'completed'
    from public.tour_departures d
   where d.id = b.departure_id and b.status = 'confirmed' and d.end_date < public.company_today();
  get diagnostics v_completed = row_count;

  insert into public.booking_notifications (booking_id, kind)
  select b.id, 'balance_reminder'
    from public.bookings b
    cross join lateral public.payment_schedule_of(b) s
   where b.status = 'confirmed'
     and s.balance_due > 0
     and s.balance_due_date <= public.company_today() + v_reminder_days
  on conflict do nothing;
  get diagnostics v_reminders = row_count;

  insert into public.booking_notifications (booking_id, kind)
  select b.id, 'pre_departure'
    from public.bookings b
    join public.tour_departures d on d.id = b.departure_id
   where b.status = 'confirmed'
     and d.start_date between public.company_today() and public.company_today() + v_pre_departure_days
  on conflict do nothing;
  get diagnostics v_pre_departure = row_count;

  insert into public.booking_notifications (booking_id, kind)
  select b.id, 'review_request'
    from public.bookings b
    join public.tour_departures d on d.id = b.departure_id
   where b.status = 'completed'
     and d.end_date < public.company_today()
     and d.end_date >= public.company_today() - v_review_window_days
  on conflict do nothing;
  get diagnostics v_reviews = row_count;

  return jsonb_build_object('completed', v_completed, 'balance_reminders', v_reminders,
                            'pre_departure', v_pre_departure, 'review_requests', v_reviews);
end
$$;

create or replace function public.booking_document_data(p_booking_id uuid) returns jsonb
language sql stable security definer
set search_path = public
as $$
  select jsonb_build_object(
    'today', public.company_today(),
    'company', (select jsonb_build_object(
                  'name', coalesce(br.company_name, 'Kilele Safaris'), 'tagline', br.tagline, 'address', br.address,
                  'phone', br.phone, 'email', br.email, 'logo_url', br.logo_url, 'primary_color', coalesce(br.primary_color, '#e39f48'))
                  from (select 1) one left join public.branding_settings br on br.is_active limit 1),
    'bank', (select jsonb_build_object('bank_name', pi.bank_name, 'account_name', pi.account_name, 'account_number', pi.account_number,
                                       'swift_code', pi.swift_code, 'branch', pi.branch, 'currency', pi.currency)
               from public.payment_instructions pi where pi.is_active limit 1),
    'booking', jsonb_build_object(
      'id', b.id, 'reference', b.booking_reference, 'status', b.status, 'currency', b.currency, 'booked_on', (b.created_at at time zone public.company_time_zone())::date,
      'adults', b.adults, 'children', b.children,
      'travelers', coalesce((select jsonb_agg(t ->> 'full_name') from jsonb_array_elements(b.travelers) t where nullif(btrim(t ->> 'full_name'), '') is not null), '[]'),
      'client', jsonb_build_object('name', coalesce(nullif(btrim(b.contact ->> 'full_name'), ''), u.full_name),
                                   'email', coalesce(nullif(btrim(b.contact ->> 'email'), ''), u.email),
                                   'phone', coalesce(nullif(btrim(b.contact ->> 'phone'), ''), u.phone))),
    'tour', jsonb_build_object('title', t.title),
    'departure', case when d.id is not null then jsonb_build_object('start_date', d.start_date, 'end_date', d.end_date) end,
    'lines', coalesce((select jsonb_agg(jsonb_build_object(
                                 'label', l ->> 'label', 'quantity', coalesce((l ->> 'quantity')::numeric, 1),
                                 'unit_price', ((l ->> 'unit_price')::numeric(14, 2))::text, 'amount', ((l ->> 'amount')::numeric(14, 2))::text)
                               order by ord)
                         from jsonb_array_elements(case when jsonb_typeof(b.price_breakdown) = 'array' then b.price_breakdown else '[]' end) with ordinality as x(l, ord)), '[]'),
    'total', b.total_amount::text,
    'paid', b.amount_paid::text,
    'balance', s.outstanding::numeric(14, 2)::text,
    'deposit_due', s.deposit_due::numeric(14, 2)::text,
    'balance_due', s.balance_due::numeric(14, 2)::text,
    'balance_due_date', s.balance_due_date,
    'pay_in_full', s.pay_in_full,
    'payments', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'amount', p.amount::text, 'currency', p.currency, 'method', p.method,
                                                              'paid_on', (coalesce(p.paid_at, p.created_at) at time zone public.company_time_zone())::date,
                                                              'reference', p.provider_reference)
                                           order by p.created_at, p.id)
                            from public.payments p where p.booking_id = b.id and p.status = 'succeeded'), '[]')
  )
    from public.bookings b
    cross join lateral public.payment_schedule_of(b) s
    join public.tours t on t.id = b.tour_id
    left join public.tour_departures d on d.id = b.departure_id
    left join public.users u on u.id = b.user_id
   where b.id = p_booking_id
$$;
