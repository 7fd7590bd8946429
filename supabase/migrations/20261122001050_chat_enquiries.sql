-- The chat widget: a visitor who is not signed in leaves a message with their email, and it is kept as
-- an enquiry of its own kind, so staff see where it came from and answer by email. (A signed-in
-- traveler's chat goes to their message threads instead; see 20261122001000_traveler_portal.sql.)
alter table public.enquiries drop constraint enquiries_kind_check;
alter table public.enquiries
  add constraint enquiries_kind_check check (kind in ('contact', 'start_planning', 'tour_question', 'partnership', 'chat'));
