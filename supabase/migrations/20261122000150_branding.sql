-- Company branding applied site-wide: logos, colors, fonts, contact details, branch offices.
-- The active row is what the site shows; column defaults are the spec's default branding, so a row
-- made from nothing is already usable. Policies are in 20261122000240_branding_policies.sql.

create table public.branding_settings (
  id uuid primary key default gen_random_uuid(),
  is_active boolean not null default true,
  logo_url text,
  logo_light_url text,
  footer_logo_url text,
  logo_alt_text text default 'Kilele Safaris',
  favicon_url text,
  company_name text not null default 'Kilele Safaris',
  tagline text,
  address text default 'Arusha, Tanzania',
  phone text,
  email text,
  facebook_url text,
  instagram_url text,
  twitter_url text,
  linkedin_url text,
  youtube_url text,
  primary_color text not null default '#e39f48',
  secondary_color text not null default '#2f5d50',
  accent_color text not null default '#c8553d',
  dark_color text not null default '#222831',
  light_color text not null default '#E2DFD0',
  orange_color text not null default '#d9822b',
  darkchoco_color text not null default '#3b2a20',
  heading_font text not null default 'Domine',
  body_font text not null default 'DM Sans',
  accent_font text not null default 'Great Vibes',
  base_font_size text not null default '16px',
  body_font_weight text not null default '400',
  medium_font_weight text not null default '500',
  bold_font_weight text not null default '700',
  footer_gradient_color text not null default 'linear-gradient(180deg, #222831 0%, #3b2a20 100%)',
  email_signature text,
  office_hours text default 'Mon-Fri 8AM-6PM, Sat 9AM-2PM',
  -- [{id, location, address, phone, email, hours, isPrimary}]
  branch_offices jsonb not null default '[]' check (jsonb_typeof(branch_offices) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid references public.users (id) on delete set null,
  check (primary_color ~ '^#[0-9A-Fa-f]{3,8}$' and secondary_color ~ '^#[0-9A-Fa-f]{3,8}$'
     and accent_color ~ '^#[0-9A-Fa-f]{3,8}$' and dark_color ~ '^#[0-9A-Fa-f]{3,8}$'
     and light_color ~ '^#[0-9A-Fa-f]{3,8}$' and orange_color ~ '^#[0-9A-Fa-f]{3,8}$'
     and darkchoco_color ~ '^#[0-9A-Fa-f]{3,8}$')
);

-- At most one active branding row.
create unique index branding_settings_one_active on public.branding_settings (is_active) where is_active;

create trigger branding_settings_set_updated_at before update on public.branding_settings
  for each row execute function public.set_updated_at();
