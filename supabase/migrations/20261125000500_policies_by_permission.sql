-- Every policy and function that let "admins" in now asks has_permission() for the one thing it
-- guards (20261125000300_staff_permissions.sql), so agents work the bookings, editors the catalogue
-- and content, and guides read what their work needs, each refused by the database for the rest.
-- One policy per operation, named for the staff who hold it; the public's and the travelers' own
-- policies are unchanged. is_admin() is gone: nothing asks for a role by name any more.

-- Policies for authenticated callers run has_permission() as the caller; a visitor's trigger may ask
-- too, and is answered false.
grant execute on function public.has_permission(text) to anon;

-- The catalogue: every staff member reads it, drafts included (bookings, the calendar); editors change it.
drop policy "admins manage activities" on public.activities;
create policy "staff read activities" on public.activities
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add activities" on public.activities
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change activities" on public.activities
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove activities" on public.activities
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage categories" on public.categories;
create policy "staff read categories" on public.categories
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add categories" on public.categories
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change categories" on public.categories
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove categories" on public.categories
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage destinations" on public.destinations;
create policy "staff read destinations" on public.destinations
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add destinations" on public.destinations
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change destinations" on public.destinations
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove destinations" on public.destinations
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage experiences" on public.experiences;
create policy "staff read experiences" on public.experiences
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add experiences" on public.experiences
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change experiences" on public.experiences
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove experiences" on public.experiences
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage tours" on public.tours;
create policy "staff read tours" on public.tours
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add tours" on public.tours
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change tours" on public.tours
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove tours" on public.tours
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage tour activities" on public.tour_activities;
create policy "staff read tour activities" on public.tour_activities
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add tour activities" on public.tour_activities
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change tour activities" on public.tour_activities
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove tour activities" on public.tour_activities
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage tour destinations" on public.tour_destinations;
create policy "staff read tour destinations" on public.tour_destinations
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add tour destinations" on public.tour_destinations
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change tour destinations" on public.tour_destinations
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove tour destinations" on public.tour_destinations
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage tour experiences" on public.tour_experiences;
create policy "staff read tour experiences" on public.tour_experiences
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add tour experiences" on public.tour_experiences
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change tour experiences" on public.tour_experiences
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove tour experiences" on public.tour_experiences
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage extras" on public.tour_extras;
create policy "staff read extras" on public.tour_extras
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add extras" on public.tour_extras
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change extras" on public.tour_extras
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove extras" on public.tour_extras
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage group discounts" on public.tour_group_discounts;
create policy "staff read group discounts" on public.tour_group_discounts
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add group discounts" on public.tour_group_discounts
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change group discounts" on public.tour_group_discounts
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove group discounts" on public.tour_group_discounts
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage itineraries" on public.tour_itinerary;
create policy "staff read itineraries" on public.tour_itinerary
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add itineraries" on public.tour_itinerary
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change itineraries" on public.tour_itinerary
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove itineraries" on public.tour_itinerary
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage seasons" on public.tour_seasons;
create policy "staff read seasons" on public.tour_seasons
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add seasons" on public.tour_seasons
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change seasons" on public.tour_seasons
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove seasons" on public.tour_seasons
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage departures" on public.tour_departures;
create policy "staff read departures" on public.tour_departures
  for select to authenticated using ((select public.has_permission('backoffice.open')));
create policy "catalogue editors add departures" on public.tour_departures
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change departures" on public.tour_departures
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove departures" on public.tour_departures
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

drop policy "admins manage promo codes" on public.promo_codes;
create policy "booking staff read promo codes" on public.promo_codes
  for select to authenticated using ((select public.has_permission('bookings.read')) or (select public.has_permission('catalogue.write')));
create policy "catalogue editors add promo codes" on public.promo_codes
  for insert to authenticated with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors change promo codes" on public.promo_codes
  for update to authenticated using ((select public.has_permission('catalogue.write'))) with check ((select public.has_permission('catalogue.write')));
create policy "catalogue editors remove promo codes" on public.promo_codes
  for delete to authenticated using ((select public.has_permission('catalogue.write')));

-- Content: editors manage the site's words and pictures, and moderate reviews.
drop policy "admins manage blog categories" on public.blog_categories;
create policy "content editors read blog categories" on public.blog_categories
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add blog categories" on public.blog_categories
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change blog categories" on public.blog_categories
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove blog categories" on public.blog_categories
  for delete to authenticated using ((select public.has_permission('content.write')));

drop policy "admins manage blog posts" on public.blog_posts;
create policy "content editors read blog posts" on public.blog_posts
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add blog posts" on public.blog_posts
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change blog posts" on public.blog_posts
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove blog posts" on public.blog_posts
  for delete to authenticated using ((select public.has_permission('content.write')));

drop policy "admins manage blog tags" on public.blog_tags;
create policy "content editors read blog tags" on public.blog_tags
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add blog tags" on public.blog_tags
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change blog tags" on public.blog_tags
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove blog tags" on public.blog_tags
  for delete to authenticated using ((select public.has_permission('content.write')));

drop policy "admins manage post tags" on public.blog_post_tags;
create policy "content editors read post tags" on public.blog_post_tags
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add post tags" on public.blog_post_tags
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change post tags" on public.blog_post_tags
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove post tags" on public.blog_post_tags
  for delete to authenticated using ((select public.has_permission('content.write')));

drop policy "admins manage content pages" on public.content_pages;
create policy "content editors read content pages" on public.content_pages
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add content pages" on public.content_pages
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change content pages" on public.content_pages
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove content pages" on public.content_pages
  for delete to authenticated using ((select public.has_permission('content.write')));

drop policy "admins manage heroes" on public.heroes;
create policy "content editors read heroes" on public.heroes
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add heroes" on public.heroes
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change heroes" on public.heroes
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove heroes" on public.heroes
  for delete to authenticated using ((select public.has_permission('content.write')));

