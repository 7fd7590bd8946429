-- quote_booking answers with a composite type, booking_quote (its lines quote_line[]), instead of a
-- jsonb object, so the generated types (src/lib/database.types.ts) carry a quote's shape. The REST API
-- answers the same JSON object as before. The functions that price a booking with it (create_booking,
-- change_booking_party, move_booking) read it as JSON, as they did: each takes to_jsonb() of it, and
-- stores its lines as the booking's price_breakdown unchanged. Their bodies are otherwise those they
-- had (supabase/schema/functions/). A return type changes by a drop and a create.

-- One line of a price: adults, children, a single supplement, a group discount, an extra or a promo code.
create type public.quote_line as (
  kind text,
  code text,
  label text,
  quantity int,
  unit_price numeric,
  amount numeric
);

comment on type public.quote_line is
  'One line of a price (quote_booking): kind (adult, child, single_supplement, group_discount, extra, promo), the extra''s or promo''s code, its words, quantity, unit price and amount.';

-- A priced choice: the trip, the party and the lines that make the total.
create type public.booking_quote as (
  tour_id uuid,
  departure_id uuid,
  start_date date,
  end_date date,
  season text,
  currency text,
  adults int,
  children int,
  promo_code text,
  lines public.quote_line[],
  total numeric
);

comment on type public.booking_quote is
  'The price of a choice of trip and party (quote_booking): dates, season, currency, the promo code applied, the lines and their total.';

drop function public.quote_booking(uuid, integer, integer, jsonb, text, uuid, date, text, integer);

CREATE FUNCTION public.quote_booking(p_departure_id uuid DEFAULT NULL::uuid, p_adults integer DEFAULT 1, p_children integer DEFAULT 0, p_extras jsonb DEFAULT '[]'::jsonb, p_promo_code text DEFAULT NULL::text, p_tour_id uuid DEFAULT NULL::uuid, p_start_date date DEFAULT NULL::date, p_email text DEFAULT NULL::text, p_seats_held integer DEFAULT 0)
 RETURNS public.booking_quote
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

  -- Built as JSON like the lines above, read into the composite type whole (its lines included).
  return jsonb_populate_record(null::public.booking_quote, jsonb_build_object(
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
    'total', v_total));
end
$function$;

comment on function public.quote_booking(uuid,integer,integer,jsonb,text,uuid,date,text,integer) is
  'The price of a choice of departure (or private trip date), party, extras and promo code, line by line, as create_booking will charge it.';

revoke execute on function public.quote_booking(uuid,integer,integer,jsonb,text,uuid,date,text,integer) from public;
grant execute on function public.quote_booking(uuid,integer,integer,jsonb,text,uuid,date,text,integer) to anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.create_booking(p_departure_id uuid DEFAULT NULL::uuid, p_adults integer DEFAULT NULL::integer, p_children integer DEFAULT 0, p_extras jsonb DEFAULT '[]'::jsonb, p_promo_code text DEFAULT NULL::text, p_travelers jsonb DEFAULT '[]'::jsonb, p_contact jsonb DEFAULT '{}'::jsonb, p_tour_id uuid DEFAULT NULL::uuid, p_start_date date DEFAULT NULL::date, p_client_id uuid DEFAULT NULL::uuid, p_expected_total numeric DEFAULT NULL::numeric)
 RETURNS public.bookings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
declare
  v_rules public.booking_hold_rules;
  v_user_id uuid := auth.uid();
  v_staff boolean := public.is_staff_request();
  -- Staff booking for a customer: the booking is the customer's, not the admin's.
  v_owner uuid := case when public.has_permission('bookings.write') then null else v_user_id end;
  v_ip text := public.request_ip();
  v_profile public.users;
  v_contact jsonb := coalesce(p_contact, '{}');
  v_travelers jsonb := coalesce(p_travelers, '[]');
  v_party int := coalesce(p_adults, 0) + coalesce(p_children, 0);
  v_name text;
  v_email text;
  v_phone text;
  v_traveler jsonb;
  v_age int;
  v_aged_children int := 0;
  v_aged_adults int := 0;
  v_quote jsonb;
  v_total numeric(12, 2);
  v_tour public.tours;
  v_departure_id uuid := p_departure_id;
  v_reference text;
  v_proven boolean;
  v_wait int;
  v_holds int;
  v_unproven_seats int;
  v_booking public.bookings;
