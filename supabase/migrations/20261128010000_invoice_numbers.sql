-- Invoice numbers. An invoice is a document of record: once issued, its number never changes, so a
-- booking's invoice downloaded again (or emailed later) carries the number it was first given, and
-- the company's books can cite it. Numbers run per year in the company's calendar (INV-2026-00001,
-- INV-2026-00002, ...), without gaps, as tax offices expect of invoices: a Postgres sequence would
-- skip the numbers of rolled-back transactions, so the next number is the year's highest plus one,
-- taken under a transaction-level lock that makes concurrent issuers wait their turn.

create table public.booking_invoices (
  booking_id uuid primary key references public.bookings (id) on delete restrict,
  year int not null check (year between 2000 and 9999),
  sequence int not null check (sequence >= 1),
  number text not null unique,
  issued_at timestamptz not null default now(),
  -- Whoever first asked for it (staff or the traveler); null for the server's own emails.
  issued_by uuid references public.users (id) on delete set null,
  unique (year, sequence)
);

comment on table public.booking_invoices is
  'The number each booking''s invoice was issued with, once and for good (issue_booking_invoice). Read through booking_invoice(); no API role reads or writes the table.';

alter table public.booking_invoices enable row level security;
revoke all on public.booking_invoices from public, anon, authenticated;

-- The booking's invoice number, issued now if it has none. Internal: callers go through
-- booking_invoice(), which decides who may ask.
create or replace function public.issue_booking_invoice(p_booking_id uuid) returns public.booking_invoices
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_invoice public.booking_invoices;
  v_year int := extract(year from public.company_today())::int;
  v_sequence int;
begin
  select * into v_invoice from public.booking_invoices where booking_id = p_booking_id;
  if found then
    return v_invoice;
  end if;
  -- One issuer at a time: the next number is read and taken in the same turn.
  perform pg_advisory_xact_lock(hashtext('public.booking_invoices'));
  select * into v_invoice from public.booking_invoices where booking_id = p_booking_id;
  if found then
    return v_invoice;
  end if;
  select coalesce(max(sequence), 0) + 1 into v_sequence from public.booking_invoices where year = v_year;
  insert into public.booking_invoices (booking_id, year, sequence, number, issued_by)
  values (p_booking_id, v_year, v_sequence, format('INV-%s-%s', v_year, lpad(v_sequence::text, 5, '0')), auth.uid())
  returning * into v_invoice;
  return v_invoice;
end
$$;

comment on function public.issue_booking_invoice(uuid) is
  'The booking''s invoice number: the one it was first issued with, or the year''s next (no gaps). Internal.';

revoke execute on function public.issue_booking_invoice(uuid) from public, anon, authenticated;
