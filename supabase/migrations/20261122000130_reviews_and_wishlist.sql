-- Reviews of tours and each traveler's wishlist. Policies are in 20261122000220_reviews_wishlist_policies.sql.

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  tour_id uuid not null references public.tours (id) on delete cascade,
  -- Many-to-one to public_profiles so reviews embed reviewer:public_profiles(full_name, avatar_url),
  -- the only things about a user that are public.
  user_id uuid not null default auth.uid() references public.public_profiles (id) on delete cascade,
  booking_id uuid references public.bookings (id) on delete set null,
  rating int not null check (rating between 1 and 5),
  title text check (title is null or length(title) <= 200),
  body text check (body is null or length(body) <= 5000),
  is_published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One review per traveler and tour; they edit it rather than add another.
  unique (tour_id, user_id)
);

create index reviews_tour_created_idx on public.reviews (tour_id, created_at desc);
create index reviews_user_idx on public.reviews (user_id);

create trigger reviews_set_updated_at before update on public.reviews
  for each row execute function public.set_updated_at();

create table public.wishlist (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  tour_id uuid not null references public.tours (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- A set: toggling twice from two devices never makes a duplicate.
  unique (user_id, tour_id)
);

create index wishlist_tour_idx on public.wishlist (tour_id);
