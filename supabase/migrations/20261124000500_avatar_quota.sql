-- A user keeps at most three avatar pictures (the current one, and a new one while it replaces it,
-- with one to spare): the app removes the old picture once the new one is saved, and nobody can fill
-- the disk with uploads under their own name. Admins are not counted (policy "admins manage avatars
-- and media").

-- How many avatar pictures the signed-in user has. Security definer: a policy on storage.objects
-- cannot read storage.objects itself under its own policies (that recurses).
create or replace function public.own_avatar_count() returns int
language sql stable security definer
set search_path = public
as $$
  select count(*)::int from storage.objects where bucket_id = 'avatars' and owner = auth.uid()
$$;

revoke execute on function public.own_avatar_count() from public, anon;
grant execute on function public.own_avatar_count() to authenticated;

drop policy "users upload own avatar" on storage.objects;

-- A user uploads their own avatar files, three at most.
create policy "users upload own avatar" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and public.is_own_avatar(name) and public.own_avatar_count() < 3);
