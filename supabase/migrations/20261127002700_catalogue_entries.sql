-- Destinations, experiences and activities as the catalogue studio edits them: their name and
-- address refused in words with the field in the hint (as tours are, 20261127002100), and the
-- destinations' order on the site set in one go by reorder_destinations().

-- One check for the three: tg_argv[0] names the entry in words, tg_argv[1] its name column.
create or replace function public.check_catalogue_entry() returns trigger
language plpgsql
set search_path = public
as $$
declare
  v_kind text := tg_argv[0];
  v_name_column text := tg_argv[1];
  v_name text := btrim(coalesce(to_jsonb(new) ->> v_name_column, ''));
  v_taken boolean;
begin
  if length(v_name) not between 1 and 120 then
    raise exception 'Give the % a name, up to 120 characters', v_kind using errcode = '23514', hint = v_name_column;
  end if;
  new.slug := lower(btrim(coalesce(new.slug, '')));
  if new.slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(new.slug) > 80 then
    raise exception 'The address is lowercase letters, digits and single dashes, up to 80 characters' using errcode = '23514', hint = 'slug';
  end if;
  execute format('select exists (select 1 from public.%I where slug = $1 and id <> $2)', tg_table_name) into v_taken using new.slug, new.id;
  if v_taken then
    raise exception 'Another % has the address %', v_kind, new.slug using errcode = '23505', hint = 'slug';
  end if;
  return new;
end
$$;

revoke execute on function public.check_catalogue_entry() from public, anon, authenticated;

create trigger destinations_check before insert or update on public.destinations
  for each row execute function public.check_catalogue_entry('destination', 'name');
create trigger experiences_check before insert or update on public.experiences
  for each row execute function public.check_catalogue_entry('experience', 'title');
create trigger activities_check before insert or update on public.activities
  for each row execute function public.check_catalogue_entry('activity', 'name');

-- Activities join destinations and experiences in the audit log (20261125000600), so every save of
-- the catalogue says who changed what.
create trigger activities_audited after insert or update or delete on public.activities
  for each row execute function public.record_audit();

-- The destinations in the order the site lists them: p_ids names every destination once, first
-- to last. Runs as the caller: the catalogue's policies decide who may change them.
create or replace function public.reorder_destinations(p_ids uuid[]) returns int
language plpgsql
set search_path = public
as $$
declare
  v_count int;
begin
  if not public.has_permission('catalogue.write') then
    raise exception 'Only catalogue editors change the order of destinations' using errcode = '42501';
  end if;
  select count(*) into v_count from public.destinations;
  if coalesce(cardinality(p_ids), 0) <> v_count
     or (select count(distinct id) from unnest(p_ids) id) <> v_count
     or exists (select 1 from unnest(p_ids) id where not exists (select 1 from public.destinations d where d.id = id)) then
    raise exception 'The order names every destination once: the list changed meanwhile, reload it' using errcode = '22023';
  end if;
  update public.destinations d
  set display_order = o.position
  from unnest(p_ids) with ordinality as o(id, position)
  where d.id = o.id and d.display_order is distinct from o.position;
  return v_count;
end
$$;

revoke execute on function public.reorder_destinations(uuid[]) from public, anon;
grant execute on function public.reorder_destinations(uuid[]) to authenticated;
