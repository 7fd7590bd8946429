-- An invitation is accepted only by whoever followed its emailed link. Signing up needs no proof of
-- the address (unless AUTH_EMAIL_CONFIRM is on), so anyone could register the address an
-- invitation names, before or after it is sent, and take the role by calling
-- accept_staff_invitation() with their own session. Now the session must have been started by the
-- invitation link itself (auth.mfa_amr_claims records how each session started: method 'invite',
-- after the invitation was made), which only the mailbox's owner receives. Accepting also ends every
-- other session of the account: whoever registered the address first is signed out of it.

create or replace function public.accept_staff_invitation() returns text
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_invitation public.staff_invitations;
  v_session uuid := case when auth.jwt() ->> 'session_id' ~ '^[0-9a-f-]{36}$' then (auth.jwt() ->> 'session_id')::uuid end;
begin
  select * into v_invitation from public.staff_invitations
   where user_id = auth.uid() and accepted_at is null and revoked_at is null and expires_at > now()
   order by invited_at desc
   limit 1
   for update;
  if not found then
    return null;
  end if;
  if v_session is null or not exists (
    select 1 from auth.mfa_amr_claims c
     where c.session_id = v_session and c.authentication_method = 'invite' and c.created_at >= v_invitation.invited_at
  ) then
    raise exception 'To join the team, open the link in your invitation email' using errcode = '42501';
  end if;
  update public.staff_invitations set accepted_at = now() where id = v_invitation.id;
  update public.users set role = v_invitation.role, deactivated_at = null where id = auth.uid();
  delete from auth.sessions where user_id = auth.uid() and id <> v_session;
  return v_invitation.role;
end
$$;

comment on function public.accept_staff_invitation() is
  'The invitee takes the role of their open invitation, in the session its emailed link started (42501 otherwise); other sessions of the account end.';
