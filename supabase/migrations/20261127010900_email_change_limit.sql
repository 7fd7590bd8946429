-- Asking to move an account to another address answers, as GoTrue does, when that address already
-- has an account (email_exists): a signed-in user could ask about address after address. Each
-- account may now ask five times an hour (rule auth.email_changes, counted by the auth server before
-- it looks); sign-ups were already limited per address (auth.signups).

insert into public.rate_limits (rule, max_hits, window_seconds, counts) values
  ('auth.email_changes', 5, 3600, 'email changes asked for by this account');
