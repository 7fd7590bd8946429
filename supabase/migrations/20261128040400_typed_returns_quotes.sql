-- The quote functions answer with OUT parameters instead of a jsonb object, so the generated types
-- (src/lib/database.types.ts) carry their shape: accept_quote, accept_quote_for_client, send_quote
-- and quote_for_client (whose tour is a composite type, quote_tour). The REST API answers the same
-- JSON objects as before; the quote's days and lines stay the jsonb they are in public.quotes.
-- accept_quote_for_client reads accept_quote's answer as columns now. A return type changes by a
-- drop and a create: the grants and settings are those they had (20261126000300_quote_acceptance.sql,
-- 20261127020000_company_today.sql, 20261127040300_quote_accepted_for_the_client.sql).

drop function public.accept_quote_for_client(uuid, text);
drop function public.accept_quote(text);

create function public.accept_quote(p_token text, out reference text, out email text) returns record
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
    reference := v_booking.booking_reference;
    email := v_booking.contact ->> 'email';
    return;
  end if;
  if v_quote.valid_until < public.company_today() then
    raise exception 'This quote expired on %. Please ask us for a new one.', to_char(v_quote.valid_until, 'FMDD Month YYYY')
      using errcode = 'PT409';
  end if;
  if v_quote.start_date <= public.company_today() then
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
  reference := v_booking.booking_reference;
  email := v_booking.contact ->> 'email';
end
$$;

comment on function public.accept_quote(text) is
  'Accepts a sent quote by its token (the client, from the quote''s page): makes the private departure and the booking, once; answers the booking''s reference and contact email.';

revoke execute on function public.accept_quote(text) from public;
grant execute on function public.accept_quote(text) to anon, authenticated, service_role;

create function public.accept_quote_for_client(p_quote_id uuid, p_how text, out reference text, out email text, out booking_id uuid)
returns record
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_quote public.quotes;
  v_how text := case p_how when 'phone' then 'by phone' when 'email' then 'by email' when 'in_person' then 'in person' when 'whatsapp' then 'on WhatsApp' end;
begin
  if not (public.has_permission('enquiries.write') and public.has_permission('bookings.write')) then
    raise exception 'Only the sales team may accept a quote for the client' using errcode = '42501';
  end if;
  if v_how is null then
    raise exception 'Please say how the client accepted: by phone, by email, in person or on WhatsApp' using errcode = '22023';
  end if;
  select * into v_quote from public.quotes where id = p_quote_id for update;
  if not found then
    raise exception 'This quote could not be found' using errcode = 'PT404';
  end if;
  if v_quote.status = 'draft' then
    raise exception 'Send the quote to the client first: a draft cannot be accepted' using errcode = 'PT409';
  end if;
  if v_quote.status = 'withdrawn' then
    raise exception 'This quote was withdrawn: draft a new one for the client' using errcode = 'PT409';
  end if;
  -- How, written while the quote is still open (an accepted quote does not change, check_quote).
  if v_quote.status = 'sent' then
    perform public.set_audit_reason(format('Quote %s accepted by the client %s, recorded by the office', v_quote.reference, v_how));
    update public.quotes set accepted_via = p_how where id = p_quote_id;
  end if;
  -- The client's own acceptance, checks and all (expired, start date passed, seats held).
  select a.reference, a.email into reference, email from public.accept_quote(v_quote.token) a;
  booking_id := (select q.booking_id from public.quotes q where q.id = p_quote_id);
end
$$;

comment on function public.accept_quote_for_client(uuid, text) is
  'Accepts a sent quote for the client, who said so by phone, email, in person or on WhatsApp (sales staff): as accept_quote, and the booking''s id.';

revoke execute on function public.accept_quote_for_client(uuid, text) from public, anon;
grant execute on function public.accept_quote_for_client(uuid, text) to authenticated, service_role;

drop function public.send_quote(uuid);

create function public.send_quote(
  p_quote_id uuid,
  out reference text,
  out title text,
  out token text,
  out start_date date,
  out days int,
  out adults int,
  out children int,
  out total numeric,
  out currency text,
  out valid_until date,
  out message text,
  out name text,
  out email text
) returns record
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
  reference := v_quote.reference;
  title := v_quote.title;
  token := v_quote.token;
  start_date := v_quote.start_date;
  days := jsonb_array_length(v_quote.days);
  adults := v_quote.adults;
  children := v_quote.children;
  total := v_quote.total_amount;
  currency := v_quote.currency;
  valid_until := v_quote.valid_until;
  message := v_quote.message;
  name := v_enquiry.name;
  email := v_enquiry.email;
end
$$;

comment on function public.send_quote(uuid) is
  'Marks a quote sent (enquiry staff); answers what its email says. Called by the server''s /api/quotes/:id/send, which writes the email in the same transaction.';

revoke execute on function public.send_quote(uuid) from public, anon;
grant execute on function public.send_quote(uuid) to authenticated, service_role;

-- The tour a quote is for, as the client's quote page links to it.
create type public.quote_tour as (
  title text,
  slug text
);

comment on type public.quote_tour is 'The tour a quote is for: its title and slug (quote_for_client).';

drop function public.quote_for_client(text);

create function public.quote_for_client(
  p_token text,
  out reference text,
  out title text,
  out status text,
  out expired boolean,
  out start_date date,
  out end_date date,
  out adults int,
  out children int,
  out currency text,
  out days jsonb,
  out lines jsonb,
  out total numeric,
  out valid_until date,
  out message text,
  out sent_at timestamptz,
  out accepted_at timestamptz,
  out client_name text,
  out client_email text,
  out deposit_percent numeric,
  out tour public.quote_tour,
  out booking_reference text
) returns record
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_tour_title text;
  v_tour_slug text;
begin
  select q.reference, q.title, q.status,
         q.status = 'sent' and q.valid_until < public.company_today(),
         q.start_date, q.start_date + greatest(jsonb_array_length(q.days), 1) - 1,
         q.adults, q.children, q.currency,
         q.days, q.lines, q.total_amount, q.valid_until,
         q.message, q.sent_at, q.accepted_at,
         e.name, e.email,
         (public.payment_terms()).deposit_percent,
         t.title, t.slug,
         b.booking_reference
    into reference, title, status, expired, start_date, end_date, adults, children, currency, days, lines, total, valid_until,
         message, sent_at, accepted_at, client_name, client_email, deposit_percent, v_tour_title, v_tour_slug, booking_reference
    from public.quotes q
    join public.enquiries e on e.id = q.enquiry_id
    join public.tours t on t.id = q.tour_id
    left join public.bookings b on b.id = q.booking_id
   where q.token = btrim(coalesce(p_token, '')) and q.status in ('sent', 'accepted');
  if not found then
    raise exception 'This quote could not be found. Please use the link in our email, or ask us for a new one.' using errcode = 'PT404';
  end if;
  tour := row(v_tour_title, v_tour_slug)::public.quote_tour;
end
$$;

comment on function public.quote_for_client(text) is
  'A sent or accepted quote, by its token, as the client''s quote page shows it.';

revoke execute on function public.quote_for_client(text) from public;
grant execute on function public.quote_for_client(text) to anon, authenticated, service_role;
