-- A booking is never deleted through the API, admins included: it is cancelled (cancel_booking) and
-- stays, with its payments and emails, in the company's books. (Admins kept DELETE under the policy
-- "admins manage bookings", which also covers reading and writing notes.)
revoke delete on public.bookings from authenticated;
