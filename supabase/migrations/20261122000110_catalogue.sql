-- The catalogue: categories, destinations, tours with their itineraries and departures, experiences
-- and activities. Policies are in 20261122000200_catalogue_policies.sql.

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  description text,
  image_url text,
  icon text,
  display_order int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.destinations (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  country text not null default 'Tanzania',
  region text,
  summary text,
  description text,
  image_url text,
  gallery jsonb not null default '[]' check (jsonb_typeof(gallery) = 'array'),
  highlights text[] not null default '{}',
  wildlife text[] not null default '{}',
  best_time_to_visit text,
  latitude numeric(9, 6),
  longitude numeric(9, 6),
  display_order int not null default 0,
  is_published boolean not null default true,
  meta_title text,
  meta_description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index destinations_display_order_idx on public.destinations (display_order);

create table public.tours (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null,
  summary text,
  description text,
  status text not null default 'draft' check (status in ('draft', 'active', 'archived')),
  category_id uuid references public.categories (id) on delete set null,
  base_price numeric(10, 2) not null default 0 check (base_price >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  duration_days int not null default 1 check (duration_days between 1 and 60),
  duration_nights int not null default 0 check (duration_nights >= 0),
  group_size_min int not null default 1 check (group_size_min >= 1),
  group_size_max int check (group_size_max is null or group_size_max >= group_size_min),
  min_age int check (min_age is null or min_age >= 0),
  difficulty text check (difficulty in ('easy', 'moderate', 'challenging', 'strenuous')),
  best_season text,
  start_location text,
  end_location text,
  highlights text[] not null default '{}',
  included text[] not null default '{}',
  excluded text[] not null default '{}',
  hero_image_url text,
  gallery jsonb not null default '[]' check (jsonb_typeof(gallery) = 'array'),
  is_featured boolean not null default false,
  is_private boolean not null default false,
  rating_average numeric(3, 2) not null default 0,
  review_count int not null default 0,
  meta_title text,
  meta_description text,
  search tsvector generated always as (
    setweight(to_tsvector('english', coalesce(title, '')), 'A')
    || setweight(to_tsvector('english', coalesce(summary, '')), 'B')
    || setweight(to_tsvector('english', coalesce(description, '')), 'C')
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index tours_status_idx on public.tours (status);
create index tours_category_idx on public.tours (category_id);
create index tours_featured_idx on public.tours (is_featured) where is_featured;
create index tours_search_idx on public.tours using gin (search);

create table public.tour_destinations (
  tour_id uuid not null references public.tours (id) on delete cascade,
  destination_id uuid not null references public.destinations (id) on delete cascade,
  -- The main destination of a tour comes first.
  position int not null default 0,
  primary key (tour_id, destination_id)
);

create index tour_destinations_destination_idx on public.tour_destinations (destination_id);

create table public.tour_itinerary (
  id uuid primary key default gen_random_uuid(),
  tour_id uuid not null references public.tours (id) on delete cascade,
  day_number int not null check (day_number >= 1),
  title text not null,
  description text,
  location text,
  accommodation text,
  meals text[] not null default '{}',
  activities text[] not null default '{}',
  unique (tour_id, day_number)
);

create table public.tour_departures (
  id uuid primary key default gen_random_uuid(),
  tour_id uuid not null references public.tours (id) on delete cascade,
  start_date date not null,
  end_date date not null,
  capacity int not null check (capacity > 0),
  seats_booked int not null default 0,
  status text not null default 'open' check (status in ('open', 'limited', 'guaranteed', 'sold_out', 'cancelled')),
  price_override numeric(10, 2) check (price_override is null or price_override >= 0),
  -- Bookings at which the departure runs whatever happens.
  guaranteed_threshold int check (guaranteed_threshold is null or guaranteed_threshold > 0),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_date >= start_date),
  check (seats_booked between 0 and capacity)
);

create index tour_departures_tour_start_idx on public.tour_departures (tour_id, start_date);

create table public.experiences (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null,
  summary text,
  description text,
  image_url text,
  highlights text[] not null default '{}',
  duration_label text,
  price_from numeric(10, 2) check (price_from is null or price_from >= 0),
  display_order int not null default 0,
  is_published boolean not null default true,
  meta_title text,
  meta_description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.tour_experiences (
  tour_id uuid not null references public.tours (id) on delete cascade,
  experience_id uuid not null references public.experiences (id) on delete cascade,
  primary key (tour_id, experience_id)
);

create index tour_experiences_experience_idx on public.tour_experiences (experience_id);

create table public.activities (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  description text,
  icon text,
  display_order int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.tour_activities (
  tour_id uuid not null references public.tours (id) on delete cascade,
  activity_id uuid not null references public.activities (id) on delete cascade,
  primary key (tour_id, activity_id)
);

create index tour_activities_activity_idx on public.tour_activities (activity_id);

create trigger categories_set_updated_at before update on public.categories
  for each row execute function public.set_updated_at();
create trigger destinations_set_updated_at before update on public.destinations
  for each row execute function public.set_updated_at();
create trigger tours_set_updated_at before update on public.tours
  for each row execute function public.set_updated_at();
create trigger tour_departures_set_updated_at before update on public.tour_departures
  for each row execute function public.set_updated_at();
create trigger experiences_set_updated_at before update on public.experiences
  for each row execute function public.set_updated_at();
create trigger activities_set_updated_at before update on public.activities
  for each row execute function public.set_updated_at();
