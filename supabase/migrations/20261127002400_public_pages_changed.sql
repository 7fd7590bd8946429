-- What the public pages show changes when the catalogue, the content, the branding or the reviews
-- do. Each change draws a number from public_pages_changes; the server keeps its rendered pages,
-- sitemap and page data while the number stays the same and drops them the moment it moves, so what
-- an editor publishes is on the site, in the sitemap and in the JSON-LD at once. A sequence rather
-- than a row: drawing a number takes no lock, so writers never wait on each other for it.

create sequence public.public_pages_changes;
revoke all on sequence public.public_pages_changes from public, anon, authenticated;
-- Drawn once now: a new sequence's first number is its last_value already (1, not yet called), so
-- the first change would not move what the server reads; from here on every draw moves it.
select nextval('public.public_pages_changes');

create or replace function public.note_public_pages_changed() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform nextval('public.public_pages_changes');
  return null;
end
$$;

revoke execute on function public.note_public_pages_changed() from public, anon, authenticated;

do $$
declare
  v_table text;
begin
  foreach v_table in array array[
    'tours', 'tour_destinations', 'tour_itinerary', 'tour_departures', 'tour_experiences', 'tour_activities',
    'tour_seasons', 'tour_group_discounts', 'tour_extras', 'tour_slug_redirects', 'categories', 'destinations',
    'experiences', 'activities', 'reviews', 'blog_categories', 'blog_tags', 'blog_posts', 'blog_post_tags',
    'content_pages', 'team_members', 'partner_logos', 'heroes', 'branding_settings'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on public.%I for each statement execute function public.note_public_pages_changed()',
      v_table || '_public_pages_changed', v_table
    );
  end loop;
end
$$;
