-- Each booking keeps the version of the booking terms in force when it was made (booking_settings,
-- which admins change when the terms change), so a dispute reads the terms the traveler agreed to.
-- Bookings made before versions were kept have none.

alter table public.bookings add column booking_terms_version text;

comment on column public.bookings.booking_terms_version is
  'The booking terms in force when the booking was made (booking_settings.booking_terms_version).';

-- Whoever makes the booking (a traveler at checkout, the office by phone, a client accepting a
-- quote), the version is the settings' own: a definer, as only admins read the settings row.
create or replace function public.stamp_booking_terms_version() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  new.booking_terms_version := (select s.booking_terms_version from public.booking_settings s);
  return new;
end
$$;

revoke execute on function public.stamp_booking_terms_version() from public, anon, authenticated;

create trigger stamp_booking_terms_version before insert on public.bookings
  for each row execute function public.stamp_booking_terms_version();

-- Once made, the version a booking was made under never changes.
create or replace function public.keep_booking_terms_version() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.booking_terms_version := old.booking_terms_version;
  return new;
end
$$;

revoke execute on function public.keep_booking_terms_version() from public, anon, authenticated;

create trigger keep_booking_terms_version before update of booking_terms_version on public.bookings
  for each row execute function public.keep_booking_terms_version();
