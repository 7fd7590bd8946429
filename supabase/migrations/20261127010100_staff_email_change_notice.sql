-- A staff member's sign-in address changing is news for the admins: whoever controls that mailbox
-- controls the account and its role. An email change takes effect only once both the old and the new
-- address have followed their links (the auth API's secure email change); when it does, every admin
-- (team.manage) is notified, kind team_account_changed.

alter table public.staff_notifications drop constraint staff_notifications_kind_check;
alter table public.staff_notifications add constraint staff_notifications_kind_check
  check (kind in ('booking_made', 'payment_received', 'refund_due', 'traveler_message', 'enquiry_received', 'email_failed',
                  'hold_expiring', 'team_account_changed'));
alter table public.staff_notification_opt_outs drop constraint staff_notification_opt_outs_kind_check;
alter table public.staff_notification_opt_outs add constraint staff_notification_opt_outs_kind_check
  check (kind in ('booking_made', 'payment_received', 'refund_due', 'traveler_message', 'enquiry_received', 'email_failed',
                  'hold_expiring', 'team_account_changed'));

-- Tells the admins that a staff member's sign-in address changed, from what to what.
create or replace function public.notify_admins_of_staff_email_change() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_member public.users;
begin
  select * into v_member from public.users where id = new.id;
  if found and public.is_staff_role(v_member.role) then
    perform public.notify_staff(
      'team_account_changed', 'team.manage',
      'Sign-in email changed: ' || coalesce(nullif(v_member.full_name, ''), new.email),
      coalesce(old.email, '(none)') || ' → ' || coalesce(new.email, '(none)'),
      '/admin/team', new.id::text);
  end if;
  return null;
end
$$;

create trigger on_auth_user_staff_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.notify_admins_of_staff_email_change();

revoke execute on function public.notify_admins_of_staff_email_change() from public, anon, authenticated;
