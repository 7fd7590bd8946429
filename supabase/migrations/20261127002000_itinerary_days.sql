-- An itinerary day as safari operators plan it: where the day ends (a destination of the catalogue),
-- the lodge and its room basis, the meals included, the activities, and how the day travels (a drive
-- or a walk of so many minutes). Days are saved all at once by save_tour_itinerary, which keeps the
-- tour's duration in step with its days.

alter table public.tour_itinerary
  add column destination_id uuid references public.destinations (id) on delete set null,
  add column room_basis text check (room_basis is null or length(room_basis) <= 80),
  add column travel_mode text check (travel_mode in ('drive', 'walk', 'flight', 'boat')),
  add column travel_minutes int check (travel_minutes is null or travel_minutes between 0 and 1440);

create index tour_itinerary_destination_idx on public.tour_itinerary (destination_id) where destination_id is not null;

-- Reordering days swaps day numbers; the uniqueness is checked when the transaction commits, so a
-- save may renumber the days in any order.
alter table public.tour_itinerary drop constraint tour_itinerary_tour_id_day_number_key;
alter table public.tour_itinerary add constraint tour_itinerary_tour_id_day_number_key unique (tour_id, day_number) deferrable initially deferred;

-- Replaces a tour's days by p_days, an array of days in their order (each: id for a day kept,
-- title, description, destination_id, location, accommodation, room_basis, meals, activities,
-- travel_mode, travel_minutes; a kept day's id once). Kept days are updated in place, so the audit log records only what
-- changed; days left out are removed. The tour then lasts as many days as it has, a night fewer.
-- Returns the days' ids in order, so the editor knows the ids of the days it added.
-- Runs as the caller: the catalogue's policies decide who may.
create or replace function public.save_tour_itinerary(p_tour_id uuid, p_days jsonb) returns uuid[]
language plpgsql
set search_path = public
as $$
declare
  v_day jsonb;
  v_number int := 0;
  v_kept uuid[] := '{}';
  v_id uuid;
  v_title text;
begin
  if not public.has_permission('catalogue.write') then
    raise exception 'Only catalogue editors change itineraries' using errcode = '42501';
  end if;
  if jsonb_typeof(p_days) is distinct from 'array' then
    raise exception 'The itinerary is a list of days' using errcode = '22023';
  end if;
  if jsonb_array_length(p_days) > 60 then
    raise exception 'A tour has at most 60 days' using errcode = '23514', hint = 'days';
  end if;
  perform 1 from public.tours where id = p_tour_id for update;
  if not found then
    raise exception 'No such tour' using errcode = 'P0002';
  end if;
  for v_day in select value from jsonb_array_elements(p_days) loop
    v_number := v_number + 1;
    v_title := btrim(coalesce(v_day ->> 'title', ''));
    if length(v_title) not between 1 and 120 then
      raise exception 'Give day % a title, up to 120 characters', v_number using errcode = '23514', hint = format('day:%s:title', v_number);
    end if;
    if (v_day ->> 'travel_minutes') is not null and (v_day ->> 'travel_minutes')::numeric not between 0 and 1440 then
      raise exception 'Day %’s travel time is from 0 to 24 hours', v_number using errcode = '23514', hint = format('day:%s:travel_minutes', v_number);
    end if;
    v_id := nullif(v_day ->> 'id', '')::uuid;
    -- A day sent twice would be saved under its last number only, leaving a gap where the first was.
    if v_id = any (v_kept) then
      raise exception 'Day % is day % again', v_number, array_position(v_kept, v_id) using errcode = '22023', hint = format('day:%s', v_number);
    end if;
    if v_id is not null then
      update public.tour_itinerary set
        day_number = v_number,
        title = v_title,
        description = nullif(btrim(v_day ->> 'description'), ''),
        destination_id = nullif(v_day ->> 'destination_id', '')::uuid,
        location = nullif(btrim(v_day ->> 'location'), ''),
        accommodation = nullif(btrim(v_day ->> 'accommodation'), ''),
        room_basis = nullif(btrim(v_day ->> 'room_basis'), ''),
        meals = coalesce(array(select jsonb_array_elements_text(v_day -> 'meals')), '{}'),
        activities = coalesce(array(select btrim(a) from jsonb_array_elements_text(v_day -> 'activities') a where btrim(a) <> ''), '{}'),
        travel_mode = nullif(v_day ->> 'travel_mode', ''),
        travel_minutes = (v_day ->> 'travel_minutes')::int
      where id = v_id and tour_id = p_tour_id;
      if not found then
        v_id := null;
      end if;
    end if;
    if v_id is null then
      insert into public.tour_itinerary (tour_id, day_number, title, description, destination_id, location, accommodation, room_basis, meals, activities, travel_mode, travel_minutes)
      values (
        p_tour_id, v_number, v_title,
        nullif(btrim(v_day ->> 'description'), ''),
        nullif(v_day ->> 'destination_id', '')::uuid,
        nullif(btrim(v_day ->> 'location'), ''),
        nullif(btrim(v_day ->> 'accommodation'), ''),
        nullif(btrim(v_day ->> 'room_basis'), ''),
        coalesce(array(select jsonb_array_elements_text(v_day -> 'meals')), '{}'),
        coalesce(array(select btrim(a) from jsonb_array_elements_text(v_day -> 'activities') a where btrim(a) <> ''), '{}'),
        nullif(v_day ->> 'travel_mode', ''),
        (v_day ->> 'travel_minutes')::int
      )
      returning id into v_id;
    end if;
    v_kept := v_kept || v_id;
  end loop;
  delete from public.tour_itinerary where tour_id = p_tour_id and id <> all (v_kept);
  if v_number > 0 then
    update public.tours set duration_days = v_number, duration_nights = v_number - 1 where id = p_tour_id;
  end if;
  return v_kept;
end
$$;

revoke execute on function public.save_tour_itinerary(uuid, jsonb) from public, anon;
grant execute on function public.save_tour_itinerary(uuid, jsonb) to authenticated;
