-- Where and when the trip collects a booking's travelers: a hotel or a meeting point, and the time.
-- The office (bookings.write) sets them on the booking page, or when it takes the booking; the
-- manifest and field mode show them. A blank is no pickup; each rule is refused in words with the
-- column in the hint.

alter table public.bookings
  add column pickup text,
  add column pickup_time time;

comment on column public.bookings.pickup is 'Where the travelers are collected: a hotel or a meeting point, up to 200 characters.';
comment on column public.bookings.pickup_time is 'When the travelers are collected, on the trip''s first day, in the company''s time.';

-- Blanks trimmed away; a point up to 200 characters; a time only with a point.
create or replace function public.check_booking_pickup() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.pickup := nullif(btrim(coalesce(new.pickup, '')), '');
  if length(new.pickup) > 200 then
    raise exception 'The pickup point is up to 200 characters' using errcode = '23514', hint = 'pickup';
  end if;
  if new.pickup_time is not null and new.pickup is null then
    raise exception 'Give the pickup point for the pickup time' using errcode = '23514', hint = 'pickup';
  end if;
  return new;
end
$$;

revoke execute on function public.check_booking_pickup() from public, anon, authenticated;

create trigger check_booking_pickup before insert or update of pickup, pickup_time on public.bookings
  for each row execute function public.check_booking_pickup();

-- Written as the notes are: the policy "booking staff change bookings" lets only bookings.write in.
grant update (pickup, pickup_time) on public.bookings to authenticated;
