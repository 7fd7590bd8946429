-- Every table staff can write is audited (tests/platform/audit-coverage.test.ts fails on one that is
-- not). Reviews, messages, profile fields, the blog's categories and tags, the tour categories, the
-- newsletter list, activity removals and the media bucket's files had no trigger, so a staff
-- member's change to them left no trace. What a person does to their own rows (a traveler's review,
-- message or profile) is theirs, not the office's, and is not recorded; anything done to another's is.

-- As before, and fields_changed_at (the time of each profile field's change, kept by the database
-- for offline edits) is left out with the other derived columns.
create or replace function public.record_audit() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_record_id text := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end ->> coalesce(tg_argv[0], 'id');
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - array['updated_at', 'search', 'rating_average', 'review_count', 'fields_changed_at'] end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - array['updated_at', 'search', 'rating_average', 'review_count', 'fields_changed_at'] end;
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

-- Reviews: written by a traveler, moderated (published, hidden, removed) by the content team.
create trigger reviews_audited after insert or update on public.reviews
  for each row when (auth.uid() is distinct from new.user_id) execute function public.record_audit();
create trigger reviews_removal_audited after delete on public.reviews
  for each row when (auth.uid() is distinct from old.user_id) execute function public.record_audit();

-- Messages: the team's replies, and its read marks, in travelers' conversations.
create trigger messages_audited after insert or update on public.messages
  for each row when (auth.uid() is distinct from new.user_id) execute function public.record_audit();

-- Profiles: every change to someone else's (client staff, admins, the platform), and every change of
-- role or deactivation, one's own included. These replace the triggers on role and deactivated_at.
drop trigger users_role_audited on public.users;
drop trigger users_deactivation_audited on public.users;
create trigger users_audited after update on public.users
  for each row when (auth.uid() is distinct from new.id or old.role is distinct from new.role or old.deactivated_at is distinct from new.deactivated_at)
  execute function public.record_audit();

-- The catalogue's and the blog's lists.
create trigger categories_audited after insert or update or delete on public.categories
  for each row execute function public.record_audit();
create trigger blog_categories_audited after insert or update or delete on public.blog_categories
  for each row execute function public.record_audit();
create trigger blog_tags_audited after insert or update or delete on public.blog_tags
  for each row execute function public.record_audit();
create trigger blog_post_tags_audited after insert or update or delete on public.blog_post_tags
  for each row execute function public.record_audit('post_id');

-- The newsletter list, as staff change it (sign-ups are the subscribers' own).
create trigger newsletter_subscribers_audited after insert or update or delete on public.newsletter_subscribers
  for each row when (auth.role() = 'authenticated' and public.has_permission('backoffice.open')) execute function public.record_audit();

-- A traveler's activity removed by client staff.
create trigger user_activity_logs_removal_audited after delete on public.user_activity_logs
  for each row execute function public.record_audit();

-- The media library's files, however they are written (the library's endpoint or the storage API).
create trigger media_objects_audited after insert or update on storage.objects
  for each row when (new.bucket_id = 'media') execute function public.record_audit();
create trigger media_objects_removal_audited after delete on storage.objects
  for each row when (old.bucket_id = 'media') execute function public.record_audit();
