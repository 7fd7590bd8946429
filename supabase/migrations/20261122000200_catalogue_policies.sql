-- Who reads and writes the catalogue: visitors see what is published (active tours, published
-- destinations and experiences) and everything hanging off an active tour; admins manage it all.

alter table public.categories enable row level security;
alter table public.destinations enable row level security;
alter table public.tours enable row level security;
alter table public.tour_destinations enable row level security;
alter table public.tour_itinerary enable row level security;
alter table public.tour_departures enable row level security;
alter table public.experiences enable row level security;
alter table public.tour_experiences enable row level security;
alter table public.activities enable row level security;
alter table public.tour_activities enable row level security;

-- True when a tour is listed publicly. Security definer so join-table policies are one cheap lookup.
create or replace function public.is_tour_listed(p_tour_id uuid) returns boolean
language sql stable security definer
set search_path = public
as $$
  select exists (select 1 from public.tours where id = p_tour_id and status = 'active')
$$;

-- Categories are public; admins manage them.
create policy "categories are public" on public.categories
  for select using (true);
create policy "admins manage categories" on public.categories
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Published destinations are public; admins see and manage drafts too.
create policy "published destinations are public" on public.destinations
  for select using (is_published);
create policy "admins manage destinations" on public.destinations
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Only active tours are listed; drafts and archived tours are for admins.
create policy "active tours are public" on public.tours
  for select using (status = 'active');
create policy "admins manage tours" on public.tours
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- A tour's destinations, itinerary and departures are public when the tour is.
create policy "destinations of listed tours are public" on public.tour_destinations
  for select using (public.is_tour_listed(tour_id));
create policy "admins manage tour destinations" on public.tour_destinations
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "itineraries of listed tours are public" on public.tour_itinerary
  for select using (public.is_tour_listed(tour_id));
create policy "admins manage itineraries" on public.tour_itinerary
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "departures of listed tours are public" on public.tour_departures
  for select using (public.is_tour_listed(tour_id));
create policy "admins manage departures" on public.tour_departures
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Published experiences are public; admins manage them.
create policy "published experiences are public" on public.experiences
  for select using (is_published);
create policy "admins manage experiences" on public.experiences
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "experiences of listed tours are public" on public.tour_experiences
  for select using (public.is_tour_listed(tour_id));
create policy "admins manage tour experiences" on public.tour_experiences
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Activities are public; admins manage them.
create policy "activities are public" on public.activities
  for select using (true);
create policy "admins manage activities" on public.activities
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "activities of listed tours are public" on public.tour_activities
  for select using (public.is_tour_listed(tour_id));
create policy "admins manage tour activities" on public.tour_activities
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
