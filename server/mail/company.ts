import type { Queryable } from '../db/types.ts';

/** Who the company's emails come from and how they sign off: the active branding row. */
export interface Company {
  name: string;
  email: string;
  phone: string | null;
  signature: string | null;
  /** The brand's main color, for buttons in HTML emails. */
  primaryColor: string;
}

/** The active branding, with the sender address as the fallback contact email. */
export async function activeCompany(tx: Queryable, fallbackEmail: string): Promise<Company> {
  const { rows } = await tx.query<{ company_name: string; email: string | null; phone: string | null; email_signature: string | null; primary_color: string }>(
    `select company_name, email, phone, email_signature, primary_color from public.branding_settings where is_active limit 1`,
  );
  const row = rows[0];
  return {
    name: row?.company_name ?? 'Kilele Safaris',
    email: row?.email?.trim() || fallbackEmail,
    phone: row?.phone?.trim() || null,
    signature: row?.email_signature?.trim() || null,
    primaryColor: row?.primary_color ?? '#e39f48',
  };
}

/** The sign-off under every email: the branding's signature, or a plain one with the company's name. */
export function signOff(company: Company): string {
  return company.signature ?? `Warm regards,\nThe ${company.name} team`;
}

/** The address inside MAIL_FROM ('Name <address>' or a bare address). */
export function addressOf(mailFrom: string): string {
  return mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim();
}
