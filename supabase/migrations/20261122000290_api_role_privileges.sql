-- Defence in depth beneath the policies: take away from the API roles what they must never do,
-- whatever a future policy says.

-- TRUNCATE ignores row level security, and the API never needs TRIGGER or REFERENCES.
revoke truncate, trigger, references on all tables in schema public from anon, authenticated;

-- Anonymous visitors never change or delete anything...
revoke update, delete on all tables in schema public from anon;

-- ...and only ever add newsletter sign-ups and enquiries.
revoke insert on all tables in schema public from anon;
grant insert on public.newsletter_subscribers, public.enquiries to anon;

-- The activity log is written through log_user_activity only.
revoke insert, update on public.user_activity_logs from authenticated;