drop policy "admins manage partner logos" on public.partner_logos;
create policy "content editors read partner logos" on public.partner_logos
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add partner logos" on public.partner_logos
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change partner logos" on public.partner_logos
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove partner logos" on public.partner_logos
  for delete to authenticated using ((select public.has_permission('content.write')));

drop policy "admins manage team members" on public.team_members;
create policy "content editors read team members" on public.team_members
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add team members" on public.team_members
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change team members" on public.team_members
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove team members" on public.team_members
  for delete to authenticated using ((select public.has_permission('content.write')));

drop policy "admins manage branding" on public.branding_settings;
create policy "content editors read branding" on public.branding_settings
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add branding" on public.branding_settings
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change branding" on public.branding_settings
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove branding" on public.branding_settings
  for delete to authenticated using ((select public.has_permission('content.write')));

drop policy "admins manage reviews" on public.reviews;
create policy "content editors read reviews" on public.reviews
  for select to authenticated using ((select public.has_permission('content.write')));
create policy "content editors add reviews" on public.reviews
  for insert to authenticated with check ((select public.has_permission('content.write')));
create policy "content editors change reviews" on public.reviews
  for update to authenticated using ((select public.has_permission('content.write'))) with check ((select public.has_permission('content.write')));
create policy "content editors remove reviews" on public.reviews
  for delete to authenticated using ((select public.has_permission('content.write')));

-- Settings the booking engine reads: admins only.
drop policy "admins read booking hold rules" on public.booking_hold_rules;
drop policy "admins change booking hold rules" on public.booking_hold_rules;
create policy "settings admins read booking hold rules" on public.booking_hold_rules
  for select to authenticated using ((select public.has_permission('settings.write')));
create policy "settings admins change booking hold rules" on public.booking_hold_rules
  for update to authenticated using ((select public.has_permission('settings.write'))) with check ((select public.has_permission('settings.write')));

drop policy "admins manage currency rates" on public.currency_rates;
create policy "settings admins read currency rates" on public.currency_rates
  for select to authenticated using ((select public.has_permission('settings.write')));
create policy "settings admins add currency rates" on public.currency_rates
  for insert to authenticated with check ((select public.has_permission('settings.write')));
create policy "settings admins change currency rates" on public.currency_rates
  for update to authenticated using ((select public.has_permission('settings.write'))) with check ((select public.has_permission('settings.write')));
create policy "settings admins remove currency rates" on public.currency_rates
  for delete to authenticated using ((select public.has_permission('settings.write')));

drop policy "admins manage payment instructions" on public.payment_instructions;
create policy "settings admins read payment instructions" on public.payment_instructions
  for select to authenticated using ((select public.has_permission('settings.write')));
create policy "settings admins add payment instructions" on public.payment_instructions
  for insert to authenticated with check ((select public.has_permission('settings.write')));
create policy "settings admins change payment instructions" on public.payment_instructions
  for update to authenticated using ((select public.has_permission('settings.write'))) with check ((select public.has_permission('settings.write')));
create policy "settings admins remove payment instructions" on public.payment_instructions
  for delete to authenticated using ((select public.has_permission('settings.write')));

drop policy "admins read rate limits" on public.rate_limits;
drop policy "admins tune rate limits" on public.rate_limits;
create policy "settings admins read rate limits" on public.rate_limits
  for select to authenticated using ((select public.has_permission('settings.write')));
create policy "settings admins change rate limits" on public.rate_limits
  for update to authenticated using ((select public.has_permission('settings.write'))) with check ((select public.has_permission('settings.write')));

drop policy "admins read rate limit hits" on public.rate_limit_hits;
create policy "settings admins read rate limit hits" on public.rate_limit_hits
  for select to authenticated using ((select public.has_permission('settings.write')));

-- Bookings and payments: agents and admins. Bookings are made and changed by functions; staff write notes.
drop policy "admins manage bookings" on public.bookings;
create policy "booking staff read bookings" on public.bookings
  for select to authenticated using ((select public.has_permission('bookings.read')));
create policy "booking staff change bookings" on public.bookings
  for update to authenticated using ((select public.has_permission('bookings.write'))) with check ((select public.has_permission('bookings.write')));

drop policy "admins read booking notifications" on public.booking_notifications;
create policy "booking staff read booking notifications" on public.booking_notifications
  for select to authenticated using ((select public.has_permission('bookings.read')));

drop policy "admins read booking origins" on public.booking_origins;
create policy "booking staff read booking origins" on public.booking_origins
  for select to authenticated using ((select public.has_permission('bookings.read')));

drop policy "admins read payments" on public.payments;
create policy "booking staff read payments" on public.payments
  for select to authenticated using ((select public.has_permission('bookings.read')));

drop policy "admins read payment provider events" on public.payment_provider_events;
create policy "payment staff read payment provider events" on public.payment_provider_events
  for select to authenticated using ((select public.has_permission('payments.write')));

-- Clients: agents and admins see travelers and guests; only admins remove an account.
drop policy "admins read all profiles" on public.users;
drop policy "admins update all profiles" on public.users;
drop policy "admins delete profiles" on public.users;
create policy "client staff read profiles" on public.users
  for select to authenticated using ((select public.has_permission('clients.read')));
create policy "client staff change profiles" on public.users
  for update to authenticated using ((select public.has_permission('clients.write'))) with check ((select public.has_permission('clients.write')));
create policy "team admins remove profiles" on public.users
  for delete to authenticated using ((select public.has_permission('team.manage')));

drop policy "admins read public profiles" on public.public_profiles;
create policy "client staff read public profiles" on public.public_profiles
  for select to authenticated using ((select public.has_permission('clients.read')));

drop policy "admins read wishlists" on public.wishlist;
create policy "client staff read wishlists" on public.wishlist
  for select to authenticated using ((select public.has_permission('clients.read')));

drop policy "admins read all activity" on public.user_activity_logs;
drop policy "admins delete activity" on public.user_activity_logs;
create policy "client staff read activity" on public.user_activity_logs
  for select to authenticated using ((select public.has_permission('clients.read')));
