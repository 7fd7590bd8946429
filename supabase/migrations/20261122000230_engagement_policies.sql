-- Newsletter sign-ups and enquiries are write-only for visitors and read by admins; the activity
-- log is written only through log_user_activity (20261122000310) and read by its owner and admins.

alter table public.newsletter_subscribers enable row level security;
alter table public.enquiries enable row level security;
alter table public.user_activity_logs enable row level security;

-- Anyone may subscribe; nobody but admins can list subscribers.
create policy "anyone subscribes to the newsletter" on public.newsletter_subscribers
  for insert to anon, authenticated with check (unsubscribed_at is null);
create policy "admins manage subscribers" on public.newsletter_subscribers
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Anyone may send an enquiry, as themselves or anonymously; only admins read them.
create policy "anyone sends an enquiry" on public.enquiries
  for insert to anon, authenticated
  with check (status = 'new' and (user_id is null or user_id = auth.uid()));
create policy "admins manage enquiries" on public.enquiries
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- A user reads their own activity; admins read everyone's. No insert policy: writes go through
-- log_user_activity, which stamps the caller's id.
create policy "users read own activity" on public.user_activity_logs
  for select to authenticated using (user_id = auth.uid());
create policy "admins read all activity" on public.user_activity_logs
  for select to authenticated using ((select public.is_admin()));
create policy "admins delete activity" on public.user_activity_logs
  for delete to authenticated using ((select public.is_admin()));
