-- Booking a trip: one security-definer function for guests and travelers alike. Nobody inserts into
-- bookings or changes its status or money directly any more; reading a booking back is for its
-- owner, or for whoever has its reference and contact email.

-- References travelers read over the phone: KS-2026-7K3Q9, year and five letters or digits without
-- look-alikes (no 0/O, 1/I/L).
create or replace function public.generate_booking_reference() returns text
language plpgsql volatile
as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  suffix text := '';
begin
  for i in 1..5 loop
    suffix := suffix || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
  end loop;
  return 'KS-' || to_char(now(), 'YYYY') || '-' || suffix;
end
$$;

-- Direct writes are gone: the old insert policy and the trigger that priced such inserts.
drop policy "travelers place own pending bookings" on public.bookings;
drop trigger bookings_price_traveler_booking on public.bookings;
drop function public.price_traveler_booking();

revoke insert, update on public.bookings from anon, authenticated;
-- Admins (policy "admins manage bookings") still write notes and record what was paid.
grant update (notes, amount_paid) on public.bookings to authenticated;

-- Books a scheduled departure (p_departure_id), or a private tour on a date of the travelers' choice
-- (p_tour_id and p_start_date), for the signed-in traveler or a guest, and returns the new pending
-- booking. Under a lock on the departure it checks the seats, prices the trip with quote_booking,
-- counts the promo code's use and holds the seats for 48 hours. p_expected_total, the total the
-- page showed, is never used as the price: when it differs, nothing is booked and the traveler sees
-- the new total. p_client_id, the device's outbox id, makes a resent request answer with the booking
-- it already made.
create or replace function public.create_booking(
  p_departure_id uuid default null,
  p_adults int default null,
  p_children int default 0,
  p_extras jsonb default '[]',
  p_promo_code text default null,
  p_travelers jsonb default '[]',
  p_contact jsonb default '{}',
  p_tour_id uuid default null,
  p_start_date date default null,
  p_client_id uuid default null,
  p_expected_total numeric default null
) returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_hold constant interval := interval '48 hours';
  v_user_id uuid := auth.uid();
  -- Staff booking for a customer: the booking is the customer's, not the admin's.
  v_owner uuid := case when public.is_admin() then null else v_user_id end;
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

  -- Lock the departure: bookings for it queue here, so seats are counted one booking at a time.
  if p_departure_id is not null then
    perform 1 from public.tour_departures where id = p_departure_id for update;
  end if;
  v_quote := public.quote_booking(p_departure_id, p_adults, p_children, p_extras, p_promo_code, p_tour_id, p_start_date);
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

  -- Count the promo code's use; a code used up meanwhile is refused like an expired one.
  if v_quote ->> 'promo_code' is not null then
    update public.promo_codes set times_used = times_used + 1
     where code = v_quote ->> 'promo_code' and (max_uses is null or times_used < max_uses);
    if not found then
      raise exception 'Promo code not found or expired' using errcode = '22023';
    end if;
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
    currency, total_amount, amount_paid, price_breakdown, promo_code, hold_expires_at, client_id
  ) values (
    v_reference, v_owner, v_tour.id, v_departure_id, 'pending', p_adults, coalesce(p_children, 0), v_travelers, v_contact,
    coalesce((select jsonb_agg(jsonb_build_object('code', l ->> 'code', 'name', l ->> 'label', 'quantity', l -> 'quantity',
                                                  'unit_price', l -> 'unit_price', 'amount', l -> 'amount'))
                from jsonb_array_elements(v_quote -> 'lines') l where l ->> 'kind' = 'extra'), '[]'),
    v_tour.currency, v_total, 0, v_quote -> 'lines', v_quote ->> 'promo_code', now() + v_hold, p_client_id
  )
  returning * into v_booking;
  return v_booking;
end
$$;

revoke execute on function public.create_booking(uuid, int, int, jsonb, text, jsonb, jsonb, uuid, date, uuid, numeric) from public;
grant execute on function public.create_booking(uuid, int, int, jsonb, text, jsonb, jsonb, uuid, date, uuid, numeric)
  to anon, authenticated, service_role;

-- A booking by its reference: for its owner and admins, or for anyone who also gives the contact
-- email it was made with (a guest's only key to it). Anything else reads as not found.
create or replace function public.booking_by_reference(p_reference text, p_email text default null)
returns public.bookings
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings where booking_reference = upper(btrim(coalesce(p_reference, '')));
  if found and ((auth.uid() is not null and v_booking.user_id = auth.uid())
                or public.is_admin()
                or (nullif(btrim(p_email), '') is not null and lower(v_booking.contact ->> 'email') = lower(btrim(p_email)))) then
    return v_booking;
  end if;
  raise exception 'We could not find a booking with that reference and email' using errcode = 'PT404';
end
$$;

revoke execute on function public.booking_by_reference(text, text) from public;
grant execute on function public.booking_by_reference(text, text) to anon, authenticated, service_role;
