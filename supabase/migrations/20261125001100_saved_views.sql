-- A staff member's saved views of a back-office list: a name and the list's filters (its search
-- parameters), per screen. Each person sees and changes only their own.
create table public.saved_views (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  screen text not null check (screen ~ '^[a-z][a-z_-]{0,40}$'),
  name text not null check (length(btrim(name)) between 1 and 60),
  -- The list's search parameters; bounded so a view stays a view.
  search jsonb not null default '{}' check (jsonb_typeof(search) = 'object' and length(search::text) <= 2000),
  created_at timestamptz not null default now(),
  unique (user_id, screen, name)
);

create index saved_views_user_screen on public.saved_views (user_id, screen);

alter table public.saved_views enable row level security;
revoke all on public.saved_views from anon, authenticated;
grant select, insert, update (name, search), delete on public.saved_views to authenticated;

-- Staff keep their own views; nobody reads another's.
create policy "staff read their views" on public.saved_views
  for select to authenticated using (user_id = (select auth.uid()) and (select public.has_permission('backoffice.open')));
create policy "staff save their views" on public.saved_views
  for insert to authenticated with check (user_id = (select auth.uid()) and (select public.has_permission('backoffice.open')));
create policy "staff rename their views" on public.saved_views
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "staff remove their views" on public.saved_views
  for delete to authenticated using (user_id = (select auth.uid()));

-- At most 50 views per person and screen.
create or replace function public.limit_saved_views() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if (select count(*) from public.saved_views where user_id = new.user_id and screen = new.screen) >= 50 then
    raise exception 'You have 50 saved views here already: remove one first' using errcode = '22023';
  end if;
  return new;
end
$$;

create trigger saved_views_limited before insert on public.saved_views
  for each row execute function public.limit_saved_views();
