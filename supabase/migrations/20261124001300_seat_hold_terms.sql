-- What the booking page and the thank-you page tell a traveler about how long their seats are held:
-- the terms of public.booking_hold_rules (readable by admins only) and payment_terms(), as one public
-- answer, so the pages never state a time the database does not keep.
--   unverified_hold_minutes  an unpaid booking whose contact email is not yet proven
--   verified_hold_minutes    once proven (the link in the booking email) or approved by the team
--   offline_hold_days        from booking, when paid by bank transfer or on arrival (once proven)
--   account_email_proven     the caller is signed in and their account's email is proven: their own
--                            bookings to that address hold the longer time from the start
create or replace function public.seat_hold_terms(
  out unverified_hold_minutes int,
  out verified_hold_minutes int,
  out offline_hold_days int,
  out account_email_proven boolean
)
language sql stable security definer
set search_path = public
as $$
  select (extract(epoch from r.unverified_hold) / 60)::int,
         (extract(epoch from r.verified_hold) / 60)::int,
         (public.payment_terms()).offline_hold_days,
         coalesce(public.caller_email_proven((select email from auth.users where id = auth.uid())), false)
    from public.booking_hold_rules r
$$;

revoke execute on function public.seat_hold_terms() from public;
grant execute on function public.seat_hold_terms() to anon, authenticated;
