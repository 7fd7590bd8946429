-- The bank details travelers pay a transfer to (public.payment_instructions) are edited on the
-- settings screen now, not in SQL: each field gets the rule the form repeats, refused in words with
-- the field's column in the hint (as check_booking_settings() does), so a typing slip never reaches
-- a traveler's booking email.

-- Blanks trimmed away, a SWIFT code in capitals; then each field's rule.
create or replace function public.check_payment_instructions() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.bank_name := btrim(coalesce(new.bank_name, ''));
  new.account_name := btrim(coalesce(new.account_name, ''));
  new.account_number := btrim(coalesce(new.account_number, ''));
  new.swift_code := nullif(upper(btrim(coalesce(new.swift_code, ''))), '');
  new.branch := nullif(btrim(coalesce(new.branch, '')), '');
  new.pay_on_arrival := nullif(btrim(coalesce(new.pay_on_arrival, '')), '');
  if length(new.bank_name) not between 1 and 100 then
    raise exception 'Give the bank’s name, up to 100 characters' using errcode = '23514', hint = 'bank_name';
  end if;
  if length(new.account_name) not between 1 and 100 then
    raise exception 'Give the name on the account, up to 100 characters' using errcode = '23514', hint = 'account_name';
  end if;
  if new.account_number !~ '^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$' then
    raise exception 'The account number is up to 40 letters, digits, spaces or dashes' using errcode = '23514', hint = 'account_number';
  end if;
  if new.swift_code is not null and new.swift_code !~ '^[A-Z0-9]{8}([A-Z0-9]{3})?$' then
    raise exception 'A SWIFT code is 8 or 11 letters and digits, such as CORUTZTZ' using errcode = '23514', hint = 'swift_code';
  end if;
  if length(new.branch) > 200 then
    raise exception 'The branch is up to 200 characters' using errcode = '23514', hint = 'branch';
  end if;
  if new.currency is null or not exists (select 1 from public.currency_rates where currency = new.currency) then
    raise exception 'The account’s currency must be one of the exchange rates' using errcode = '23514', hint = 'currency';
  end if;
  if length(new.pay_on_arrival) > 1000 then
    raise exception 'The instructions for paying on arrival are up to 1,000 characters' using errcode = '23514', hint = 'pay_on_arrival';
  end if;
  return new;
end
$$;

revoke execute on function public.check_payment_instructions() from public, anon, authenticated;

create trigger check_payment_instructions before insert or update on public.payment_instructions
  for each row execute function public.check_payment_instructions();
