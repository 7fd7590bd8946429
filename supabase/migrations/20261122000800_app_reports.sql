-- What the app reports about itself (POST /api/errors, /api/performance, /api/feedback): error
-- reports, web-vital measurements and users' feedback on errors. The server validates, size- and
-- rate-limits and inserts them as the platform; API roles never write here, admins read.
-- `id` is made on the device, so a report delivered twice (a retry, two tabs) is stored once.

create table public.error_reports (
  id uuid primary key,
  message text not null check (length(message) between 1 and 10000),
  stack text,
  component_stack text,
  context jsonb not null default '{}' check (jsonb_typeof(context) = 'object'),
  -- When it happened on the device; received_at is when the server got it (later if it was queued offline).
  occurred_at timestamptz not null,
  user_agent text,
  url text not null,
  session_id text not null,
  error_type text not null check (error_type in (
    'Network', 'Chunk Loading', 'Authentication', 'Database', 'React', 'Runtime', 'Syntax', 'Memory', 'Permission', 'API', 'Unknown'
  )),
  error_source text,
  browser_info jsonb not null default '{}' check (jsonb_typeof(browser_info) = 'object'),
  stack_frames jsonb not null default '[]' check (jsonb_typeof(stack_frames) = 'array'),
  -- Taken from the verified token of the request, never from the report's body.
  user_id uuid references public.users (id) on delete set null,
  received_at timestamptz not null default now()
);

create index error_reports_received_idx on public.error_reports (received_at desc);
create index error_reports_type_idx on public.error_reports (error_type, received_at desc);

create table public.performance_metrics (
  id uuid primary key,
  metric text not null check (length(metric) between 1 and 100),
  value double precision not null,
  context jsonb not null default '{}' check (jsonb_typeof(context) = 'object'),
  occurred_at timestamptz not null,
  url text not null,
  session_id text not null,
  user_id uuid references public.users (id) on delete set null,
  received_at timestamptz not null default now()
);

create index performance_metrics_metric_idx on public.performance_metrics (metric, received_at desc);

create table public.feedback (
  id uuid primary key,
  feedback text not null check (length(feedback) between 1 and 5000),
  -- The device-made id of the error report it is about; the report may arrive later, so no foreign key.
  error_id text,
  occurred_at timestamptz not null,
  url text not null,
  session_id text not null,
  user_id uuid references public.users (id) on delete set null,
  received_at timestamptz not null default now()
);

create index feedback_received_idx on public.feedback (received_at desc);

alter table public.error_reports enable row level security;
alter table public.performance_metrics enable row level security;
alter table public.feedback enable row level security;

create policy "admins read error reports" on public.error_reports
  for select to authenticated using ((select public.is_admin()));
create policy "admins read performance metrics" on public.performance_metrics
  for select to authenticated using ((select public.is_admin()));
create policy "admins read feedback" on public.feedback
  for select to authenticated using ((select public.is_admin()));

-- Beneath the policies: the API roles may only ever read these tables.
revoke insert, update, delete, truncate, trigger, references on public.error_reports, public.performance_metrics, public.feedback
  from anon, authenticated;
