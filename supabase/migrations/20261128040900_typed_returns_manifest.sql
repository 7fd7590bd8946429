-- A trip's manifest is a composite type, manifest, instead of a jsonb object, so the generated types
-- (src/lib/database.types.ts) carry its shape: trip_manifest returns one, field_trips an array of
-- them. The REST API answers the same JSON as before: the same objects, keys, values and nulls, []
-- for an empty list; checked_in stays a jsonb object, its keys the travelers' places in the booking.
-- A field tablet keeps the manifests it was given (src/features/admin/operations/field-api.ts): what
-- it receives is unchanged. A return type changes by a drop and a create: the grants and settings
-- are those they had (20261128000200_passport_where_the_trip_needs_it.sql,
-- 20261127000900_field_mode.sql).

create type public.manifest_trip as (
  id uuid,
  tour_title text,
  start_date date,
  end_date date,
  status text,
  is_private boolean,
  meets_at text,
  ends_at text,
  capacity int,
  seats_booked int,
  child_age_limit int,
  passport_required boolean
);

comment on type public.manifest_trip is 'The trip a manifest is for: its departure and tour, where it meets and ends (manifest).';

create type public.manifest_guide as (
  full_name text,
  phone text,
  languages text[]
);

comment on type public.manifest_guide is 'A guide leading the trip (manifest).';

create type public.manifest_vehicle as (
  vehicle_id uuid,
  name text,
  registration text,
  seats int,
  travelers int
);

comment on type public.manifest_vehicle is 'A vehicle on the trip, and how many travelers it carries (manifest).';

create type public.manifest_contact as (
  full_name text,
  email text,
  phone text
);

comment on type public.manifest_contact is 'Who to reach about a booking: its contact, else its account''s (manifest).';

create type public.manifest_emergency as (
  name text,
  phone text,
  relationship text
);

comment on type public.manifest_emergency is 'The emergency contact the booking''s account gave (manifest).';

create type public.manifest_extra as (
  name text,
  quantity int
);

comment on type public.manifest_extra is 'An extra a booking has, and for how many (null when not kept): manifest.';

create type public.manifest_traveler as (
  index int,
  full_name text,
  traveler_type text,
  age text,
  date_of_birth text,
  nationality text,
  passport_number text,
  passport_expiry text,
  dietary_needs text,
  medical_notes text,
  room_preference text,
  emergency_contact_name text,
  emergency_contact_phone text
);

comment on type public.manifest_traveler is 'A traveler of a booking, by their place in it, with the details given (manifest).';

create type public.manifest_booking as (
  booking_id uuid,
  reference text,
  status text,
  contact public.manifest_contact,
  emergency public.manifest_emergency,
  balance_due numeric,
  currency text,
  notes text,
  adults int,
  children int,
  pickup text,
  pickup_time text,
  extras public.manifest_extra[],
  travelers public.manifest_traveler[],
  party int,
  field_payments uuid[],
  checked_in jsonb
);

comment on type public.manifest_booking is
  'A booking on the trip: who to reach, what is left to pay, its travelers and extras, the field payments the server has and when each traveler was checked in (manifest).';

create type public.manifest_day as (
  day_number int,
  title text,
  location text,
  accommodation text,
  meals text[]
);

comment on type public.manifest_day is 'A day of the trip''s itinerary (manifest).';

create type public.manifest_incident as (
  id uuid,
  client_id uuid,
  note text,
  occurred_at timestamptz,
  booking_id uuid,
  recorded_by text
);

comment on type public.manifest_incident is 'A note the field team recorded on the trip, and who recorded it (manifest).';

create type public.manifest as (
  trip public.manifest_trip,
  guides public.manifest_guide[],
  vehicles public.manifest_vehicle[],
  bookings public.manifest_booking[],
  itinerary public.manifest_day[],
  incidents public.manifest_incident[]
);

comment on type public.manifest is 'A trip''s manifest: the trip, its guides and vehicles, its bookings and travelers, its days and incidents (trip_manifest).';

drop function public.field_trips();
drop function public.trip_manifest(uuid);

