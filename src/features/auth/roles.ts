/** What each role may do on this site, in the visitor's words. */
export const roleAllowances: Record<string, { label: string; allows: string[] }> = {
  traveler: {
    label: 'Traveler',
    allows: [
      'Your traveler portal: trips, bookings and their documents',
      'Payments and what is still to pay',
      'Messages with our team',
      'Your wishlist, profile and settings',
    ],
  },
  agent: {
    label: 'Agent',
    allows: ['Everything a traveler can do', 'The back office: bookings, clients, enquiries, messages and the calendar'],
  },
  editor: {
    label: 'Editor',
    allows: ['Everything a traveler can do', 'The back office: tours, destinations, the blog and the site content'],
  },
  guide: {
    label: 'Guide',
    allows: ['Everything a traveler can do', 'The back office: your assigned departures and the calendar'],
  },
  admin: {
    label: 'Administrator',
    allows: ['Everything a traveler can do', 'The back office: bookings, tours, content, clients, branding and settings'],
  },
};

export function allowancesOf(role: string): { label: string; allows: string[] } {
  return roleAllowances[role] ?? { label: role, allows: ['Everything a traveler can do'] };
}

export { hasBackOffice } from '@/lib/session/roles.ts';
