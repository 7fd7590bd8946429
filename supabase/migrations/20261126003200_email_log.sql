-- The email log in the back office: the queue's delivery log, filtered and paged in SQL, a message's
-- content on demand, and a failed message sent again. Admins only (emails.read, emails.write).
--
-- Bodies stay unreadable to every API role (20261122000500_email_queue.sql): sign-in emails carry
-- one-time links (password recovery, signup confirmation, email change, magic links, invitations
-- to the team), and an admin who could read them could take over the account. email_content()
-- withholds those kinds whole and blanks the contact-confirmation token of a booking's email.

insert into public.role_permissions (role, permission)
values ('admin', 'emails.read'), ('admin', 'emails.write')
on conflict do nothing;

-- Kinds whose body is a key to someone's account: never shown. The server's kinds are in
-- server/auth/emails.ts (linkEmail) and server/api/team.ts; magic links and invites go out under
-- GoTrue's names too.
create or replace function public.email_body_withheld(p_kind text) returns boolean
language sql immutable
set search_path = public
as $$
  select p_kind in ('password_recovery', 'signup_confirmation', 'email_change', 'magic_link', 'magiclink',
                    'invite', 'staff_invitation', 'reauthentication')
$$;

-- A page of the log, newest first, with the number of matches and the kinds there are (for the
-- filter). p_query finds an address by any part of it.
create or replace function public.email_log(
  p_status text default null,
  p_kind text default null,
  p_query text default null,
  p_limit integer default 25,
  p_offset integer default 0
) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_query text := nullif(btrim(p_query), '');
  v_result jsonb;
begin
  if not public.has_permission('emails.read') then
    raise exception 'Only administrators can read the email log' using errcode = '42501';
  end if;
  if p_status is not null and p_status not in ('pending', 'sent', 'failed') then
    raise exception 'Choose pending, sent or failed' using errcode = '22023', hint = 'status';
  end if;

  with matches as (
    select q.id, q.to_address, q.subject, q.kind, q.status, q.attempts, q.last_error, q.sent_at, q.created_at, q.next_attempt_at
      from public.email_queue q
     where (p_status is null or q.status = p_status)
       and (p_kind is null or q.kind = p_kind)
       and (v_query is null or q.to_address ilike '%' || replace(replace(replace(v_query, '\', '\\'), '%', '\%'), '_', '\_') || '%')
  ),
  page as (
    select m.*, public.email_body_withheld(m.kind) as withheld
      from matches m
     order by m.created_at desc, m.id
     limit least(greatest(coalesce(p_limit, 25), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from matches),
    'kinds', coalesce((select jsonb_agg(k.kind order by k.kind) from (select distinct kind from public.email_queue) k), '[]'),
    'rows', coalesce((select jsonb_agg(to_jsonb(p) order by p.created_at desc, p.id) from page p), '[]')
  ) into v_result;
  return v_result;
end
$$;

-- One message's text, for an admin who opens it. Sign-in emails come back withheld (no body), and a
-- booking email's contact-confirmation token is blanked.
create or replace function public.email_content(p_email_id uuid)
returns table (id uuid, subject text, body_text text, withheld boolean)
language plpgsql stable security definer
set search_path = public
as $$
begin
  if not public.has_permission('emails.read') then
    raise exception 'Only administrators can read the email log' using errcode = '42501';
  end if;
  return query
  select q.id, q.subject,
         case when public.email_body_withheld(q.kind) then null
              else regexp_replace(q.body_text, '([?&]confirm=)[^&[:space:]]+', '\1(withheld)', 'g') end,
         public.email_body_withheld(q.kind)
    from public.email_queue q
   where q.id = p_email_id;
  if not found then
    raise exception 'This email is not in the log' using errcode = 'PT404';
  end if;
end
$$;

-- Sends a failed email again: the mail queue (server/mail/queue.ts) picks it up as pending with a
-- fresh count of attempts. Recorded in the audit log with its reason.
create or replace function public.retry_email(p_email_id uuid) returns void
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_status text;
begin
  if not public.has_permission('emails.write') then
    raise exception 'Only administrators can send an email again' using errcode = '42501';
  end if;
  select q.status into v_status from public.email_queue q where q.id = p_email_id for update;
  if v_status is null then
    raise exception 'This email is not in the log' using errcode = 'PT404';
  end if;
  if v_status <> 'failed' then
    raise exception 'Only an email that failed can be sent again' using errcode = '22023';
  end if;
  perform public.set_audit_reason('Sent again from the email log');
  update public.email_queue
     set status = 'pending', attempts = 0, next_attempt_at = now()
   where id = p_email_id;
end
$$;

-- A retry is an office's change, so it is audited; the sender's own updates (attempts, sent) are not.
create trigger email_queue_retry_audited after update on public.email_queue
  for each row when (old.status = 'failed' and new.status = 'pending')
  execute function public.record_audit();

-- An email that failed for good: admins, who read the log and retry (emails.read).
create or replace function public.notify_staff_of_failed_email() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform public.notify_staff(
    'email_failed', 'emails.read',
    'Email to ' || new.to_address || ' failed',
    left(concat_ws(' · ', new.subject, new.last_error), 300),
    '/admin/notifications?tab=emails&status=failed', new.id::text);
  return null;
end
$$;

create trigger email_queue_notify_staff after update of status on public.email_queue
  for each row when (new.status = 'failed' and old.status is distinct from 'failed')
  execute function public.notify_staff_of_failed_email();

revoke execute on function public.email_body_withheld(text), public.notify_staff_of_failed_email() from public, anon, authenticated;
revoke execute on function public.email_log(text, text, text, integer, integer), public.email_content(uuid), public.retry_email(uuid) from public, anon;
grant execute on function public.email_log(text, text, text, integer, integer), public.email_content(uuid), public.retry_email(uuid) to authenticated;
