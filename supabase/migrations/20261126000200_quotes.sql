-- Quotes for tailor-made trips: the office builds one from an enquiry (days taken from the tours'
-- itineraries, price lines, a date it is valid until) and sends the client a link to it. The link
-- carries the quote's token; accepting it online makes the booking (20261126000300_quote_acceptance.sql).

create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  -- Made on insert by check_quote (Q-2026-7K3Q9-M4XPA), whatever the insert says; the empty default
  -- only tells the API that an insert need not give it.
  reference text not null unique default '',
  enquiry_id uuid not null references public.enquiries (id) on delete restrict,
  -- The trip the quote is built on: the booking it becomes is a private trip of this tour.
  tour_id uuid not null references public.tours (id) on delete restrict,
  title text not null check (length(btrim(title)) between 1 and 200),
  start_date date not null,
  adults int not null default 2 check (adults between 1 and 60),
  children int not null default 0 check (children between 0 and 60),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  -- Each day: {title, location, accommodation, meals[], description}.
  days jsonb not null default '[]' check (jsonb_typeof(days) = 'array' and jsonb_array_length(days) <= 60),
  -- Each line: {label, quantity, unit_price, amount}; amount and total are worked out here.
  lines jsonb not null default '[]' check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) <= 100),
  total_amount numeric(12, 2) not null default 0 check (total_amount >= 0),
  valid_until date not null,
  message text check (message is null or length(message) <= 5000),
  status text not null default 'draft' check (status in ('draft', 'sent', 'accepted', 'withdrawn')),
  -- The secret of the client's link: 244 random bits, made on insert by check_quote like the reference.
  token text not null unique default '',
  sent_at timestamptz,
  accepted_at timestamptz,
  booking_id uuid unique references public.bookings (id) on delete set null,
  created_by uuid default auth.uid() references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.quotes is 'Tailor-made trip quotes sent to enquirers; read by clients only through quote_for_client(token).';

create index quotes_enquiry_idx on public.quotes (enquiry_id, created_at desc);

create trigger quotes_set_updated_at before update on public.quotes
  for each row execute function public.set_updated_at();

-- The rules a quote keeps, in the words the builder shows under its fields. Amounts and the total
-- are computed here, so a client never sees a sum that does not add up. An accepted quote is the
-- booking's record of what was agreed and does not change. The reference and the link's token are
-- made here, never by the caller (a definer, to draw on generate_booking_reference).
create or replace function public.check_quote() returns trigger
language plpgsql security definer
set search_path = public
as $$
declare
  v_day jsonb;
  v_line jsonb;
  v_lines jsonb := '[]';
  v_quantity numeric;
  v_price numeric;
begin
  if tg_op = 'INSERT' then
    new.reference := 'Q' || substr(public.generate_booking_reference(), 3);
    new.token := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  end if;
  if tg_op = 'UPDATE' and old.status = 'accepted' then
    raise exception 'This quote has been accepted and can no longer be changed' using errcode = '22023';
  end if;
  if tg_op = 'UPDATE' and old.status = 'sent' and new.status = 'draft' then
    raise exception 'A sent quote cannot go back to being a draft' using errcode = '22023';
  end if;
  if new.status in ('draft', 'sent') and new.start_date <= current_date then
    raise exception 'Please choose a start date in the future' using errcode = '22023';
  end if;
  if new.status in ('draft', 'sent') and new.valid_until < current_date then
    raise exception 'The quote must be valid until today or later' using errcode = '22023';
  end if;
  if new.valid_until > new.start_date then
    raise exception 'The quote must expire before the trip starts' using errcode = '22023';
  end if;
  if new.children > 0 and new.adults < 1 then
    raise exception 'Children must travel with at least one adult' using errcode = '22023';
  end if;
  for v_day in select value from jsonb_array_elements(new.days) loop
    if jsonb_typeof(v_day) <> 'object' or nullif(btrim(coalesce(v_day ->> 'title', '')), '') is null then
      raise exception 'Each day needs a title' using errcode = '22023';
    end if;
    if length(v_day::text) > 10000 then
      raise exception 'A day''s description is too long' using errcode = '22023';
    end if;
  end loop;
  for v_line in select value from jsonb_array_elements(new.lines) loop
    if jsonb_typeof(v_line) <> 'object' or nullif(btrim(coalesce(v_line ->> 'label', '')), '') is null
       or length(v_line ->> 'label') > 200 then
      raise exception 'Each price line needs a description' using errcode = '22023';
    end if;
    if coalesce(v_line ->> 'quantity', '') !~ '^\d{1,3}$' or (v_line ->> 'quantity')::int < 1 then
      raise exception 'Quantities are whole numbers from 1 to 999' using errcode = '22023';
    end if;
    if coalesce(v_line ->> 'unit_price', '') !~ '^-?\d{1,9}(\.\d{1,2})?$' then
      raise exception 'Please give each line''s price as an amount' using errcode = '22023';
    end if;
    v_quantity := (v_line ->> 'quantity')::int;
    v_price := (v_line ->> 'unit_price')::numeric;
    if v_price < 0 then
      raise exception 'Prices cannot be negative' using errcode = '22023';
    end if;
    v_lines := v_lines || jsonb_build_object('label', btrim(v_line ->> 'label'), 'quantity', v_quantity,
                                             'unit_price', v_price, 'amount', round(v_quantity * v_price, 2));
  end loop;
  new.lines := v_lines;
  new.total_amount := coalesce((select sum((l ->> 'amount')::numeric) from jsonb_array_elements(v_lines) l), 0);
  if new.status in ('sent', 'accepted') then
    if jsonb_array_length(new.days) = 0 then
      raise exception 'Please add the trip''s days before sending the quote' using errcode = '22023';
    end if;
    if new.total_amount <= 0 then
      raise exception 'Please add the prices before sending the quote' using errcode = '22023';
    end if;
  end if;
  return new;
end
$$;

create trigger quotes_checked before insert or update on public.quotes
  for each row execute function public.check_quote();

create trigger quotes_audited after insert or update or delete on public.quotes
  for each row execute function public.record_audit();

alter table public.quotes enable row level security;

-- Staff who handle enquiries read and write quotes; clients see theirs only through its link.
create policy "enquiry staff read quotes" on public.quotes
  for select to authenticated using ((select public.has_permission('enquiries.read')));
create policy "enquiry staff draft quotes" on public.quotes
  for insert to authenticated with check ((select public.has_permission('enquiries.write')) and status = 'draft');
create policy "enquiry staff change quotes" on public.quotes
  for update to authenticated using ((select public.has_permission('enquiries.write')))
  with check ((select public.has_permission('enquiries.write')) and status in ('draft', 'sent', 'withdrawn'));
-- Only a draft, never seen by the client, may be thrown away; a sent quote is withdrawn instead.
create policy "enquiry staff discard draft quotes" on public.quotes
  for delete to authenticated using ((select public.has_permission('enquiries.write')) and status = 'draft');

revoke all on public.quotes from anon, authenticated;
grant select, insert, delete on public.quotes to authenticated;
grant update (title, tour_id, start_date, adults, children, currency, days, lines, valid_until, message, status) on public.quotes to authenticated;
