-- move_booking and change_booking_party answer with OUT parameters instead of a jsonb object, so the
-- generated types (src/lib/database.types.ts) carry their shape: the booking as it is now, its total
-- before and after, and the difference. The REST API answers the same JSON object as before. A
-- return type changes by a drop and a create: the grants and settings are those they had
-- (20261125000900_booking_changes.sql, 20261126000700_change_booking_party.sql).

drop function public.move_booking(uuid, uuid, text);

create function public.move_booking(
  p_booking_id uuid,
  p_departure_id uuid,
  p_reason text,
  out booking public.bookings,
  out previous_total numeric,
  out total numeric,
  out difference numeric
) returns record
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
  booking := v_booking;
  previous_total := v_previous;
  total := v_booking.total_amount;
  difference := v_booking.total_amount - v_previous;
end
$$;

comment on function public.move_booking(uuid, uuid, text) is
  'Moves a booking to another departure (booking staff), priced again for it; answers the booking, its total before and after, and the difference.';

revoke execute on function public.move_booking(uuid, uuid, text) from public, anon;
grant execute on function public.move_booking(uuid, uuid, text) to authenticated, service_role;

drop function public.change_booking_party(uuid, integer, integer, jsonb, text);

create function public.change_booking_party(
  p_booking_id uuid,
  p_adults integer,
  p_children integer,
  p_extras jsonb,
  p_reason text,
  out booking public.bookings,
  out previous_total numeric,
  out total numeric,
  out difference numeric
) returns record
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_departure public.tour_departures;
  v_quote jsonb;
  v_previous numeric(12, 2);
  v_extras jsonb := coalesce(p_extras, '[]');
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may change who travels on a booking' using errcode = '42501';
  end if;
  if v_reason is null then
    raise exception 'Please give the reason for the change' using errcode = '22023';
  end if;
  if length(v_reason) > 500 then
    raise exception 'The reason is too long' using errcode = '22023';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if v_booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking is %: who travels cannot be changed', v_booking.status using errcode = 'PT409';
  end if;
  select * into v_departure from public.tour_departures where id = v_booking.departure_id for update;
  if not found or v_departure.is_private then
    raise exception 'A private trip is priced for its party: set its price by hand with a reason instead' using errcode = 'PT409';
  end if;
  if p_adults is not distinct from v_booking.adults and coalesce(p_children, 0) = v_booking.children
     and v_extras = (select coalesce(jsonb_agg(jsonb_build_object('code', e ->> 'code', 'quantity', (e ->> 'quantity')::int)), '[]')
                       from jsonb_array_elements(case when jsonb_typeof(v_booking.extras) = 'array' then v_booking.extras else '[]' end) e) then
    raise exception 'Nothing has changed' using errcode = '22023';
  end if;

  -- The same promo code when it still applies; priced without it otherwise.
  begin
    v_quote := public.quote_booking(v_departure.id, p_adults, coalesce(p_children, 0), v_extras, v_booking.promo_code,
                                    v_departure.tour_id, null, v_booking.contact ->> 'email', v_booking.adults + v_booking.children);
  exception when sqlstate '22023' or sqlstate 'PT404' then
    if v_booking.promo_code is null then
      raise;
    end if;
    v_quote := public.quote_booking(v_departure.id, p_adults, coalesce(p_children, 0), v_extras, null,
                                    v_departure.tour_id, null, null, v_booking.adults + v_booking.children);
  end;

  v_previous := v_booking.total_amount;
  perform public.set_audit_reason(v_reason);
  update public.bookings
     set adults = p_adults,
         children = coalesce(p_children, 0),
         extras = coalesce((select jsonb_agg(jsonb_build_object('code', l ->> 'code', 'name', l ->> 'label', 'quantity', l -> 'quantity',
                                                                'unit_price', l -> 'unit_price', 'amount', l -> 'amount'))
                              from jsonb_array_elements(v_quote -> 'lines') l where l ->> 'kind' = 'extra'), '[]'),
         total_amount = (v_quote ->> 'total')::numeric,
         price_breakdown = v_quote -> 'lines',
         promo_code = v_quote ->> 'promo_code',
         -- The details of those still travelling are kept; the office completes the rest.
         travelers = coalesce((select jsonb_agg(t order by n) from jsonb_array_elements(v_booking.travelers) with ordinality as x(t, n)
                                where n <= p_adults + coalesce(p_children, 0)), '[]')
   where id = p_booking_id
  returning * into v_booking;
  perform public.owe_refund(v_booking, v_booking.amount_paid - v_booking.total_amount);
  select * into v_booking from public.bookings where id = p_booking_id;
  booking := v_booking;
  previous_total := v_previous;
  total := v_booking.total_amount;
  difference := v_booking.total_amount - v_previous;
end
$$;

comment on function public.change_booking_party(uuid, integer, integer, jsonb, text) is
  'Changes who travels on a booking (booking staff): adults, children and extras, priced again; answers the booking, its total before and after, and the difference.';

revoke execute on function public.change_booking_party(uuid, integer, integer, jsonb, text) from public, anon;
grant execute on function public.change_booking_party(uuid, integer, integer, jsonb, text) to authenticated, service_role;
