-- Enquiries as a sales pipeline: new, contacted, quoted, won, lost, each with the staff member who
-- owns it. A lost enquiry says why; a won one names the booking it became.

alter table public.enquiries drop constraint enquiries_status_check;
update public.enquiries set status = case status when 'in_progress' then 'contacted' when 'closed' then 'lost' else status end;

alter table public.enquiries
  add constraint enquiries_status_check check (status in ('new', 'contacted', 'quoted', 'won', 'lost')),
  add column assigned_to uuid references public.users (id) on delete set null,
  add column lost_reason text check (lost_reason is null or length(btrim(lost_reason)) between 1 and 500),
  add column booking_id uuid references public.bookings (id) on delete set null,
  add column status_changed_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now();

update public.enquiries set lost_reason = 'Closed before the pipeline' where status = 'lost' and lost_reason is null;

alter table public.enquiries
  add constraint enquiries_lost_has_reason check (status <> 'lost' or lost_reason is not null);

create index enquiries_status_created_idx on public.enquiries (status, created_at desc);
create index enquiries_assigned_idx on public.enquiries (assigned_to) where assigned_to is not null;

create trigger enquiries_set_updated_at before update on public.enquiries
  for each row execute function public.set_updated_at();

-- An enquiry is given only to someone who may work on enquiries, and its stage change is dated.
create or replace function public.guard_enquiry_pipeline() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if new.assigned_to is not null and new.assigned_to is distinct from old.assigned_to
     and not exists (select 1 from public.users u join public.role_permissions p on p.role = u.role
                      where u.id = new.assigned_to and p.permission = 'enquiries.write') then
    raise exception 'An enquiry can only be assigned to a member of the team who handles enquiries' using errcode = '22023';
  end if;
  if new.status is distinct from old.status then
    new.status_changed_at := now();
    if new.status <> 'lost' then
      new.lost_reason := null;
    end if;
  end if;
  return new;
end
$$;

create trigger enquiries_guard_pipeline before update on public.enquiries
  for each row execute function public.guard_enquiry_pipeline();
