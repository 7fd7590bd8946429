-- Duplicating a tour: a new draft with the same fields, destinations, itinerary, pricing (seasons,
-- group discounts, extras), activities and experiences, under the first free "<slug>-copy" address.
-- Departures, bookings and reviews stay with the original.

create or replace function public.duplicate_tour(p_tour_id uuid) returns uuid
language plpgsql
set search_path = public
as $$
declare
  v_tour public.tours;
  v_base text;
  v_slug text;
  v_copy int := 1;
  v_id uuid := gen_random_uuid();
  v_columns text;
begin
  if not public.has_permission('catalogue.write') then
    raise exception 'Only catalogue editors duplicate tours' using errcode = '42501';
  end if;
  select * into v_tour from public.tours where id = p_tour_id;
  if not found then
    raise exception 'No such tour' using errcode = 'P0002';
  end if;
  -- The original's address without a copy's ending, cut to leave room for one (and no dash left at
  -- the cut, which would make two in a row).
  v_base := rtrim(left(regexp_replace(v_tour.slug, '-copy(-[0-9]+)?$', ''), 70), '-');
  v_slug := v_base || '-copy';
  while exists (select 1 from public.tours where slug = v_slug) or exists (select 1 from public.tour_slug_redirects where slug = v_slug) loop
    v_copy := v_copy + 1;
    v_slug := v_base || '-copy-' || v_copy;
  end loop;
  -- Every stored column, so a column added later is copied too; generated ones are left to compute.
  select string_agg(quote_ident(attname), ', ' order by attnum) into v_columns
  from pg_attribute
  where attrelid = 'public.tours'::regclass and attnum > 0 and not attisdropped and attgenerated = '';
  execute format('insert into public.tours (%1$s) select %1$s from jsonb_populate_record(null::public.tours, $1)', v_columns)
  using to_jsonb(v_tour) || jsonb_build_object(
    'id', v_id, 'slug', v_slug, 'title', left(v_tour.title || ' (copy)', 120), 'status', 'draft', 'is_featured', false,
    'rating_average', 0, 'review_count', 0, 'created_at', now(), 'updated_at', now()
  );
  insert into public.tour_destinations (tour_id, destination_id, position)
    select v_id, destination_id, position from public.tour_destinations where tour_id = p_tour_id;
  insert into public.tour_itinerary (tour_id, day_number, title, description, location, accommodation, meals, activities, destination_id, room_basis, travel_mode, travel_minutes)
    select v_id, day_number, title, description, location, accommodation, meals, activities, destination_id, room_basis, travel_mode, travel_minutes
    from public.tour_itinerary where tour_id = p_tour_id;
  insert into public.tour_seasons (tour_id, name, starts_on, ends_on, adult_price, child_price)
    select v_id, name, starts_on, ends_on, adult_price, child_price from public.tour_seasons where tour_id = p_tour_id;
  insert into public.tour_group_discounts (tour_id, min_travelers, percent)
    select v_id, min_travelers, percent from public.tour_group_discounts where tour_id = p_tour_id;
  insert into public.tour_extras (tour_id, code, name, description, unit, price, is_active, display_order)
    select v_id, code, name, description, unit, price, is_active, display_order from public.tour_extras where tour_id = p_tour_id;
  insert into public.tour_activities (tour_id, activity_id)
    select v_id, activity_id from public.tour_activities where tour_id = p_tour_id;
  insert into public.tour_experiences (tour_id, experience_id)
    select v_id, experience_id from public.tour_experiences where tour_id = p_tour_id;
  return v_id;
end
$$;

revoke execute on function public.duplicate_tour(uuid) from public, anon;
grant execute on function public.duplicate_tour(uuid) to authenticated;
