-- Staff email a booking's invoice, or the receipt of one of its payments, to the client from the
-- booking's page. The ask is a booking_notifications row of kind 'invoice' or 'receipt', which the
-- booking email writer (server/jobs/booking-emails.ts) turns into an email with the PDF attached,
-- as it does every booking email: queued once, retried while mail is down, listed with the
-- booking's emails. Each ask is its own email, audited, and limited per staff member.

insert into public.rate_limits (rule, max_hits, window_seconds, counts) values
  ('documents.emails', 30, 3600, 'invoices and receipts emailed by this person');

alter table public.booking_notifications drop constraint booking_notifications_kind_check;
alter table public.booking_notifications drop constraint booking_notifications_check;
alter table public.booking_notifications
  add constraint booking_notifications_kind_check check (kind in ('booking_received', 'booking_confirmed', 'booking_cancelled', 'payment_received',
                                                                  'refund_due', 'refund_sent', 'balance_reminder', 'pre_departure', 'review_request',
                                                                  'trip_moved', 'booking_moved', 'booking_changed', 'invoice', 'receipt')),
  add constraint booking_notifications_check check ((kind in ('payment_received', 'refund_due', 'refund_sent', 'receipt')) = (payment_id is not null));
-- An invoice or a receipt may be emailed again and again: each is its own email.
drop index public.booking_notifications_once;
create unique index booking_notifications_once on public.booking_notifications (booking_id, kind)
  where kind not in ('payment_received', 'refund_due', 'refund_sent', 'trip_moved', 'booking_moved', 'booking_changed', 'invoice', 'receipt');

-- Queues the booking's invoice (p_payment_id null) or the receipt of one payment received to the
-- client's address, for booking staff. The invoice's number is issued now if it has none, so the
-- email and its attachment name the same number. Returns the notification, whose email the booking
-- page then lists.
create or replace function public.email_booking_document(p_booking_id uuid, p_payment_id uuid default null)
returns public.booking_notifications
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_recipient text;
  v_notification public.booking_notifications;
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may email invoices and receipts' using errcode = '42501';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if p_payment_id is not null
     and not exists (select 1 from public.payments where id = p_payment_id and booking_id = p_booking_id and status = 'succeeded') then
    raise exception 'A receipt is for a payment this booking received' using errcode = 'PT404';
  end if;
  select coalesce(nullif(btrim(v_booking.contact ->> 'email'), ''), u.email) into v_recipient
    from (select 1) one left join public.users u on u.id = v_booking.user_id;
  if v_recipient is null then
    raise exception 'This booking has no email address to send to' using errcode = '22023', hint = 'contact';
  end if;
  -- Counted per staff member; the platform's own callers (the service role) are not limited.
  if auth.uid() is not null then
    perform public.hit_rate_limit('documents.emails', auth.uid()::text);
  end if;
  if p_payment_id is null then
    perform public.issue_booking_invoice(p_booking_id);
  end if;
  perform public.set_audit_reason('Emailed to ' || v_recipient);
  insert into public.booking_notifications (booking_id, payment_id, kind)
  values (p_booking_id, p_payment_id, case when p_payment_id is null then 'invoice' else 'receipt' end)
  returning * into v_notification;
  return v_notification;
end
$$;

comment on function public.email_booking_document(uuid, uuid) is
  'Booking staff email the invoice (no payment) or a payment''s receipt to the client; audited, limited by documents.emails.';

revoke execute on function public.email_booking_document(uuid, uuid) from public, anon;
grant execute on function public.email_booking_document(uuid, uuid) to authenticated, service_role;

-- Each invoice or receipt staff emailed is in the audit log under its booking, with the address.
create trigger booking_notifications_documents_audited after insert on public.booking_notifications
  for each row when (new.kind in ('invoice', 'receipt')) execute function public.record_audit('booking_id');

create policy "booking staff read the history of booking documents" on public.audit_log
  for select to authenticated
  using (table_name = 'booking_notifications' and (select public.has_permission('bookings.read')));

comment on policy "booking staff read the history of booking documents" on public.audit_log is
  'The invoices and receipts emailed from a booking show in its History, for those who read bookings.';
