-- Those who handle enquiries read the History of quotes (who changed a price line, when it was sent
-- and accepted), as booking staff read that of bookings; the rest of the audit log stays with
-- audit.read.
create policy "enquiry staff read the history of quotes" on public.audit_log
  for select to authenticated
  using (table_name = 'quotes' and (select public.has_permission('enquiries.read')));
