-- Storage buckets and who may touch their objects: 'avatars' (each user their own picture) and
-- 'media' (site images, managed by admins). Both are public for reading.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('avatars', 'avatars', true, 2 * 1024 * 1024, array['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
  ('media', 'media', true, 10 * 1024 * 1024,
   array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml', 'image/avif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- True when an object name is the caller's own avatar: avatars/{their uid}-{timestamp}.{ext}.
-- In public, not storage: hosted Supabase does not let migrations add functions to its storage schema.
create or replace function public.is_own_avatar(p_name text) returns boolean
language sql stable
as $$
  select auth.uid() is not null
     and p_name ~ ('^avatars/' || auth.uid()::text || '-[0-9]+\.(jpg|jpeg|png|webp|gif)$')
$$;

grant execute on function public.is_own_avatar(text) to anon, authenticated, service_role;

-- Anyone reads avatars (they are shown next to reviews and in the portal).
create policy "avatars are public" on storage.objects
  for select using (bucket_id = 'avatars');

-- A user uploads, replaces and removes only their own avatar files.
create policy "users upload own avatar" on storage.objects
  for insert to authenticated with check (bucket_id = 'avatars' and public.is_own_avatar(name));
create policy "users replace own avatar" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and public.is_own_avatar(name))
  with check (bucket_id = 'avatars' and public.is_own_avatar(name));
create policy "users remove own avatar" on storage.objects
  for delete to authenticated using (bucket_id = 'avatars' and public.is_own_avatar(name));

-- Anyone reads site media.
create policy "media is public" on storage.objects
  for select using (bucket_id = 'media');

-- Admins manage every object in both buckets.
create policy "admins manage avatars and media" on storage.objects
  for all to authenticated
  using (bucket_id in ('avatars', 'media') and (select public.is_admin()))
  with check (bucket_id in ('avatars', 'media') and (select public.is_admin()));
