-- The people and vehicles that run the trips: guides (with their languages, licences and
-- certifications, leave) and vehicles (seats, registration, insurance, service, times off the road).
-- Admins manage them (operations.write); agents read them (operations.read), as the calendar shows
-- them; a guide with an account reads their own record.

insert into public.role_permissions (role, permission) values
  ('admin', 'operations.read'), ('admin', 'operations.write'), ('agent', 'operations.read')
on conflict do nothing;

create table public.guides (
  id uuid primary key default gen_random_uuid(),
  -- The guide's account (role guide), when they have one: they then see their own trips.
  user_id uuid unique references public.users (id) on delete set null,
  full_name text not null,
  phone text,
  email text,
  languages text[] not null default '{}',
  day_rate numeric(10, 2),
  currency text not null default public.company_currency() references public.currency_rates (currency) on update cascade,
  notes text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.guides is 'The guides who lead trips; user_id links a guide''s own account.';

create table public.guide_credentials (
  id uuid primary key default gen_random_uuid(),
  guide_id uuid not null references public.guides (id) on delete cascade,
  -- A licence lapsing during a trip keeps the guide off it; the others are kept for the record.
  kind text not null check (kind in ('licence', 'certification', 'first_aid')),
  name text not null,
  reference text,
  issued_on date,
  expires_on date,
  created_at timestamptz not null default now()
);

create index guide_credentials_guide on public.guide_credentials (guide_id);

create table public.guide_leave (
  id uuid primary key default gen_random_uuid(),
  guide_id uuid not null references public.guides (id) on delete cascade,
  starts_on date not null,
  ends_on date not null,
  reason text,
  created_at timestamptz not null default now()
);

create index guide_leave_guide on public.guide_leave (guide_id, starts_on);

create table public.vehicles (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  kind text not null default 'safari_vehicle' check (kind in ('safari_vehicle', 'minibus', 'coaster', 'boat', 'other')),
  registration text not null unique,
  -- Travelers' seats, the driver's not counted.
  seats int not null,
  insurance_expires_on date,
  next_service_on date,
  next_service_km int,
  odometer_km int,
  notes text,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.vehicles is 'The vehicles trips use; seats are the travelers'' seats.';

create table public.vehicle_out_of_service (
  id uuid primary key default gen_random_uuid(),
  vehicle_id uuid not null references public.vehicles (id) on delete cascade,
  starts_on date not null,
  ends_on date not null,
  reason text,
  created_at timestamptz not null default now()
);

create index vehicle_out_of_service_vehicle on public.vehicle_out_of_service (vehicle_id, starts_on);

create trigger guides_set_updated_at before update on public.guides
  for each row execute function public.set_updated_at();
create trigger vehicles_set_updated_at before update on public.vehicles
  for each row execute function public.set_updated_at();

-- Each record's rules, refused in words with the column in the hint, as the forms say them first.
create or replace function public.check_guide() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.full_name := btrim(coalesce(new.full_name, ''));
  if length(new.full_name) not between 1 and 120 then
    raise exception 'Give the guide’s name, up to 120 characters' using errcode = '23514', hint = 'full_name';
  end if;
  if new.email is not null and new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Give an email address such as name@example.com' using errcode = '23514', hint = 'email';
  end if;
  if new.day_rate is not null and (new.day_rate < 0 or new.day_rate > 100000) then
    raise exception 'The day rate is from 0 to 100,000' using errcode = '23514', hint = 'day_rate';
  end if;
  return new;
end
$$;

create trigger check_guide before insert or update on public.guides
  for each row execute function public.check_guide();

create or replace function public.check_guide_credential() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.name := btrim(coalesce(new.name, ''));
  if length(new.name) not between 1 and 120 then
    raise exception 'Name the licence or certification' using errcode = '23514', hint = 'name';
  end if;
  if new.expires_on is not null and new.issued_on is not null and new.expires_on < new.issued_on then
    raise exception 'It cannot expire before it was issued' using errcode = '23514', hint = 'expires_on';
  end if;
  return new;
end
$$;

create trigger check_guide_credential before insert or update on public.guide_credentials
  for each row execute function public.check_guide_credential();

-- Leave and times off the road: an end on or after the start.
create or replace function public.check_period() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.ends_on < new.starts_on then
    raise exception 'The last day cannot be before the first' using errcode = '23514', hint = 'ends_on';
  end if;
  return new;
end
$$;

create trigger check_guide_leave before insert or update on public.guide_leave
  for each row execute function public.check_period();
create trigger check_vehicle_out_of_service before insert or update on public.vehicle_out_of_service
  for each row execute function public.check_period();

create or replace function public.check_vehicle() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.name := btrim(coalesce(new.name, ''));
  new.registration := upper(btrim(coalesce(new.registration, '')));
  if length(new.name) not between 1 and 80 then
    raise exception 'Name the vehicle, up to 80 characters' using errcode = '23514', hint = 'name';
  end if;
  if new.registration !~ '^[A-Z0-9][A-Z0-9 -]{1,14}$' then
    raise exception 'The registration is 2 to 15 letters, digits, spaces or dashes' using errcode = '23514', hint = 'registration';
  end if;
  if new.seats is null or new.seats not between 1 and 60 then
    raise exception 'A vehicle has 1 to 60 seats for travelers' using errcode = '23514', hint = 'seats';
  end if;
  if new.next_service_km is not null and new.next_service_km < 0 or new.odometer_km is not null and new.odometer_km < 0 then
    raise exception 'Mileage cannot be negative' using errcode = '23514', hint = case when new.odometer_km < 0 then 'odometer_km' else 'next_service_km' end;
  end if;
  return new;
end
$$;

create trigger check_vehicle before insert or update on public.vehicles
  for each row execute function public.check_vehicle();

revoke execute on function public.check_guide(), public.check_guide_credential(), public.check_period(), public.check_vehicle()
  from public, anon, authenticated;

-- Every change is in the audit log.
create trigger guides_audited after insert or update or delete on public.guides
  for each row execute function public.record_audit();
create trigger guide_credentials_audited after insert or update or delete on public.guide_credentials
  for each row execute function public.record_audit();
create trigger guide_leave_audited after insert or update or delete on public.guide_leave
  for each row execute function public.record_audit();
create trigger vehicles_audited after insert or update or delete on public.vehicles
  for each row execute function public.record_audit();
create trigger vehicle_out_of_service_audited after insert or update or delete on public.vehicle_out_of_service
  for each row execute function public.record_audit();

-- Row security: one policy per operation. Operations staff read; admins write; a guide reads their
-- own record, credentials and leave.
alter table public.guides enable row level security;
alter table public.guide_credentials enable row level security;
alter table public.guide_leave enable row level security;
alter table public.vehicles enable row level security;
alter table public.vehicle_out_of_service enable row level security;
revoke all on public.guides, public.guide_credentials, public.guide_leave, public.vehicles, public.vehicle_out_of_service
  from public, anon, authenticated;
grant select, insert, update, delete on public.guides, public.guide_credentials, public.guide_leave, public.vehicles, public.vehicle_out_of_service
  to authenticated;

create policy "operations staff read guides" on public.guides
  for select to authenticated using ((select public.has_permission('operations.read')));
create policy "guides read their own record" on public.guides
  for select to authenticated using (user_id = (select auth.uid()));
create policy "operations admins add guides" on public.guides
  for insert to authenticated with check ((select public.has_permission('operations.write')));
create policy "operations admins change guides" on public.guides
  for update to authenticated using ((select public.has_permission('operations.write')));
create policy "operations admins remove guides" on public.guides
  for delete to authenticated using ((select public.has_permission('operations.write')));

-- Whether a guide record is the caller's own: for the policies of its credentials and leave.
create or replace function public.is_own_guide(p_guide_id uuid) returns boolean
language sql stable security definer
set search_path = public
as $$
  select exists (select 1 from public.guides where id = p_guide_id and user_id = auth.uid())
$$;

revoke execute on function public.is_own_guide(uuid) from public, anon;
grant execute on function public.is_own_guide(uuid) to authenticated;

create policy "operations staff read credentials" on public.guide_credentials
  for select to authenticated using ((select public.has_permission('operations.read')) or public.is_own_guide(guide_id));
create policy "operations admins add credentials" on public.guide_credentials
  for insert to authenticated with check ((select public.has_permission('operations.write')));
create policy "operations admins change credentials" on public.guide_credentials
  for update to authenticated using ((select public.has_permission('operations.write')));
create policy "operations admins remove credentials" on public.guide_credentials
  for delete to authenticated using ((select public.has_permission('operations.write')));

create policy "operations staff read leave" on public.guide_leave
  for select to authenticated using ((select public.has_permission('operations.read')) or public.is_own_guide(guide_id));
create policy "operations admins add leave" on public.guide_leave
  for insert to authenticated with check ((select public.has_permission('operations.write')));
create policy "operations admins change leave" on public.guide_leave
  for update to authenticated using ((select public.has_permission('operations.write')));
create policy "operations admins remove leave" on public.guide_leave
  for delete to authenticated using ((select public.has_permission('operations.write')));

create policy "operations staff read vehicles" on public.vehicles
  for select to authenticated using ((select public.has_permission('operations.read')));
create policy "operations admins add vehicles" on public.vehicles
  for insert to authenticated with check ((select public.has_permission('operations.write')));
create policy "operations admins change vehicles" on public.vehicles
  for update to authenticated using ((select public.has_permission('operations.write')));
create policy "operations admins remove vehicles" on public.vehicles
  for delete to authenticated using ((select public.has_permission('operations.write')));

create policy "operations staff read times off the road" on public.vehicle_out_of_service
  for select to authenticated using ((select public.has_permission('operations.read')));
create policy "operations admins add times off the road" on public.vehicle_out_of_service
  for insert to authenticated with check ((select public.has_permission('operations.write')));
create policy "operations admins change times off the road" on public.vehicle_out_of_service
  for update to authenticated using ((select public.has_permission('operations.write')));
create policy "operations admins remove times off the road" on public.vehicle_out_of_service
  for delete to authenticated using ((select public.has_permission('operations.write')));