create policy "client staff remove activity" on public.user_activity_logs
  for delete to authenticated using ((select public.has_permission('clients.write')));

drop policy "admins manage subscribers" on public.newsletter_subscribers;
create policy "client staff read subscribers" on public.newsletter_subscribers
  for select to authenticated using ((select public.has_permission('clients.read')));
create policy "client staff change subscribers" on public.newsletter_subscribers
  for update to authenticated using ((select public.has_permission('clients.write'))) with check ((select public.has_permission('clients.write')));
create policy "client staff remove subscribers" on public.newsletter_subscribers
  for delete to authenticated using ((select public.has_permission('clients.write')));

drop policy "admins read the email queue" on public.email_queue;
create policy "client staff read the email queue" on public.email_queue
  for select to authenticated using ((select public.has_permission('clients.read')));

-- Enquiries and messages: agents and admins answer them.
drop policy "admins manage enquiries" on public.enquiries;
create policy "enquiry staff read enquiries" on public.enquiries
  for select to authenticated using ((select public.has_permission('enquiries.read')));
create policy "enquiry staff change enquiries" on public.enquiries
  for update to authenticated using ((select public.has_permission('enquiries.write'))) with check ((select public.has_permission('enquiries.write')));
create policy "enquiry staff remove enquiries" on public.enquiries
  for delete to authenticated using ((select public.has_permission('enquiries.write')));

drop policy "admins read all messages" on public.messages;
drop policy "admins send messages" on public.messages;
drop policy "admins mark messages read" on public.messages;
create policy "message staff read messages" on public.messages
  for select to authenticated using ((select public.has_permission('messages.read')));
create policy "message staff add messages" on public.messages
  for insert to authenticated with check ((select public.has_permission('messages.write')));
create policy "message staff change messages" on public.messages
  for update to authenticated using ((select public.has_permission('messages.write'))) with check ((select public.has_permission('messages.write')));

-- What visitors' browsers report: admins read it.
drop policy "admins read analytics events" on public.analytics_events;
create policy "analysts read analytics events" on public.analytics_events
  for select to authenticated using ((select public.has_permission('analytics.read')));

drop policy "admins read error reports" on public.error_reports;
create policy "analysts read error reports" on public.error_reports
  for select to authenticated using ((select public.has_permission('analytics.read')));

drop policy "admins read feedback" on public.feedback;
create policy "analysts read feedback" on public.feedback
  for select to authenticated using ((select public.has_permission('analytics.read')));

drop policy "admins read performance metrics" on public.performance_metrics;
create policy "analysts read performance metrics" on public.performance_metrics
  for select to authenticated using ((select public.has_permission('analytics.read')));

-- Storage: client staff manage travelers' pictures, media editors the site's media.
drop policy "admins manage avatars and media" on storage.objects;
create policy "client staff read avatars" on storage.objects
  for select to authenticated using (bucket_id = 'avatars' and (select public.has_permission('clients.write')));
create policy "client staff add avatars" on storage.objects
  for insert to authenticated with check (bucket_id = 'avatars' and (select public.has_permission('clients.write')));
create policy "client staff change avatars" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (select public.has_permission('clients.write')))
  with check (bucket_id = 'avatars' and (select public.has_permission('clients.write')));
create policy "client staff remove avatars" on storage.objects
  for delete to authenticated using (bucket_id = 'avatars' and (select public.has_permission('clients.write')));
create policy "media editors add media" on storage.objects
  for insert to authenticated with check (bucket_id = 'media' and (select public.has_permission('media.write')));
create policy "media editors change media" on storage.objects
  for update to authenticated
  using (bucket_id = 'media' and (select public.has_permission('media.write')))
  with check (bucket_id = 'media' and (select public.has_permission('media.write')));
create policy "media editors remove media" on storage.objects
  for delete to authenticated using (bucket_id = 'media' and (select public.has_permission('media.write')));

-- The booking engine's functions treat a caller holding bookings.write as the company (an agent on
-- the phone): they may approve holds, set statuses, record payments and book for a client.
create or replace function public.is_staff_request() returns boolean
language sql stable
set search_path = public
as $$
  select public.has_permission('bookings.write')
$$;

-- Only those who manage the team set or change a role.
create or replace function public.guard_user_role() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if public.is_platform_caller() or public.has_permission('team.manage') then
    return new;
  end if;
  if tg_op = 'INSERT' and new.role is distinct from 'traveler' then
    raise exception 'Only administrators can change roles' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.role is distinct from old.role then
    raise exception 'Only administrators can change roles' using errcode = '42501';
  end if;
  return new;
end
$$;

-- Content editors publish and hide reviews, and write reviews for no trip of their own.
create or replace function public.guard_review_moderation() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.is_published is distinct from old.is_published
     and not (public.is_platform_caller() or public.has_permission('content.write')) then
    raise exception 'Only administrators can publish or hide reviews' using errcode = '42501';
  end if;
  return new;
end
$$;

create or replace function public.link_review_to_trip() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if public.is_platform_caller() or public.has_permission('content.write') or new.user_id is distinct from auth.uid() then
    return new;
  end if;
  if not public.has_travelled_on(new.tour_id) then
    raise exception 'You can review a tour once you have travelled on it with us' using errcode = '42501';
  end if;
  new.booking_id := (
    select id from public.bookings
     where tour_id = new.tour_id and user_id = auth.uid() and status = 'completed'
     order by created_at desc
     limit 1
  );
  return new;
end
$$;

