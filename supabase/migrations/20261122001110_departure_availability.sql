-- A departure's status follows its seats, so the catalogue, the booking page and the booking
-- function never disagree about what is left:
--   sold_out    every seat is taken
--   limited     two seats or fewer left
--   guaranteed  seats taken reached guaranteed_threshold: it runs whatever happens
--   open        otherwise
--   cancelled   set by the company; stays until the company sets another status, which is then
--               recomputed from the seats as above
-- A private departure is made for one private booking (create_booking): guaranteed while that
-- booking holds its seats, cancelled once it no longer does. It is never listed.

alter table public.tour_departures
  add column is_private boolean not null default false;

create or replace function public.derive_departure_status() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.is_private then
    new.status := case when new.seats_booked > 0 then 'guaranteed' else 'cancelled' end;
  elsif new.status <> 'cancelled' then
    new.status := case
      when new.seats_booked >= new.capacity then 'sold_out'
      when new.capacity - new.seats_booked <= 2 then 'limited'
      when new.guaranteed_threshold is not null and new.seats_booked >= new.guaranteed_threshold then 'guaranteed'
      else 'open'
    end;
  end if;
  return new;
end
$$;

create trigger tour_departures_derive_status before insert or update on public.tour_departures
  for each row execute function public.derive_departure_status();

-- Scheduled departures of listed tours are public; a private trip's departure is for its travelers
-- ("travelers read departures they booked") and admins only.
drop policy "departures of listed tours are public" on public.tour_departures;
create policy "departures of listed tours are public" on public.tour_departures
  for select using (not is_private and public.is_tour_listed(tour_id));

-- Departures made before this trigger take the status their seats give them.
update public.tour_departures set seats_booked = seats_booked;
