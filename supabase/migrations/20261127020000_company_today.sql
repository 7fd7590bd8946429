-- "Today" is the company's day, not the database's. current_date is the session's (UTC on every
-- server we run), so in Arusha's first three hours of a day the booking engine answered as if it
-- were still yesterday: a departure leaving that morning could still be booked, a quote valid until
-- yesterday could still be accepted, and the daily round sent its reminders a day late. Every
-- function that counted days from current_date now counts them from company_today(), the date in
-- booking_settings.time_zone (company_time_zone(), 20261126005000_company_time_zone.sql). The bodies
-- below are otherwise as they were; only their "today" changed.

-- Today's date where the company is. A definer like company_time_zone(): the booking engine runs
-- it for visitors, and the zone is nobody's secret.
create or replace function public.company_today() returns date
language sql stable security definer
set search_path = public
as $$
  select (now() at time zone public.company_time_zone())::date
$$;

revoke execute on function public.company_today() from public;
grant execute on function public.company_today() to anon, authenticated, service_role;

-- The daily round (20261122001230_booking_schedule.sql): trips complete, reminders and review requests fall due by the company's day.
CREATE OR REPLACE FUNCTION public.run_booking_schedule()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
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
     and (s ->> 'balance_due')::numeric > 0
     and (s ->> 'balance_due_date')::date <= public.company_today() + v_reminder_days
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
$function$;

-- The booking engine's price and checks (latest in 20261126000600_quote_with_seats_held.sql): a departure leaving today by the company's date is no longer sold, and promo codes are valid by the company's dates.
CREATE OR REPLACE FUNCTION public.quote_booking(p_departure_id uuid DEFAULT NULL::uuid, p_adults integer DEFAULT 1, p_children integer DEFAULT 0, p_extras jsonb DEFAULT '[]'::jsonb, p_promo_code text DEFAULT NULL::text, p_tour_id uuid DEFAULT NULL::uuid, p_start_date date DEFAULT NULL::date, p_email text DEFAULT NULL::text, p_seats_held integer DEFAULT 0)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
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
    if v_departure.start_date <= public.company_today() then
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
    if p_start_date <= public.company_today() then
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
       and (valid_from is null or valid_from <= public.company_today())
       and (valid_until is null or valid_until >= public.company_today())
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
$function$;

