-- Holding seats without paying must not let a stranger block a departure. An unpaid booking holds its
-- seats only briefly until its contact email is proven (the link in the 'Booking received' email),
-- the deposit is paid (the booking is then confirmed and holds for good), or the team approves the
-- hold. Then it holds as long as before: 48 hours, or the days a bank transfer takes (payment_terms).
-- A visitor's address, and an email address, hold only a few unpaid bookings at once and make only a
-- few an hour (rules booking.requests and booking.requests_per_email of public.rate_limits). The
-- team's own bookings are none of this.

-- The hold terms: settings, in one row, read by create_booking and confirm_booking_email.
--   unverified_hold               how long an unpaid booking holds its seats before its email is proven
--   verified_hold                 how long it holds once proven or approved (bank transfer and pay on
--                                 arrival take payment_terms().offline_hold_days from booking instead)
--   unpaid_holds_per_address      unpaid bookings one address may hold at once
--   unverified_seats_per_address  seats one address may hold in unpaid bookings not yet proven
--   unpaid_holds_per_email        unpaid bookings one contact email may hold at once
create table public.booking_hold_rules (
  id boolean primary key default true check (id),
  unverified_hold interval not null default interval '2 hours' check (unverified_hold between interval '15 minutes' and interval '7 days'),
  verified_hold interval not null default interval '48 hours' check (verified_hold between interval '1 hour' and interval '30 days'),
  unpaid_holds_per_address int not null default 3 check (unpaid_holds_per_address between 1 and 1000),
  unverified_seats_per_address int not null default 8 check (unverified_seats_per_address between 1 and 10000),
  unpaid_holds_per_email int not null default 2 check (unpaid_holds_per_email between 1 and 1000),
  updated_at timestamptz not null default now()
);

insert into public.booking_hold_rules default values;

create trigger booking_hold_rules_set_updated_at before update on public.booking_hold_rules
  for each row execute function public.set_updated_at();

alter table public.booking_hold_rules enable row level security;
revoke all on public.booking_hold_rules from anon, authenticated;
grant select, update (unverified_hold, verified_hold, unpaid_holds_per_address, unverified_seats_per_address, unpaid_holds_per_email)
  on public.booking_hold_rules to authenticated;

-- Admins read and change the terms (the settings screen); the functions below read them as owner.
create policy "admins read booking hold rules" on public.booking_hold_rules
  for select to authenticated using ((select public.is_admin()));
create policy "admins change booking hold rules" on public.booking_hold_rules
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- contact_verified_at   the contact email was proven: the booking email's link was followed, or the
--                       signed-in traveler booked with their own address, proven by a link earlier
-- hold_approved_at/by   the team vouched for the hold (approve_booking_hold), or made the booking
alter table public.bookings
  add column contact_verified_at timestamptz,
  add column hold_approved_at timestamptz,
  add column hold_approved_by uuid references public.users (id) on delete set null;

-- The link in a booking email carries a one-time token (issue_booking_contact_token); only its hash
-- is kept, here rather than on the booking, which its traveler reads. Nobody reads it through the API.
create table public.booking_contact_tokens (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  issued_at timestamptz not null default now()
);

alter table public.booking_contact_tokens enable row level security;
revoke all on public.booking_contact_tokens from anon, authenticated;

-- Bookings made before these rules keep the holds they were given.
update public.bookings set hold_approved_at = created_at;

-- The address each booking request came from, for the limits per address. The company's only:
-- travelers never read it back (a booking row is theirs to read, this is not).
create table public.booking_origins (
  booking_id uuid primary key references public.bookings (id) on delete cascade,
  ip text not null check (length(ip) <= 100),
  created_at timestamptz not null default now()
);

create index booking_origins_ip_idx on public.booking_origins (ip);

alter table public.booking_origins enable row level security;
revoke all on public.booking_origins from anon, authenticated;
grant select on public.booking_origins to authenticated;

-- Admins see where a booking came from (telling a real customer from someone hoarding seats).
create policy "admins read booking origins" on public.booking_origins
  for select to authenticated using ((select public.is_admin()));

-- True when the signed-in caller's own email was proven by a link (GoTrue's identity says
-- email_verified; an account made while confirmation is off has proven nothing).
create or replace function public.caller_email_proven(p_email text) returns boolean
language sql stable security definer
set search_path = public
as $$
  select exists (
    select 1 from auth.identities i
     where i.user_id = auth.uid() and i.provider = 'email'
       and lower(i.identity_data ->> 'email') = lower(p_email)
       and (i.identity_data ->> 'email_verified')::boolean
  )
