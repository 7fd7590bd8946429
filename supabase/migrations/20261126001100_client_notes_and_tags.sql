-- The office's own notes and tags on a client, which the client never sees. A client is an account
-- (client_key: the user's id) or a guest who booked without one (client_key: their email, in lower
-- case), the same keys the clients list (search_clients) and a client's page use.

create or replace function public.is_client_key(p_key text) returns boolean
language sql immutable
set search_path = public
as $$
  select p_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      or (p_key ~ '^[^@\s]+@[^@\s]+$' and p_key = lower(p_key) and length(p_key) <= 254)
$$;

-- Checks of the tables below, run as the writer.
revoke execute on function public.is_client_key(text) from public, anon;
grant execute on function public.is_client_key(text) to authenticated;

create table public.client_notes (
  id uuid primary key default gen_random_uuid(),
  client_key text not null check (public.is_client_key(client_key)),
  body text not null check (length(btrim(body)) between 1 and 2000),
  author_id uuid default auth.uid() references public.users (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.client_notes is 'Staff notes on a client (an account''s id or a guest''s email). Staff only.';
create index client_notes_client on public.client_notes (client_key, created_at desc);

create table public.client_tags (
  id uuid primary key default gen_random_uuid(),
  client_key text not null check (public.is_client_key(client_key)),
  -- Short words the office filters by: lower case, letters, digits, spaces and dashes.
  tag text not null check (tag ~ '^[a-z0-9][a-z0-9 -]{0,29}$'),
  author_id uuid default auth.uid() references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (client_key, tag)
);

comment on table public.client_tags is 'Staff tags on a client (an account''s id or a guest''s email). Staff only.';
create index client_tags_tag on public.client_tags (tag, client_key);

alter table public.client_notes enable row level security;
alter table public.client_tags enable row level security;
revoke all on public.client_notes, public.client_tags from public, anon, authenticated;
grant select, delete on public.client_notes, public.client_tags to authenticated;
grant insert (client_key, body) on public.client_notes to authenticated;
grant update (body) on public.client_notes to authenticated;
grant insert (client_key, tag) on public.client_tags to authenticated;
grant update (tag) on public.client_tags to authenticated;
grant all on public.client_notes, public.client_tags to service_role;

-- Staff who read clients (clients.read) read the notes and tags; those who handle them
-- (clients.write) add, change and remove them. Nobody else sees that they exist.
create policy "client staff read client notes" on public.client_notes
  for select to authenticated using ((select public.has_permission('clients.read')));
create policy "client staff add client notes" on public.client_notes
  for insert to authenticated with check ((select public.has_permission('clients.write')));
create policy "client staff change client notes" on public.client_notes
  for update to authenticated using ((select public.has_permission('clients.write'))) with check ((select public.has_permission('clients.write')));
create policy "client staff remove client notes" on public.client_notes
  for delete to authenticated using ((select public.has_permission('clients.write')));

create policy "client staff read client tags" on public.client_tags
  for select to authenticated using ((select public.has_permission('clients.read')));
create policy "client staff add client tags" on public.client_tags
  for insert to authenticated with check ((select public.has_permission('clients.write')));
create policy "client staff change client tags" on public.client_tags
  for update to authenticated using ((select public.has_permission('clients.write'))) with check ((select public.has_permission('clients.write')));
create policy "client staff remove client tags" on public.client_tags
  for delete to authenticated using ((select public.has_permission('clients.write')));

-- Who wrote, changed or removed a note or a tag, in the audit log.
create trigger client_notes_audited after insert or update or delete on public.client_notes
  for each row execute function public.record_audit();
create trigger client_tags_audited after insert or update or delete on public.client_tags
  for each row execute function public.record_audit();

-- Client staff read the history of clients (their notes, tags, merges and erasures) as booking
-- staff read that of bookings.
create policy "client staff read the history of clients" on public.audit_log
  for select to authenticated
  using (table_name in ('clients', 'client_notes', 'client_tags') and (select public.has_permission('clients.read')));
