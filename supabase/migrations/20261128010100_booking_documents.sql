-- What a booking's invoice and a payment's receipt say (server/documents/ draws them as PDFs), read in
-- one call each. Money goes out as exact decimal text ('1256.40'), never as a JSON number, so no
-- amount passes through a floating-point value on its way to the page.

-- Everything both documents print: the company, its bank details, the client, the trip, the price
-- lines (tour prices and extras, as priced at booking), the total, what has been received and what
-- is left and by when. Internal: booking_invoice() and booking_receipt() decide who may read it.
create or replace function public.booking_document_data(p_booking_id uuid) returns jsonb
language sql stable security definer
set search_path = public
as $$
  select jsonb_build_object(
    'today', public.company_today(),
    'company', (select jsonb_build_object(
                  'name', coalesce(br.company_name, 'Kilele Safaris'), 'tagline', br.tagline, 'address', br.address,
                  'phone', br.phone, 'email', br.email, 'logo_url', br.logo_url, 'primary_color', coalesce(br.primary_color, '#e39f48'))
                  from (select 1) one left join public.branding_settings br on br.is_active limit 1),
    'bank', (select jsonb_build_object('bank_name', pi.bank_name, 'account_name', pi.account_name, 'account_number', pi.account_number,
                                       'swift_code', pi.swift_code, 'branch', pi.branch, 'currency', pi.currency)
               from public.payment_instructions pi where pi.is_active limit 1),
    'booking', jsonb_build_object(
      'id', b.id, 'reference', b.booking_reference, 'status', b.status, 'currency', b.currency, 'booked_on', (b.created_at at time zone public.company_time_zone())::date,
      'adults', b.adults, 'children', b.children,
      'travelers', coalesce((select jsonb_agg(t ->> 'full_name') from jsonb_array_elements(b.travelers) t where nullif(btrim(t ->> 'full_name'), '') is not null), '[]'),
      'client', jsonb_build_object('name', coalesce(nullif(btrim(b.contact ->> 'full_name'), ''), u.full_name),
                                   'email', coalesce(nullif(btrim(b.contact ->> 'email'), ''), u.email),
                                   'phone', coalesce(nullif(btrim(b.contact ->> 'phone'), ''), u.phone))),
    'tour', jsonb_build_object('title', t.title),
    'departure', case when d.id is not null then jsonb_build_object('start_date', d.start_date, 'end_date', d.end_date) end,
    'lines', coalesce((select jsonb_agg(jsonb_build_object(
                                 'label', l ->> 'label', 'quantity', coalesce((l ->> 'quantity')::numeric, 1),
                                 'unit_price', ((l ->> 'unit_price')::numeric(14, 2))::text, 'amount', ((l ->> 'amount')::numeric(14, 2))::text)
                               order by ord)
                         from jsonb_array_elements(case when jsonb_typeof(b.price_breakdown) = 'array' then b.price_breakdown else '[]' end) with ordinality as x(l, ord)), '[]'),
    'total', b.total_amount::text,
    'paid', b.amount_paid::text,
    'balance', (s ->> 'outstanding')::numeric(14, 2)::text,
    'deposit_due', (s ->> 'deposit_due')::numeric(14, 2)::text,
    'balance_due', (s ->> 'balance_due')::numeric(14, 2)::text,
    'balance_due_date', s ->> 'balance_due_date',
    'pay_in_full', (s ->> 'pay_in_full')::boolean,
    'payments', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'amount', p.amount::text, 'currency', p.currency, 'method', p.method,
                                                              'paid_on', (coalesce(p.paid_at, p.created_at) at time zone public.company_time_zone())::date,
                                                              'reference', p.provider_reference)
                                           order by p.created_at, p.id)
                            from public.payments p where p.booking_id = b.id and p.status = 'succeeded'), '[]')
  )
    from public.bookings b
    cross join lateral public.payment_schedule_of(b) s
    join public.tours t on t.id = b.tour_id
    left join public.tour_departures d on d.id = b.departure_id
    left join public.users u on u.id = b.user_id
   where b.id = p_booking_id
