-- A correct sign-in is counted as a failure before its password is checked, then forgiven. The hit
-- was taken back from the window current at the moment of forgiving: when the check ended after a
-- window's end (a minute's, for sign-ins), the window before kept the hit, and the owner's correct
-- sign-in counted as a failed one until it slid out. It is now taken back from the latest window
-- that still has hits, this one or the one before: the window that counted it. CREATE OR REPLACE
-- keeps the function's grants (service_role only).
create or replace function public.forgive_rate_limit_hit(p_rule text, p_subject text) returns void
language sql volatile security definer
set search_path = public
as $$
  update public.rate_limit_hits as h
     set hits = h.hits - 1
   where h.hits > 0
     and (h.rule, h.subject, h.window_start) = (
       select counted.rule, counted.subject, counted.window_start
         from public.rate_limit_hits as counted
         join public.rate_limits as r on r.rule = counted.rule
        where counted.rule = p_rule and counted.subject = left(p_subject, 400) and counted.hits > 0
          and counted.window_start >= to_timestamp((floor(extract(epoch from clock_timestamp()) / r.window_seconds) - 1) * r.window_seconds)
        order by counted.window_start desc
        limit 1)
$$;
