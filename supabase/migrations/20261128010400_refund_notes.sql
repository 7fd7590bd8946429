-- Refund notes: the money-out counterpart of a receipt, one for each payment returned to the client
-- (status refunded, 20261127040000). server/documents/refund-note.ts draws it; the client gets it
-- attached to the refund_sent email, downloads it from the portal, and booking staff download it or
-- email it again from the booking's page, as they do receipts.

-- A refunded payment's refund note. Its number is the booking's reference and the payment's place
-- among the booking's payments, as a receipt's, marked RF: a payment received and later returned has
-- receipt -R2 and refund note -RF2, and the number never changes. The account is as this refund left
-- it, however late the note is printed: the money that had come in by the day it was sent, and the
-- refunds sent up to and including this one. Same access as booking_receipt() (booking_for_documents).
create or replace function public.booking_refund_note(p_booking_id uuid, p_payment_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_booking public.bookings := public.booking_for_documents(p_booking_id);
  v_payment public.payments;
  v_paid_to_date numeric(14, 2);
  v_refunded_to_date numeric(14, 2);
  v_place int;
begin
  select * into v_payment from public.payments where id = p_payment_id and booking_id = v_booking.id and status = 'refunded';
  if not found then
    raise exception 'This booking has no refund sent with that id' using errcode = 'PT404';
  end if;
  -- Money that came in: payments received, and those owed back or returned after they arrived. A
  -- refund owed by a cancellation or a cheaper change never arrived as such (no paid_at).
  select coalesce(sum(q.amount), 0) into v_paid_to_date from public.payments q
   where q.booking_id = v_booking.id and q.currency = v_booking.currency
     and (q.status = 'succeeded' or (q.status in ('refund_due', 'refunded') and q.paid_at is not null))
     and coalesce(q.paid_at, q.created_at) <= v_payment.refunded_at;
  select coalesce(sum(q.amount), 0) into v_refunded_to_date from public.payments q
   where q.booking_id = v_booking.id and q.status = 'refunded' and q.currency = v_booking.currency
     and (q.refunded_at, q.id) <= (v_payment.refunded_at, v_payment.id);
  select count(*) into v_place from public.payments q
   where q.booking_id = v_booking.id and (q.created_at, q.id) <= (v_payment.created_at, v_payment.id);
  return public.booking_document_data(v_booking.id)
    || jsonb_build_object('refund', jsonb_build_object(
         'number', v_booking.booking_reference || '-RF' || v_place,
         'payment_id', v_payment.id,
         'amount', v_payment.amount::text,
         'currency', v_payment.currency,
         -- Refunds marked before refund_method existed went back the way the money came in.
         'method', coalesce(v_payment.refund_method, v_payment.method),
         'refunded_on', (v_payment.refunded_at at time zone public.company_time_zone())::date,
         'reference', v_payment.refund_reference,
         'paid_to_date', v_paid_to_date::text,
         'refunded_to_date', v_refunded_to_date::text,
         -- A cancelled or expired booking owes nothing, whatever its total says.
         'left_to_pay', (case when v_booking.status in ('cancelled', 'expired') then 0
                              else greatest(0, v_booking.total_amount - (v_paid_to_date - v_refunded_to_date)) end)::numeric(14, 2)::text));
end
$$;

comment on function public.booking_refund_note(uuid, uuid) is
  'The refund note of one payment a booking returned to its client, for booking staff and for the traveler whose booking it is.';

revoke execute on function public.booking_refund_note(uuid, uuid) from public, anon;
grant execute on function public.booking_refund_note(uuid, uuid) to authenticated, service_role;

-- Staff email a refund note again as they do a receipt: a booking_notifications row of kind
-- 'refund_note', each ask its own email, audited.
alter table public.booking_notifications drop constraint booking_notifications_kind_check;
alter table public.booking_notifications drop constraint booking_notifications_check;
alter table public.booking_notifications
  add constraint booking_notifications_kind_check check (kind in ('booking_received', 'booking_confirmed', 'booking_cancelled', 'payment_received',
                                                                  'refund_due', 'refund_sent', 'balance_reminder', 'pre_departure', 'review_request',
                                                                  'trip_moved', 'booking_moved', 'booking_changed', 'invoice', 'receipt', 'refund_note')),
  add constraint booking_notifications_check check ((kind in ('payment_received', 'refund_due', 'refund_sent', 'receipt', 'refund_note')) = (payment_id is not null));
drop index public.booking_notifications_once;
create unique index booking_notifications_once on public.booking_notifications (booking_id, kind)
  where kind not in ('payment_received', 'refund_due', 'refund_sent', 'trip_moved', 'booking_moved', 'booking_changed', 'invoice', 'receipt', 'refund_note');

update public.rate_limits set counts = 'invoices, receipts and refund notes emailed by this person' where rule = 'documents.emails';

comment on column public.email_queue.attachments is
  'The documents to attach, drawn at send time: [{document: invoice, booking_id}], [{document: receipt, booking_id, payment_id}] or [{document: refund_note, booking_id, payment_id}].';

-- Queues the booking's invoice (p_payment_id null), or the document of one of its payments, to the
-- client's address, for booking staff: the receipt of a payment received, the refund note of one
-- returned. As in 20261128010300, with the refund note added; same rate limit (documents.emails).
create or replace function public.email_booking_document(p_booking_id uuid, p_payment_id uuid default null)
returns public.booking_notifications
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
  v_kind text := 'invoice';
  v_recipient text;
  v_notification public.booking_notifications;
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may email invoices, receipts and refund notes' using errcode = '42501';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  if p_payment_id is not null then
    -- A payment's state says which document it has: money received a receipt, money returned a refund note.
    select case status when 'succeeded' then 'receipt' when 'refunded' then 'refund_note' end into v_kind
      from public.payments where id = p_payment_id and booking_id = p_booking_id;
    if v_kind is null then
      raise exception 'A receipt is for a payment this booking received, a refund note for one it returned' using errcode = 'PT404';
    end if;
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
  if v_kind = 'invoice' then
    perform public.issue_booking_invoice(p_booking_id);
  end if;
  perform public.set_audit_reason('Emailed to ' || v_recipient);
  insert into public.booking_notifications (booking_id, payment_id, kind)
  values (p_booking_id, p_payment_id, v_kind)
  returning * into v_notification;
  return v_notification;
end
$$;

comment on function public.email_booking_document(uuid, uuid) is
  'Booking staff email the invoice (no payment), a payment''s receipt or a refunded payment''s refund note to the client; audited, limited by documents.emails.';

-- Each refund note staff emailed is in the audit log under its booking too.
drop trigger booking_notifications_documents_audited on public.booking_notifications;
create trigger booking_notifications_documents_audited after insert on public.booking_notifications
  for each row when (new.kind in ('invoice', 'receipt', 'refund_note')) execute function public.record_audit('booking_id');
