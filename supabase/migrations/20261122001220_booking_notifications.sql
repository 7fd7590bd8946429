-- The emails a booking is owed, recorded in the same transaction as what made them due, so none is
-- lost and none is sent twice. The server writes each one (server/bookings/emails.ts) into the email
-- queue and marks it queued, in one transaction (server/jobs/booking-emails.ts).
--   booking_received    a booking is made (any way)
--   booking_confirmed   it becomes confirmed (its deposit arrived, or the team confirmed it)
--   payment_received    a payment of it succeeded: the receipt, one per payment
--   balance_reminder    \
--   pre_departure        > once per booking, when run_booking_schedule() finds them due
--   review_request      /

create table public.booking_notifications (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  payment_id uuid references public.payments (id) on delete cascade,
  kind text not null check (kind in ('booking_received', 'booking_confirmed', 'payment_received',
                                     'balance_reminder', 'pre_departure', 'review_request')),
  status text not null default 'pending' check (status in ('pending', 'queued', 'skipped', 'failed')),
  attempts int not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text,
  -- The email written for it, and when; or why none was (skipped).
  email_id uuid references public.email_queue (id) on delete set null,
  queued_at timestamptz,
  skip_reason text,
  created_at timestamptz not null default now(),
  check ((kind = 'payment_received') = (payment_id is not null))
);

-- Once per booking, and one receipt per payment.
create unique index booking_notifications_once on public.booking_notifications (booking_id, kind) where kind <> 'payment_received';
create unique index booking_notifications_receipt on public.booking_notifications (payment_id) where kind = 'payment_received';
create index booking_notifications_due_idx on public.booking_notifications (next_attempt_at) where status = 'pending';

alter table public.booking_notifications enable row level security;
revoke all on public.booking_notifications from anon, authenticated;
grant select on public.booking_notifications to authenticated;

-- Admins see which emails each booking was sent; only the server writes here.
create policy "admins read booking notifications" on public.booking_notifications
  for select to authenticated using ((select public.is_admin()));

-- Security definer: the callers (a guest through create_booking, an admin) cannot write here.
create or replace function public.notify_booking_change() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.booking_notifications (booking_id, kind) values (new.id, 'booking_received');
  end if;
  if new.status = 'confirmed' and (tg_op = 'INSERT' or old.status <> 'confirmed') then
    insert into public.booking_notifications (booking_id, kind) values (new.id, 'booking_confirmed')
    on conflict do nothing;
  end if;
  return null;
end
$$;

create trigger bookings_notify after insert or update of status on public.bookings
  for each row execute function public.notify_booking_change();

create or replace function public.notify_payment_received() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if new.status = 'succeeded' and (tg_op = 'INSERT' or old.status <> 'succeeded') then
    insert into public.booking_notifications (booking_id, payment_id, kind) values (new.booking_id, new.id, 'payment_received')
    on conflict do nothing;
  end if;
  return null;
end
$$;

create trigger payments_notify after insert or update of status on public.payments
  for each row execute function public.notify_payment_received();

revoke execute on function public.notify_booking_change(), public.notify_payment_received() from public, anon, authenticated;

-- What happened before these emails existed is not announced now.
insert into public.booking_notifications (booking_id, kind, status, skip_reason)
select id, 'booking_received', 'skipped', 'made before booking emails' from public.bookings;
insert into public.booking_notifications (booking_id, kind, status, skip_reason)
select id, 'booking_confirmed', 'skipped', 'made before booking emails' from public.bookings where status in ('confirmed', 'completed');
insert into public.booking_notifications (booking_id, payment_id, kind, status, skip_reason)
select booking_id, id, 'payment_received', 'skipped', 'made before booking emails' from public.payments where status = 'succeeded';
