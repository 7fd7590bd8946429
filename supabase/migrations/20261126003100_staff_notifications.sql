-- Staff notifications: what happened that a staff member should look at (a booking made, a payment
-- received or owed back, a traveler's message, an enquiry, an email that failed for good, an unpaid
-- hold about to expire), one row per person entitled to see the record, written by triggers so no
-- path into the database can skip them. Each person reads and marks read their own rows only, and
-- may turn kinds off (staff_notification_opt_outs): a kind turned off writes no rows for them.

create table public.staff_notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.users (id) on delete cascade,
  kind text not null check (kind in ('booking_made', 'payment_received', 'refund_due', 'traveler_message',
                                     'enquiry_received', 'email_failed', 'hold_expiring')),
  title text not null,
  body text not null default '',
  -- The record's page in the back office (a path of this site, never another site's address).
  link text not null check (link ~ '^/admin(/|\?|$)'),
  -- The record it is about (a booking, payment, message, enquiry or email id).
  record_id text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz
);

comment on table public.staff_notifications is
  'What happened that a staff member should look at; one row per recipient, written by triggers. Each reads and marks read their own.';

create index staff_notifications_recipient_idx on public.staff_notifications (recipient_id, created_at desc);
create index staff_notifications_unread_idx on public.staff_notifications (recipient_id) where read_at is null;
-- An expiring hold is raised once per booking and person, however often the sweeper looks.
create unique index staff_notifications_hold_once on public.staff_notifications (record_id, recipient_id) where kind = 'hold_expiring';

create table public.staff_notification_opt_outs (
  user_id uuid not null references public.users (id) on delete cascade,
  kind text not null check (kind in ('booking_made', 'payment_received', 'refund_due', 'traveler_message',
                                     'enquiry_received', 'email_failed', 'hold_expiring')),
  created_at timestamptz not null default now(),
  primary key (user_id, kind)
);

comment on table public.staff_notification_opt_outs is
  'The kinds of notification a staff member turned off; none is written for them while the row exists.';

alter table public.staff_notifications enable row level security;
alter table public.staff_notification_opt_outs enable row level security;
revoke all on public.staff_notifications, public.staff_notification_opt_outs from public, anon, authenticated;
-- Reading, and marking read (or unread again): the only column anyone may change.
grant select, update (read_at) on public.staff_notifications to authenticated;
grant select, insert, delete on public.staff_notification_opt_outs to authenticated;

create policy "staff read their own notifications" on public.staff_notifications
  for select to authenticated
  using (recipient_id = (select auth.uid()) and (select public.has_permission('backoffice.open')));
comment on policy "staff read their own notifications" on public.staff_notifications is
  'Each staff member sees only the notifications addressed to them; travelers none (they hold no back-office permission).';

create policy "staff mark their own notifications read" on public.staff_notifications
  for update to authenticated
  using (recipient_id = (select auth.uid()) and (select public.has_permission('backoffice.open')))
  with check (recipient_id = (select auth.uid()));
comment on policy "staff mark their own notifications read" on public.staff_notifications is
  'Only read_at is granted: a staff member marks their own notifications read, never another''s.';

create policy "staff read their own opt-outs" on public.staff_notification_opt_outs
  for select to authenticated
  using (user_id = (select auth.uid()) and (select public.has_permission('backoffice.open')));
comment on policy "staff read their own opt-outs" on public.staff_notification_opt_outs is
  'Each staff member sees the kinds they turned off.';

create policy "staff turn kinds off for themselves" on public.staff_notification_opt_outs
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (select public.has_permission('backoffice.open')));
comment on policy "staff turn kinds off for themselves" on public.staff_notification_opt_outs is
  'A staff member turns a kind off for themselves only.';

create policy "staff turn kinds back on for themselves" on public.staff_notification_opt_outs
  for delete to authenticated
  using (user_id = (select auth.uid()) and (select public.has_permission('backoffice.open')));
comment on policy "staff turn kinds back on for themselves" on public.staff_notification_opt_outs is
  'A staff member turns a kind back on for themselves only.';

-- Writes the notification for every active staff member holding the permission the record needs,
-- except those who turned the kind off. Returns how many were written. Called by the triggers and
-- the hold sweeper only.
create or replace function public.notify_staff(p_kind text, p_permission text, p_title text, p_body text, p_link text, p_record_id text)
returns integer
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_count integer;
begin
  insert into public.staff_notifications (recipient_id, kind, title, body, link, record_id)
  select u.id, p_kind, left(p_title, 200), left(coalesce(p_body, ''), 300), p_link, p_record_id
    from public.users u
    join public.role_permissions rp on rp.role = u.role and rp.permission = p_permission
   where u.deactivated_at is null
     and not exists (select 1 from public.staff_notification_opt_outs o where o.user_id = u.id and o.kind = p_kind)
  on conflict do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- An amount as the office reads it: 1,250.00 USD.
