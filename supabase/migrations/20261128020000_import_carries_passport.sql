-- An imported tour keeps whether its travelers need a passport (tours.passport_required,
-- 20261128000200). The catalogue export now writes it; without this the import dropped it, and a tour
-- exported and imported back stopped asking for passports. A file without it (exported before the
-- column) means no passport, the column's default. The rest of import_tours is as in 20261127010700.

create or replace function public.import_tours(p_tours jsonb) returns int
language plpgsql
set search_path = public
as $$
declare
  v_tour jsonb;
  v_part jsonb;
  v_id uuid;
  v_slug text;
  v_category uuid;
  v_destination uuid;
  v_position int;
  v_count int := 0;
begin
  if not public.has_permission('catalogue.write') then
    raise exception 'Only catalogue editors import tours' using errcode = '42501';
  end if;
  if jsonb_typeof(p_tours) is distinct from 'array' or jsonb_array_length(p_tours) = 0 then
    raise exception 'The file holds no tour' using errcode = '22023';
  end if;
  if jsonb_array_length(p_tours) > 500 then
    raise exception 'At most 500 tours are imported at once' using errcode = '22023';
  end if;
  -- Each tour, and the rows it writes besides itself: days, departures, seasons, group discounts,
  -- extras, and links to destinations, experiences and activities.
  if (select count(*) + coalesce(sum((select sum(case when jsonb_typeof(t -> part) = 'array' then jsonb_array_length(t -> part) else 0 end)
                                        from unnest(array['itinerary', 'departures', 'seasons', 'group_discounts', 'extras', 'destinations', 'experiences', 'activities']) part)), 0)
        from jsonb_array_elements(p_tours) t) > 2000 then
    raise exception 'At most 2,000 rows (tours, days, departures, seasons, discounts, extras and links) are imported at once: split the file' using errcode = '54000';
  end if;
  for v_tour in select value from jsonb_array_elements(p_tours) loop
    v_count := v_count + 1;
    v_slug := v_tour ->> 'slug';
    if exists (select 1 from public.tours where slug = v_slug) then
      raise exception 'The tour % is already in the catalogue', v_slug using errcode = '23505', hint = format('tour:%s:slug', v_slug);
    end if;
    v_category := null;
    if nullif(v_tour ->> 'category', '') is not null then
      select id into v_category from public.categories where slug = v_tour ->> 'category';
      if v_category is null then
        raise exception 'The tour % names the category %, which does not exist', v_slug, v_tour ->> 'category' using errcode = '23503', hint = format('tour:%s:category', v_slug);
      end if;
    end if;
    insert into public.tours (
      slug, title, status, category_id, summary, description, base_price, currency, child_price, child_age_limit,
      single_supplement, duration_days, duration_nights, group_size_min, group_size_max, min_age, difficulty,
      best_season, start_location, end_location, highlights, included, excluded, hero_image_url, gallery,
      is_featured, is_private, passport_required, meta_title, meta_description
    ) values (
      v_slug,
      v_tour ->> 'title',
      coalesce(v_tour ->> 'status', 'draft'),
      v_category,
      v_tour ->> 'summary',
      v_tour ->> 'description',
      coalesce((v_tour ->> 'base_price')::numeric, 0),
      coalesce(v_tour ->> 'currency', public.company_currency()),
      (v_tour ->> 'child_price')::numeric,
      coalesce((v_tour ->> 'child_age_limit')::int, 12),
      coalesce((v_tour ->> 'single_supplement')::numeric, 0),
      coalesce((v_tour ->> 'duration_days')::int, 1),
      coalesce((v_tour ->> 'duration_nights')::int, 0),
      coalesce((v_tour ->> 'group_size_min')::int, 1),
      (v_tour ->> 'group_size_max')::int,
      (v_tour ->> 'min_age')::int,
      v_tour ->> 'difficulty',
      v_tour ->> 'best_season',
      v_tour ->> 'start_location',
      v_tour ->> 'end_location',
      coalesce(array(select jsonb_array_elements_text(v_tour -> 'highlights')), '{}'),
      coalesce(array(select jsonb_array_elements_text(v_tour -> 'included')), '{}'),
      coalesce(array(select jsonb_array_elements_text(v_tour -> 'excluded')), '{}'),
      v_tour ->> 'hero_image_url',
      coalesce(v_tour -> 'gallery', '[]'),
      coalesce((v_tour ->> 'is_featured')::boolean, false),
      coalesce((v_tour ->> 'is_private')::boolean, false),
      coalesce((v_tour ->> 'passport_required')::boolean, false),
      v_tour ->> 'meta_title',
      v_tour ->> 'meta_description'
    )
    returning id into v_id;

    v_position := 0;
    for v_part in select value from jsonb_array_elements(coalesce(v_tour -> 'destinations', '[]')) loop
      select id into v_destination from public.destinations where slug = v_part #>> '{}';
      if v_destination is null then
        raise exception 'The tour % names the destination %, which does not exist', v_slug, v_part #>> '{}' using errcode = '23503', hint = format('tour:%s:destinations', v_slug);
      end if;
      insert into public.tour_destinations (tour_id, destination_id, position) values (v_id, v_destination, v_position);
      v_position := v_position + 1;
    end loop;

    for v_part in select value from jsonb_array_elements(coalesce(v_tour -> 'experiences', '[]')) loop
      select id into v_destination from public.experiences where slug = v_part #>> '{}';
      if v_destination is null then
        raise exception 'The tour % names the experience %, which does not exist', v_slug, v_part #>> '{}' using errcode = '23503', hint = format('tour:%s:experiences', v_slug);
      end if;
      insert into public.tour_experiences (tour_id, experience_id) values (v_id, v_destination);
    end loop;

    for v_part in select value from jsonb_array_elements(coalesce(v_tour -> 'activities', '[]')) loop
      select id into v_destination from public.activities where slug = v_part #>> '{}';
      if v_destination is null then
        raise exception 'The tour % names the activity %, which does not exist', v_slug, v_part #>> '{}' using errcode = '23503', hint = format('tour:%s:activities', v_slug);
      end if;
      insert into public.tour_activities (tour_id, activity_id) values (v_id, v_destination);
    end loop;

    for v_part in select value from jsonb_array_elements(coalesce(v_tour -> 'itinerary', '[]')) loop
      v_destination := null;
      if nullif(v_part ->> 'destination', '') is not null then
        select id into v_destination from public.destinations where slug = v_part ->> 'destination';
        if v_destination is null then
          raise exception 'Day % of the tour % names the destination %, which does not exist', v_part ->> 'day_number', v_slug, v_part ->> 'destination'
            using errcode = '23503', hint = format('tour:%s:itinerary', v_slug);
        end if;
      end if;
      insert into public.tour_itinerary (tour_id, day_number, title, description, destination_id, location, accommodation, room_basis, meals, activities, travel_mode, travel_minutes)
      values (
        v_id, (v_part ->> 'day_number')::int, v_part ->> 'title', v_part ->> 'description', v_destination, v_part ->> 'location',
        v_part ->> 'accommodation', v_part ->> 'room_basis',
        coalesce(array(select jsonb_array_elements_text(v_part -> 'meals')), '{}'),
        coalesce(array(select jsonb_array_elements_text(v_part -> 'activities')), '{}'),
        v_part ->> 'travel_mode', (v_part ->> 'travel_minutes')::int
      );
    end loop;

    for v_part in select value from jsonb_array_elements(coalesce(v_tour -> 'seasons', '[]')) loop
      insert into public.tour_seasons (tour_id, name, starts_on, ends_on, adult_price, child_price)
      values (v_id, v_part ->> 'name', (v_part ->> 'starts_on')::date, (v_part ->> 'ends_on')::date, (v_part ->> 'adult_price')::numeric, (v_part ->> 'child_price')::numeric);
    end loop;

    for v_part in select value from jsonb_array_elements(coalesce(v_tour -> 'group_discounts', '[]')) loop
      insert into public.tour_group_discounts (tour_id, min_travelers, percent)
      values (v_id, (v_part ->> 'min_travelers')::int, (v_part ->> 'percent')::numeric);
    end loop;

    for v_part in select value from jsonb_array_elements(coalesce(v_tour -> 'extras', '[]')) loop
      insert into public.tour_extras (tour_id, code, name, description, unit, price, is_active, display_order)
      values (
        v_id, v_part ->> 'code', v_part ->> 'name', v_part ->> 'description', coalesce(v_part ->> 'unit', 'per_person'),
        (v_part ->> 'price')::numeric, coalesce((v_part ->> 'is_active')::boolean, true), coalesce((v_part ->> 'display_order')::int, 0)
      );
    end loop;

    -- Departures start with no seat sold: bookings stay where they were made.
    for v_part in select value from jsonb_array_elements(coalesce(v_tour -> 'departures', '[]')) loop
      insert into public.tour_departures (tour_id, start_date, end_date, capacity, status, price_override, child_price_override, guaranteed_threshold, season, notes)
      values (
        v_id, (v_part ->> 'start_date')::date, (v_part ->> 'end_date')::date, (v_part ->> 'capacity')::int,
        case when v_part ->> 'status' = 'cancelled' then 'cancelled' else 'open' end,
        (v_part ->> 'price_override')::numeric, (v_part ->> 'child_price_override')::numeric,
        (v_part ->> 'guaranteed_threshold')::int, v_part ->> 'season', v_part ->> 'notes'
      );
    end loop;
  end loop;
  return v_count;
end
$$;

revoke execute on function public.import_tours(jsonb) from public, anon;
grant execute on function public.import_tours(jsonb) to authenticated;
