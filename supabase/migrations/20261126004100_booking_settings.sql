-- The company's booking terms as settings, in one row that admins change on the settings screen
-- (until now the constants of payment_terms(); 20261126004200 makes it read them from here).
--   deposit_percent        of the total, due at booking; the booking is confirmed once it is paid
--   balance_due_days       the balance is due this many days before departure (closer: paid in full)
--   offline_hold_days      a pending booking paid by bank transfer or on arrival holds its seats this
--                          many days from booking
--   booking_terms_version  the version of the booking terms travelers agree to, as the office names it
--   default_currency       the company's own currency: one of public.currency_rates
--   time_zone              the company's day and clock: an IANA zone the database knows
create table public.booking_settings (
  id boolean primary key default true check (id),
  deposit_percent numeric(5, 2) not null default 30 check (deposit_percent between 1 and 100),
  balance_due_days int not null default 60 check (balance_due_days between 0 and 365),
  offline_hold_days int not null default 7 check (offline_hold_days between 1 and 30),
  booking_terms_version text not null default '2026-11'
    check (booking_terms_version ~ '^[A-Za-z0-9][A-Za-z0-9 ._-]{0,31}$'),
  default_currency text not null default 'USD' references public.currency_rates (currency) on update cascade,
  time_zone text not null default 'Africa/Dar_es_Salaam' check (length(time_zone) between 1 and 64),
  updated_at timestamptz not null default now()
);

insert into public.booking_settings default values;

create trigger booking_settings_set_updated_at before update on public.booking_settings
  for each row execute function public.set_updated_at();

-- The rules in words, field by field (the hint names the field the settings form marks), before the
-- checks above refuse the same values in a constraint's words. A time zone must be one Postgres
-- knows by name (pg_timezone_names) and shaped like an IANA zone (Area/Location, or UTC): `at time
-- zone` also takes POSIX offsets such as 'UTC+3', whose sign is the reverse of what people expect.
create or replace function public.check_booking_settings() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.deposit_percent is null or new.deposit_percent < 1 or new.deposit_percent > 100 then
    raise exception 'The deposit is a percentage from 1 to 100' using errcode = '23514', hint = 'deposit_percent';
  end if;
  if new.balance_due_days is null or new.balance_due_days < 0 or new.balance_due_days > 365 then
    raise exception 'The balance is due from 0 to 365 days before departure' using errcode = '23514', hint = 'balance_due_days';
  end if;
  if new.offline_hold_days is null or new.offline_hold_days < 1 or new.offline_hold_days > 30 then
    raise exception 'A bank transfer or payment on arrival holds the seats from 1 to 30 days' using errcode = '23514', hint = 'offline_hold_days';
  end if;
  if new.booking_terms_version is null or new.booking_terms_version !~ '^[A-Za-z0-9][A-Za-z0-9 ._-]{0,31}$' then
    raise exception 'The terms version is up to 32 letters, digits, spaces, dots or dashes, such as 2026-11' using errcode = '23514', hint = 'booking_terms_version';
  end if;
  if new.default_currency is null or not exists (select 1 from public.currency_rates where currency = new.default_currency) then
    raise exception 'The default currency must be one of the exchange rates' using errcode = '23514', hint = 'default_currency';
  end if;
  if tg_op = 'INSERT' or new.time_zone is distinct from old.time_zone then
    if new.time_zone is null
       or new.time_zone !~ '^(UTC|[A-Z][A-Za-z_-]+(/[A-Za-z0-9_+-]+){1,2})$'
       or not exists (select 1 from pg_timezone_names where name = new.time_zone) then
      raise exception 'Choose a time zone by its name, such as Africa/Dar_es_Salaam' using errcode = '23514', hint = 'time_zone';
    end if;
  end if;
  return new;
end
$$;

create trigger booking_settings_checked before insert or update on public.booking_settings
  for each row execute function public.check_booking_settings();

alter table public.booking_settings enable row level security;
revoke all on public.booking_settings from anon, authenticated;
grant select, update (deposit_percent, balance_due_days, offline_hold_days, booking_terms_version, default_currency, time_zone)
  on public.booking_settings to authenticated;

-- Admins (settings.write) read and change the row on the settings screen; everyone else reads the
-- terms through payment_terms(), which reads the row as its owner.
create policy "settings admins read booking settings" on public.booking_settings
  for select to authenticated using ((select public.has_permission('settings.write')));
create policy "settings admins change booking settings" on public.booking_settings
  for update to authenticated
  using ((select public.has_permission('settings.write'))) with check ((select public.has_permission('settings.write')));

-- Every change is in the audit log, as the other settings are.
create trigger booking_settings_audited after insert or update or delete on public.booking_settings
  for each row execute function public.record_audit();
