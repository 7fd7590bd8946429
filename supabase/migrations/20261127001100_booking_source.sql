-- Where a booking came from, for analytics: the website (a traveler or a guest booking), the office
-- (a staff member booking for a client) or a quote the client accepted. Set when the booking is
-- made, unless the writer says (the seed, an import); a quote's booking is marked when the quote
-- records it.

alter table public.bookings add column source text check (source in ('website', 'office', 'quote'));
update public.bookings b set source = case when exists (select 1 from public.quotes q where q.booking_id = b.id) then 'quote' else 'website' end;

create or replace function public.set_booking_source() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.source is null then
    new.source := case when auth.role() = 'authenticated' and public.is_staff_request() then 'office' else 'website' end;
  end if;
  return new;
end
$$;

create trigger bookings_set_source before insert on public.bookings
  for each row execute function public.set_booking_source();

alter table public.bookings alter column source set not null;

-- A quote's booking came from the quote.
create or replace function public.mark_quote_booking() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  update public.bookings set source = 'quote' where id = new.booking_id and source <> 'quote';
  return null;
end
$$;

create trigger quotes_mark_booking after update of booking_id on public.quotes
  for each row when (new.booking_id is not null and new.booking_id is distinct from old.booking_id)
  execute function public.mark_quote_booking();

revoke execute on function public.set_booking_source(), public.mark_quote_booking() from public, anon, authenticated;
