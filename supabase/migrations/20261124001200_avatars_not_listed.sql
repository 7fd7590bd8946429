-- Avatars are shown by their public address (/storage/v1/object/public/avatars/...), which no policy
-- governs; but the policy that let anyone read the bucket's rows also let anyone list it, and so learn
-- the id of every user with a picture (avatars/{user id}-{time}.png). Now users list and read their
-- own pictures through the API, and admins all of them (policy "admins manage avatars and media").
drop policy "avatars are public" on storage.objects;

create policy "users read own avatars" on storage.objects
  for select to authenticated using (bucket_id = 'avatars' and public.is_own_avatar(name));
