/** The demo company's time zone (booking_settings.time_zone as seeded): its "today" is the one the database counts from. */
export const COMPANY_TIME_ZONE = 'Africa/Dar_es_Salaam';

/** The company's today plus some days (before it when negative), as yyyy-mm-dd: from 21:00 UTC Arusha is a day ahead of UTC. */
export function companyDay(days = 0): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: COMPANY_TIME_ZONE });
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
