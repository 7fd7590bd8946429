-- The manifest complete: each booking's extras, its pickup (point and time), its count of adults
-- and children (so a booking that named nobody still shows who is a child) and the tour's child age
-- limit (a traveler's age on the first day says adult or child), and each traveler's own emergency
-- contact (update_traveler_details()). The rest is as in 20261127000800_trip_manifest.sql.

create or replace function public.trip_manifest(p_departure_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_result jsonb;
begin
  if not (public.has_permission('operations.read') or public.guides_trip(p_departure_id)) then
    raise exception 'Only operations staff and the trip''s guides read its manifest' using errcode = '42501';
  end if;
  if not exists (select 1 from public.tour_departures where id = p_departure_id) then
    raise exception 'There is no such trip' using errcode = 'P0002';
  end if;

  select jsonb_build_object(
    'trip', jsonb_build_object(
      'id', d.id, 'tour_title', t.title, 'start_date', d.start_date, 'end_date', d.end_date, 'status', d.status,
      'is_private', d.is_private, 'meets_at', t.start_location, 'ends_at', coalesce(t.end_location, t.start_location),
      'capacity', d.capacity, 'seats_booked', d.seats_booked, 'child_age_limit', t.child_age_limit),
    'guides', coalesce((
      select jsonb_agg(jsonb_build_object('full_name', g.full_name, 'phone', g.phone, 'languages', g.languages) order by g.full_name)
        from public.departure_guides a join public.guides g on g.id = a.guide_id
       where a.departure_id = d.id), '[]'),
    'vehicles', coalesce((
      select jsonb_agg(jsonb_build_object('vehicle_id', v.id, 'name', v.name, 'registration', v.registration, 'seats', v.seats, 'travelers', a.travelers)
                       order by v.name)
        from public.departure_vehicles a join public.vehicles v on v.id = a.vehicle_id
       where a.departure_id = d.id), '[]'),
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object(
               'booking_id', b.id, 'reference', b.booking_reference, 'status', b.status,
               'contact', jsonb_build_object('full_name', coalesce(b.contact ->> 'full_name', u.full_name),
                                             'email', coalesce(b.contact ->> 'email', u.email),
                                             'phone', coalesce(b.contact ->> 'phone', u.phone)),
               'emergency', case when u.emergency_contact_name is not null then
                              jsonb_build_object('name', u.emergency_contact_name, 'phone', u.emergency_contact_phone,
                                                 'relationship', u.emergency_contact_relationship) end,
               'balance_due', greatest(b.total_amount - b.amount_paid, 0), 'currency', b.currency,
               'notes', b.notes,
               'adults', b.adults, 'children', b.children,
               'pickup', b.pickup, 'pickup_time', to_char(b.pickup_time, 'HH24:MI'),
               'extras', coalesce((
                 select jsonb_agg(jsonb_build_object('name', coalesce(e.value ->> 'name', e.value ->> 'code'), 'quantity', case when jsonb_typeof(e.value -> 'quantity') = 'number' then (e.value ->> 'quantity')::numeric::int end)
                                  order by e.ordinality)
                   from jsonb_array_elements(case when jsonb_typeof(b.extras) = 'array' then b.extras else '[]'::jsonb end)
                        with ordinality as e(value, ordinality)), '[]'),
               'travelers', coalesce((
                 select jsonb_agg(jsonb_build_object(
                          'index', x.ordinality - 1,
                          'full_name', coalesce(x.value ->> 'full_name', x.value ->> 'name'),
                          'traveler_type', x.value ->> 'traveler_type',
                          'age', x.value ->> 'age',
                          'date_of_birth', x.value ->> 'date_of_birth',
                          'nationality', x.value ->> 'nationality',
                          'passport_number', coalesce(x.value ->> 'passport_number',
                                                      case when lower(coalesce(x.value ->> 'full_name', '')) = lower(u.full_name) then u.passport_number end),
                          -- The account holder's passport expiry is theirs when they travel.
                          'passport_expiry', coalesce(x.value ->> 'passport_expiry',
                                                      case when lower(coalesce(x.value ->> 'full_name', '')) = lower(u.full_name) then u.passport_expiry::text end),
                          'dietary_needs', x.value ->> 'dietary_needs',
                          'medical_notes', x.value ->> 'medical_notes',
                          'room_preference', x.value ->> 'room_preference',
                          'emergency_contact_name', x.value ->> 'emergency_contact_name',
                          'emergency_contact_phone', x.value ->> 'emergency_contact_phone')
                        order by x.ordinality)
                   from jsonb_array_elements(case when jsonb_typeof(b.travelers) = 'array' then b.travelers else '[]'::jsonb end)
                        with ordinality as x(value, ordinality)), '[]'),
               'party', b.adults + b.children,
               -- The client ids of payments taken in the field, so a tablet knows which of its own have arrived.
               'field_payments', coalesce((select jsonb_agg(p.client_id) from public.payments p where p.booking_id = b.id and p.client_id is not null), '[]'),
               -- When each traveler (by their place in the booking) was checked in.
               'checked_in', coalesce((select jsonb_object_agg(c.traveler_index, c.checked_in_at) from public.trip_check_ins c where c.booking_id = b.id), '{}'))
             order by b.created_at, b.id)
        from public.bookings b left join public.users u on u.id = b.user_id
       where b.departure_id = d.id and b.status in ('pending', 'confirmed', 'completed')), '[]'),
    'itinerary', coalesce((
      select jsonb_agg(jsonb_build_object('day_number', i.day_number, 'title', i.title, 'location', i.location,
                                          'accommodation', i.accommodation, 'meals', i.meals) order by i.day_number)
        from public.tour_itinerary i where i.tour_id = d.tour_id), '[]'),
    'incidents', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'client_id', i.client_id, 'note', i.note, 'occurred_at', i.occurred_at, 'booking_id', i.booking_id,
                                          'recorded_by', (select u.full_name from public.users u where u.id = i.recorded_by))
                       order by i.occurred_at)
        from public.trip_incidents i where i.departure_id = d.id), '[]')
  ) into v_result
    from public.tour_departures d join public.tours t on t.id = d.tour_id
   where d.id = p_departure_id;
  return v_result;
end
$$;

revoke execute on function public.trip_manifest(uuid) from public, anon;
grant execute on function public.trip_manifest(uuid) to authenticated;