-- A client accepting a tailor-made quote (20261126000300_quote_acceptance.sql): expired and already-started by the company's date.
CREATE OR REPLACE FUNCTION public.accept_quote(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
declare
  v_quote public.quotes;
  v_enquiry public.enquiries;
  v_rules public.booking_hold_rules;
  v_departure_id uuid;
  v_booking public.bookings;
  v_end date;
begin
  perform public.hit_visitor_rate_limit('quote.acceptances');
  select * into v_quote from public.quotes where token = btrim(coalesce(p_token, '')) for update;
  if not found or v_quote.status not in ('sent', 'accepted') then
    raise exception 'This quote could not be found. Please use the link in our email, or ask us for a new one.' using errcode = 'PT404';
  end if;
  select * into v_enquiry from public.enquiries where id = v_quote.enquiry_id;
  if v_quote.status = 'accepted' then
    select * into v_booking from public.bookings where id = v_quote.booking_id;
    return jsonb_build_object('reference', v_booking.booking_reference, 'email', v_booking.contact ->> 'email');
  end if;
  if v_quote.valid_until < public.company_today() then
    raise exception 'This quote expired on %. Please ask us for a new one.', to_char(v_quote.valid_until, 'FMDD Month YYYY')
      using errcode = 'PT409';
  end if;
  if v_quote.start_date <= public.company_today() then
    raise exception 'This trip''s start date has passed. Please ask us for a new quote.' using errcode = 'PT409';
  end if;

  perform public.set_audit_reason(format('Quote %s accepted by the client', v_quote.reference));
  select * into v_rules from public.booking_hold_rules;
  v_end := v_quote.start_date + greatest(jsonb_array_length(v_quote.days), 1) - 1;
  insert into public.tour_departures (tour_id, start_date, end_date, capacity, is_private, notes)
  values (v_quote.tour_id, v_quote.start_date, v_end, v_quote.adults + v_quote.children, true,
          format('Private trip from quote %s', v_quote.reference))
  returning id into v_departure_id;

  -- The seats are held by the insert itself (trigger bookings_hold_seats).
  insert into public.bookings (
    user_id, tour_id, departure_id, status, adults, children, contact, currency, total_amount,
    price_breakdown, hold_expires_at, contact_verified_at, hold_approved_at, hold_approved_by, notes
  ) values (
    v_enquiry.user_id, v_quote.tour_id, v_departure_id, 'pending', v_quote.adults, v_quote.children,
    jsonb_strip_nulls(jsonb_build_object('full_name', v_enquiry.name, 'email', lower(v_enquiry.email), 'phone', v_enquiry.phone)),
    v_quote.currency, v_quote.total_amount,
    (select coalesce(jsonb_agg(l || jsonb_build_object('kind', 'quote')), '[]') from jsonb_array_elements(v_quote.lines) l),
    now() + v_rules.verified_hold, now(), v_quote.sent_at, v_quote.created_by,
    format('From quote %s', v_quote.reference)
  )
  returning * into v_booking;

  update public.quotes set status = 'accepted', accepted_at = now(), booking_id = v_booking.id where id = v_quote.id;
  update public.enquiries set status = 'won', booking_id = v_booking.id where id = v_enquiry.id;
  return jsonb_build_object('reference', v_booking.booking_reference, 'email', v_booking.contact ->> 'email');
end
$function$;

-- The quote guard, a trigger (20261126000200_quotes.sql): a draft or sent quote may not start today or have run out, by the company's date.
CREATE OR REPLACE FUNCTION public.check_quote()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
declare
  v_day jsonb;
  v_line jsonb;
  v_lines jsonb := '[]';
  v_quantity numeric;
  v_price numeric;
begin
  if tg_op = 'INSERT' then
    new.reference := 'Q' || substr(public.generate_booking_reference(), 3);
    new.token := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  end if;
  if tg_op = 'UPDATE' and old.status = 'accepted' then
    raise exception 'This quote has been accepted and can no longer be changed' using errcode = '22023';
  end if;
  if tg_op = 'UPDATE' and old.status = 'sent' and new.status = 'draft' then
    raise exception 'A sent quote cannot go back to being a draft' using errcode = '22023';
  end if;
  if new.status in ('draft', 'sent') and new.start_date <= public.company_today() then
    raise exception 'Please choose a start date in the future' using errcode = '22023';
  end if;
  if new.status in ('draft', 'sent') and new.valid_until < public.company_today() then
    raise exception 'The quote must be valid until today or later' using errcode = '22023';
  end if;
  if new.valid_until > new.start_date then
    raise exception 'The quote must expire before the trip starts' using errcode = '22023';
  end if;
  if new.children > 0 and new.adults < 1 then
    raise exception 'Children must travel with at least one adult' using errcode = '22023';
  end if;
  for v_day in select value from jsonb_array_elements(new.days) loop
    if jsonb_typeof(v_day) <> 'object' or nullif(btrim(coalesce(v_day ->> 'title', '')), '') is null then
      raise exception 'Each day needs a title' using errcode = '22023';
    end if;
    if length(v_day::text) > 10000 then
      raise exception 'A day''s description is too long' using errcode = '22023';
    end if;
  end loop;
  for v_line in select value from jsonb_array_elements(new.lines) loop
    if jsonb_typeof(v_line) <> 'object' or nullif(btrim(coalesce(v_line ->> 'label', '')), '') is null
       or length(v_line ->> 'label') > 200 then
      raise exception 'Each price line needs a description' using errcode = '22023';
    end if;
    if coalesce(v_line ->> 'quantity', '') !~ '^\d{1,3}$' or (v_line ->> 'quantity')::int < 1 then
      raise exception 'Quantities are whole numbers from 1 to 999' using errcode = '22023';
    end if;
    if coalesce(v_line ->> 'unit_price', '') !~ '^-?\d{1,9}(\.\d{1,2})?$' then
      raise exception 'Please give each line''s price as an amount' using errcode = '22023';
    end if;
    v_quantity := (v_line ->> 'quantity')::int;
    v_price := (v_line ->> 'unit_price')::numeric;
    if v_price < 0 then
      raise exception 'Prices cannot be negative' using errcode = '22023';
    end if;
    v_lines := v_lines || jsonb_build_object('label', btrim(v_line ->> 'label'), 'quantity', v_quantity,
                                             'unit_price', v_price, 'amount', round(v_quantity * v_price, 2));
  end loop;
  new.lines := v_lines;
  new.total_amount := coalesce((select sum((l ->> 'amount')::numeric) from jsonb_array_elements(v_lines) l), 0);
  if new.status in ('sent', 'accepted') then
    if jsonb_array_length(new.days) = 0 then
      raise exception 'Please add the trip''s days before sending the quote' using errcode = '22023';
    end if;
    if new.total_amount <= 0 then
      raise exception 'Please add the prices before sending the quote' using errcode = '22023';
    end if;
  end if;
  return new;
end
$function$;

-- The client's quote page (20261126000300_quote_acceptance.sql): expired by the company's date.
CREATE OR REPLACE FUNCTION public.quote_for_client(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
declare
  v_result jsonb;
begin
  select jsonb_build_object(
    'reference', q.reference, 'title', q.title, 'status', q.status,
    'expired', q.status = 'sent' and q.valid_until < public.company_today(),
    'start_date', q.start_date, 'end_date', q.start_date + greatest(jsonb_array_length(q.days), 1) - 1,
    'adults', q.adults, 'children', q.children, 'currency', q.currency,
    'days', q.days, 'lines', q.lines, 'total', q.total_amount, 'valid_until', q.valid_until,
    'message', q.message, 'sent_at', q.sent_at, 'accepted_at', q.accepted_at,
    'client_name', e.name, 'client_email', e.email,
    'deposit_percent', (public.payment_terms()).deposit_percent,
    'tour', jsonb_build_object('title', t.title, 'slug', t.slug),
    'booking_reference', b.booking_reference)
    into v_result
    from public.quotes q
    join public.enquiries e on e.id = q.enquiry_id
    join public.tours t on t.id = q.tour_id
    left join public.bookings b on b.id = q.booking_id
   where q.token = btrim(coalesce(p_token, '')) and q.status in ('sent', 'accepted');
  if v_result is null then
    raise exception 'This quote could not be found. Please use the link in our email, or ask us for a new one.' using errcode = 'PT404';
  end if;
  return v_result;
end
$function$;

-- A booking's schedule (20261122001200_payment_schedule.sql): whether it pays in full at booking
-- counts from the day it was made where the company is.
CREATE OR REPLACE FUNCTION public.payment_schedule_of(p_booking bookings)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
AS $function$
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
  v_in_full := v_start is null or v_start - (p_booking.created_at at time zone public.company_time_zone())::date <= v_terms.balance_due_days;
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
$function$;

-- The cancellation fee's days before departure (20261126005000_company_time_zone.sql): a booking
-- without a departure counts none, from the company's today as the rest does.
CREATE OR REPLACE FUNCTION public.cancellation_terms(p_booking_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
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
$function$;
