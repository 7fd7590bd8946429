-- A client who accepts a quote by phone, by email, in person or on WhatsApp has it accepted for
-- them by the office: the same booking as the client's own "Accept and book" (accept_quote), with
-- how they accepted kept on the quote (accepted_via) and in the audit log's reason.

-- accepted_via: null when the client accepted through the quote's link.
alter table public.quotes
  add column accepted_via text check (accepted_via in ('phone', 'email', 'in_person', 'whatsapp'));

-- Sales staff who also take bookings (enquiries.write and bookings.write). A draft or withdrawn
-- quote is refused in words; one already accepted answers its booking. Returns { reference, email,
-- booking_id }.
create or replace function public.accept_quote_for_client(p_quote_id uuid, p_how text) returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_quote public.quotes;
  v_result jsonb;
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
  v_result := public.accept_quote(v_quote.token);
  return v_result || jsonb_build_object('booking_id', (select booking_id from public.quotes where id = p_quote_id));
end
$$;

revoke execute on function public.accept_quote_for_client(uuid, text) from public, anon;
grant execute on function public.accept_quote_for_client(uuid, text) to authenticated;