-- Content editors change the branding.
create or replace function public.update_branding_settings_rpc(
  p_logo_url text default null,
  p_logo_light_url text default null,
  p_footer_logo_url text default null,
  p_logo_alt_text text default null,
  p_favicon_url text default null,
  p_company_name text default null,
  p_tagline text default null,
  p_address text default null,
  p_phone text default null,
  p_email text default null,
  p_facebook_url text default null,
  p_instagram_url text default null,
  p_twitter_url text default null,
  p_linkedin_url text default null,
  p_youtube_url text default null,
  p_primary_color text default null,
  p_secondary_color text default null,
  p_accent_color text default null,
  p_dark_color text default null,
  p_light_color text default null,
  p_orange_color text default null,
  p_darkchoco_color text default null,
  p_heading_font text default null,
  p_body_font text default null,
  p_accent_font text default null,
  p_base_font_size text default null,
  p_body_font_weight text default null,
  p_medium_font_weight text default null,
  p_bold_font_weight text default null,
  p_footer_gradient_color text default null,
  p_email_signature text default null,
  p_office_hours text default null,
  p_branch_offices jsonb default null
) returns public.branding_settings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_user_id uuid := auth.uid();
  v_id uuid;
  v_row public.branding_settings;
begin
  -- 42501 answers 401 to a caller without a session and 403 to a signed-in non-admin.
  if v_user_id is null then
    raise exception 'Authentication required. Please log in again.' using errcode = '42501';
  end if;
  if not public.has_permission('content.write') then
    raise exception 'Only administrators can update branding' using errcode = '42501';
  end if;
  if p_branch_offices is not null and jsonb_typeof(p_branch_offices) <> 'array' then
    raise exception 'Branch offices must be a list' using errcode = '22023';
  end if;

  select id into v_id from public.branding_settings where is_active for update;
  if v_id is null then
    insert into public.branding_settings (is_active, updated_by) values (true, v_user_id) returning id into v_id;
  end if;

  update public.branding_settings
     set
         logo_url              = case when p_logo_url is null then logo_url else nullif(btrim(p_logo_url), '') end,
         logo_light_url        = case when p_logo_light_url is null then logo_light_url else nullif(btrim(p_logo_light_url), '') end,
         footer_logo_url       = case when p_footer_logo_url is null then footer_logo_url else nullif(btrim(p_footer_logo_url), '') end,
         logo_alt_text         = case when p_logo_alt_text is null then logo_alt_text else nullif(btrim(p_logo_alt_text), '') end,
         favicon_url           = case when p_favicon_url is null then favicon_url else nullif(btrim(p_favicon_url), '') end,
         company_name          = coalesce(nullif(btrim(p_company_name), ''), company_name),
         tagline               = case when p_tagline is null then tagline else nullif(btrim(p_tagline), '') end,
         address               = case when p_address is null then address else nullif(btrim(p_address), '') end,
         phone                 = case when p_phone is null then phone else nullif(btrim(p_phone), '') end,
         email                 = case when p_email is null then email else nullif(btrim(p_email), '') end,
         facebook_url          = case when p_facebook_url is null then facebook_url else nullif(btrim(p_facebook_url), '') end,
         instagram_url         = case when p_instagram_url is null then instagram_url else nullif(btrim(p_instagram_url), '') end,
         twitter_url           = case when p_twitter_url is null then twitter_url else nullif(btrim(p_twitter_url), '') end,
         linkedin_url          = case when p_linkedin_url is null then linkedin_url else nullif(btrim(p_linkedin_url), '') end,
         youtube_url           = case when p_youtube_url is null then youtube_url else nullif(btrim(p_youtube_url), '') end,
         primary_color         = coalesce(nullif(btrim(p_primary_color), ''), primary_color),
         secondary_color       = coalesce(nullif(btrim(p_secondary_color), ''), secondary_color),
         accent_color          = coalesce(nullif(btrim(p_accent_color), ''), accent_color),
         dark_color            = coalesce(nullif(btrim(p_dark_color), ''), dark_color),
         light_color           = coalesce(nullif(btrim(p_light_color), ''), light_color),
         orange_color          = coalesce(nullif(btrim(p_orange_color), ''), orange_color),
         darkchoco_color       = coalesce(nullif(btrim(p_darkchoco_color), ''), darkchoco_color),
         heading_font          = coalesce(nullif(btrim(p_heading_font), ''), heading_font),
         body_font             = coalesce(nullif(btrim(p_body_font), ''), body_font),
         accent_font           = coalesce(nullif(btrim(p_accent_font), ''), accent_font),
         base_font_size        = coalesce(nullif(btrim(p_base_font_size), ''), base_font_size),
         body_font_weight      = coalesce(nullif(btrim(p_body_font_weight), ''), body_font_weight),
         medium_font_weight    = coalesce(nullif(btrim(p_medium_font_weight), ''), medium_font_weight),
         bold_font_weight      = coalesce(nullif(btrim(p_bold_font_weight), ''), bold_font_weight),
         footer_gradient_color = coalesce(nullif(btrim(p_footer_gradient_color), ''), footer_gradient_color),
         email_signature       = case when p_email_signature is null then email_signature else nullif(btrim(p_email_signature), '') end,
         office_hours          = case when p_office_hours is null then office_hours else nullif(btrim(p_office_hours), '') end,
         branch_offices        = coalesce(p_branch_offices, branch_offices),
         updated_by            = v_user_id
   where id = v_id
  returning * into v_row;
  return v_row;
end
$$;

-- Staff are not rate limited: they work from the office's one address all day.
create or replace function public.hit_visitor_rate_limit(p_rule text) returns void
language plpgsql volatile security definer
set search_path = public
as $$
begin
  if auth.role() in ('anon', 'authenticated') and not public.has_permission('backoffice.open') then
    perform public.hit_rate_limit(p_rule, public.request_ip());
  end if;
end
$$;

create or replace function public.check_analytics_event() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if pg_trigger_depth() = 1 and auth.role() in ('anon', 'authenticated') and not public.has_permission('backoffice.open') then
    perform public.hit_visitor_rate_limit('analytics.events');
    if new.name not in ('page_view', 'search', 'tour_view', 'wishlist_add', 'wishlist_remove', 'booking_start', 'booking_step', 'booking_submit') then
      raise exception 'Unknown analytics event: %', new.name using errcode = '22023';
    end if;
    if new.occurred_at < now() - interval '7 days' then
      raise exception 'This event happened too long ago to be recorded' using errcode = '22023';
    end if;
  end if;
  return new;
