-- payment_terms() reads the terms admins set (public.booking_settings) instead of constants. Same
-- name, no arguments and the same columns, so every function calling it is unchanged; stable now,
-- since the answer changes with the settings. A definer, because only admins read the row itself
-- and the terms are the traveler's too (checkout, the portal, the emails).

-- payment_instructions.balance_due_days was a stored column generated from payment_terms(), which
-- only an immutable function may feed. It stays a column (the portal reads it) kept equal to the
-- terms by the triggers below.
alter table public.payment_instructions alter column balance_due_days drop expression;
alter table public.payment_instructions alter column balance_due_days set not null;
-- Only so that a write need not name it: the trigger below writes the terms' days over any value.
alter table public.payment_instructions alter column balance_due_days set default 60;

create or replace function public.payment_terms(
  out deposit_percent numeric,
  out balance_due_days int,
  out offline_hold_days int
)
language sql stable security definer
set search_path = public
as $$
  select s.deposit_percent, s.balance_due_days, s.offline_hold_days from public.booking_settings s
$$;

-- Bank details written by anyone carry the terms' balance days, whatever the write says.
create or replace function public.payment_instructions_follow_terms() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.balance_due_days := (public.payment_terms()).balance_due_days;
  return new;
end
$$;

create trigger payment_instructions_follow_terms before insert or update on public.payment_instructions
  for each row execute function public.payment_instructions_follow_terms();

-- A change of the balance days reaches the bank details at once. As the owner: the admin changing
-- the settings may not be the one allowed to write payment_instructions.
create or replace function public.booking_settings_to_instructions() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  update public.payment_instructions set balance_due_days = new.balance_due_days
   where balance_due_days is distinct from new.balance_due_days;
  return null;
end
$$;

create trigger booking_settings_to_instructions after update of balance_due_days on public.booking_settings
  for each row execute function public.booking_settings_to_instructions();
