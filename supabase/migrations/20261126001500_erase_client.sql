-- A person's data erased on their request. Their bookings and payments stay in the company's books
-- (amounts, dates, tours, statuses), without who they were: the contact details and the travelers'
-- names on each booking are replaced, the booking's notes cleared, their enquiries anonymised, the
-- newsletter subscription, the office's notes and tags removed, and an account is deleted with its
-- profile, messages, activity, wishlist and reviews. It cannot be undone.
--
-- The audit log is append-only: the values it recorded before the erasure stay there.

create or replace function public.erase_client(p_client_key text, p_reason text) returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_key text := lower(btrim(coalesce(p_client_key, '')));
  v_reason text := btrim(coalesce(p_reason, ''));
  v_user public.users;
  v_email text;
  v_ids uuid[];
  v_payments int;
begin
  if not public.has_permission('clients.write') then
    raise exception 'Only the office team may erase a client''s data' using errcode = '42501';
  end if;
  if v_reason = '' then
    raise exception 'Please give the request this erasure answers' using errcode = '22023';
  end if;
  if length(v_reason) > 500 then
    raise exception 'The reason is too long (500 characters at most)' using errcode = '22023';
  end if;
  if public.is_client_key(v_key) and v_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-' then
    -- Travelers only: staff accounts are the team screen's.
    select * into v_user from public.users where id = v_key::uuid and role = 'traveler';
    v_email := lower(v_user.email);
  elsif public.is_client_key(v_key) and exists (select 1 from public.client_bookings(v_key)) then
    v_email := v_key;
  end if;
  if v_user.id is null and v_email is null then
    raise exception 'This client could not be found' using errcode = 'PT404';
  end if;

  perform public.set_audit_reason('Erased on request: ' || v_reason);
  -- Their bookings: the account's, and those made as a guest with the same email.
  select coalesce(array_agg(b.id), '{}') into v_ids
    from public.bookings b
   where (v_user.id is not null and b.user_id = v_user.id)
      or (v_email is not null and b.user_id is null and lower(b.contact ->> 'email') = v_email);
  update public.bookings b
     set contact = jsonb_build_object('full_name', 'Erased client'),
         travelers = coalesce((select jsonb_agg(jsonb_build_object('full_name', 'Traveler ' || t.n) order by t.n)
                                 from jsonb_array_elements(b.travelers) with ordinality t(value, n)), '[]'),
         notes = null
   where b.id = any (v_ids);
  delete from public.booking_contact_tokens where booking_id = any (v_ids);
  select count(*) into v_payments from public.payments where booking_id = any (v_ids);

  if v_email is not null then
    update public.enquiries
       set name = 'Erased client', email = 'erased@erased.invalid', phone = null, subject = null, message = null, details = '{}'
     where lower(email) = v_email or (v_user.id is not null and user_id = v_user.id);
    delete from public.newsletter_subscribers where email = v_email;
  end if;
  delete from public.client_notes where client_key in (v_key, coalesce(v_email, v_key));
  delete from public.client_tags where client_key in (v_key, coalesce(v_email, v_key));

  if v_user.id is not null then
    -- The profile blanked first, so what the audit log keeps of its removal is blank too.
    update public.users set full_name = null, email = null, phone = null, country = null, avatar_url = null where id = v_user.id;
    delete from auth.users where id = v_user.id;
  end if;

  -- The erasure, on the client's history, by a key that does not name them.
  insert into public.audit_log (actor_id, actor_kind, table_name, record_id, action, old_values, new_values, reason)
  values (auth.uid(), coalesce(auth.role(), 'system'), 'clients',
          coalesce(v_user.id::text, 'guest:' || md5(v_email)), 'delete', null,
          jsonb_build_object('bookings_anonymised', cardinality(v_ids), 'payments_kept', v_payments, 'account_deleted', v_user.id is not null),
          v_reason);
  return jsonb_build_object('bookings', cardinality(v_ids), 'payments', v_payments, 'account_deleted', v_user.id is not null);
end
$$;

revoke execute on function public.erase_client(text, text) from public, anon;
grant execute on function public.erase_client(text, text) to authenticated;
