-- Changing and cancelling a booking from the back office: the company's cancellation policy (fee
-- tiers by days before departure), a cancellation priced by it (waivable, with a reason), and a move
-- to another departure priced afresh, with its seats moved in the same transaction.

-- The policy: cancelling at least min_days_before days before departure costs fee_percent of the
-- booking's total. The tier with the largest min_days_before not above the days left applies.
create table public.cancellation_policy_tiers (
  min_days_before int primary key check (min_days_before >= 0 and min_days_before <= 730),
  fee_percent numeric(5, 2) not null check (fee_percent between 0 and 100)
);

comment on table public.cancellation_policy_tiers is
  'Cancellation fees by days before departure; read by cancellation_terms() and the settings screen.';

insert into public.cancellation_policy_tiers (min_days_before, fee_percent) values
  (60, 30),   -- two months or more ahead: the deposit
  (30, 50),
  (15, 75),
  (0, 100);

alter table public.cancellation_policy_tiers enable row level security;
revoke all on public.cancellation_policy_tiers from anon, authenticated;
grant select, insert, update, delete on public.cancellation_policy_tiers to authenticated;

-- Booking staff read the policy they apply; admins change it (settings).
create policy "booking staff read cancellation tiers" on public.cancellation_policy_tiers
  for select to authenticated using ((select public.has_permission('bookings.read')) or (select public.has_permission('settings.write')));
create policy "settings admins add cancellation tiers" on public.cancellation_policy_tiers
  for insert to authenticated with check ((select public.has_permission('settings.write')));
create policy "settings admins change cancellation tiers" on public.cancellation_policy_tiers
  for update to authenticated using ((select public.has_permission('settings.write'))) with check ((select public.has_permission('settings.write')));
create policy "settings admins remove cancellation tiers" on public.cancellation_policy_tiers
  for delete to authenticated using ((select public.has_permission('settings.write')));

create trigger cancellation_policy_tiers_audited after insert or update or delete on public.cancellation_policy_tiers
  for each row execute function public.record_audit('min_days_before');

