-- quote_booking learns the seats a party already holds on the departure (p_seats_held), so that
-- changing a booking's party is priced and checked against the seats really left: a booking of 4
-- on a full departure may go down to 3, or up to 5 when one seat is free. Only booking staff's
-- calls count it (a visitor's quote is of seats not yet held). Otherwise as in
-- 20261125000500_policies_by_permission.sql.

drop function public.quote_booking(uuid, int, int, jsonb, text, uuid, date, text);

create or replace function public.quote_booking(
  p_departure_id uuid default null,
  p_adults int default 1,
  p_children int default 0,
  p_extras jsonb default '[]',
  p_promo_code text default null,
  p_tour_id uuid default null,
  p_start_date date default null,
  p_email text default null,
  p_seats_held int default 0
) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_adults int := coalesce(p_adults, 0);
  v_children int := coalesce(p_children, 0);
  v_party int;
  v_tour public.tours;
  v_departure public.tour_departures;
  v_season public.tour_seasons;
  v_start date;
  v_end date;
  v_season_name text;
  v_adult_price numeric(10, 2);
  v_child_price numeric(10, 2);
  v_left int;
  v_lines jsonb := '[]';
  v_total numeric(12, 2) := 0;
  v_amount numeric(12, 2);
  v_tour_amount numeric(12, 2);
  v_discount public.tour_group_discounts;
  v_item jsonb;
  v_code text;
  v_quantity numeric;
  v_extra public.tour_extras;
  v_chosen text[] := '{}';
  v_promo public.promo_codes;
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_customer uuid := case when public.has_permission('bookings.write') then null else auth.uid() end;
begin
  if v_adults < 0 or v_children < 0 or v_adults + v_children < 1 then
    raise exception 'Please choose at least one traveler' using errcode = '22023';
  end if;
  if v_adults < 1 then
    raise exception 'Children must travel with at least one adult' using errcode = '22023';
  end if;
  v_party := v_adults + v_children;

  if p_departure_id is not null then
    select * into v_departure from public.tour_departures where id = p_departure_id and not is_private;
    if not found then
      raise exception 'This departure could not be found' using errcode = 'PT404';
    end if;
    if p_tour_id is not null and p_tour_id <> v_departure.tour_id then
      raise exception 'This departure does not belong to the tour' using errcode = '22023';
    end if;
    select * into v_tour from public.tours where id = v_departure.tour_id and status = 'active';
    if not found then
      raise exception 'This tour is not available for booking' using errcode = 'PT404';
    end if;
    if v_departure.status = 'cancelled' then
      raise exception 'This departure has been cancelled' using errcode = 'PT409';
    end if;
    if v_departure.start_date <= current_date then
      raise exception 'This departure date has passed' using errcode = '22023';
    end if;
    v_left := v_departure.capacity - v_departure.seats_booked
              + case when public.has_permission('bookings.write') then greatest(coalesce(p_seats_held, 0), 0) else 0 end;
    if v_left <= 0 then
      raise exception 'This departure is sold out' using errcode = 'PT409';
    end if;
    if v_left < v_party then
      raise exception '%', case when v_left = 1 then 'Only 1 seat is left on this departure'
                                else format('Only %s seats are left on this departure', v_left) end
        using errcode = 'PT409';
    end if;
    v_start := v_departure.start_date;
    v_end := v_departure.end_date;
    v_season_name := v_departure.season;
    v_adult_price := coalesce(v_departure.price_override, v_tour.base_price);
    v_child_price := coalesce(v_departure.child_price_override, v_tour.child_price, v_adult_price);
  elsif p_tour_id is not null and p_start_date is not null then
    select * into v_tour from public.tours where id = p_tour_id and status = 'active';
    if not found then
      raise exception 'This tour is not available for booking' using errcode = 'PT404';
    end if;
    if not v_tour.is_private then
      raise exception 'Please choose one of the scheduled departures of this tour' using errcode = '22023';
    end if;
    if p_start_date <= current_date then
      raise exception 'Please choose a start date in the future' using errcode = '22023';
    end if;
    select * into v_season from public.tour_seasons
     where tour_id = v_tour.id and p_start_date between starts_on and ends_on
     order by starts_on desc
     limit 1;
    if not found then
      raise exception 'This private trip is not offered on that date' using errcode = '22023';
    end if;
    if v_tour.group_size_max is not null and v_party > v_tour.group_size_max then
      raise exception 'This trip takes at most % travelers', v_tour.group_size_max using errcode = '22023';
    end if;
    if v_party < v_tour.group_size_min then
      raise exception 'This trip needs at least % travelers', v_tour.group_size_min using errcode = '22023';
    end if;
    v_start := p_start_date;
    v_end := p_start_date + (v_tour.duration_days - 1);
    v_season_name := v_season.name;
    v_adult_price := coalesce(v_season.adult_price, v_tour.base_price);
    v_child_price := coalesce(v_season.child_price, v_tour.child_price, v_adult_price);
  else
    raise exception 'Please choose a departure date' using errcode = '22023';
  end if;

  if v_children > 0 and v_tour.min_age is not null and v_tour.min_age >= v_tour.child_age_limit then
    raise exception 'This tour is for travelers aged % and over', v_tour.min_age using errcode = '22023';
  end if;

  -- 1. Adults
  v_amount := round(v_adult_price * v_adults, 2);
  v_lines := v_lines || jsonb_build_object(
    'kind', 'adult', 'code', null,
    'label', case when v_adults = 1 then 'Adult' else 'Adults' end || coalesce(' (' || v_season_name || ')', ''),
    'quantity', v_adults, 'unit_price', v_adult_price, 'amount', v_amount);
  v_total := v_total + v_amount;
  v_tour_amount := v_amount;

  -- 2. Children
  if v_children > 0 then
    v_amount := round(v_child_price * v_children, 2);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'child', 'code', null,
      'label', format('%s under %s', case when v_children = 1 then 'Child' else 'Children' end, v_tour.child_age_limit)
               || coalesce(' (' || v_season_name || ')', ''),
      'quantity', v_children, 'unit_price', v_child_price, 'amount', v_amount);
    v_total := v_total + v_amount;
    v_tour_amount := v_tour_amount + v_amount;
  end if;

  -- 3. Single supplement
  if v_adults = 1 and v_children = 0 and v_tour.single_supplement > 0 then
    v_amount := round(v_tour.single_supplement, 2);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'single_supplement', 'code', null, 'label', 'Single supplement',
      'quantity', 1, 'unit_price', v_amount, 'amount', v_amount);
    v_total := v_total + v_amount;
  end if;

  -- 4. Group discount
  select * into v_discount from public.tour_group_discounts
   where tour_id = v_tour.id and min_travelers <= v_party
   order by percent desc
   limit 1;
  if found then
    v_amount := -round(v_tour_amount * v_discount.percent / 100, 2);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'group_discount', 'code', null,
      'label', format('Group discount: %s%% for %s or more travelers', trim_scale(v_discount.percent), v_discount.min_travelers),
      'quantity', 1, 'unit_price', v_amount, 'amount', v_amount);
    v_total := v_total + v_amount;
  end if;

  -- 5. Extras
  if p_extras is not null and jsonb_typeof(p_extras) <> 'array' then
    raise exception 'Extras must be a list' using errcode = '22023';
  end if;
  for v_item in select value from jsonb_array_elements(coalesce(p_extras, '[]')) loop
    v_quantity := null;
    if jsonb_typeof(v_item) = 'string' then
      v_code := v_item #>> '{}';
    elsif jsonb_typeof(v_item) = 'object' then
      v_code := v_item ->> 'code';
      if jsonb_typeof(v_item -> 'quantity') = 'number' then
        v_quantity := (v_item ->> 'quantity')::numeric;
      elsif coalesce(jsonb_typeof(v_item -> 'quantity'), 'null') <> 'null' then
        raise exception 'The quantity of an extra must be a whole number' using errcode = '22023';
      end if;
    else
      raise exception 'Each extra is a code, or a code with a quantity' using errcode = '22023';
    end if;
    select * into v_extra from public.tour_extras where tour_id = v_tour.id and code = v_code and is_active;
    if not found then
      raise exception 'The extra "%" is not offered on this tour', coalesce(v_code, '') using errcode = '22023';
    end if;
    if v_code = any (v_chosen) then
      raise exception '% is chosen more than once', v_extra.name using errcode = '22023';
    end if;
    v_chosen := v_chosen || v_code;
    if v_extra.unit = 'per_booking' then
      if coalesce(v_quantity, 1) <> 1 then
        raise exception '% is booked once per booking', v_extra.name using errcode = '22023';
      end if;
      v_quantity := 1;
    else
      v_quantity := coalesce(v_quantity, v_party);
      if v_quantity <> trunc(v_quantity) or v_quantity < 1 or v_quantity > v_party then
        raise exception '% can be added for 1 to % travelers', v_extra.name, v_party using errcode = '22023';
      end if;
    end if;
    v_amount := round(v_extra.price * v_quantity, 2);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'extra', 'code', v_extra.code, 'label', v_extra.name,
      'quantity', v_quantity::int, 'unit_price', v_extra.price, 'amount', v_amount);
    v_total := v_total + v_amount;
  end loop;

  -- 6. Promo code
  if nullif(btrim(coalesce(p_promo_code, '')), '') is not null then
    select * into v_promo from public.promo_codes
     where code = upper(btrim(p_promo_code))
       and is_active
       and (valid_from is null or valid_from <= current_date)
       and (valid_until is null or valid_until >= current_date)
       and (max_uses is null or times_used < max_uses);
    if not found then
      raise exception 'Promo code not found or expired' using errcode = '22023';
    end if;
    if (v_promo.tour_id is not null and v_promo.tour_id <> v_tour.id)
       or (v_promo.amount_off is not null and v_promo.currency <> v_tour.currency) then
      raise exception 'This promo code is not valid for this tour' using errcode = '22023';
    end if;
    if v_promo.min_travelers is not null and v_party < v_promo.min_travelers then
      raise exception 'This promo code is for % or more travelers', v_promo.min_travelers using errcode = '22023';
    end if;
    if (v_promo.travel_from is not null and v_start < v_promo.travel_from)
       or (v_promo.travel_until is not null and v_start > v_promo.travel_until) then
      raise exception '%', case
        when v_promo.travel_from is not null and v_promo.travel_until is not null
          then format('This promo code is for trips starting from %s to %s', to_char(v_promo.travel_from, 'FMDD Mon YYYY'), to_char(v_promo.travel_until, 'FMDD Mon YYYY'))
        when v_promo.travel_from is not null then format('This promo code is for trips starting from %s', to_char(v_promo.travel_from, 'FMDD Mon YYYY'))
        else format('This promo code is for trips starting by %s', to_char(v_promo.travel_until, 'FMDD Mon YYYY'))
      end using errcode = '22023';
    end if;
    -- Conditions on the customer: who they are is the email they book with (or their account).
    if v_promo.first_trip_only or v_promo.max_uses_per_customer is not null then
      if v_email is null and v_customer is null then
        raise exception 'Please enter your email address to use this promo code' using errcode = '22023';
      end if;
      if v_promo.first_trip_only and exists (
           select 1 from public.bookings b
            where b.status in ('confirmed', 'completed')
              and ((v_customer is not null and b.user_id = v_customer) or (v_email is not null and lower(b.contact ->> 'email') = v_email))) then
        raise exception 'This promo code is for a first trip with us' using errcode = '22023';
      end if;
      if v_promo.max_uses_per_customer is not null and (
           select count(*) from public.bookings b
            where b.promo_code = v_promo.code and b.status in ('pending', 'confirmed', 'completed')
              and ((v_customer is not null and b.user_id = v_customer) or (v_email is not null and lower(b.contact ->> 'email') = v_email))
         ) >= v_promo.max_uses_per_customer then
        raise exception '%', case when v_promo.max_uses_per_customer = 1 then 'You have already used this promo code'
                                  else format('You have already used this promo code %s times', v_promo.max_uses_per_customer) end
          using errcode = '22023';
      end if;
    end if;
    v_amount := -(case when v_promo.percent_off is not null then round(v_total * v_promo.percent_off / 100, 2)
                       else least(v_promo.amount_off, v_total) end);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'promo', 'code', v_promo.code,
      'label', format('Promo code %s', v_promo.code) || coalesce(': ' || v_promo.description, ''),
      'quantity', 1, 'unit_price', v_amount, 'amount', v_amount);
    v_total := v_total + v_amount;
  end if;

  return jsonb_build_object(
    'tour_id', v_tour.id,
    'departure_id', v_departure.id,
    'start_date', v_start,
    'end_date', v_end,
    'season', v_season_name,
    'currency', v_tour.currency,
    'adults', v_adults,
    'children', v_children,
    'promo_code', v_promo.code,
    'lines', v_lines,
    'total', v_total);
end
$$;

revoke execute on function public.quote_booking(uuid, int, int, jsonb, text, uuid, date, text, int) from public;
grant execute on function public.quote_booking(uuid, int, int, jsonb, text, uuid, date, text, int) to anon, authenticated, service_role;
