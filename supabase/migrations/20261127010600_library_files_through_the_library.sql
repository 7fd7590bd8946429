-- The media library's files change only through the library. Its endpoint (DELETE /api/media/:id)
-- deletes the public.media_files row first, which the database refuses while a page or setting uses
-- the picture (refuse_deleting_used_media), and only then its files; but the storage API let media
-- staff delete or overwrite the same files directly (DELETE /storage/v1/object/media with their
-- names, or an upsert), pulling pictures from under published tours. Now a file of the library's
-- folder (library/<id>/...) whose row still exists is neither deleted nor replaced by a user, however
-- it is asked; the platform itself (no user) may. Every such change is audited (media_objects_audited).

create or replace function public.guard_library_objects() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_id text := substring(old.name from '^library/([0-9a-f-]{36})/');
begin
  if auth.uid() is not null and v_id is not null
     and exists (select 1 from public.media_files f where f.id::text = v_id) then
    raise exception 'This file belongs to the media library: delete or replace it there, where its uses are checked'
      using errcode = '23503', hint = 'media';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger media_library_objects_guarded before update or delete on storage.objects
  for each row when (old.bucket_id = 'media') execute function public.guard_library_objects();

revoke execute on function public.guard_library_objects() from public, anon, authenticated;
