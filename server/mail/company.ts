import type { Queryable } from '../platform/db/types.ts';

/** Who the company's emails come from and how they sign off: the active branding row. */
export interface Company {
  name: string;
  email: string;
  phone: string | null;
  signature: string | null;
  /** The brand's main color, for buttons in HTML emails. */
  primaryColor: string;
  /** The company's time zone (booking settings), in which emails give times and days. */
  timeZone: string;
}

/** The active branding, with the sender address as the fallback contact email, and the time zone. */
export async function activeCompany(tx: Queryable, fallbackEmail: string): Promise<Company> {
  const { rows } = await tx.query<{
    company_name: string | null;
    email: string | null;
    phone: string | null;
    email_signature: string | null;
    primary_color: string | null;
    time_zone: string;
  }>(
    `select b.company_name, b.email, b.phone, b.email_signature, b.primary_color, public.company_time_zone() as time_zone
       from (select 1) one left join public.branding_settings b on b.is_active
      limit 1`,
  );
  const row = rows[0];
  return {
    name: row?.company_name ?? 'Kilele Safaris',
    email: row?.email?.trim() || fallbackEmail,
    phone: row?.phone?.trim() || null,
    signature: row?.email_signature?.trim() || null,
    primaryColor: row?.primary_color ?? '#e39f48',
    timeZone: row?.time_zone ?? 'Africa/Dar_es_Salaam',
  };
}

/** A moment as the day it is where the company is: '25 November 2026'. */
export function companyDate(company: Company, instant: string | Date): string {
  return new Date(instant).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: company.timeZone });
}

/** The sign-off under every email: the branding's signature, or a plain one with the company's name. */
export function signOff(company: Company): string {
  return company.signature ?? `Warm regards,\nThe ${company.name} team`;
}

/** The address inside MAIL_FROM ('Name <address>' or a bare address). */
export function addressOf(mailFrom: string): string {
  return mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim();
}
