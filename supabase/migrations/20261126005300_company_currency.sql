-- The company's default currency (booking_settings.default_currency) is what a new tour or a new
-- quote is priced in unless it says otherwise; until now both columns defaulted to USD.

-- The currency itself. A definer: only admins read the settings row, and editors and booking staff
-- make tours and quotes.
create or replace function public.company_currency() returns text
language sql stable security definer
set search_path = public
as $$
  select coalesce((select default_currency from public.booking_settings), 'USD')
$$;

revoke execute on function public.company_currency() from public, anon;
grant execute on function public.company_currency() to authenticated, service_role;

alter table public.tours alter column currency set default public.company_currency();
alter table public.quotes alter column currency set default public.company_currency();
