-- A client's page lists their enquiries and the quotes sent on them, beside their bookings: the
-- enquiries made with their account or their email address, newest first.

-- Staff who read enquiries (enquiries.read). The client is an account's id or a guest's email, as
-- client_details takes it. Returns a JSON array of { id, subject, kind, status, created_at, quotes:
-- [{ id, reference, title, status, total_amount, currency, valid_until, booking_id, booking_reference }] }.
create or replace function public.client_enquiries(p_client_key text) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_key text := lower(btrim(coalesce(p_client_key, '')));
  v_user_id uuid;
  v_email text;
begin
  if not public.has_permission('enquiries.read') then
    raise exception 'Only the sales team may read enquiries' using errcode = '42501';
  end if;
  if v_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select id, lower(email) into v_user_id, v_email from public.users where id = v_key::uuid;
  else
    v_email := v_key;
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', e.id, 'subject', e.subject, 'kind', e.kind, 'status', e.status, 'created_at', e.created_at,
             'quotes', coalesce((
               select jsonb_agg(jsonb_build_object(
                        'id', q.id, 'reference', q.reference, 'title', q.title, 'status', q.status, 'total_amount', q.total_amount,
                        'currency', q.currency, 'valid_until', q.valid_until, 'booking_id', q.booking_id,
                        'booking_reference', (select b.booking_reference from public.bookings b where b.id = q.booking_id))
                      order by q.created_at desc)
                 from public.quotes q where q.enquiry_id = e.id), '[]'))
           order by e.created_at desc)
      from public.enquiries e
     where (v_user_id is not null and e.user_id = v_user_id) or (v_email <> '' and lower(e.email) = v_email)), '[]');
end
$$;

revoke execute on function public.client_enquiries(text) from public, anon;
grant execute on function public.client_enquiries(text) to authenticated;
