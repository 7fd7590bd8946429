-- update_branding_settings_rpc: how the admin branding screen saves. Every branding field is a
-- p_-prefixed parameter; null leaves a field as it is, an empty string clears an optional field
-- (required fields keep their value). Updates the active row, creating it from the defaults when
-- there is none, and returns it.

create or replace function public.update_branding_settings_rpc(
  p_logo_url text default null,
  p_logo_light_url text default null,
  p_footer_logo_url text default null,
  p_logo_alt_text text default null,
  p_favicon_url text default null,
  p_company_name text default null,
  p_tagline text default null,
  p_address text default null,
  p_phone text default null,
  p_email text default null,
  p_facebook_url text default null,
  p_instagram_url text default null,
  p_twitter_url text default null,
  p_linkedin_url text default null,
  p_youtube_url text default null,
  p_primary_color text default null,
  p_secondary_color text default null,
  p_accent_color text default null,
  p_dark_color text default null,
  p_light_color text default null,
  p_orange_color text default null,
  p_darkchoco_color text default null,
  p_heading_font text default null,
  p_body_font text default null,
  p_accent_font text default null,
  p_base_font_size text default null,
  p_body_font_weight text default null,
  p_medium_font_weight text default null,
  p_bold_font_weight text default null,
  p_footer_gradient_color text default null,
  p_email_signature text default null,
  p_office_hours text default null,
  p_branch_offices jsonb default null
) returns public.branding_settings
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_user_id uuid := auth.uid();
  v_id uuid;
  v_row public.branding_settings;
begin
  -- 42501 answers 401 to a caller without a session and 403 to a signed-in non-admin.
  if v_user_id is null then
    raise exception 'Authentication required. Please log in again.' using errcode = '42501';
  end if;
  if not public.is_admin() then
    raise exception 'Only administrators can update branding' using errcode = '42501';
  end if;
  if p_branch_offices is not null and jsonb_typeof(p_branch_offices) <> 'array' then
    raise exception 'Branch offices must be a list' using errcode = '22023';
  end if;

  select id into v_id from public.branding_settings where is_active for update;
  if v_id is null then
    insert into public.branding_settings (is_active, updated_by) values (true, v_user_id) returning id into v_id;
  end if;

  update public.branding_settings
     set
         logo_url              = case when p_logo_url is null then logo_url else nullif(btrim(p_logo_url), '') end,
         logo_light_url        = case when p_logo_light_url is null then logo_light_url else nullif(btrim(p_logo_light_url), '') end,
         footer_logo_url       = case when p_footer_logo_url is null then footer_logo_url else nullif(btrim(p_footer_logo_url), '') end,
         logo_alt_text         = case when p_logo_alt_text is null then logo_alt_text else nullif(btrim(p_logo_alt_text), '') end,
         favicon_url           = case when p_favicon_url is null then favicon_url else nullif(btrim(p_favicon_url), '') end,
         company_name          = coalesce(nullif(btrim(p_company_name), ''), company_name),
         tagline               = case when p_tagline is null then tagline else nullif(btrim(p_tagline), '') end,
         address               = case when p_address is null then address else nullif(btrim(p_address), '') end,
         phone                 = case when p_phone is null then phone else nullif(btrim(p_phone), '') end,
         email                 = case when p_email is null then email else nullif(btrim(p_email), '') end,
         facebook_url          = case when p_facebook_url is null then facebook_url else nullif(btrim(p_facebook_url), '') end,
         instagram_url         = case when p_instagram_url is null then instagram_url else nullif(btrim(p_instagram_url), '') end,
         twitter_url           = case when p_twitter_url is null then twitter_url else nullif(btrim(p_twitter_url), '') end,
         linkedin_url          = case when p_linkedin_url is null then linkedin_url else nullif(btrim(p_linkedin_url), '') end,
         youtube_url           = case when p_youtube_url is null then youtube_url else nullif(btrim(p_youtube_url), '') end,
         primary_color         = coalesce(nullif(btrim(p_primary_color), ''), primary_color),
         secondary_color       = coalesce(nullif(btrim(p_secondary_color), ''), secondary_color),
         accent_color          = coalesce(nullif(btrim(p_accent_color), ''), accent_color),
         dark_color            = coalesce(nullif(btrim(p_dark_color), ''), dark_color),
         light_color           = coalesce(nullif(btrim(p_light_color), ''), light_color),
         orange_color          = coalesce(nullif(btrim(p_orange_color), ''), orange_color),
         darkchoco_color       = coalesce(nullif(btrim(p_darkchoco_color), ''), darkchoco_color),
         heading_font          = coalesce(nullif(btrim(p_heading_font), ''), heading_font),
         body_font             = coalesce(nullif(btrim(p_body_font), ''), body_font),
         accent_font           = coalesce(nullif(btrim(p_accent_font), ''), accent_font),
         base_font_size        = coalesce(nullif(btrim(p_base_font_size), ''), base_font_size),
         body_font_weight      = coalesce(nullif(btrim(p_body_font_weight), ''), body_font_weight),
         medium_font_weight    = coalesce(nullif(btrim(p_medium_font_weight), ''), medium_font_weight),
         bold_font_weight      = coalesce(nullif(btrim(p_bold_font_weight), ''), bold_font_weight),
         footer_gradient_color = coalesce(nullif(btrim(p_footer_gradient_color), ''), footer_gradient_color),
         email_signature       = case when p_email_signature is null then email_signature else nullif(btrim(p_email_signature), '') end,
         office_hours          = case when p_office_hours is null then office_hours else nullif(btrim(p_office_hours), '') end,
         branch_offices        = coalesce(p_branch_offices, branch_offices),
         updated_by            = v_user_id
   where id = v_id
  returning * into v_row;
  return v_row;
end
$$;

-- Anonymous callers keep execute so they get the 'Authentication required' message, not a bare
-- permission error; the function itself refuses them.
grant execute on function public.update_branding_settings_rpc(text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text, jsonb) to anon, authenticated, service_role;