begin
  -- A resend of a request already taken answers with the booking it made, even if the departure
  -- has filled up since.
  if p_client_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('create_booking:' || p_client_id::text, 0));
    select * into v_booking from public.bookings where client_id = p_client_id;
    if found then
      if (v_owner is not null and v_booking.user_id = v_owner)
         or (v_booking.user_id is null and lower(v_booking.contact ->> 'email') = lower(btrim(v_contact ->> 'email'))) then
        return v_booking;
      end if;
      raise exception 'This booking request has already been used' using errcode = 'PT409';
    end if;
  end if;

  -- Who to write to: what the guest gave, else the signed-in traveler's profile.
  if jsonb_typeof(v_contact) <> 'object' then
    raise exception 'Contact details must be an object' using errcode = '22023';
  end if;
  if v_owner is not null then
    select * into v_profile from public.users where id = v_owner;
  end if;
  v_name := coalesce(nullif(btrim(v_contact ->> 'full_name'), ''), nullif(btrim(v_profile.full_name), ''));
  v_email := lower(coalesce(nullif(btrim(v_contact ->> 'email'), ''), v_profile.email));
  v_phone := coalesce(nullif(btrim(v_contact ->> 'phone'), ''), v_profile.phone);
  if v_name is null or v_email is null then
    raise exception 'Please give the lead traveler''s name and email' using errcode = '22023';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please give a valid email address' using errcode = '22023';
  end if;
  if length(v_name) > 200 or length(v_email) > 254 or length(coalesce(v_phone, '')) > 40 then
    raise exception 'Contact details are too long' using errcode = '22023';
  end if;
  v_contact := jsonb_strip_nulls(jsonb_build_object('full_name', v_name, 'email', v_email, 'phone', v_phone));

  -- The travelers' details may come later; when given, they are complete.
  if jsonb_typeof(v_travelers) <> 'array' then
    raise exception 'Traveler details must be a list' using errcode = '22023';
  end if;
  if length(v_travelers::text) > 20000 then
    raise exception 'Traveler details are too long' using errcode = '22023';
  end if;
  if jsonb_array_length(v_travelers) > 0 and v_party > 0 then
    if jsonb_array_length(v_travelers) <> v_party then
      raise exception '%', case when v_party = 1 then 'Please give the details of the traveler'
                                else format('Please give the details of all %s travelers', v_party) end
        using errcode = '22023';
    end if;
    for v_traveler in select value from jsonb_array_elements(v_travelers) loop
      if jsonb_typeof(v_traveler) <> 'object'
         or nullif(btrim(coalesce(v_traveler ->> 'full_name', v_traveler ->> 'name', '')), '') is null then
        raise exception 'Please give the full name of every traveler' using errcode = '22023';
      end if;
    end loop;
  end if;

  -- Limits on holding seats without paying, for everyone but the team. A refused request counts
  -- nothing (its transaction is rolled back), so only bookings made use the allowance.
  select * into v_rules from public.booking_hold_rules;
  v_proven := v_staff or (v_owner is not null and public.caller_email_proven(v_email));
  if not v_staff then
    -- Refused as a conflict (409) rather than 429: a device's outbox would retry a 429 on its own
    -- and book, unasked, an hour later.
    v_wait := greatest(public.rate_limit_wait('booking.requests', v_ip), public.rate_limit_wait('booking.requests_per_email', v_email));
    if v_wait > 0 then
      raise exception 'Too many booking requests from here. Please try again in %, or call us and we will help.', public.wait_in_words(v_wait)
        using errcode = 'PT409', detail = format('Retry after %s seconds', v_wait);
    end if;
    if v_ip is not null then
      -- Holds the team made or approved are the team's word, not this address's allowance: an
      -- office booking for its customers does not stop a visitor on the same network.
      select count(*), coalesce(sum(b.adults + b.children) filter (where b.contact_verified_at is null), 0)
        into v_holds, v_unproven_seats
        from public.booking_origins o
        join public.bookings b on b.id = o.booking_id
       where o.ip = v_ip and b.status = 'pending' and b.amount_paid = 0 and b.hold_expires_at > now()
         and b.hold_approved_at is null;
      if v_holds >= v_rules.unpaid_holds_per_address then
        raise exception 'You already hold % unpaid bookings. Please pay for one, or let one go, before booking again; or call us and we will help.', v_holds
          using errcode = 'PT409';
      end if;
      if not v_proven and v_unproven_seats + v_party > v_rules.unverified_seats_per_address then
        raise exception 'Please confirm your email from the booking email we sent before holding more seats, or call us and we will help.'
          using errcode = 'PT409', detail = format('At most %s seats are held from one address before an email is confirmed', v_rules.unverified_seats_per_address);
      end if;
    end if;
    if (select count(*) from public.bookings b
         where lower(b.contact ->> 'email') = v_email and b.status = 'pending' and b.amount_paid = 0 and b.hold_expires_at > now())
       >= v_rules.unpaid_holds_per_email then
      raise exception 'There are already unpaid bookings for this email address. Please pay for one, or let one go, before booking again; or call us and we will help.'
        using errcode = 'PT409';
    end if;
  end if;

  -- Lock the departure: bookings for it queue here, so seats are counted one booking at a time.
  if p_departure_id is not null then
    perform 1 from public.tour_departures where id = p_departure_id for update;
  end if;
  v_quote := to_jsonb(public.quote_booking(p_departure_id, p_adults, p_children, p_extras, p_promo_code, p_tour_id, p_start_date, v_email));
  v_total := (v_quote ->> 'total')::numeric;
  select * into v_tour from public.tours where id = (v_quote ->> 'tour_id')::uuid;

  if p_expected_total is not null and p_expected_total <> v_total then
    raise exception 'The price of this trip is now % %. Please check the new total and book again.',
      v_tour.currency, to_char(v_total, 'FM999,999,990.00') using errcode = 'PT409';
  end if;

  -- Ages, where given, must fit the tour and the count of adults and children.
  for v_traveler in select value from jsonb_array_elements(v_travelers) loop
    continue when nullif(v_traveler ->> 'age', '') is null;
    if (v_traveler ->> 'age') !~ '^\d{1,3}$' then
      raise exception 'Please give each traveler''s age in years' using errcode = '22023';
    end if;
    v_age := (v_traveler ->> 'age')::int;
    if v_tour.min_age is not null and v_age < v_tour.min_age then
      raise exception 'This tour is for travelers aged % and over', v_tour.min_age using errcode = '22023';
    end if;
    if v_age < v_tour.child_age_limit then
      v_aged_children := v_aged_children + 1;
    else
      v_aged_adults := v_aged_adults + 1;
    end if;
  end loop;
  if v_aged_children > coalesce(p_children, 0) or v_aged_adults > coalesce(p_adults, 0) then
    raise exception 'The travelers'' ages do not match the number of adults and children' using errcode = '22023';
  end if;

  -- A private trip gets a departure of its own, for exactly this party.
  if p_departure_id is null then
    insert into public.tour_departures (tour_id, start_date, end_date, capacity, is_private, season, notes)
    values (v_tour.id, (v_quote ->> 'start_date')::date, (v_quote ->> 'end_date')::date, v_party, true,
            v_quote ->> 'season', 'Private trip')
    returning id into v_departure_id;
  end if;

  loop
    v_reference := public.generate_booking_reference();
    exit when not exists (select 1 from public.bookings where booking_reference = v_reference);
  end loop;

  -- The seats are held by the insert itself (trigger bookings_hold_seats).
  insert into public.bookings (
    booking_reference, user_id, tour_id, departure_id, status, adults, children, travelers, contact, extras,
    currency, total_amount, amount_paid, price_breakdown, promo_code, hold_expires_at, client_id,
    contact_verified_at, hold_approved_at, hold_approved_by
  ) values (
    v_reference, v_owner, v_tour.id, v_departure_id, 'pending', p_adults, coalesce(p_children, 0), v_travelers, v_contact,
    coalesce((select jsonb_agg(jsonb_build_object('code', l ->> 'code', 'name', l ->> 'label', 'quantity', l -> 'quantity',
                                                  'unit_price', l -> 'unit_price', 'amount', l -> 'amount'))
                from jsonb_array_elements(v_quote -> 'lines') l where l ->> 'kind' = 'extra'), '[]'),
    v_tour.currency, v_total, 0, v_quote -> 'lines', v_quote ->> 'promo_code',
    now() + case when v_proven then v_rules.verified_hold else v_rules.unverified_hold end, p_client_id,
    case when v_proven and not v_staff then now() end,
    case when v_staff then now() end,
    case when v_staff then v_user_id end
  )
  returning * into v_booking;
  if v_ip is not null then
    insert into public.booking_origins (booking_id, ip) values (v_booking.id, v_ip);
  end if;
  return v_booking;