create function public.trip_manifest(p_departure_id uuid) returns public.manifest
language plpgsql stable security definer
set search_path = public
as $$
begin
  if not (public.has_permission('operations.read') or public.guides_trip(p_departure_id)) then
    raise exception 'Only operations staff and the trip''s guides read its manifest' using errcode = '42501';
  end if;
  if not exists (select 1 from public.tour_departures where id = p_departure_id) then
    raise exception 'There is no such trip' using errcode = 'P0002';
  end if;

  -- The fields of manifest and of the types it is made of, in their order.
  return (
    select row(
      row(d.id, t.title, d.start_date, d.end_date, d.status,
          d.is_private, t.start_location, coalesce(t.end_location, t.start_location),
          d.capacity, d.seats_booked, t.child_age_limit,
          t.passport_required)::public.manifest_trip,
      array(
        select row(g.full_name, g.phone, g.languages)::public.manifest_guide
          from public.departure_guides a join public.guides g on g.id = a.guide_id
         where a.departure_id = d.id
         order by g.full_name),
      array(
        select row(v.id, v.name, v.registration, v.seats, a.travelers)::public.manifest_vehicle
          from public.departure_vehicles a join public.vehicles v on v.id = a.vehicle_id
         where a.departure_id = d.id
         order by v.name),
      array(
        select row(
                 b.id, b.booking_reference, b.status,
                 row(coalesce(b.contact ->> 'full_name', u.full_name),
                     coalesce(b.contact ->> 'email', u.email),
                     coalesce(b.contact ->> 'phone', u.phone))::public.manifest_contact,
                 case when u.emergency_contact_name is not null then
                   row(u.emergency_contact_name, u.emergency_contact_phone,
                       u.emergency_contact_relationship)::public.manifest_emergency end,
                 greatest(b.total_amount - b.amount_paid, 0), b.currency,
                 b.notes,
                 b.adults, b.children,
                 b.pickup, to_char(b.pickup_time, 'HH24:MI'),
                 array(
                   select row(coalesce(e.value ->> 'name', e.value ->> 'code'), case when jsonb_typeof(e.value -> 'quantity') = 'number' then (e.value ->> 'quantity')::numeric::int end)::public.manifest_extra
                     from jsonb_array_elements(case when jsonb_typeof(b.extras) = 'array' then b.extras else '[]'::jsonb end)
                          with ordinality as e(value, ordinality)
                    order by e.ordinality),
                 array(
                   select row(
                            x.ordinality - 1,
                            coalesce(x.value ->> 'full_name', x.value ->> 'name'),
                            x.value ->> 'traveler_type',
                            x.value ->> 'age',
                            x.value ->> 'date_of_birth',
                            x.value ->> 'nationality',
                            coalesce(x.value ->> 'passport_number',
                                     case when lower(coalesce(x.value ->> 'full_name', '')) = lower(u.full_name) then u.passport_number end),
                            -- The account holder's passport expiry is theirs when they travel.
                            coalesce(x.value ->> 'passport_expiry',
                                     case when lower(coalesce(x.value ->> 'full_name', '')) = lower(u.full_name) then u.passport_expiry::text end),
                            x.value ->> 'dietary_needs',
                            x.value ->> 'medical_notes',
                            x.value ->> 'room_preference',
                            x.value ->> 'emergency_contact_name',
                            x.value ->> 'emergency_contact_phone')::public.manifest_traveler
                     from jsonb_array_elements(case when jsonb_typeof(b.travelers) = 'array' then b.travelers else '[]'::jsonb end)
                          with ordinality as x(value, ordinality)
                    order by x.ordinality),
                 b.adults + b.children,
                 -- The client ids of payments taken in the field, so a tablet knows which of its own have arrived.
                 array(select p.client_id from public.payments p where p.booking_id = b.id and p.client_id is not null),
                 -- When each traveler (by their place in the booking) was checked in.
                 coalesce((select jsonb_object_agg(c.traveler_index, c.checked_in_at) from public.trip_check_ins c where c.booking_id = b.id), '{}')
               )::public.manifest_booking
          from public.bookings b left join public.users u on u.id = b.user_id
         where b.departure_id = d.id and b.status in ('pending', 'confirmed', 'completed')
         order by b.created_at, b.id),
      array(
        select row(i.day_number, i.title, i.location, i.accommodation, i.meals)::public.manifest_day
          from public.tour_itinerary i where i.tour_id = d.tour_id
         order by i.day_number),
      array(
        select row(i.id, i.client_id, i.note, i.occurred_at, i.booking_id,
                   (select u.full_name from public.users u where u.id = i.recorded_by))::public.manifest_incident
          from public.trip_incidents i where i.departure_id = d.id
         order by i.occurred_at)
    )::public.manifest
      from public.tour_departures d join public.tours t on t.id = d.tour_id
     where d.id = p_departure_id
  );
end
$$;

comment on function public.trip_manifest(uuid) is
  'A trip''s manifest, for operations staff and the trip''s own guides.';

revoke execute on function public.trip_manifest(uuid) from public, anon;
grant execute on function public.trip_manifest(uuid) to authenticated, service_role;

create function public.field_trips() returns public.manifest[]
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_today date := (now() at time zone public.company_time_zone())::date;
begin
  if not public.has_permission('field.work') then
    raise exception 'Field mode is for operations admins and guides' using errcode = '42501';
  end if;
  return array(
    select public.trip_manifest(d.id)
      from public.tour_departures d
     where d.status <> 'cancelled'
       and d.start_date <= v_today + 7 and d.end_date >= v_today
       and public.may_work_trip(d.id)
     order by d.start_date, d.id);
end
$$;

comment on function public.field_trips() is
  'The manifests of the trips the caller may work in the field, from those under way to those leaving within a week (field staff).';

revoke execute on function public.field_trips() from public, anon;
grant execute on function public.field_trips() to authenticated, service_role;
