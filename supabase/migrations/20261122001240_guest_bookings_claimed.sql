-- A guest who books and later creates an account with the same email finds those bookings in their
-- portal: bookings without an owner whose contact email is theirs become theirs. Only once the
-- account's email is confirmed (at sign-up when confirmation is off, else when the emailed link is
-- opened), so nobody gets another person's bookings by signing up with their address.

create or replace function public.claim_guest_bookings(p_user_id uuid) returns int
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_email text;
  v_count int;
begin
  select lower(email) into v_email from auth.users where id = p_user_id and email_confirmed_at is not null;
  if v_email is null or not exists (select 1 from public.users where id = p_user_id) then
    return 0;
  end if;
  update public.bookings
     set user_id = p_user_id
   where user_id is null and lower(contact ->> 'email') = v_email;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke execute on function public.claim_guest_bookings(uuid) from public, anon, authenticated;

-- A new profile (made by the trigger on auth.users when someone signs up).
create or replace function public.claim_guest_bookings_on_profile() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform public.claim_guest_bookings(new.id);
  return null;
end
$$;

create trigger users_claim_guest_bookings after insert on public.users
  for each row execute function public.claim_guest_bookings_on_profile();

-- An email confirmed after sign-up.
create or replace function public.claim_guest_bookings_on_confirmation() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if old.email_confirmed_at is null and new.email_confirmed_at is not null then
    perform public.claim_guest_bookings(new.id);
  end if;
  return null;
end
$$;

create trigger on_auth_user_email_confirmed after update of email_confirmed_at on auth.users
  for each row execute function public.claim_guest_bookings_on_confirmation();

revoke execute on function public.claim_guest_bookings_on_profile(), public.claim_guest_bookings_on_confirmation() from public, anon, authenticated;
