-- Exchange rates: the one source the app converts prices with, for the traveler's display currency
-- (an approximation shown beside the tour's own price) and for analytics, which reports purchases in
-- US dollars (SPEC 9). A rate is how many units of the currency one US dollar buys (USD itself is 1),
-- so an amount in X is amount / rate(X) dollars. Payments are always taken in the tour's currency.
create table public.currency_rates (
  currency text primary key check (currency ~ '^[A-Z]{3}$'),
  units_per_usd numeric(18, 6) not null check (units_per_usd > 0),
  updated_at timestamptz not null default now(),
  constraint currency_rates_usd_is_one check (currency <> 'USD' or units_per_usd = 1)
);

create trigger currency_rates_set_updated_at before update on public.currency_rates
  for each row execute function public.set_updated_at();

alter table public.currency_rates enable row level security;
-- Visitors only read; admins write through the policy below.
revoke insert, update, delete, truncate, trigger, references on public.currency_rates from anon;
revoke truncate, trigger, references on public.currency_rates from authenticated;

-- Every visitor sees prices converted, signed in or not: the rates are public.
create policy "currency rates are public" on public.currency_rates
  for select to anon, authenticated using (true);
-- Only admins keep the rates up to date (add, change, remove a currency).
create policy "admins manage currency rates" on public.currency_rates
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Reference rates for the currencies a traveler can choose in Settings; admins keep them current.
insert into public.currency_rates (currency, units_per_usd)
values
  ('USD', 1),
  ('EUR', 0.92),
  ('GBP', 0.79),
  ('TZS', 2650),
  ('KES', 129),
  ('CHF', 0.88),
  ('AUD', 1.52),
  ('CAD', 1.38)
on conflict (currency) do nothing;