end
$function$;

grant execute on function public.create_booking(uuid,integer,integer,jsonb,text,jsonb,jsonb,uuid,date,uuid,numeric) to anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.change_booking_party(p_booking_id uuid, p_adults integer, p_children integer, p_extras jsonb, p_reason text, OUT booking public.bookings, OUT previous_total numeric, OUT total numeric, OUT difference numeric)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
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
    v_quote := to_jsonb(public.quote_booking(v_departure.id, p_adults, coalesce(p_children, 0), v_extras, v_booking.promo_code,
                                    v_departure.tour_id, null, v_booking.contact ->> 'email', v_booking.adults + v_booking.children));
  exception when sqlstate '22023' or sqlstate 'PT404' then
    if v_booking.promo_code is null then
      raise;
    end if;
    v_quote := to_jsonb(public.quote_booking(v_departure.id, p_adults, coalesce(p_children, 0), v_extras, null,
                                    v_departure.tour_id, null, null, v_booking.adults + v_booking.children));
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
$function$;

comment on function public.change_booking_party(uuid,integer,integer,jsonb,text) is 'Changes who travels on a booking (booking staff): adults, children and extras, priced again; answers the booking, its total before and after, and the difference.';

grant execute on function public.change_booking_party(uuid,integer,integer,jsonb,text) to authenticated, service_role;

CREATE OR REPLACE FUNCTION public.move_booking(p_booking_id uuid, p_departure_id uuid, p_reason text, OUT booking public.bookings, OUT previous_total numeric, OUT total numeric, OUT difference numeric)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
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
    v_quote := to_jsonb(public.quote_booking(p_departure_id, v_booking.adults, v_booking.children, coalesce(v_booking.extras, '[]'),
                                    v_booking.promo_code, v_departure.tour_id, null, v_booking.contact ->> 'email'));
  exception when sqlstate '22023' or sqlstate 'PT404' then
    if v_booking.promo_code is null then
      raise;
    end if;
    v_quote := to_jsonb(public.quote_booking(p_departure_id, v_booking.adults, v_booking.children, coalesce(v_booking.extras, '[]'),
                                    null, v_departure.tour_id, null, null));
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
$function$;

comment on function public.move_booking(uuid,uuid,text) is 'Moves a booking to another departure (booking staff), priced again for it; answers the booking, its total before and after, and the difference.';

grant execute on function public.move_booking(uuid,uuid,text) to authenticated, service_role;
