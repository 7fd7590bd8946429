-- The API roles run only the functions meant for them. Postgres lets everyone (PUBLIC) execute a new
-- function, and a Supabase project adds anon and authenticated by default: so every trigger function
-- and internal helper was callable over /rest/v1/rpc. Now nothing is, unless granted below, and new
-- functions start with no grant to the API roles either: each is granted on purpose (and listed in
-- the role matrix test, tests/platform/role-matrix.test.ts, which fails on a function it does not know).

revoke execute on all functions in schema public from public, anon, authenticated;
-- The service role is the project's own key, as in Supabase: it runs everything.
grant execute on all functions in schema public to service_role;
-- Functions made from now on by the role running migrations: no EXECUTE for PUBLIC (a global default,
-- which a per-schema one cannot take away), nor for the API roles (the bootstrap's per-schema grant).
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;

-- Helpers that row-level policies and the callers' own triggers call as the request's role.
grant execute on function
  public.is_admin(),
  public.is_platform_caller(),
  public.is_tour_listed(uuid),
  public.is_post_visible(uuid),
  public.is_own_avatar(text),
  public.has_travelled_on(uuid)
  to anon, authenticated;
-- Signed-in users only: the avatar quota, preferences merged by merge_user_preferences, and the payment
-- terms a generated column of payment_instructions reads when admins change it.
grant execute on function
  public.own_avatar_count(),
  public.jsonb_merge_patch(jsonb, jsonb),
  public.payment_terms()
  to authenticated;

-- What visitors call: prices, booking, a guest's booking by reference and email, the booking email's
-- link; and the calls the spec answers in words when nobody is signed in (preferences, branding).
grant execute on function
  public.quote_booking(uuid, int, int, jsonb, text, uuid, date, text),
  public.create_booking(uuid, int, int, jsonb, text, jsonb, jsonb, uuid, date, uuid, numeric),
  public.booking_by_reference(text, text),
  public.booking_payment_schedule(uuid, text, text),
  public.choose_payment_method(uuid, text, text, text),
  public.checkout_amount(text, uuid, text, text),
  public.confirm_booking_email(text, text),
  public.merge_user_preferences(jsonb),
  public.update_branding_settings_rpc(text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text,
                                      text, text, text, text, text, text, text, text, text, text, text, text, text, text, jsonb)
  to anon, authenticated;

-- What signed-in users call; each function decides in its body what the caller may do (a traveler
-- their own bookings, the team any).
grant execute on function
  public.cancel_booking(uuid, text, numeric),
  public.claim_guest_booking(text),
  public.delete_own_account(),
  public.log_user_activity(text, text, text, jsonb, uuid),
  public.set_booking_status(uuid, text),
  public.record_payment(uuid, numeric, text, text, timestamptz),
  public.mark_payment_refunded(uuid, text),
  public.approve_booking_hold(uuid)
  to authenticated;
