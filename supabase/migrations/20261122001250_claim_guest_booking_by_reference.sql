-- Signing up is no proof of owning an email address while confirmation is off (AUTH_EMAIL_CONFIRM
-- false, the default: the account is confirmed at once). So a new account no longer takes the guest
-- bookings made with its email; it claims one by its reference, which only the guest has (it is on
-- their confirmation page and in their emails). A confirmation link opened later still proves the
-- address, and that path keeps claiming every booking made with it (20261122001240).

drop trigger users_claim_guest_bookings on public.users;
drop function public.claim_guest_bookings_on_profile();

-- The signed-in traveler takes the guest booking with this reference, when its contact email is the
-- traveler's own. Claiming one already theirs answers with it again; anything else is not found,
-- without saying whether the reference exists.
create or replace function public.claim_guest_booking(p_reference text) returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_user_id uuid := auth.uid();
  v_email text;
  v_booking public.bookings;
begin
  if v_user_id is null then
    raise exception 'Please sign in to add a booking to your account' using errcode = '42501';
  end if;
  select lower(email) into v_email from auth.users where id = v_user_id;
  update public.bookings
     set user_id = v_user_id
   where booking_reference = upper(btrim(coalesce(p_reference, '')))
     and (user_id is null or user_id = v_user_id)
     and lower(contact ->> 'email') = v_email
  returning * into v_booking;
  if not found then
    raise exception 'We could not find a booking with that reference for your email address' using errcode = 'PT404';
  end if;
  return v_booking;
end
$$;

revoke execute on function public.claim_guest_booking(text) from public, anon;
grant execute on function public.claim_guest_booking(text) to authenticated;
