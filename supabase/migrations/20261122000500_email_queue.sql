-- The one outgoing email queue. The server inserts a row in the same transaction as the write that
-- caused it (sign-up, password recovery, booking, ...) and a sender loop delivers it, retrying with
-- backoff, so no email is lost while the mail server is down.

create table public.email_queue (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  -- What the email is for: password_recovery, signup_confirmation, email_change, booking_confirmed, ...
  kind text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.email_queue is 'Outgoing emails; written and sent by the server only. Admins may read the delivery columns (not the bodies) to see what was sent and what failed.';

-- The sender picks due pending rows oldest first.
create index email_queue_due_idx on public.email_queue (next_attempt_at) where status = 'pending';

alter table public.email_queue enable row level security;

-- Bodies carry one-time sign-in links (password recovery, confirmation), so no API role may read
-- them: an admin who could would be able to take over any account. Admins read the delivery
-- columns only; API roles never write here.
revoke all on public.email_queue from anon, authenticated;
grant select (id, to_address, subject, kind, status, attempts, next_attempt_at, last_error, sent_at, created_at)
  on public.email_queue to authenticated;

create policy "admins read the email queue" on public.email_queue
  for select to authenticated
  using (public.is_admin());

comment on policy "admins read the email queue" on public.email_queue is
  'Admins see every queued, sent and failed email (without its body) in the back office; travelers and visitors see none. There is no insert, update or delete policy: only the server (as the table owner) queues and sends.';