end
$$;

-- Those who answer messages send as many as the day needs.
create or replace function public.limit_account_writes() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if auth.role() = 'authenticated' and not public.has_permission('messages.write') then
    perform public.hit_rate_limit(tg_argv[0], auth.uid()::text);
  end if;
  return new;
end
$$;

-- Booking staff quote and book for a client: the customer is the contact, not the caller.
create or replace function public.quote_booking(
  p_departure_id uuid default null,
  p_adults int default 1,
  p_children int default 0,
  p_extras jsonb default '[]',
  p_promo_code text default null,
  p_tour_id uuid default null,
  p_start_date date default null,
  p_email text default null
) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_adults int := coalesce(p_adults, 0);
  v_children int := coalesce(p_children, 0);
  v_party int;
  v_tour public.tours;
  v_departure public.tour_departures;
  v_season public.tour_seasons;
  v_start date;
  v_end date;
  v_season_name text;
  v_adult_price numeric(10, 2);
  v_child_price numeric(10, 2);
  v_left int;
  v_lines jsonb := '[]';
  v_total numeric(12, 2) := 0;
  v_amount numeric(12, 2);
  v_tour_amount numeric(12, 2);
  v_discount public.tour_group_discounts;
  v_item jsonb;
  v_code text;
  v_quantity numeric;
  v_extra public.tour_extras;
  v_chosen text[] := '{}';
  v_promo public.promo_codes;
  v_email text := nullif(lower(btrim(coalesce(p_email, ''))), '');
  v_customer uuid := case when public.has_permission('bookings.write') then null else auth.uid() end;
