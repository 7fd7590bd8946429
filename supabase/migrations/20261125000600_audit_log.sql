-- The audit log: who changed what, when, from what to what, and why, for bookings, payments, the
-- catalogue, content, settings, enquiries and staff roles. Written by triggers (no caller can skip
-- it), read by staff holding audit.read (the History of each record in the back office), and
-- append-only: nobody updates or deletes a row, admins, the service role and the table's owner
-- included.

create table public.audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  -- The signed-in user who made the change; null for a visitor, the server's jobs or a migration.
  actor_id uuid,
  -- anon, authenticated, service_role, or system (no request: the server's own session).
  actor_kind text not null,
  table_name text not null,
  record_id text not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  -- For an update, only the columns that changed; for an insert the new row, for a delete the old.
  old_values jsonb,
  new_values jsonb,
  -- What the person gave as the reason (a price override, a waived fee), set by the function that
  -- made the change through set_audit_reason().
  reason text
);

comment on table public.audit_log is
  'Every change to bookings, payments, the catalogue, content, settings, enquiries and roles. Append-only.';

create index audit_log_record on public.audit_log (table_name, record_id, occurred_at desc);
create index audit_log_occurred on public.audit_log (occurred_at desc);
create index audit_log_actor on public.audit_log (actor_id, occurred_at desc) where actor_id is not null;

alter table public.audit_log enable row level security;
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;

-- Staff holding audit.read see the whole log; booking staff the History of bookings, their payments
-- and enquiries, which they work on.
create policy "auditors read the audit log" on public.audit_log
  for select to authenticated using ((select public.has_permission('audit.read')));
create policy "booking staff read the history of bookings" on public.audit_log
  for select to authenticated
  using (table_name in ('bookings', 'payments', 'enquiries') and (select public.has_permission('bookings.read')));

-- Append-only, for everyone: the grants above give no API role a write, and these triggers refuse
-- an update, a delete or a truncate even to the owner.
create or replace function public.refuse_audit_change() returns trigger
language plpgsql
set search_path = public
as $$
begin
  raise exception 'The audit log cannot be changed' using errcode = '42501';
end
$$;

create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function public.refuse_audit_change();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function public.refuse_audit_change();

-- The reason for the change being made in this transaction, for functions that take one.
create or replace function public.set_audit_reason(p_reason text) returns void
language sql volatile
set search_path = public
as $$
  select set_config('audit.reason', coalesce(btrim(p_reason), ''), true)
$$;

-- Writes one row per changed record. The record's key column is the trigger's first argument (id
-- unless named). Columns the database derives itself (updated_at, the search vector, ratings) are
-- left out, and an update that changed nothing else writes nothing.
create or replace function public.record_audit() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_record_id text := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end ->> coalesce(tg_argv[0], 'id');
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - array['updated_at', 'search', 'rating_average', 'review_count'] end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - array['updated_at', 'search', 'rating_average', 'review_count'] end;
  v_changed text[];
begin
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(n.key), '{}') into v_changed
    from jsonb_each(v_new) n
    where n.value is distinct from v_old -> n.key;
    if cardinality(v_changed) = 0 then
      return null;
    end if;
    v_old := (select jsonb_object_agg(key, v_old -> key) from unnest(v_changed) key);
    v_new := (select jsonb_object_agg(key, v_new -> key) from unnest(v_changed) key);
  end if;
  insert into public.audit_log (actor_id, actor_kind, table_name, record_id, action, old_values, new_values, reason)
  values (
    auth.uid(),
    coalesce(auth.role(), 'system'),
    tg_table_name,
    v_record_id,
    lower(tg_op),
    v_old,
    v_new,
    nullif(current_setting('audit.reason', true), '')
  );
  return null;
end
$$;

-- Bookings, payments and enquiries.
create trigger bookings_audited after insert or update or delete on public.bookings
  for each row execute function public.record_audit();
create trigger payments_audited after insert or update or delete on public.payments
  for each row execute function public.record_audit();
create trigger enquiries_audited after insert or update or delete on public.enquiries
  for each row execute function public.record_audit();

-- The catalogue.
create trigger tours_audited after insert or update or delete on public.tours
  for each row execute function public.record_audit();
create trigger tour_departures_audited after insert or update or delete on public.tour_departures
  for each row execute function public.record_audit();
create trigger tour_itinerary_audited after insert or update or delete on public.tour_itinerary
  for each row execute function public.record_audit();
create trigger tour_extras_audited after insert or update or delete on public.tour_extras
  for each row execute function public.record_audit();
create trigger tour_seasons_audited after insert or update or delete on public.tour_seasons
  for each row execute function public.record_audit();
create trigger tour_group_discounts_audited after insert or update or delete on public.tour_group_discounts
  for each row execute function public.record_audit();
create trigger destinations_audited after insert or update or delete on public.destinations
  for each row execute function public.record_audit();
create trigger experiences_audited after insert or update or delete on public.experiences
  for each row execute function public.record_audit();
create trigger promo_codes_audited after insert or update or delete on public.promo_codes
  for each row execute function public.record_audit('code');

-- Content.
create trigger blog_posts_audited after insert or update or delete on public.blog_posts
  for each row execute function public.record_audit();
create trigger content_pages_audited after insert or update or delete on public.content_pages
  for each row execute function public.record_audit();
create trigger heroes_audited after insert or update or delete on public.heroes
  for each row execute function public.record_audit();
create trigger partner_logos_audited after insert or update or delete on public.partner_logos
  for each row execute function public.record_audit();
create trigger team_members_audited after insert or update or delete on public.team_members
  for each row execute function public.record_audit();
create trigger branding_settings_audited after insert or update or delete on public.branding_settings
  for each row execute function public.record_audit();

-- Settings.
create trigger booking_hold_rules_audited after insert or update or delete on public.booking_hold_rules
  for each row execute function public.record_audit();
create trigger currency_rates_audited after insert or update or delete on public.currency_rates
  for each row execute function public.record_audit('currency');
create trigger payment_instructions_audited after insert or update or delete on public.payment_instructions
  for each row execute function public.record_audit();
create trigger rate_limits_audited after insert or update or delete on public.rate_limits
  for each row execute function public.record_audit('rule');

-- Roles: a change of someone's role, and an account removed. (A traveler's own profile edits are
-- theirs, not the office's.)
create trigger users_role_audited after update of role on public.users
  for each row when (old.role is distinct from new.role) execute function public.record_audit();
create trigger users_removal_audited after delete on public.users
  for each row execute function public.record_audit();
