-- Only travelers who have done a tour review it, once (unique (tour_id, user_id) on reviews). A
-- review is tied to the traveler's completed booking of that tour.

-- True when the signed-in traveler has a completed booking of the tour. They read their own bookings,
-- so this runs as the caller.
create or replace function public.has_travelled_on(p_tour_id uuid) returns boolean
language sql stable
set search_path = public
as $$
  select exists (
    select 1 from public.bookings where tour_id = p_tour_id and user_id = auth.uid() and status = 'completed'
  )
$$;

-- A traveler writes a review as themselves, of a tour they have travelled on.
drop policy "travelers write own reviews" on public.reviews;
create policy "travelers review tours they travelled" on public.reviews
  for insert to authenticated
  with check (user_id = auth.uid() and public.has_travelled_on(tour_id));

-- A traveler edits their own review, and cannot move it to a tour they have not travelled on.
drop policy "travelers edit own reviews" on public.reviews;
create policy "travelers edit own reviews" on public.reviews
  for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid() and public.has_travelled_on(tour_id));

-- Says why a review is refused in the traveler's words (the policies above are the guarantee), and
-- ties it to the traveler's own completed booking of the tour.
create or replace function public.link_review_to_trip() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if public.is_platform_caller() or public.is_admin() or new.user_id is distinct from auth.uid() then
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

create trigger reviews_link_to_trip before insert or update of tour_id, booking_id on public.reviews
  for each row execute function public.link_review_to_trip();