begin
  if v_adults < 0 or v_children < 0 or v_adults + v_children < 1 then
    raise exception 'Please choose at least one traveler' using errcode = '22023';
  end if;
  if v_adults < 1 then
    raise exception 'Children must travel with at least one adult' using errcode = '22023';
  end if;
  v_party := v_adults + v_children;

  if p_departure_id is not null then
    select * into v_departure from public.tour_departures where id = p_departure_id and not is_private;
    if not found then
      raise exception 'This departure could not be found' using errcode = 'PT404';
    end if;
    if p_tour_id is not null and p_tour_id <> v_departure.tour_id then
      raise exception 'This departure does not belong to the tour' using errcode = '22023';
    end if;
    select * into v_tour from public.tours where id = v_departure.tour_id and status = 'active';
    if not found then
      raise exception 'This tour is not available for booking' using errcode = 'PT404';
    end if;
    if v_departure.status = 'cancelled' then
      raise exception 'This departure has been cancelled' using errcode = 'PT409';
    end if;
    if v_departure.start_date <= current_date then
      raise exception 'This departure date has passed' using errcode = '22023';
    end if;
    v_left := v_departure.capacity - v_departure.seats_booked;
    if v_left <= 0 then
      raise exception 'This departure is sold out' using errcode = 'PT409';
    end if;
    if v_left < v_party then
      raise exception '%', case when v_left = 1 then 'Only 1 seat is left on this departure'
                                else format('Only %s seats are left on this departure', v_left) end
        using errcode = 'PT409';
    end if;
    v_start := v_departure.start_date;
    v_end := v_departure.end_date;
    v_season_name := v_departure.season;
    v_adult_price := coalesce(v_departure.price_override, v_tour.base_price);
    v_child_price := coalesce(v_departure.child_price_override, v_tour.child_price, v_adult_price);
  elsif p_tour_id is not null and p_start_date is not null then
    select * into v_tour from public.tours where id = p_tour_id and status = 'active';
    if not found then
      raise exception 'This tour is not available for booking' using errcode = 'PT404';
    end if;
    if not v_tour.is_private then
      raise exception 'Please choose one of the scheduled departures of this tour' using errcode = '22023';
    end if;
    if p_start_date <= current_date then
      raise exception 'Please choose a start date in the future' using errcode = '22023';
    end if;
    select * into v_season from public.tour_seasons
     where tour_id = v_tour.id and p_start_date between starts_on and ends_on
     order by starts_on desc
     limit 1;
    if not found then
      raise exception 'This private trip is not offered on that date' using errcode = '22023';
    end if;
    if v_tour.group_size_max is not null and v_party > v_tour.group_size_max then
      raise exception 'This trip takes at most % travelers', v_tour.group_size_max using errcode = '22023';
    end if;
    if v_party < v_tour.group_size_min then
      raise exception 'This trip needs at least % travelers', v_tour.group_size_min using errcode = '22023';
    end if;
    v_start := p_start_date;
    v_end := p_start_date + (v_tour.duration_days - 1);
    v_season_name := v_season.name;
    v_adult_price := coalesce(v_season.adult_price, v_tour.base_price);
    v_child_price := coalesce(v_season.child_price, v_tour.child_price, v_adult_price);
  else
    raise exception 'Please choose a departure date' using errcode = '22023';
  end if;

  if v_children > 0 and v_tour.min_age is not null and v_tour.min_age >= v_tour.child_age_limit then
    raise exception 'This tour is for travelers aged % and over', v_tour.min_age using errcode = '22023';
  end if;

  -- 1. Adults
  v_amount := round(v_adult_price * v_adults, 2);
  v_lines := v_lines || jsonb_build_object(
    'kind', 'adult', 'code', null,
    'label', case when v_adults = 1 then 'Adult' else 'Adults' end || coalesce(' (' || v_season_name || ')', ''),
    'quantity', v_adults, 'unit_price', v_adult_price, 'amount', v_amount);
  v_total := v_total + v_amount;
  v_tour_amount := v_amount;

  -- 2. Children
  if v_children > 0 then
    v_amount := round(v_child_price * v_children, 2);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'child', 'code', null,
      'label', format('%s under %s', case when v_children = 1 then 'Child' else 'Children' end, v_tour.child_age_limit)
               || coalesce(' (' || v_season_name || ')', ''),
      'quantity', v_children, 'unit_price', v_child_price, 'amount', v_amount);
    v_total := v_total + v_amount;
    v_tour_amount := v_tour_amount + v_amount;
  end if;

  -- 3. Single supplement
  if v_adults = 1 and v_children = 0 and v_tour.single_supplement > 0 then
    v_amount := round(v_tour.single_supplement, 2);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'single_supplement', 'code', null, 'label', 'Single supplement',
      'quantity', 1, 'unit_price', v_amount, 'amount', v_amount);
    v_total := v_total + v_amount;
  end if;

  -- 4. Group discount
  select * into v_discount from public.tour_group_discounts
   where tour_id = v_tour.id and min_travelers <= v_party
   order by percent desc
   limit 1;
  if found then
    v_amount := -round(v_tour_amount * v_discount.percent / 100, 2);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'group_discount', 'code', null,
      'label', format('Group discount: %s%% for %s or more travelers', trim_scale(v_discount.percent), v_discount.min_travelers),
      'quantity', 1, 'unit_price', v_amount, 'amount', v_amount);
    v_total := v_total + v_amount;
  end if;

  -- 5. Extras
  if p_extras is not null and jsonb_typeof(p_extras) <> 'array' then
    raise exception 'Extras must be a list' using errcode = '22023';
  end if;
  for v_item in select value from jsonb_array_elements(coalesce(p_extras, '[]')) loop
    v_quantity := null;
    if jsonb_typeof(v_item) = 'string' then
      v_code := v_item #>> '{}';
    elsif jsonb_typeof(v_item) = 'object' then
      v_code := v_item ->> 'code';
      if jsonb_typeof(v_item -> 'quantity') = 'number' then
        v_quantity := (v_item ->> 'quantity')::numeric;
      elsif coalesce(jsonb_typeof(v_item -> 'quantity'), 'null') <> 'null' then
        raise exception 'The quantity of an extra must be a whole number' using errcode = '22023';
      end if;
    else
      raise exception 'Each extra is a code, or a code with a quantity' using errcode = '22023';
    end if;
    select * into v_extra from public.tour_extras where tour_id = v_tour.id and code = v_code and is_active;
    if not found then
      raise exception 'The extra "%" is not offered on this tour', coalesce(v_code, '') using errcode = '22023';
    end if;
    if v_code = any (v_chosen) then
      raise exception '% is chosen more than once', v_extra.name using errcode = '22023';
    end if;
    v_chosen := v_chosen || v_code;
    if v_extra.unit = 'per_booking' then
      if coalesce(v_quantity, 1) <> 1 then
        raise exception '% is booked once per booking', v_extra.name using errcode = '22023';
      end if;
      v_quantity := 1;
    else
      v_quantity := coalesce(v_quantity, v_party);
      if v_quantity <> trunc(v_quantity) or v_quantity < 1 or v_quantity > v_party then
        raise exception '% can be added for 1 to % travelers', v_extra.name, v_party using errcode = '22023';
      end if;
    end if;
    v_amount := round(v_extra.price * v_quantity, 2);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'extra', 'code', v_extra.code, 'label', v_extra.name,
      'quantity', v_quantity::int, 'unit_price', v_extra.price, 'amount', v_amount);
    v_total := v_total + v_amount;
  end loop;

  -- 6. Promo code
  if nullif(btrim(coalesce(p_promo_code, '')), '') is not null then
    select * into v_promo from public.promo_codes
     where code = upper(btrim(p_promo_code))
       and is_active
       and (valid_from is null or valid_from <= current_date)
       and (valid_until is null or valid_until >= current_date)
       and (max_uses is null or times_used < max_uses);
    if not found then
      raise exception 'Promo code not found or expired' using errcode = '22023';
    end if;
    if (v_promo.tour_id is not null and v_promo.tour_id <> v_tour.id)
       or (v_promo.amount_off is not null and v_promo.currency <> v_tour.currency) then
      raise exception 'This promo code is not valid for this tour' using errcode = '22023';
    end if;
    if v_promo.min_travelers is not null and v_party < v_promo.min_travelers then
      raise exception 'This promo code is for % or more travelers', v_promo.min_travelers using errcode = '22023';
    end if;
    if (v_promo.travel_from is not null and v_start < v_promo.travel_from)
       or (v_promo.travel_until is not null and v_start > v_promo.travel_until) then
      raise exception '%', case
        when v_promo.travel_from is not null and v_promo.travel_until is not null
          then format('This promo code is for trips starting from %s to %s', to_char(v_promo.travel_from, 'FMDD Mon YYYY'), to_char(v_promo.travel_until, 'FMDD Mon YYYY'))
        when v_promo.travel_from is not null then format('This promo code is for trips starting from %s', to_char(v_promo.travel_from, 'FMDD Mon YYYY'))
        else format('This promo code is for trips starting by %s', to_char(v_promo.travel_until, 'FMDD Mon YYYY'))
      end using errcode = '22023';
    end if;
    -- Conditions on the customer: who they are is the email they book with (or their account).
    if v_promo.first_trip_only or v_promo.max_uses_per_customer is not null then
      if v_email is null and v_customer is null then
        raise exception 'Please enter your email address to use this promo code' using errcode = '22023';
      end if;
      if v_promo.first_trip_only and exists (
           select 1 from public.bookings b
            where b.status in ('confirmed', 'completed')
              and ((v_customer is not null and b.user_id = v_customer) or (v_email is not null and lower(b.contact ->> 'email') = v_email))) then
        raise exception 'This promo code is for a first trip with us' using errcode = '22023';
      end if;
      if v_promo.max_uses_per_customer is not null and (
           select count(*) from public.bookings b
            where b.promo_code = v_promo.code and b.status in ('pending', 'confirmed', 'completed')
              and ((v_customer is not null and b.user_id = v_customer) or (v_email is not null and lower(b.contact ->> 'email') = v_email))
         ) >= v_promo.max_uses_per_customer then
        raise exception '%', case when v_promo.max_uses_per_customer = 1 then 'You have already used this promo code'
                                  else format('You have already used this promo code %s times', v_promo.max_uses_per_customer) end
          using errcode = '22023';
      end if;
    end if;
    v_amount := -(case when v_promo.percent_off is not null then round(v_total * v_promo.percent_off / 100, 2)
                       else least(v_promo.amount_off, v_total) end);
    v_lines := v_lines || jsonb_build_object(
      'kind', 'promo', 'code', v_promo.code,
      'label', format('Promo code %s', v_promo.code) || coalesce(': ' || v_promo.description, ''),
      'quantity', 1, 'unit_price', v_amount, 'amount', v_amount);
    v_total := v_total + v_amount;
  end if;

  return jsonb_build_object(
    'tour_id', v_tour.id,
    'departure_id', v_departure.id,
    'start_date', v_start,
    'end_date', v_end,
    'season', v_season_name,
    'currency', v_tour.currency,
    'adults', v_adults,
    'children', v_children,
    'promo_code', v_promo.code,
    'lines', v_lines,
    'total', v_total);
