-- Where the company's mail goes changes only with settings.write (administrators). The branding's
-- email receives new enquiries and refund-due notices, and the branch offices' addresses are the
-- company's too; editors (content.write) edit what the public sees, and could redirect that mail to
-- an outside address through update_branding_settings_rpc or the table itself. A trigger guards
-- every path: the function, direct writes and any added later.

-- The branch offices' email addresses, trimmed, lower case and sorted: what a change is compared by.
create or replace function public.branch_office_emails(p_offices jsonb) returns text[]
language sql immutable
set search_path = public
as $$
  select coalesce(array_agg(lower(btrim(o ->> 'email')) order by lower(btrim(o ->> 'email'))), '{}')
    from jsonb_array_elements(case when jsonb_typeof(p_offices) = 'array' then p_offices else '[]'::jsonb end) o
   where jsonb_typeof(o) = 'object' and coalesce(btrim(o ->> 'email'), '') <> ''
$$;

-- Refuses a user without settings.write a change to the company's email, its branch offices'
-- emails or which branding is active (another row's addresses would take over). The platform itself
-- (the seed, jobs: no user) and administrators pass. Security definer: it reads the caller from the
-- request's claims, whatever role the write runs as (update_branding_settings_rpc is a definer too).
create or replace function public.guard_company_addresses() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if auth.uid() is null or public.has_permission('settings.write') then
    return new;
  end if;
  if (tg_op = 'INSERT' and (new.email is not null or cardinality(public.branch_office_emails(new.branch_offices)) > 0))
     or (tg_op = 'UPDATE' and (new.email is distinct from old.email
                               or public.branch_office_emails(new.branch_offices) <> public.branch_office_emails(old.branch_offices)
                               or new.is_active is distinct from old.is_active)) then
    raise exception 'Only administrators can change the company’s email addresses' using errcode = '42501', hint = 'email';
  end if;
  return new;
end
$$;

create trigger branding_settings_guard_addresses before insert or update on public.branding_settings
  for each row execute function public.guard_company_addresses();

revoke execute on function public.guard_company_addresses(), public.branch_office_emails(jsonb) from public, anon, authenticated;
