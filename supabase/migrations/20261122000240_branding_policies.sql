-- Branding: the active row is public (the site applies it before anyone signs in); admins read
-- drafts and write. Admin writes normally go through update_branding_settings_rpc (20261122000300);
-- these policies also allow the app's fallback of a direct update or insert.

alter table public.branding_settings enable row level security;

-- Everyone reads the active branding.
create policy "active branding is public" on public.branding_settings
  for select using (is_active);

-- Admins read and write every branding row.
create policy "admins manage branding" on public.branding_settings
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
