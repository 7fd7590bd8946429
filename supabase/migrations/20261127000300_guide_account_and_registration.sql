-- Two refusals in words instead of a bare unique-key error: a guide account linked to one guide
-- only, and a registration on one vehicle only. A linked account must also be a guide's (role
-- guide): it is what lets them read their trips. Otherwise as in 20261127000100_guides_and_vehicles.sql.

create or replace function public.check_guide() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.full_name := btrim(coalesce(new.full_name, ''));
  if length(new.full_name) not between 1 and 120 then
    raise exception 'Give the guide’s name, up to 120 characters' using errcode = '23514', hint = 'full_name';
  end if;
  new.email := nullif(btrim(new.email), '');
  if new.email is not null and new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Give an email address such as name@example.com' using errcode = '23514', hint = 'email';
  end if;
  if new.day_rate is not null and (new.day_rate < 0 or new.day_rate > 100000) then
    raise exception 'The day rate is from 0 to 100,000' using errcode = '23514', hint = 'day_rate';
  end if;
  if new.user_id is not null and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    if not exists (select 1 from public.users where id = new.user_id and role = 'guide') then
      raise exception 'Only an account with the guide role can be linked to a guide' using errcode = '23514', hint = 'user_id';
    end if;
    if exists (select 1 from public.guides where user_id = new.user_id and id <> new.id) then
      raise exception 'This account is already linked to another guide' using errcode = '23505', hint = 'user_id';
    end if;
  end if;
  return new;
end
$$;

create or replace function public.check_vehicle() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.name := btrim(coalesce(new.name, ''));
  new.registration := upper(btrim(coalesce(new.registration, '')));
  if length(new.name) not between 1 and 80 then
    raise exception 'Name the vehicle, up to 80 characters' using errcode = '23514', hint = 'name';
  end if;
  if new.registration !~ '^[A-Z0-9][A-Z0-9 -]{1,14}$' then
    raise exception 'The registration is 2 to 15 letters, digits, spaces or dashes' using errcode = '23514', hint = 'registration';
  end if;
  if exists (select 1 from public.vehicles where registration = new.registration and id <> new.id) then
    raise exception 'Another vehicle has the registration %', new.registration using errcode = '23505', hint = 'registration';
  end if;
  if new.seats is null or new.seats not between 1 and 60 then
    raise exception 'A vehicle has 1 to 60 seats for travelers' using errcode = '23514', hint = 'seats';
  end if;
  if new.next_service_km is not null and new.next_service_km < 0 or new.odometer_km is not null and new.odometer_km < 0 then
    raise exception 'Mileage cannot be negative' using errcode = '23514', hint = case when new.odometer_km < 0 then 'odometer_km' else 'next_service_km' end;
  end if;
  return new;
end
$$;

revoke execute on function public.check_guide(), public.check_vehicle() from public, anon, authenticated;
