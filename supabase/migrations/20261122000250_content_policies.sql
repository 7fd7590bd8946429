-- Editorial content: visitors read what is published or active; admins manage everything.

alter table public.blog_categories enable row level security;
alter table public.blog_tags enable row level security;
alter table public.blog_posts enable row level security;
alter table public.blog_post_tags enable row level security;
alter table public.content_pages enable row level security;
alter table public.team_members enable row level security;
alter table public.partner_logos enable row level security;
alter table public.heroes enable row level security;

-- True when a blog post is published and its publication time has come (scheduled posts wait).
create or replace function public.is_post_visible(p_post_id uuid) returns boolean
language sql stable security definer
set search_path = public
as $$
  select exists (
    select 1 from public.blog_posts where id = p_post_id and status = 'published' and published_at <= now()
  )
$$;

-- Blog categories and tags are public; admins manage them.
create policy "blog categories are public" on public.blog_categories
  for select using (true);
create policy "admins manage blog categories" on public.blog_categories
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "blog tags are public" on public.blog_tags
  for select using (true);
create policy "admins manage blog tags" on public.blog_tags
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Published posts whose time has come are public; drafts and scheduled posts are for admins.
create policy "published posts are public" on public.blog_posts
  for select using (status = 'published' and published_at <= now());
create policy "admins manage blog posts" on public.blog_posts
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- A post's tags are public when the post is.
create policy "tags of visible posts are public" on public.blog_post_tags
  for select using (public.is_post_visible(post_id));
create policy "admins manage post tags" on public.blog_post_tags
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Published content pages (privacy policy, terms, FAQs, about, ...) are public.
create policy "published pages are public" on public.content_pages
  for select using (is_published);
create policy "admins manage content pages" on public.content_pages
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Active team members, partner logos and heroes are public; admins manage them.
create policy "active team members are public" on public.team_members
  for select using (is_active);
create policy "admins manage team members" on public.team_members
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "active partner logos are public" on public.partner_logos
  for select using (is_active);
create policy "admins manage partner logos" on public.partner_logos
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "active heroes are public" on public.heroes
  for select using (is_active);
create policy "admins manage heroes" on public.heroes
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
