-- The back office's media library: every picture staff upload, with the sizes the server made of it
-- (POST /api/media, server/api/media.ts). The files live in the public 'media' bucket under
-- library/<id>/: the original as uploaded (original.<ext>) and, for JPEG, PNG, WebP and AVIF, each
-- width as WebP and as a fallback (<w>.webp and <w>.jpg, or <w>.png for a picture with transparency).
-- A row says what is there; staff holding media.write (admins and editors) see and manage the rows,
-- nobody else. A file still used by a page of the site cannot be deleted: media_file_uses() says where
-- it is used, and a trigger refuses the delete in words.

create table public.media_files (
  id uuid primary key default gen_random_uuid(),
  -- The original's name in the 'media' bucket, in the file's own folder.
  object_path text not null unique,
  -- As uploaded, for people to recognise it; the objects are named by id, never by this.
  file_name text not null check (length(file_name) between 1 and 255),
  mime_type text not null,
  bytes int not null check (bytes >= 0),
  -- Of the picture as shown (turned upright by its EXIF orientation); null when unknown (an SVG without them).
  width int check (width > 0),
  height int check (height > 0),
  -- The widths generated, each as <w>.webp and <w>.<fallback>; none for a GIF or an SVG, kept as they are.
  widths int[] not null default '{}' check (0 < all (widths)),
  fallback text check (fallback in ('jpg', 'png')),
  -- What the picture shows, for screen readers and search engines; null until someone writes it.
  alt_text text check (alt_text is null or length(alt_text) between 1 and 300),
  uploaded_by uuid default auth.uid() references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint media_files_in_own_folder check (object_path ~ ('^library/' || id::text || '/original\.[a-z0-9]+$')),
  constraint media_files_sizes_have_fallback check ((cardinality(widths) = 0) = (fallback is null))
);

comment on table public.media_files is
  'The media library: pictures in the media bucket under library/<id>/, with their generated widths. Staff with media.write only.';

-- The library opens newest first.
create index media_files_created on public.media_files (created_at desc);

create trigger media_files_set_updated_at before update on public.media_files
  for each row execute function public.set_updated_at();

-- The name and the alt text are trimmed; a blank or overlong one is refused in words, with the
-- column in the hint (as the screen says it first).
create or replace function public.check_media_file() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.file_name := btrim(coalesce(new.file_name, ''));
  if length(new.file_name) not between 1 and 255 then
    raise exception 'Name the file, up to 255 characters' using errcode = '23514', hint = 'file_name';
  end if;
  if new.alt_text is not null then
    new.alt_text := btrim(new.alt_text);
    if length(new.alt_text) not between 1 and 300 then
      raise exception 'Describe the picture in 1 to 300 characters' using errcode = '23514', hint = 'alt_text';
    end if;
  end if;
  return new;
end
$$;

create trigger check_media_file before insert or update on public.media_files
  for each row execute function public.check_media_file();

-- Where a library file is used: every page and setting that may show a picture, matched on the file's
-- folder (/library/<id>/) in its picture columns, so any of its sizes counts. One row per record,
-- the record's kind in words, tours first. Security definer, so a delete's check sees every use
-- (drafts, inactive rows) whoever deletes; callers must hold media.write.
create or replace function public.media_file_uses(p_media_id uuid)
returns table (kind text, record_id uuid, title text)
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_folder text := '/library/' || p_media_id::text || '/';
begin
  if not public.has_permission('media.write') then
    raise exception 'Only staff who manage media see where a file is used' using errcode = '42501';
  end if;
  return query
  select u.kind, u.record_id, u.title
  from (
    select 1 as rank, 'tour' as kind, t.id as record_id, t.title
    from public.tours t
    where strpos(coalesce(t.hero_image_url, ''), v_folder) > 0 or strpos(t.gallery::text, v_folder) > 0
    union all
    select 2, 'destination', d.id, d.name
    from public.destinations d
    where strpos(coalesce(d.image_url, ''), v_folder) > 0 or strpos(d.gallery::text, v_folder) > 0
    union all
    select 3, 'experience', e.id, e.title
    from public.experiences e
    where strpos(coalesce(e.image_url, ''), v_folder) > 0
    union all
    select 4, 'category', c.id, c.name
    from public.categories c
    where strpos(coalesce(c.image_url, ''), v_folder) > 0
    union all
    select 5, 'blog post', b.id, b.title
    from public.blog_posts b
    where strpos(coalesce(b.cover_image_url, '') || ' ' || coalesce(b.author_avatar_url, ''), v_folder) > 0
    union all
    select 6, 'hero', h.id, h.title
    from public.heroes h
    where strpos(coalesce(h.image_url, ''), v_folder) > 0
    union all
    select 7, 'partner logo', p.id, p.name
    from public.partner_logos p
    where strpos(coalesce(p.logo_url, ''), v_folder) > 0
    union all
    select 8, 'team member', m.id, m.name
    from public.team_members m
    where strpos(coalesce(m.photo_url, ''), v_folder) > 0
    union all
    select 9, 'branding', s.id, s.company_name
    from public.branding_settings s
    where strpos(concat_ws(' ', s.logo_url, s.logo_light_url, s.footer_logo_url, s.favicon_url), v_folder) > 0
  ) u
  order by u.rank, u.title;
end
$$;

revoke execute on function public.media_file_uses(uuid) from public, anon;
grant execute on function public.media_file_uses(uuid) to authenticated;

-- A file in use is not deleted, however the delete is made (the API, SQL): the first use is named,
-- 'Used by the tour “Serengeti Safari”: remove it there first' (23503, as a foreign key's refusal;
-- the hint says it is about the media library).
create or replace function public.refuse_deleting_used_media() returns trigger
language plpgsql
set search_path = public
as $$
declare
  v_use record;
begin
  select u.kind, u.title into v_use from public.media_file_uses(old.id) u limit 1;
  if found then
    raise exception 'Used by the % “%”: remove it there first', v_use.kind, v_use.title using errcode = '23503', hint = 'media';
  end if;
  return old;
end
$$;

create trigger refuse_deleting_used_media before delete on public.media_files
  for each row execute function public.refuse_deleting_used_media();

revoke execute on function public.check_media_file(), public.refuse_deleting_used_media() from public, anon, authenticated;

-- Every change is in the audit log.
create trigger media_files_audited after insert or update or delete on public.media_files
  for each row execute function public.record_audit();

-- Row security: one policy per operation, all for media.write. Only the name and the alt text change
-- after an upload: the rest describes the objects the server wrote.
alter table public.media_files enable row level security;
revoke all on public.media_files from public, anon, authenticated;
grant select, insert, delete on public.media_files to authenticated;
grant update (file_name, alt_text) on public.media_files to authenticated;

-- Media staff see the whole library.
create policy "media staff read the library" on public.media_files
  for select to authenticated using ((select public.has_permission('media.write')));
-- They add rows (the server does, as them, once a file's objects are written).
create policy "media staff add to the library" on public.media_files
  for insert to authenticated with check ((select public.has_permission('media.write')));
-- They rename a file and write its alt text.
create policy "media staff change the library" on public.media_files
  for update to authenticated using ((select public.has_permission('media.write')));
-- They delete a file no page uses (the trigger above refuses the others).
create policy "media staff remove from the library" on public.media_files
  for delete to authenticated using ((select public.has_permission('media.write')));
