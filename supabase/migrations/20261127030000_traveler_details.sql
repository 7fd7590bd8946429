-- A traveler's details for the trip: date of birth, dietary needs, medical notes, an emergency
-- contact, and the passport (number, expiry, nationality) where the trip crosses a border or a park
-- asks for it. They live in the traveler's entry of bookings.travelers, where the manifest reads
-- them, and are given by the office (bookings.write) or by the traveler who booked, for their own
-- booking only. A booking that named nobody yet gets an entry per seat on its first details.
-- Every change is in the audit log through the bookings trigger. Each field's rule is refused in
-- words, with the field's key in the hint so a form puts the message beside it.

create or replace function public.update_traveler_details(p_booking_id uuid, p_traveler_index int, p_details jsonb)
returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_party int;
  v_travelers jsonb;
  v_entry jsonb;
  v_key text;
  v_value text;
  v_date date;
  -- Each field and its longest value; dates are checked as dates.
  v_limits constant jsonb := '{"full_name": 200, "date_of_birth": 10, "nationality": 100, "passport_number": 40,
    "passport_expiry": 10, "dietary_needs": 500, "medical_notes": 1000, "emergency_contact_name": 200, "emergency_contact_phone": 40}';
begin
  select * into v_booking from public.bookings where id = p_booking_id for update;
  -- Another traveler's booking is refused as if it did not exist for them.
  if not found or not (public.has_permission('bookings.write') or (auth.uid() is not null and v_booking.user_id = auth.uid())) then
    raise exception 'Travelers'' details are given by the office, or by the traveler for their own booking' using errcode = '42501';
  end if;
  if v_booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking is %: its travelers'' details cannot be changed', v_booking.status using errcode = 'PT409';
  end if;
  v_party := v_booking.adults + v_booking.children;
  if p_traveler_index is null or p_traveler_index < 0 or p_traveler_index >= v_party then
    raise exception 'This booking has % travelers', v_party using errcode = '22023';
  end if;
  if p_details is null or jsonb_typeof(p_details) <> 'object' then
    raise exception 'Traveler details must be a set of fields' using errcode = '22023';
  end if;

  v_travelers := case when jsonb_typeof(v_booking.travelers) = 'array' then v_booking.travelers else '[]' end;
  while jsonb_array_length(v_travelers) < v_party loop
    v_travelers := v_travelers || '[{}]'::jsonb;
  end loop;
  v_entry := coalesce(v_travelers -> p_traveler_index, '{}');
  if jsonb_typeof(v_entry) <> 'object' then
    v_entry := '{}';
  end if;

  for v_key in select jsonb_object_keys(p_details) loop
    if not v_limits ? v_key then
      raise exception 'There is no traveler detail called %', v_key using errcode = '22023';
    end if;
    if jsonb_typeof(p_details -> v_key) not in ('string', 'null') then
      raise exception 'Each traveler detail is text' using errcode = '22023', hint = v_key;
    end if;
    v_value := nullif(btrim(coalesce(p_details ->> v_key, '')), '');
    if length(v_value) > (v_limits ->> v_key)::int then
      raise exception '%', case v_key
        when 'full_name' then 'The name is up to 200 characters'
        when 'nationality' then 'The nationality is up to 100 characters'
        when 'passport_number' then 'The passport number is up to 40 characters'
        when 'dietary_needs' then 'Dietary needs are up to 500 characters'
        when 'medical_notes' then 'Medical notes are up to 1,000 characters'
        when 'emergency_contact_name' then 'The emergency contact’s name is up to 200 characters'
        when 'emergency_contact_phone' then 'The emergency phone is up to 40 characters'
        else 'Give the date as year, month and day' end
        using errcode = '23514', hint = v_key;
    end if;
    if v_key = 'full_name' and v_value is null then
      raise exception 'Give the traveler’s full name' using errcode = '23514', hint = v_key;
    end if;
    if v_key in ('date_of_birth', 'passport_expiry') and v_value is not null then
      begin
        v_date := case when v_value ~ '^\d{4}-\d{2}-\d{2}$' then v_value::date end;
      exception when others then
        v_date := null;
      end;
      if v_date is null then
        raise exception 'Give the date as year, month and day' using errcode = '23514', hint = v_key;
      end if;
      if v_key = 'date_of_birth' and (v_date > public.company_today() or v_date < date '1900-01-01') then
        raise exception 'The date of birth is a day in the past' using errcode = '23514', hint = v_key;
      end if;
    end if;
    if v_key = 'emergency_contact_phone' and v_value !~ '^\+?[0-9][0-9 ()./-]*$' then
      raise exception 'The emergency phone is digits, with + ( ) - or spaces' using errcode = '23514', hint = v_key;
    end if;
    v_entry := case when v_value is null then v_entry - v_key else v_entry || jsonb_build_object(v_key, v_value) end;
  end loop;

  update public.bookings set travelers = jsonb_set(v_travelers, array[p_traveler_index::text], v_entry) where id = p_booking_id;
  return v_entry;
end
$$;

comment on function public.update_traveler_details(uuid, int, jsonb) is
  'Sets the given details of one traveler of a booking (the office, or the traveler for their own booking); a blank value removes the detail.';

revoke execute on function public.update_traveler_details(uuid, int, jsonb) from public, anon, authenticated;
grant execute on function public.update_traveler_details(uuid, int, jsonb) to authenticated;
