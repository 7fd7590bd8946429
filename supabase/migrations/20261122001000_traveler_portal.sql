-- The traveler portal: the details safari permits need on the profile, messages with the company,
-- how to pay, booked tours that stay readable, and deleting one's own account.

-- Park and permit authorities ask for these; they live on the traveler's own profile row, which only
-- its owner and admins can read (policies in 20261122000100_users_and_roles.sql).
alter table public.users
  add column emergency_contact_name text check (emergency_contact_name is null or length(emergency_contact_name) <= 200),
  add column emergency_contact_phone text check (emergency_contact_phone is null or length(emergency_contact_phone) <= 40),
  add column emergency_contact_relationship text check (emergency_contact_relationship is null or length(emergency_contact_relationship) <= 100),
  add column date_of_birth date check (date_of_birth is null or date_of_birth > date '1900-01-01'),
  add column nationality text check (nationality is null or length(nationality) <= 100),
  add column passport_number text check (passport_number is null or passport_number ~ '^[A-Za-z0-9]{5,20}$'),
  add column passport_issuing_country text check (passport_issuing_country is null or length(passport_issuing_country) <= 100),
  add column passport_expiry date;

grant insert (emergency_contact_name, emergency_contact_phone, emergency_contact_relationship, date_of_birth, nationality,
              passport_number, passport_issuing_country, passport_expiry) on public.users to authenticated;
grant update (emergency_contact_name, emergency_contact_phone, emergency_contact_relationship, date_of_birth, nationality,
              passport_number, passport_issuing_country, passport_expiry) on public.users to authenticated;

-- Messages between a traveler and the company. A thread is the messages sharing a thread_id (made on
-- the device, so a new thread can start offline); its first message carries the subject. Messages
-- append: each carries its outbox entry id as client_id, so a resend is stored once.
create table public.messages (
  id uuid primary key default gen_random_uuid(),
  client_id uuid unique,
  -- The traveler the thread belongs to, also on staff replies.
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  thread_id uuid not null,
  subject text check (subject is null or length(btrim(subject)) between 1 and 200),
  booking_id uuid references public.bookings (id) on delete set null,
  sender text not null default 'traveler' check (sender in ('traveler', 'staff')),
  -- Who wrote it: the traveler, or the staff member who replied.
  author_id uuid default auth.uid() references public.users (id) on delete set null,
  body text not null check (length(btrim(body)) between 1 and 5000),
  -- When the other side read it: staff replies are marked read by the traveler.
  read_at timestamptz,
  created_at timestamptz not null default now()
);

create index messages_user_created_idx on public.messages (user_id, created_at desc);
create index messages_thread_created_idx on public.messages (thread_id, created_at);

alter table public.messages enable row level security;
revoke all on public.messages from anon, authenticated;
grant select on public.messages to authenticated;
grant insert (client_id, user_id, thread_id, subject, booking_id, sender, body) on public.messages to authenticated;
grant update (read_at) on public.messages to authenticated;
grant all on public.messages to service_role;

-- A traveler reads their own threads; admins read every thread.
create policy "travelers read own messages" on public.messages
  for select to authenticated using (user_id = auth.uid());
create policy "admins read all messages" on public.messages
  for select to authenticated using ((select public.is_admin()));

-- A traveler writes as themselves, unread, about their own bookings only.
create policy "travelers send own messages" on public.messages
  for insert to authenticated
  with check (
    user_id = auth.uid() and sender = 'traveler'
    and (booking_id is null or exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = auth.uid()))
  );

-- Admins reply in any thread.
create policy "admins send messages" on public.messages
  for insert to authenticated with check ((select public.is_admin()));

-- Marking read: the traveler on their own messages (only read_at is granted), admins on any.
create policy "travelers mark own messages read" on public.messages
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "admins mark messages read" on public.messages
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- A thread belongs to one traveler: nobody may add to a thread id another traveler already uses.
-- Security definer, because the caller cannot see the other traveler's rows to compare.
create or replace function public.guard_message_thread() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if exists (select 1 from public.messages where thread_id = new.thread_id and user_id <> new.user_id) then
    raise exception 'This conversation belongs to another traveler' using errcode = '42501';
  end if;
  new.author_id := coalesce(auth.uid(), new.author_id);
  return new;
end
$$;

create trigger messages_guard_thread before insert on public.messages
  for each row execute function public.guard_message_thread();

-- How to pay a balance: the company's bank account and what to know about paying on arrival. One
-- active row, read by anyone (it is given to every customer), managed by admins.
create table public.payment_instructions (
  id uuid primary key default gen_random_uuid(),
  is_active boolean not null default true,
  bank_name text not null,
  account_name text not null,
  account_number text not null,
  swift_code text,
  branch text,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  -- When the balance is due, as the booking terms say.
  balance_due_days int not null default 60 check (balance_due_days between 0 and 365),
  pay_on_arrival text,
  updated_at timestamptz not null default now()
);

create unique index payment_instructions_one_active on public.payment_instructions (is_active) where is_active;

create trigger payment_instructions_set_updated_at before update on public.payment_instructions
  for each row execute function public.set_updated_at();

alter table public.payment_instructions enable row level security;
-- Visitors only read; admins write through the policy below.
revoke insert, update, delete, truncate, trigger, references on public.payment_instructions from anon;
revoke truncate, trigger, references on public.payment_instructions from authenticated;

create policy "payment instructions are public" on public.payment_instructions
  for select using (is_active);
create policy "admins manage payment instructions" on public.payment_instructions
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- The demo company's account; admins replace it with the real one.
insert into public.payment_instructions (bank_name, account_name, account_number, swift_code, branch, currency, balance_due_days, pay_on_arrival)
select 'CRDB Bank PLC', 'Kilele Safaris Ltd', '0150 2345 6789 00', 'CORUTZTZ', 'Arusha Branch, Boma Road', 'USD', 60,
       'You may settle the balance in cash (USD) or by card at our Arusha office on the day before your safari starts. Card payments carry a 4% bank fee.'
where not exists (select 1 from public.payment_instructions);

-- A traveler keeps seeing the tour they booked, its days and their departure, even after the tour
-- is taken off the catalogue.
create policy "travelers read tours they booked" on public.tours
  for select to authenticated
  using (exists (select 1 from public.bookings b where b.tour_id = tours.id and b.user_id = auth.uid()));
create policy "travelers read itineraries of tours they booked" on public.tour_itinerary
  for select to authenticated
  using (exists (select 1 from public.bookings b where b.tour_id = tour_itinerary.tour_id and b.user_id = auth.uid()));
create policy "travelers read departures they booked" on public.tour_departures
  for select to authenticated
  using (exists (select 1 from public.bookings b where b.departure_id = tour_departures.id and b.user_id = auth.uid()));

-- Deleting one's own account (SPEC 7: 'Delete user, an admin-level call'). The browser holds no
-- service key, so this security-definer function makes that call for the signed-in user only: it
-- removes auth.users where id = auth.uid(); the profile, wishlist, messages and activity follow by
-- cascade, bookings stay for the company's books without their owner (user_id set null). The app
-- first confirms the password by signing in with it again ('Password is incorrect').
create or replace function public.delete_own_account() returns void
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  delete from auth.users where id = v_user_id;
end
$$;

revoke execute on function public.delete_own_account() from public, anon;
grant execute on function public.delete_own_account() to authenticated;
