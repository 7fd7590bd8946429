-- Payments are written only by the functions that check them: record_payment (the team records money
-- that reached the company: at most what is due, in the booking's currency), record_card_payment (the
-- server, from a signed Stripe event) and cancel_booking (refunds). A row typed in through the API
-- would skip those checks, so admins keep reading payments but no longer write them directly.
drop policy "admins manage payments" on public.payments;

-- Admins read every payment (travelers read their own: "travelers read own payments").
create policy "admins read payments" on public.payments
  for select to authenticated using ((select public.is_admin()));

revoke insert, update, delete on public.payments from authenticated;
