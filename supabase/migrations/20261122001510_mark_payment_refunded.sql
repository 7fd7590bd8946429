-- Money owed back is marked as given back: a payment in refund_due (a card payment that arrived for a
-- booking no longer open, 20261122001400; or a payment of a departure the company cancelled,
-- 20261122001520) becomes refunded once the team has returned it, in Stripe or by bank. Payments are
-- not written through the API (20261122001500), so this is the way to do it.
alter table public.payments
  add column refunded_at timestamptz,
  -- The refund's reference at Stripe or the bank.
  add column refund_reference text check (refund_reference is null or length(refund_reference) <= 200);

-- Admins only. Refuses a payment that is not owed back. Returns the payment.
create or replace function public.mark_payment_refunded(p_payment_id uuid, p_reference text default null)
returns public.payments
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_payment public.payments;
begin
  if not public.is_staff_request() then
    raise exception 'Only administrators can record refunds' using errcode = '42501';
  end if;
  select * into v_payment from public.payments where id = p_payment_id for update;
  if not found then
    raise exception 'This payment could not be found' using errcode = 'PT404';
  end if;
  if v_payment.status <> 'refund_due' then
    raise exception 'Only a payment that is owed back can be marked refunded' using errcode = 'PT409';
  end if;
  update public.payments
     set status = 'refunded', refunded_at = now(), refund_reference = nullif(btrim(p_reference), '')
   where id = p_payment_id
  returning * into v_payment;
  return v_payment;
end
$$;

revoke execute on function public.mark_payment_refunded(uuid, text) from public, anon;
grant execute on function public.mark_payment_refunded(uuid, text) to authenticated, service_role;
