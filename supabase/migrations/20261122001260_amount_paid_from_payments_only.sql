-- What a booking has been paid is the sum of its payments (20261122001210_payments_ledger.sql keeps
-- it), so nobody writes it by hand any more, admins included: staff record a payment instead
-- (record_payment), which also confirms the booking and sends the receipt. Notes stay editable.
revoke update (amount_paid) on public.bookings from authenticated;
