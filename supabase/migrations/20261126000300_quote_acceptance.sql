-- A quote's life after it is built: the office sends it (the server writes the email,
-- server/api/quotes.ts), the client reads it through its link and accepts it, and it becomes a
-- booking with its deposit due, in one transaction.

insert into public.rate_limits (rule, max_hits, window_seconds, counts) values
  ('quote.acceptances', 10, 3600, 'quote acceptances from this address');

-- Marks a quote sent (again, for a resend) and its enquiry quoted; answers what the email says.
-- Called by the server as the staff member, so the database decides who may send.
create or replace function public.send_quote(p_quote_id uuid) returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_quote public.quotes;
  v_enquiry public.enquiries;
begin
  if not public.has_permission('enquiries.write') then
    raise exception 'Only the team handling enquiries may send quotes' using errcode = '42501';
  end if;
  select * into v_quote from public.quotes where id = p_quote_id for update;
  if not found then
    raise exception 'This quote could not be found' using errcode = 'PT404';
  end if;
  if v_quote.status not in ('draft', 'sent') then
    raise exception 'This quote has been %', v_quote.status using errcode = 'PT409';
  end if;
  -- The checks of a sent quote (days, prices, dates) run in check_quote on this update.
  update public.quotes set status = 'sent', sent_at = now() where id = p_quote_id returning * into v_quote;
  update public.enquiries set status = 'quoted' where id = v_quote.enquiry_id and status in ('new', 'contacted')
  returning * into v_enquiry;
  if v_enquiry.id is null then
    select * into v_enquiry from public.enquiries where id = v_quote.enquiry_id;
  end if;
  return jsonb_build_object(
    'reference', v_quote.reference, 'title', v_quote.title, 'token', v_quote.token,
    'start_date', v_quote.start_date, 'days', jsonb_array_length(v_quote.days),
    'adults', v_quote.adults, 'children', v_quote.children,
    'total', v_quote.total_amount, 'currency', v_quote.currency, 'valid_until', v_quote.valid_until,
    'message', v_quote.message, 'name', v_enquiry.name, 'email', v_enquiry.email);
end
$$;

-- What the client's quote page shows, for whoever holds the link's token. Staff notes and who made
-- the quote are not part of it.
create or replace function public.quote_for_client(p_token text) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_result jsonb;
begin
  select jsonb_build_object(
    'reference', q.reference, 'title', q.title, 'status', q.status,
    'expired', q.status = 'sent' and q.valid_until < current_date,
    'start_date', q.start_date, 'end_date', q.start_date + greatest(jsonb_array_length(q.days), 1) - 1,
    'adults', q.adults, 'children', q.children, 'currency', q.currency,
    'days', q.days, 'lines', q.lines, 'total', q.total_amount, 'valid_until', q.valid_until,
    'message', q.message, 'sent_at', q.sent_at, 'accepted_at', q.accepted_at,
    'client_name', e.name, 'client_email', e.email,
    'deposit_percent', (public.payment_terms()).deposit_percent,
    'tour', jsonb_build_object('title', t.title, 'slug', t.slug),
    'booking_reference', b.booking_reference)
    into v_result
    from public.quotes q
    join public.enquiries e on e.id = q.enquiry_id
    join public.tours t on t.id = q.tour_id
    left join public.bookings b on b.id = q.booking_id
   where q.token = btrim(coalesce(p_token, '')) and q.status in ('sent', 'accepted');
  if v_result is null then
    raise exception 'This quote could not be found. Please use the link in our email, or ask us for a new one.' using errcode = 'PT404';
  end if;
  return v_result;
end
$$;

-- The client accepts: a private trip of the quote's tour for the quoted dates and party, priced by
-- the quote's lines, pending with its deposit due (booking_payment_schedule). The team vouched for
-- the hold when it sent the quote, and following the emailed link proves the client's address.
-- Accepting twice answers the same booking. Visitors are limited per address.
create or replace function public.accept_quote(p_token text) returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_quote public.quotes;
  v_enquiry public.enquiries;
  v_rules public.booking_hold_rules;
  v_departure_id uuid;
  v_booking public.bookings;
  v_end date;
begin
  perform public.hit_visitor_rate_limit('quote.acceptances');
  select * into v_quote from public.quotes where token = btrim(coalesce(p_token, '')) for update;
  if not found or v_quote.status not in ('sent', 'accepted') then
    raise exception 'This quote could not be found. Please use the link in our email, or ask us for a new one.' using errcode = 'PT404';
  end if;
  select * into v_enquiry from public.enquiries where id = v_quote.enquiry_id;
  if v_quote.status = 'accepted' then
    select * into v_booking from public.bookings where id = v_quote.booking_id;
    return jsonb_build_object('reference', v_booking.booking_reference, 'email', v_booking.contact ->> 'email');
  end if;
  if v_quote.valid_until < current_date then
    raise exception 'This quote expired on %. Please ask us for a new one.', to_char(v_quote.valid_until, 'FMDD Month YYYY')
      using errcode = 'PT409';
  end if;
  if v_quote.start_date <= current_date then
    raise exception 'This trip''s start date has passed. Please ask us for a new quote.' using errcode = 'PT409';
  end if;

  perform public.set_audit_reason(format('Quote %s accepted by the client', v_quote.reference));
  select * into v_rules from public.booking_hold_rules;
  v_end := v_quote.start_date + greatest(jsonb_array_length(v_quote.days), 1) - 1;
  insert into public.tour_departures (tour_id, start_date, end_date, capacity, is_private, notes)
  values (v_quote.tour_id, v_quote.start_date, v_end, v_quote.adults + v_quote.children, true,
          format('Private trip from quote %s', v_quote.reference))
  returning id into v_departure_id;

  -- The seats are held by the insert itself (trigger bookings_hold_seats).
  insert into public.bookings (
    user_id, tour_id, departure_id, status, adults, children, contact, currency, total_amount,
    price_breakdown, hold_expires_at, contact_verified_at, hold_approved_at, hold_approved_by, notes
  ) values (
    v_enquiry.user_id, v_quote.tour_id, v_departure_id, 'pending', v_quote.adults, v_quote.children,
    jsonb_strip_nulls(jsonb_build_object('full_name', v_enquiry.name, 'email', lower(v_enquiry.email), 'phone', v_enquiry.phone)),
    v_quote.currency, v_quote.total_amount,
    (select coalesce(jsonb_agg(l || jsonb_build_object('kind', 'quote')), '[]') from jsonb_array_elements(v_quote.lines) l),
    now() + v_rules.verified_hold, now(), v_quote.sent_at, v_quote.created_by,
    format('From quote %s', v_quote.reference)
  )
  returning * into v_booking;

  update public.quotes set status = 'accepted', accepted_at = now(), booking_id = v_booking.id where id = v_quote.id;
  update public.enquiries set status = 'won', booking_id = v_booking.id where id = v_enquiry.id;
  return jsonb_build_object('reference', v_booking.booking_reference, 'email', v_booking.contact ->> 'email');
end
$$;

revoke execute on function public.send_quote(uuid), public.quote_for_client(text), public.accept_quote(text) from public, anon, authenticated;
grant execute on function public.send_quote(uuid) to authenticated;
grant execute on function public.quote_for_client(text), public.accept_quote(text) to anon, authenticated;