$$;

comment on function public.booking_document_data(uuid) is
  'What a booking''s invoice and receipts print, amounts as exact decimal text. Internal: read through booking_invoice() and booking_receipt().';

-- Who may have a booking's documents: booking staff (bookings.read) any booking's, a signed-in
-- traveler their own bookings'. Anyone else is told it does not exist.
create or replace function public.booking_for_documents(p_booking_id uuid) returns public.bookings
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings where id = p_booking_id;
  if not found or not (public.has_permission('bookings.read') or (auth.uid() is not null and v_booking.user_id = auth.uid())) then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  return v_booking;
end
$$;

comment on function public.booking_for_documents(uuid) is
  'The booking if the caller may have its invoice and receipts (booking staff, or the traveler it belongs to), else PT404. Internal.';

-- The booking's invoice: its number (issued on the first ask, the same ever after) and what it says.
create or replace function public.booking_invoice(p_booking_id uuid) returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_booking public.bookings := public.booking_for_documents(p_booking_id);
  v_invoice public.booking_invoices := public.issue_booking_invoice(v_booking.id);
begin
  return public.booking_document_data(v_booking.id)
    || jsonb_build_object('invoice', jsonb_build_object('number', v_invoice.number,
                                                         'issued_on', (v_invoice.issued_at at time zone public.company_time_zone())::date));
end
$$;

comment on function public.booking_invoice(uuid) is
  'A booking''s invoice, for booking staff and for the traveler whose booking it is; issues its number the first time.';

-- A receipt for one payment received (succeeded: money returned or owed back is no longer money
-- received for the booking). It counts the payments up to and including this one, so a receipt
-- printed later still says what was left to pay once this payment arrived. Its number is the
-- booking's reference and the payment's place among the booking's payments, which are never
-- deleted, so it never changes.
create or replace function public.booking_receipt(p_booking_id uuid, p_payment_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_booking public.bookings := public.booking_for_documents(p_booking_id);
  v_payment public.payments;
  v_paid_to_date numeric(14, 2);
  v_place int;
begin
  select * into v_payment from public.payments where id = p_payment_id and booking_id = v_booking.id and status = 'succeeded';
  if not found then
    raise exception 'This booking has no payment received with that id' using errcode = 'PT404';
  end if;
  select coalesce(sum(q.amount), 0) into v_paid_to_date from public.payments q
   where q.booking_id = v_booking.id and q.status = 'succeeded' and q.currency = v_booking.currency
     and (q.created_at, q.id) <= (v_payment.created_at, v_payment.id);
  select count(*) into v_place from public.payments q
   where q.booking_id = v_booking.id and (q.created_at, q.id) <= (v_payment.created_at, v_payment.id);
  return public.booking_document_data(v_booking.id)
    || jsonb_build_object('receipt', jsonb_build_object(
         'number', v_booking.booking_reference || '-R' || v_place,
         'payment_id', v_payment.id,
         'amount', v_payment.amount::text,
         'currency', v_payment.currency,
         'method', v_payment.method,
         'paid_on', (coalesce(v_payment.paid_at, v_payment.created_at) at time zone public.company_time_zone())::date,
         'reference', v_payment.provider_reference,
         'paid_to_date', v_paid_to_date::text,
         'left_to_pay', greatest(0, v_booking.total_amount - v_paid_to_date)::numeric(14, 2)::text));
end
$$;

comment on function public.booking_receipt(uuid, uuid) is
  'The receipt of one payment a booking received, for booking staff and for the traveler whose booking it is.';

revoke execute on function public.booking_document_data(uuid), public.booking_for_documents(uuid) from public, anon, authenticated;
revoke execute on function public.booking_invoice(uuid), public.booking_receipt(uuid, uuid) from public, anon;
grant execute on function public.booking_invoice(uuid), public.booking_receipt(uuid, uuid) to authenticated, service_role;
