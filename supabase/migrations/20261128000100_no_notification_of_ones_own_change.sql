-- Nobody is notified of what they did themselves: a guide's own field note, the payment an agent
-- just recorded, the booking they just took by phone. Before, notify_staff wrote to everyone holding
-- the permission, the one who made the change included, so the bell rang for their own work.
-- The rest is as in 20261126003100.
create or replace function public.notify_staff(p_kind text, p_permission text, p_title text, p_body text, p_link text, p_record_id text)
returns integer
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_count integer;
begin
  insert into public.staff_notifications (recipient_id, kind, title, body, link, record_id)
  select u.id, p_kind, left(p_title, 200), left(coalesce(p_body, ''), 300), p_link, p_record_id
    from public.users u
    join public.role_permissions rp on rp.role = u.role and rp.permission = p_permission
   where u.deactivated_at is null
     and u.id is distinct from auth.uid()
     and not exists (select 1 from public.staff_notification_opt_outs o where o.user_id = u.id and o.kind = p_kind)
  on conflict do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke execute on function public.notify_staff(text, text, text, text, text, text) from public, anon, authenticated;
