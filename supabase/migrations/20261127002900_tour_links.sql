-- What a tour is tied to (its destinations, the first its main one; its experiences; its
-- activities) is saved in one transaction by save_tour_links(), instead of six requests of which
-- any could fail halfway and leave the tour half-linked. The links join the audit log, under the
-- tour's id, so a tour's history says when a destination, experience or activity was added or taken off.

-- Replaces the tour's links by the ids given, in their order (the destinations' position); a null
-- list leaves that kind as it is. Runs as the caller: the catalogue's policies decide who may.
create or replace function public.save_tour_links(p_tour_id uuid, p_destination_ids uuid[], p_experience_ids uuid[], p_activity_ids uuid[]) returns void
language plpgsql
set search_path = public
as $$
begin
  if not public.has_permission('catalogue.write') then
    raise exception 'Only catalogue editors change what a tour is tied to' using errcode = '42501';
  end if;
  if not exists (select 1 from public.tours where id = p_tour_id) then
    raise exception 'No such tour' using errcode = 'PT404';
  end if;
  if p_destination_ids is not null then
    delete from public.tour_destinations where tour_id = p_tour_id and destination_id <> all (p_destination_ids);
    insert into public.tour_destinations (tour_id, destination_id, position)
    select p_tour_id, d.id, min(d.ordinal) - 1 from unnest(p_destination_ids) with ordinality as d(id, ordinal) group by d.id
    on conflict (tour_id, destination_id) do update set position = excluded.position
      where tour_destinations.position is distinct from excluded.position;
  end if;
  if p_experience_ids is not null then
    delete from public.tour_experiences where tour_id = p_tour_id and experience_id <> all (p_experience_ids);
    insert into public.tour_experiences (tour_id, experience_id)
    select distinct p_tour_id, e.id from unnest(p_experience_ids) e(id)
    on conflict do nothing;
  end if;
  if p_activity_ids is not null then
    delete from public.tour_activities where tour_id = p_tour_id and activity_id <> all (p_activity_ids);
    insert into public.tour_activities (tour_id, activity_id)
    select distinct p_tour_id, a.id from unnest(p_activity_ids) a(id)
    on conflict do nothing;
  end if;
end
$$;

revoke execute on function public.save_tour_links(uuid, uuid[], uuid[], uuid[]) from public, anon;
grant execute on function public.save_tour_links(uuid, uuid[], uuid[], uuid[]) to authenticated;

-- Each link added, moved or taken off, recorded under the tour it belongs to.
create trigger tour_destinations_audited after insert or update or delete on public.tour_destinations
  for each row execute function public.record_audit('tour_id');
create trigger tour_experiences_audited after insert or update or delete on public.tour_experiences
  for each row execute function public.record_audit('tour_id');
create trigger tour_activities_audited after insert or update or delete on public.tour_activities
  for each row execute function public.record_audit('tour_id');
