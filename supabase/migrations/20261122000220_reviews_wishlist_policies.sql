-- Reviews are public and carry their author's public profile (name and avatar, nothing else);
-- each traveler writes their own. The wishlist is private to its owner.

alter table public.reviews enable row level security;
alter table public.wishlist enable row level security;

-- Published reviews are public.
create policy "published reviews are public" on public.reviews
  for select using (is_published);

-- A traveler sees their own reviews even when unpublished.
create policy "travelers read own reviews" on public.reviews
  for select to authenticated using (user_id = auth.uid());

-- A traveler writes reviews only as themselves.
create policy "travelers write own reviews" on public.reviews
  for insert to authenticated with check (user_id = auth.uid());

-- A traveler edits or removes their own review.
create policy "travelers edit own reviews" on public.reviews
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "travelers delete own reviews" on public.reviews
  for delete to authenticated using (user_id = auth.uid());

-- Admins moderate every review.
create policy "admins manage reviews" on public.reviews
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Publishing and hiding reviews is moderation: only admins and the platform change is_published
-- after the review is written.
create or replace function public.guard_review_moderation() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.is_published is distinct from old.is_published
     and not (public.is_platform_caller() or public.is_admin()) then
    raise exception 'Only administrators can publish or hide reviews' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger reviews_guard_moderation before update on public.reviews
  for each row execute function public.guard_review_moderation();

-- Keep tours.rating_average and review_count in step with published reviews.
create or replace function public.refresh_tour_rating() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_tour_id uuid;
begin
  for v_tour_id in
    select distinct t from unnest(array[
      case when tg_op <> 'INSERT' then old.tour_id end,
      case when tg_op <> 'DELETE' then new.tour_id end
    ]) as t where t is not null
  loop
    update public.tours t
       set rating_average = coalesce(s.avg_rating, 0), review_count = s.n
      from (select round(avg(rating)::numeric, 2) as avg_rating, count(*)::int as n
              from public.reviews where tour_id = v_tour_id and is_published) s
     where t.id = v_tour_id;
  end loop;
  return null;
end
$$;

create trigger reviews_refresh_tour_rating after insert or update or delete on public.reviews
  for each row execute function public.refresh_tour_rating();

-- The wishlist is private: its owner reads, adds and removes their own rows.
create policy "travelers read own wishlist" on public.wishlist
  for select to authenticated using (user_id = auth.uid());
create policy "travelers add to own wishlist" on public.wishlist
  for insert to authenticated with check (user_id = auth.uid());
create policy "travelers remove from own wishlist" on public.wishlist
  for delete to authenticated using (user_id = auth.uid());

-- Admins see wishlists (demand for a tour).
create policy "admins read wishlists" on public.wishlist
  for select to authenticated using ((select public.is_admin()));