end
$$;

create or replace function public.create_booking(
  p_departure_id uuid default null,
  p_adults int default null,
  p_children int default 0,
  p_extras jsonb default '[]',
  p_promo_code text default null,
  p_travelers jsonb default '[]',
  p_contact jsonb default '{}',
  p_tour_id uuid default null,
  p_start_date date default null,
  p_client_id uuid default null,
  p_expected_total numeric default null
) returns public.bookings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_rules public.booking_hold_rules;
  v_user_id uuid := auth.uid();
  v_staff boolean := public.is_staff_request();
  -- Staff booking for a customer: the booking is the customer's, not the admin's.
  v_owner uuid := case when public.has_permission('bookings.write') then null else v_user_id end;
  v_ip text := public.request_ip();
  v_profile public.users;
  v_contact jsonb := coalesce(p_contact, '{}');
  v_travelers jsonb := coalesce(p_travelers, '[]');
  v_party int := coalesce(p_adults, 0) + coalesce(p_children, 0);
  v_name text;
  v_email text;
  v_phone text;
  v_traveler jsonb;
  v_age int;
  v_aged_children int := 0;
  v_aged_adults int := 0;
  v_quote jsonb;
  v_total numeric(12, 2);
  v_tour public.tours;
  v_departure_id uuid := p_departure_id;
  v_reference text;
  v_proven boolean;
  v_wait int;
  v_holds int;
  v_unproven_seats int;
  v_booking public.bookings;