$$;

revoke execute on function public.caller_email_proven(text) from public, anon, authenticated;

-- Books a departure, or a private trip on a chosen date, for the signed-in traveler or a guest, and
-- returns the new pending booking: as in 20261122001140, with quote_booking checking the promo code
-- against the contact email (20261124000700), the use of the code counted only once the booking is
-- confirmed, and the hold and limits above.
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
  v_rules public.booking_hold_rules;
  v_user_id uuid := auth.uid();
  v_staff boolean := public.is_staff_request();
  -- Staff booking for a customer: the booking is the customer's, not the admin's.
  v_owner uuid := case when public.is_admin() then null else v_user_id end;
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
  v_quote := public.quote_booking(p_departure_id, p_adults, p_children, p_extras, p_promo_code, p_tour_id, p_start_date, v_email);
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
$$;

-- How long a pending booking holds its seats from now on: the verified hold once its email is proven
-- or the team approved it, extended to payment_terms().offline_hold_days from booking when it is paid
-- by bank transfer or on arrival; otherwise as it was.
create or replace function public.hold_for(p_booking public.bookings) returns timestamptz
language sql stable
set search_path = public
as $$
  select case
    when p_booking.status <> 'pending' or (p_booking.contact_verified_at is null and p_booking.hold_approved_at is null)
      then p_booking.hold_expires_at
    when p_booking.payment_method in ('bank_transfer', 'pay_on_arrival')
      then greatest(p_booking.hold_expires_at, p_booking.created_at + make_interval(days => (public.payment_terms()).offline_hold_days))
    else greatest(p_booking.hold_expires_at, p_booking.created_at + (select verified_hold from public.booking_hold_rules))
  end
$$;

revoke execute on function public.hold_for(public.bookings) from public, anon, authenticated;

-- The traveler says how they will pay (as in 20261122001200). Paying by hand takes longer, so it holds
-- the seats for days: once the email is proven or the team approved the hold (hold_for).
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
  v_booking.payment_method := p_method;
  update public.bookings set payment_method = p_method, hold_expires_at = public.hold_for(v_booking)
   where id = v_booking.id
  returning * into v_booking;
  return public.payment_schedule_of(v_booking);
end
$$;

-- The one-time token of the link in the booking email that proves its contact address; a new one
-- replaces the last. The server calls it as it writes the email and keeps only the token, which is
-- stored hashed.
create or replace function public.issue_booking_contact_token(p_booking_id uuid) returns text
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_token text := translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_');
begin
  insert into public.booking_contact_tokens (booking_id, token_hash)
  values (p_booking_id, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'))
  on conflict (booking_id) do update set token_hash = excluded.token_hash, issued_at = now();
  return v_token;
end
$$;

revoke execute on function public.issue_booking_contact_token(uuid) from public, anon, authenticated;
grant execute on function public.issue_booking_contact_token(uuid) to service_role;

-- The booking email's link was followed: its contact address is proven, and a pending booking holds
-- its seats for the longer time (hold_for). Following it again changes nothing. Returns the booking's
-- payment schedule (20261122001200), whose hold_expires_at is the new end of the hold.
create or replace function public.confirm_booking_email(p_reference text, p_token text) returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
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
  return public.payment_schedule_of(v_booking) || jsonb_build_object('contact_verified', true);
end
$$;

revoke execute on function public.confirm_booking_email(text, text) from public;
grant execute on function public.confirm_booking_email(text, text) to anon, authenticated, service_role;

-- The team vouches for a pending booking's hold (a customer they know, on the phone): it holds as a
-- proven one does. Returns the booking.
create or replace function public.approve_booking_hold(p_booking_id uuid) returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
begin
  if not public.is_staff_request() then
    raise exception 'Only our team can approve a hold' using errcode = '42501';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if v_booking.status <> 'pending' then
    raise exception 'This booking is %: it holds no seats to approve', v_booking.status using errcode = 'PT409';
  end if;
  v_booking.hold_approved_at := coalesce(v_booking.hold_approved_at, now());
  v_booking.hold_approved_by := coalesce(v_booking.hold_approved_by, auth.uid());
  update public.bookings
     set hold_approved_at = v_booking.hold_approved_at, hold_approved_by = v_booking.hold_approved_by, hold_expires_at = public.hold_for(v_booking)
   where id = v_booking.id
  returning * into v_booking;
  return v_booking;
end
$$;

revoke execute on function public.approve_booking_hold(uuid) from public, anon;
grant execute on function public.approve_booking_hold(uuid) to authenticated, service_role;
