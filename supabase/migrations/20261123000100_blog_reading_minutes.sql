-- A post's reading time follows its text: whoever writes or edits a post (the seed, the back office,
-- a script), reading_minutes is the words of its content at 200 a minute, rounded up, at least 1.
create or replace function public.blog_post_reading_minutes() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.reading_minutes := greatest(1, ceil(coalesce(array_length(regexp_split_to_array(btrim(new.content), '\s+'), 1), 0) / 200.0)::int);
  return new;
end;
$$;

comment on function public.blog_post_reading_minutes() is 'Sets blog_posts.reading_minutes from the words of content (200 a minute, rounded up, at least 1).';

create trigger blog_posts_reading_minutes before insert or update of content on public.blog_posts
  for each row execute function public.blog_post_reading_minutes();

-- Posts written before the trigger take their reading time from their text too.
update public.blog_posts set content = content;