begin
  -- A resend of a request already taken answers with the booking it made, even if the departure
  -- has filled up since.
  if p_client_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('create_booking:' || p_client_id::text, 0));
    select * into v_booking from public.bookings where client_id = p_client_id;
    if found then
      if (v_owner is not null and v_booking.user_id = v_owner)
         or (v_booking.user_id is null and lower(v_booking.contact ->> 'email') = lower(btrim(v_contact ->> 'email'))) then
        return v_booking;
      end if;
      raise exception 'This booking request has already been used' using errcode = 'PT409';
    end if;
  end if;

  -- Who to write to: what the guest gave, else the signed-in traveler's profile.
  if jsonb_typeof(v_contact) <> 'object' then
    raise exception 'Contact details must be an object' using errcode = '22023';
  end if;
  if v_owner is not null then
    select * into v_profile from public.users where id = v_owner;
  end if;
  v_name := coalesce(nullif(btrim(v_contact ->> 'full_name'), ''), nullif(btrim(v_profile.full_name), ''));
  v_email := lower(coalesce(nullif(btrim(v_contact ->> 'email'), ''), v_profile.email));
  v_phone := coalesce(nullif(btrim(v_contact ->> 'phone'), ''), v_profile.phone);
  if v_name is null or v_email is null then
    raise exception 'Please give the lead traveler''s name and email' using errcode = '22023';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please give a valid email address' using errcode = '22023';
  end if;
  if length(v_name) > 200 or length(v_email) > 254 or length(coalesce(v_phone, '')) > 40 then
    raise exception 'Contact details are too long' using errcode = '22023';
  end if;
  v_contact := jsonb_strip_nulls(jsonb_build_object('full_name', v_name, 'email', v_email, 'phone', v_phone));

  -- The travelers' details may come later; when given, they are complete.
  if jsonb_typeof(v_travelers) <> 'array' then
    raise exception 'Traveler details must be a list' using errcode = '22023';
  end if;
  if length(v_travelers::text) > 20000 then
    raise exception 'Traveler details are too long' using errcode = '22023';
  end if;
  if jsonb_array_length(v_travelers) > 0 and v_party > 0 then
    if jsonb_array_length(v_travelers) <> v_party then
      raise exception '%', case when v_party = 1 then 'Please give the details of the traveler'
                                else format('Please give the details of all %s travelers', v_party) end
        using errcode = '22023';
    end if;
    for v_traveler in select value from jsonb_array_elements(v_travelers) loop
      if jsonb_typeof(v_traveler) <> 'object'
         or nullif(btrim(coalesce(v_traveler ->> 'full_name', v_traveler ->> 'name', '')), '') is null then
        raise exception 'Please give the full name of every traveler' using errcode = '22023';
      end if;
    end loop;
  end if;

  -- Limits on holding seats without paying, for everyone but the team. A refused request counts
  -- nothing (its transaction is rolled back), so only bookings made use the allowance.
  select * into v_rules from public.booking_hold_rules;
  v_proven := v_staff or (v_owner is not null and public.caller_email_proven(v_email));
  if not v_staff then
    -- Refused as a conflict (409) rather than 429: a device's outbox would retry a 429 on its own
    -- and book, unasked, an hour later.
    v_wait := greatest(public.rate_limit_wait('booking.requests', v_ip), public.rate_limit_wait('booking.requests_per_email', v_email));
    if v_wait > 0 then
      raise exception 'Too many booking requests from here. Please try again in %, or call us and we will help.', public.wait_in_words(v_wait)
        using errcode = 'PT409', detail = format('Retry after %s seconds', v_wait);
    end if;
    if v_ip is not null then
      -- Holds the team made or approved are the team's word, not this address's allowance: an
      -- office booking for its customers does not stop a visitor on the same network.
      select count(*), coalesce(sum(b.adults + b.children) filter (where b.contact_verified_at is null), 0)
        into v_holds, v_unproven_seats
        from public.booking_origins o
        join public.bookings b on b.id = o.booking_id
       where o.ip = v_ip and b.status = 'pending' and b.amount_paid = 0 and b.hold_expires_at > now()
         and b.hold_approved_at is null;
      if v_holds >= v_rules.unpaid_holds_per_address then
        raise exception 'You already hold % unpaid bookings. Please pay for one, or let one go, before booking again; or call us and we will help.', v_holds
          using errcode = 'PT409';
      end if;
      if not v_proven and v_unproven_seats + v_party > v_rules.unverified_seats_per_address then
        raise exception 'Please confirm your email from the booking email we sent before holding more seats, or call us and we will help.'
          using errcode = 'PT409', detail = format('At most %s seats are held from one address before an email is confirmed', v_rules.unverified_seats_per_address);
      end if;
    end if;
    if (select count(*) from public.bookings b
         where lower(b.contact ->> 'email') = v_email and b.status = 'pending' and b.amount_paid = 0 and b.hold_expires_at > now())
       >= v_rules.unpaid_holds_per_email then
      raise exception 'There are already unpaid bookings for this email address. Please pay for one, or let one go, before booking again; or call us and we will help.'
        using errcode = 'PT409';
    end if;
  end if;

  -- Lock the departure: bookings for it queue here, so seats are counted one booking at a time.
  if p_departure_id is not null then
    perform 1 from public.tour_departures where id = p_departure_id for update;
  end if;
  v_quote := public.quote_booking(p_departure_id, p_adults, p_children, p_extras, p_promo_code, p_tour_id, p_start_date, v_email);
  v_total := (v_quote ->> 'total')::numeric;
  select * into v_tour from public.tours where id = (v_quote ->> 'tour_id')::uuid;

  if p_expected_total is not null and p_expected_total <> v_total then
    raise exception 'The price of this trip is now % %. Please check the new total and book again.',
      v_tour.currency, to_char(v_total, 'FM999,999,990.00') using errcode = 'PT409';
  end if;

  -- Ages, where given, must fit the tour and the count of adults and children.
  for v_traveler in select value from jsonb_array_elements(v_travelers) loop
    continue when nullif(v_traveler ->> 'age', '') is null;
    if (v_traveler ->> 'age') !~ '^\d{1,3}$' then
      raise exception 'Please give each traveler''s age in years' using errcode = '22023';
    end if;
    v_age := (v_traveler ->> 'age')::int;
    if v_tour.min_age is not null and v_age < v_tour.min_age then
      raise exception 'This tour is for travelers aged % and over', v_tour.min_age using errcode = '22023';
    end if;
    if v_age < v_tour.child_age_limit then
      v_aged_children := v_aged_children + 1;
    else
      v_aged_adults := v_aged_adults + 1;
    end if;
  end loop;
  if v_aged_children > coalesce(p_children, 0) or v_aged_adults > coalesce(p_adults, 0) then
    raise exception 'The travelers'' ages do not match the number of adults and children' using errcode = '22023';
  end if;

  -- A private trip gets a departure of its own, for exactly this party.
  if p_departure_id is null then
    insert into public.tour_departures (tour_id, start_date, end_date, capacity, is_private, season, notes)
    values (v_tour.id, (v_quote ->> 'start_date')::date, (v_quote ->> 'end_date')::date, v_party, true,
            v_quote ->> 'season', 'Private trip')
    returning id into v_departure_id;
  end if;

  loop
    v_reference := public.generate_booking_reference();
    exit when not exists (select 1 from public.bookings where booking_reference = v_reference);
  end loop;

  -- The seats are held by the insert itself (trigger bookings_hold_seats).
  insert into public.bookings (
    booking_reference, user_id, tour_id, departure_id, status, adults, children, travelers, contact, extras,
    currency, total_amount, amount_paid, price_breakdown, promo_code, hold_expires_at, client_id,
    contact_verified_at, hold_approved_at, hold_approved_by
  ) values (
    v_reference, v_owner, v_tour.id, v_departure_id, 'pending', p_adults, coalesce(p_children, 0), v_travelers, v_contact,
    coalesce((select jsonb_agg(jsonb_build_object('code', l ->> 'code', 'name', l ->> 'label', 'quantity', l -> 'quantity',
                                                  'unit_price', l -> 'unit_price', 'amount', l -> 'amount'))
                from jsonb_array_elements(v_quote -> 'lines') l where l ->> 'kind' = 'extra'), '[]'),
    v_tour.currency, v_total, 0, v_quote -> 'lines', v_quote ->> 'promo_code',
    now() + case when v_proven then v_rules.verified_hold else v_rules.unverified_hold end, p_client_id,
    case when v_proven and not v_staff then now() end,
    case when v_staff then now() end,
    case when v_staff then v_user_id end
  )
  returning * into v_booking;
  if v_ip is not null then
    insert into public.booking_origins (booking_id, ip) values (v_booking.id, v_ip);
  end if;
  return v_booking;
end
$$;

-- Booking staff find any booking by its reference.
create or replace function public.booking_by_reference(p_reference text, p_email text default null)
returns public.bookings
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings where booking_reference = upper(btrim(coalesce(p_reference, '')));
  if found and ((auth.uid() is not null and v_booking.user_id = auth.uid())
                or public.has_permission('bookings.read')
                or (nullif(btrim(p_email), '') is not null and lower(v_booking.contact ->> 'email') = lower(btrim(p_email)))) then
    return v_booking;
  end if;
  raise exception 'We could not find a booking with that reference and email' using errcode = 'PT404';
end
$$;

revoke execute on function public.is_admin() from anon, authenticated;
drop function public.is_admin();
