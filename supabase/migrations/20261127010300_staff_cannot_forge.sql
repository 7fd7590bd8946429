-- Staff cannot write in a traveler's name. Editors moderated reviews through a policy that let them
-- insert and update any review, so they could write one under another traveler's id or turn a
-- published five-star review into a one-star one; agents could post in a traveler's conversation as
-- the traveler, and change any profile, the admin's included. Now:
--   reviews:  staff publish, hide or remove a traveler's review; its words, rating and author are the
--             traveler's alone, and nobody writes one in another's name;
--   messages: what someone writes in another person's conversation is a staff message;
--   profiles: client staff change travelers' profiles; a staff member's only themselves or an admin.

-- Reviews: no insert for staff beyond the travelers' own policy (a review of a tour they travelled).
drop policy "content editors add reviews" on public.reviews;

-- Refuses a review written, or rewritten, in someone else's name, and publishing or hiding by anyone
-- but the content team (content.write). The platform (no user: the seed, jobs) passes.
create or replace function public.guard_review_moderation() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if auth.uid() is null then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.user_id is distinct from auth.uid() then
      raise exception 'A review is written by the traveler, never in their name' using errcode = '42501';
    end if;
    return new;
  end if;
  if old.user_id is distinct from auth.uid()
     and (new.rating, new.title, new.body, new.tour_id, new.user_id, new.booking_id, new.client_id, new.created_at)
         is distinct from (old.rating, old.title, old.body, old.tour_id, old.user_id, old.booking_id, old.client_id, old.created_at) then
    raise exception 'Staff can publish, hide or remove a traveler’s review, but not change what they wrote' using errcode = '42501';
  end if;
  if new.is_published is distinct from old.is_published and not public.has_permission('content.write') then
    raise exception 'Only the content team can publish or hide reviews' using errcode = '42501';
  end if;
  return new;
end
$$;

drop trigger reviews_guard_moderation on public.reviews;
create trigger reviews_guard_moderation before insert or update on public.reviews
  for each row execute function public.guard_review_moderation();

-- Messages: in one's own conversation one writes as the traveler; in anyone else's, as the team.
-- The author is always the one signed in (set here, whatever was sent).
create or replace function public.guard_message_thread() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  if exists (select 1 from public.messages where thread_id = new.thread_id and user_id <> new.user_id) then
    raise exception 'This conversation belongs to another traveler' using errcode = '42501';
  end if;
  if auth.uid() is not null then
    if new.user_id = auth.uid() and new.sender <> 'traveler' then
      raise exception 'In your own conversation you write as yourself' using errcode = '42501';
    end if;
    if new.user_id <> auth.uid() and new.sender <> 'staff' then
      raise exception 'Staff write to a traveler as the team, never in the traveler’s name' using errcode = '42501';
    end if;
  end if;
  new.author_id := coalesce(auth.uid(), new.author_id);
  return new;
end
$$;

-- Profiles: client staff (clients.write) change travelers' profiles and guests'; a staff member's
-- profile is theirs to change (their own policy) or an admin's (team.manage). The staff roles are
-- those of is_staff_role(), written out: policies run as the caller, who may not call it.
drop policy "client staff change profiles" on public.users;
create policy "client staff change travelers' profiles" on public.users
  for update to authenticated
  using ((select public.has_permission('clients.write')) and (role not in ('admin', 'agent', 'editor', 'guide') or (select public.has_permission('team.manage'))))
  with check ((select public.has_permission('clients.write')) and (role not in ('admin', 'agent', 'editor', 'guide') or (select public.has_permission('team.manage'))));
comment on policy "client staff change travelers' profiles" on public.users is
  'Agents and admins change travelers'' profiles; a staff member''s profile only its owner or an admin.';