create or replace function public.notification_amount(p_amount numeric, p_currency text) returns text
language sql immutable
set search_path = public
as $$
  select to_char(p_amount, 'FM999,999,999,990.00') || ' ' || p_currency
$$;

-- A booking made (online, by phone or from a quote): booking staff (bookings.read).
create or replace function public.notify_staff_of_booking() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform public.notify_staff(
    'booking_made', 'bookings.read',
    'New booking ' || new.booking_reference,
    concat_ws(' · ', nullif(new.contact ->> 'full_name', ''), (select t.title from public.tours t where t.id = new.tour_id),
              public.notification_amount(new.total_amount, new.currency)),
    '/admin/bookings/' || new.id, new.id::text);
  return null;
end
$$;

create trigger bookings_notify_staff after insert on public.bookings
  for each row execute function public.notify_staff_of_booking();

-- A payment received, or money owed back (refund_due): booking staff, who handle both.
create or replace function public.notify_staff_of_payment() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_reference text := (select b.booking_reference from public.bookings b where b.id = new.booking_id);
begin
  if new.status = 'succeeded' then
    perform public.notify_staff(
      'payment_received', 'bookings.read',
      'Payment received for ' || v_reference,
      public.notification_amount(new.amount, new.currency) || ' by ' || replace(new.method, '_', ' '),
      '/admin/bookings/' || new.booking_id, new.id::text);
  elsif new.status = 'refund_due' then
    perform public.notify_staff(
      'refund_due', 'bookings.read',
      'Refund owed on ' || v_reference,
      public.notification_amount(new.amount, new.currency) || ' to pay back',
      '/admin/bookings/' || new.booking_id, new.id::text);
  end if;
  return null;
end
$$;

create trigger payments_notify_staff_on_insert after insert on public.payments
  for each row when (new.status in ('succeeded', 'refund_due'))
  execute function public.notify_staff_of_payment();
create trigger payments_notify_staff_on_update after update of status on public.payments
  for each row when (new.status in ('succeeded', 'refund_due') and old.status is distinct from new.status)
  execute function public.notify_staff_of_payment();

-- A traveler's message: those who answer the inbox (messages.read).
create or replace function public.notify_staff_of_message() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform public.notify_staff(
    'traveler_message', 'messages.read',
    'Message from ' || coalesce(nullif((select u.full_name from public.users u where u.id = new.user_id), ''), 'a traveler'),
    left(regexp_replace(new.body, '\s+', ' ', 'g'), 140),
    '/admin/messages?thread=' || new.thread_id, new.id::text);
  return null;
end
$$;

create trigger messages_notify_staff after insert on public.messages
  for each row when (new.sender = 'traveler')
  execute function public.notify_staff_of_message();

-- An enquiry: those who work the enquiries (enquiries.read).
create or replace function public.notify_staff_of_enquiry() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform public.notify_staff(
    'enquiry_received', 'enquiries.read',
    'Enquiry from ' || new.name,
    left(regexp_replace(coalesce(nullif(new.subject, ''), new.message, ''), '\s+', ' ', 'g'), 140),
    '/admin/bookings/enquiries/' || new.id, new.id::text);
  return null;
end
$$;

create trigger enquiries_notify_staff after insert on public.enquiries
  for each row execute function public.notify_staff_of_enquiry();

-- Unpaid holds ending within 24 hours (the dashboard's "holds expiring" rule), raised once per
-- booking to booking staff. The hold sweeper (server/jobs/booking-holds.ts) calls it every few
-- minutes, beside expire_unpaid_bookings(). Returns how many notifications it wrote.
create or replace function public.notify_staff_of_expiring_holds() returns integer
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking record;
  v_count integer := 0;
begin
  for v_booking in
    select b.id, b.booking_reference, b.hold_expires_at, b.contact ->> 'full_name' as name
      from public.bookings b
     where b.status = 'pending' and b.hold_expires_at > now() and b.hold_expires_at <= now() + interval '24 hours'
       and not exists (select 1 from public.staff_notifications n where n.kind = 'hold_expiring' and n.record_id = b.id::text)
  loop
    v_count := v_count + public.notify_staff(
      'hold_expiring', 'bookings.read',
      'Hold ending on ' || v_booking.booking_reference,
      concat_ws(' · ', nullif(v_booking.name, ''),
                'unpaid, seats released ' || to_char(v_booking.hold_expires_at at time zone 'Africa/Dar_es_Salaam', 'Dy DD Mon HH24:MI')),
      '/admin/bookings/' || v_booking.id, v_booking.id::text);
  end loop;
  return v_count;
end
$$;

revoke execute on function public.notify_staff(text, text, text, text, text, text), public.notification_amount(numeric, text),
  public.notify_staff_of_booking(), public.notify_staff_of_payment(), public.notify_staff_of_message(),
  public.notify_staff_of_enquiry(), public.notify_staff_of_expiring_holds()
  from public, anon, authenticated;
