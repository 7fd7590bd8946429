-- What the office does from a booking's page besides money and moves: send an email again, change
-- the status with a reason, and correct the travelers' details. Each for booking staff
-- (bookings.write), each reason kept in the audit log.

-- Sends a booking email again: its notification becomes due, and the writer
-- (server/jobs/booking-emails.ts) writes it afresh from the booking as it is now, so a resent
-- confirmation carries today's balance. Skipped and failed ones may be sent too.
create or replace function public.resend_booking_email(p_notification_id uuid)
returns public.booking_notifications
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_notification public.booking_notifications;
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may resend booking emails' using errcode = '42501';
  end if;
  update public.booking_notifications
     set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null, skip_reason = null
   where id = p_notification_id and status <> 'pending'
  returning * into v_notification;
  if not found then
    select * into v_notification from public.booking_notifications where id = p_notification_id;
    if not found then
      raise exception 'This email could not be found' using errcode = 'PT404';
    end if;
    -- Already waiting to be written: asking twice sends it once.
  end if;
  return v_notification;
end
$$;

-- Confirms a pending booking or marks a confirmed one completed, with the reason the office gives
-- (a deposit taken outside the system, a trip that ended). Cancelling has its own function, under
-- the cancellation policy; holds expire by themselves. guard_booking_status keeps the order.
create or replace function public.change_booking_status(p_booking_id uuid, p_status text, p_reason text)
returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may change the status of a booking' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('confirmed', 'completed') then
    raise exception 'A booking is confirmed or completed here; cancel it under the policy instead' using errcode = '22023';
  end if;
  if v_reason is null then
    raise exception 'Please give the reason for the change' using errcode = '22023';
  end if;
  if length(v_reason) > 500 then
    raise exception 'The reason is too long' using errcode = '22023';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  perform public.set_audit_reason(v_reason);
  update public.bookings set status = p_status where id = p_booking_id returning * into v_booking;
  return v_booking;
end
$$;

-- Corrects the travelers' details (names, ages, nationalities, passports): one entry per traveler
-- of the booking, each with a full name, as create_booking asks. The party's size is not changed
-- here: that is a change of price and seats.
create or replace function public.update_booking_travelers(p_booking_id uuid, p_travelers jsonb, p_reason text)
returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_traveler jsonb;
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may change a booking''s travelers' using errcode = '42501';
  end if;
  if v_reason is null then
    raise exception 'Please give the reason for the change' using errcode = '22023';
  end if;
  if length(v_reason) > 500 then
    raise exception 'The reason is too long' using errcode = '22023';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if v_booking.status not in ('pending', 'confirmed') then
    raise exception 'This booking is %: its travelers cannot be changed', v_booking.status using errcode = 'PT409';
  end if;
  if p_travelers is null or jsonb_typeof(p_travelers) <> 'array' then
    raise exception 'Traveler details must be a list' using errcode = '22023';
  end if;
  if length(p_travelers::text) > 20000 then
    raise exception 'Traveler details are too long' using errcode = '22023';
  end if;
  if jsonb_array_length(p_travelers) <> v_booking.adults + v_booking.children then
    raise exception 'Please give the details of all % travelers', v_booking.adults + v_booking.children using errcode = '22023';
  end if;
  for v_traveler in select value from jsonb_array_elements(p_travelers) loop
    if jsonb_typeof(v_traveler) <> 'object' or nullif(btrim(coalesce(v_traveler ->> 'full_name', '')), '') is null then
      raise exception 'Please give the full name of every traveler' using errcode = '22023';
    end if;
    if nullif(v_traveler ->> 'age', '') is not null and (v_traveler ->> 'age') !~ '^\d{1,3}$' then
      raise exception 'Please give each traveler''s age in years' using errcode = '22023';
    end if;
  end loop;
  perform public.set_audit_reason(v_reason);
  update public.bookings set travelers = p_travelers where id = p_booking_id returning * into v_booking;
  return v_booking;
end
$$;

revoke execute on function public.resend_booking_email(uuid), public.change_booking_status(uuid, text, text),
  public.update_booking_travelers(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.resend_booking_email(uuid), public.change_booking_status(uuid, text, text),
  public.update_booking_travelers(uuid, jsonb, text) to authenticated;
