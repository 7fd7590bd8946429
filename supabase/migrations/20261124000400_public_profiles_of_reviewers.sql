-- The public face of a user (public_profiles: a name and a picture) is public only for those who have
-- written a published review, which is where it is shown; and only the fields a review shows. Before,
-- anyone could list every registered user's id and name, staff included.

drop policy "public profiles are public" on public.public_profiles;

-- Anyone reads the profile of the author of a published review.
create policy "reviewers' profiles are public" on public.public_profiles
  for select to anon, authenticated
  using (exists (select 1 from public.reviews r where r.user_id = public_profiles.id and r.is_published));

-- A user reads their own, published review or not (their reviews in the portal).
create policy "users read own public profile" on public.public_profiles
  for select to authenticated using (id = auth.uid());

-- Admins read every one (moderating reviews).
create policy "admins read public profiles" on public.public_profiles
  for select to authenticated using ((select public.is_admin()));

-- The id (the join to reviews), the name and the picture; never when the profile last changed.
revoke select on public.public_profiles from anon, authenticated;
grant select (id, full_name, avatar_url) on public.public_profiles to anon, authenticated;
