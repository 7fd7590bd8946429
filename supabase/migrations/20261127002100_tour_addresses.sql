-- A tour's address (its slug) may change without breaking links, bookmarks and search results: the
-- old slug is kept in tour_slug_redirects and /tours/<old slug> answers with a permanent redirect to
-- the new one. A slug is one tour's, whether in use or kept; refusals say so in words, with the
-- field in the hint, as the editor's form shows them.

create table public.tour_slug_redirects (
  slug text primary key check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  tour_id uuid not null references public.tours (id) on delete cascade,
  created_at timestamptz not null default now()
);

create index tour_slug_redirects_tour_idx on public.tour_slug_redirects (tour_id);

alter table public.tour_slug_redirects enable row level security;
revoke all on public.tour_slug_redirects from public, anon, authenticated;
grant select on public.tour_slug_redirects to anon, authenticated;

-- Redirects lead to listed tours only: a draft's old addresses give nothing away.
create policy "redirects to listed tours are public" on public.tour_slug_redirects
  for select using (public.is_tour_listed(tour_id));
-- Staff see every tour's old addresses (the editor lists them).
create policy "staff read tour redirects" on public.tour_slug_redirects
  for select to authenticated using ((select public.has_permission('backoffice.open')));

-- The tour's own fields, checked in words before the table's constraints would refuse them.
create or replace function public.check_tour() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.title := btrim(coalesce(new.title, ''));
  new.slug := lower(btrim(coalesce(new.slug, '')));
  if length(new.title) not between 1 and 120 then
    raise exception 'Give the tour a title, up to 120 characters' using errcode = '23514', hint = 'title';
  end if;
  if new.slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(new.slug) > 80 then
    raise exception 'The address is lowercase letters, digits and single dashes, up to 80 characters' using errcode = '23514', hint = 'slug';
  end if;
  if exists (select 1 from public.tours where slug = new.slug and id <> new.id) then
    raise exception 'Another tour has the address %', new.slug using errcode = '23505', hint = 'slug';
  end if;
  if exists (select 1 from public.tour_slug_redirects where slug = new.slug and tour_id <> new.id) then
    raise exception 'The address % was another tour’s and still leads to it', new.slug using errcode = '23505', hint = 'slug';
  end if;
  if new.base_price < 0 or new.child_price < 0 or new.single_supplement < 0 then
    raise exception 'Prices cannot be below zero' using errcode = '23514',
      hint = case when new.base_price < 0 then 'base_price' when new.child_price < 0 then 'child_price' else 'single_supplement' end;
  end if;
  if new.duration_nights > new.duration_days then
    raise exception 'A tour of % days has at most % nights', new.duration_days, new.duration_days using errcode = '23514', hint = 'duration_nights';
  end if;
  return new;
end
$$;

create trigger tours_check before insert or update on public.tours
  for each row execute function public.check_tour();

-- Keeps the slug a tour leaves, and gives a slug back to the tour taking it again.
create or replace function public.keep_tour_slug() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if new.slug is distinct from old.slug then
    delete from public.tour_slug_redirects where slug = new.slug;
    insert into public.tour_slug_redirects (slug, tour_id) values (old.slug, new.id)
    on conflict (slug) do update set tour_id = excluded.tour_id;
  end if;
  return null;
end
$$;

create trigger tours_keep_slug after update of slug on public.tours
  for each row execute function public.keep_tour_slug();

revoke execute on function public.check_tour(), public.keep_tour_slug() from public, anon, authenticated;
