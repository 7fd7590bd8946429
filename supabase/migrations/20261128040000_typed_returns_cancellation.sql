-- cancellation_terms and cancel_booking_under_policy answer with OUT parameters instead of a jsonb
-- object, so the generated types (src/lib/database.types.ts) carry their shape. The REST API answers
-- the same JSON object as before: the same keys, values and nulls (an OUT-parameter function is one
-- object, not an array). Changing a return type takes a drop and a create: the grants and settings
-- are those they had (20261125000900_booking_changes.sql, 20261127020000_company_today.sql).

drop function public.cancellation_terms(uuid);

create function public.cancellation_terms(
  p_booking_id uuid,
  out days_before int,
  out fee_percent numeric,
  out fee numeric,
  out paid numeric,
  out fee_kept numeric,
  out refund numeric,
  out currency text
) returns record
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_zone text := public.company_time_zone();
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
  v_days := greatest(0, coalesce(v_start, public.company_today()) - (now() at time zone v_zone)::date);
  select t.fee_percent into v_percent from public.cancellation_policy_tiers t where t.min_days_before <= v_days
   order by t.min_days_before desc limit 1;
  v_percent := coalesce(v_percent, 100);
  v_fee := round(v_booking.total_amount * v_percent / 100, 2);
  days_before := v_days;
  fee_percent := v_percent;
  fee := v_fee;
  paid := v_booking.amount_paid;
  fee_kept := least(v_fee, v_booking.amount_paid);
  refund := greatest(0, v_booking.amount_paid - v_fee);
  currency := v_booking.currency;
end
$$;

comment on function public.cancellation_terms(uuid) is
  'What cancelling a booking under the policy would cost now: the days before departure, the fee tier and fee, what was paid, what the fee keeps and what goes back (booking staff).';

revoke execute on function public.cancellation_terms(uuid) from public, anon;
grant execute on function public.cancellation_terms(uuid) to authenticated, service_role;

-- The refund it owes comes from cancellation_terms' refund, read as a column now.
drop function public.cancel_booking_under_policy(uuid, text, boolean);

create function public.cancel_booking_under_policy(
  p_booking_id uuid,
  p_reason text,
  p_waive_fee boolean default false,
  out booking public.bookings,
  out fee_kept numeric,
  out refund numeric,
  out waived boolean
) returns record
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_policy_refund numeric(12, 2);
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
  select t.refund into v_policy_refund from public.cancellation_terms(p_booking_id) t;
  v_refund := case when coalesce(p_waive_fee, false) then v_booking.amount_paid else v_policy_refund end;
  perform public.set_audit_reason(case when coalesce(p_waive_fee, false) then 'Fee waived: ' || v_reason else v_reason end);
  update public.bookings
     set status = 'cancelled', cancelled_at = now(), cancellation_reason = v_reason
   where id = p_booking_id
  returning * into v_booking;
  perform public.owe_refund(v_booking, v_refund);
  select * into v_booking from public.bookings where id = p_booking_id;
  booking := v_booking;
  fee_kept := v_booking.amount_paid;
  refund := v_refund;
  waived := coalesce(p_waive_fee, false);
end
$$;

comment on function public.cancel_booking_under_policy(uuid, text, boolean) is
  'Cancels a booking under the policy (booking staff): keeps the fee cancellation_terms gives, or none when waived, and owes the rest back as a refund_due payment; answers the booking, the fee kept, the refund owed and whether the fee was waived.';

revoke execute on function public.cancel_booking_under_policy(uuid, text, boolean) from public, anon;
grant execute on function public.cancel_booking_under_policy(uuid, text, boolean) to authenticated, service_role;
