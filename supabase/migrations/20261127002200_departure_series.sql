-- Departures added one at a time or as a series (every Monday from June to October): the editor's
-- screen works out the dates, add_tour_departures adds them in one go. Each lasts as long as the tour;
-- a departure in a season window (tour_seasons) takes the window's name and prices unless given its
-- own. Refusals name the date and the field.

create or replace function public.add_tour_departures(
  p_tour_id uuid,
  p_start_dates date[],
  p_capacity int,
  p_price_override numeric default null,
  p_child_price_override numeric default null,
  p_guaranteed_threshold int default null,
  p_season text default null
) returns int
language plpgsql
set search_path = public
as $$
declare
  v_tour public.tours;
  v_start date;
  v_season public.tour_seasons;
  v_today date := (now() at time zone public.company_time_zone())::date;
  v_added int := 0;
begin
  if not public.has_permission('catalogue.write') then
    raise exception 'Only catalogue editors add departures' using errcode = '42501';
  end if;
  select * into v_tour from public.tours where id = p_tour_id;
  if not found then
    raise exception 'No such tour' using errcode = 'P0002';
  end if;
  if coalesce(cardinality(p_start_dates), 0) = 0 then
    raise exception 'Choose at least one date' using errcode = '23514', hint = 'start_date';
  end if;
  if cardinality(p_start_dates) > 200 then
    raise exception 'At most 200 departures are added at once' using errcode = '23514', hint = 'start_date';
  end if;
  if p_capacity is null or p_capacity not between 1 and 500 then
    raise exception 'A departure has 1 to 500 seats' using errcode = '23514', hint = 'capacity';
  end if;
  if p_price_override < 0 or p_child_price_override < 0 then
    raise exception 'Prices cannot be below zero' using errcode = '23514',
      hint = case when p_price_override < 0 then 'price_override' else 'child_price_override' end;
  end if;
  if p_guaranteed_threshold is not null and p_guaranteed_threshold not between 1 and p_capacity then
    raise exception 'It is guaranteed at 1 to % seats taken', p_capacity using errcode = '23514', hint = 'guaranteed_threshold';
  end if;
  foreach v_start in array p_start_dates loop
    if v_start <= v_today then
      raise exception 'A departure on % would leave today or earlier', to_char(v_start, 'FMDD Mon YYYY') using errcode = '23514', hint = 'start_date';
    end if;
    if exists (select 1 from public.tour_departures where tour_id = p_tour_id and start_date = v_start and status <> 'cancelled' and not is_private) then
      raise exception 'The tour already leaves on %', to_char(v_start, 'FMDD Mon YYYY') using errcode = '23505', hint = 'start_date';
    end if;
    select * into v_season from public.tour_seasons
    where tour_id = p_tour_id and v_start between starts_on and ends_on
    order by starts_on desc limit 1;
    insert into public.tour_departures (tour_id, start_date, end_date, capacity, price_override, child_price_override, guaranteed_threshold, season)
    values (
      p_tour_id, v_start, v_start + (v_tour.duration_days - 1), p_capacity,
      coalesce(p_price_override, v_season.adult_price),
      coalesce(p_child_price_override, v_season.child_price),
      p_guaranteed_threshold,
      coalesce(nullif(btrim(p_season), ''), v_season.name)
    );
    v_added := v_added + 1;
  end loop;
  return v_added;
end
$$;

revoke execute on function public.add_tour_departures(uuid, date[], int, numeric, numeric, int, text) from public, anon;
grant execute on function public.add_tour_departures(uuid, date[], int, numeric, numeric, int, text) to authenticated;