-- What cancelling the booking today costs under the policy: the days left before departure, the
-- tier's percent, the fee (never more than what was paid: the company keeps at most that), and the
-- refund owed. Booking staff only.
create or replace function public.cancellation_terms(p_booking_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_start date;
  v_days int;
  v_percent numeric;
  v_fee numeric(12, 2);
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may cancel a booking under the policy' using errcode = '42501';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  select start_date into v_start from public.tour_departures where id = v_booking.departure_id;
  v_days := greatest(0, coalesce(v_start, current_date) - (now() at time zone 'Africa/Dar_es_Salaam')::date);
  select fee_percent into v_percent from public.cancellation_policy_tiers where min_days_before <= v_days
   order by min_days_before desc limit 1;
  v_percent := coalesce(v_percent, 100);
  v_fee := round(v_booking.total_amount * v_percent / 100, 2);
  return jsonb_build_object(
    'days_before', v_days,
    'fee_percent', v_percent,
    'fee', v_fee,
    'paid', v_booking.amount_paid,
    'fee_kept', least(v_fee, v_booking.amount_paid),
    'refund', greatest(0, v_booking.amount_paid - v_fee),
    'currency', v_booking.currency);
end
$$;

-- Money owed back to a client: a refund_due payment the team marks refunded once returned
-- (mark_payment_refunded), and the booking's refunded_amount, so amount_paid is what the company keeps.
create or replace function public.owe_refund(p_booking public.bookings, p_amount numeric) returns void
language plpgsql volatile security definer
set search_path = public
as $$
begin
  if p_amount <= 0 then
    return;
  end if;
  insert into public.payments (booking_id, amount, currency, method, status, recorded_by)
  values (p_booking.id, p_amount, p_booking.currency,
          coalesce((select method from public.payments where booking_id = p_booking.id and status = 'succeeded' order by paid_at desc nulls last limit 1), 'bank_transfer'),
          'refund_due', auth.uid());
  update public.bookings set refunded_amount = refunded_amount + p_amount where id = p_booking.id;
end
$$;

-- Cancels a pending or confirmed booking under the policy: the fee is kept from what was paid and the
-- rest is owed back. Waiving the fee owes back everything paid. A reason is required, and is kept in
-- the audit log with the change. Returns { booking, fee_kept, refund }.
create or replace function public.cancel_booking_under_policy(p_booking_id uuid, p_reason text, p_waive_fee boolean default false)
returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_terms jsonb;
  v_refund numeric(12, 2);
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may cancel a booking under the policy' using errcode = '42501';
  end if;
  if v_reason is null then
    raise exception 'Please give the reason for the cancellation' using errcode = '22023';
  end if;
  if length(v_reason) > 500 then
    raise exception 'The reason is too long' using errcode = '22023';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if v_booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking is %: it cannot be cancelled', v_booking.status using errcode = 'PT409';
  end if;
  v_terms := public.cancellation_terms(p_booking_id);
  v_refund := case when coalesce(p_waive_fee, false) then v_booking.amount_paid else (v_terms ->> 'refund')::numeric end;
  perform public.set_audit_reason(case when coalesce(p_waive_fee, false) then 'Fee waived: ' || v_reason else v_reason end);
  update public.bookings
     set status = 'cancelled', cancelled_at = now(), cancellation_reason = v_reason
   where id = p_booking_id
  returning * into v_booking;
  perform public.owe_refund(v_booking, v_refund);
  select * into v_booking from public.bookings where id = p_booking_id;
  return jsonb_build_object('booking', to_jsonb(v_booking), 'fee_kept', v_booking.amount_paid, 'refund', v_refund, 'waived', coalesce(p_waive_fee, false));
end
$$;

-- Moves a pending or confirmed booking to another departure (of its tour or another), priced afresh
-- for the same travelers and extras by quote_booking, which also refuses a full, cancelled or past
-- departure in its words. The seats leave the old departure and take the new one in this
-- transaction (bookings_hold_seats). When the new price is below what was paid, the difference is
-- owed back. A reason is required. Returns { booking, previous_total, total, difference }.
create or replace function public.move_booking(p_booking_id uuid, p_departure_id uuid, p_reason text)
returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_departure public.tour_departures;
  v_quote jsonb;
  v_previous numeric(12, 2);
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may move a booking' using errcode = '42501';
  end if;
  if v_reason is null then
    raise exception 'Please give the reason for the move' using errcode = '22023';
  end if;
  if length(v_reason) > 500 then
    raise exception 'The reason is too long' using errcode = '22023';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if v_booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking is %: it cannot be moved', v_booking.status using errcode = 'PT409';
  end if;
  if p_departure_id is null then
    raise exception 'Please choose the departure to move to' using errcode = '22023';
  end if;
  if p_departure_id = v_booking.departure_id then
    raise exception 'The booking is on this departure already' using errcode = '22023';
  end if;
  select * into v_departure from public.tour_departures where id = p_departure_id for update;
  if not found then
    raise exception 'This departure could not be found' using errcode = 'PT404';
  end if;
  -- The same promo code when it still applies; priced without it otherwise.
  begin
    v_quote := public.quote_booking(p_departure_id, v_booking.adults, v_booking.children, coalesce(v_booking.extras, '[]'),
                                    v_booking.promo_code, v_departure.tour_id, null, v_booking.contact ->> 'email');
  exception when sqlstate '22023' or sqlstate 'PT404' then
    if v_booking.promo_code is null then
      raise;
    end if;
    v_quote := public.quote_booking(p_departure_id, v_booking.adults, v_booking.children, coalesce(v_booking.extras, '[]'),
                                    null, v_departure.tour_id, null, null);
  end;
  v_previous := v_booking.total_amount;
  perform public.set_audit_reason(v_reason);
  update public.bookings
     set departure_id = p_departure_id,
         tour_id = v_departure.tour_id,
         total_amount = (v_quote ->> 'total')::numeric,
         price_breakdown = v_quote -> 'lines',
         promo_code = v_quote ->> 'promo_code'
   where id = p_booking_id
  returning * into v_booking;
  perform public.owe_refund(v_booking, v_booking.amount_paid - v_booking.total_amount);
  select * into v_booking from public.bookings where id = p_booking_id;
  return jsonb_build_object('booking', to_jsonb(v_booking), 'previous_total', v_previous, 'total', v_booking.total_amount,
                            'difference', v_booking.total_amount - v_previous);
end
$$;

revoke execute on function public.owe_refund(public.bookings, numeric) from public, anon, authenticated;
grant execute on function public.cancellation_terms(uuid), public.cancel_booking_under_policy(uuid, text, boolean),
  public.move_booking(uuid, uuid, text) to authenticated;
