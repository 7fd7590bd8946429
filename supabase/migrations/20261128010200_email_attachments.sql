-- Attachments of a queued email, named rather than stored: each entry says which document to draw
-- ({"document": "invoice", "booking_id": ...} or {"document": "receipt", "booking_id": ...,
-- "payment_id": ...}), and the sender (server/mail/queue.ts) draws it when it sends the email. The
-- queue stays small, and a retry after a failure draws the same document again.
alter table public.email_queue
  add column attachments jsonb not null default '[]'
    check (jsonb_typeof(attachments) = 'array' and jsonb_array_length(attachments) <= 5);

comment on column public.email_queue.attachments is
  'The documents to attach, drawn at send time: [{document: invoice, booking_id}] or [{document: receipt, booking_id, payment_id}].';
