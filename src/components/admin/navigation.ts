import { IconActivity, IconAddressBook, IconBell, IconChartBar, IconCalendarEvent, IconCar, IconCompass, IconDeviceTablet, IconHistory, IconInbox, IconLayoutDashboard, IconListCheck, IconMap2, IconMapPin, IconMessages, IconPhoto, IconSparkles, IconSettings, IconShieldLock, IconTicket, IconUsersGroup, type Icon } from '@tabler/icons-react';

/**
 * The back office's screens as data: the sidebar and the command palette are built from it, each
 * screen shown only to roles holding its permission (public.role_permissions). A screen joins this
 * list when it exists.
 */
export interface AdminScreen {
  label: string;
  to: string;
  icon: Icon;
  /** The permission that opens it; its route's beforeLoad checks the same one. */
  permission: string;
  group: 'Overview' | 'Sales' | 'Operations' | 'Catalogue' | 'Content' | 'Company' | 'System';
  /** Words the command palette also finds it by. */
  keywords?: string[];
  /** Addresses outside `to` that are part of the screen (a quote is opened from its enquiry). */
  includes?: string[];
}

export const adminScreens: AdminScreen[] = [
  { label: 'Dashboard', to: '/admin', icon: IconLayoutDashboard, permission: 'backoffice.open', group: 'Overview', keywords: ['home', 'today'] },
  { label: 'Notifications', to: '/admin/notifications', icon: IconBell, permission: 'backoffice.open', group: 'Overview', keywords: ['alerts', 'unread', 'email log', 'failed emails', 'retry'] },
  { label: 'Analytics', to: '/admin/analytics', icon: IconChartBar, permission: 'analytics.read', group: 'Overview', keywords: ['reports', 'revenue', 'funnel', 'conversion', 'occupancy', 'cancellations', 'statistics'] },
  { label: 'Bookings', to: '/admin/bookings', icon: IconTicket, permission: 'bookings.read', group: 'Sales', keywords: ['reservations', 'payments', 'balance'] },
  { label: 'Enquiries', to: '/admin/bookings/enquiries', icon: IconInbox, permission: 'enquiries.read', group: 'Sales', keywords: ['quotes', 'pipeline', 'leads', 'tailor-made', 'trip requests'], includes: ['/admin/bookings/quotes'] },
  { label: 'Clients', to: '/admin/clients', icon: IconAddressBook, permission: 'clients.read', group: 'Sales', keywords: ['customers', 'travelers', 'guests', 'people', 'merge', 'erase', 'gdpr'] },
  { label: 'Messages', to: '/admin/messages', icon: IconMessages, permission: 'messages.read', group: 'Sales', keywords: ['inbox', 'conversations', 'chat', 'reply'] },
  { label: 'Calendar', to: '/admin/calendar', icon: IconCalendarEvent, permission: 'operations.read', group: 'Operations', keywords: ['departures', 'trips', 'schedule', 'move', 'dates', 'assign', 'manifest'], includes: ['/admin/manifests'] },
  { label: 'Field mode', to: '/admin/field', icon: IconDeviceTablet, permission: 'field.work', group: 'Operations', keywords: ['offline', 'check-in', 'manifest', 'cash', 'incident', 'tablet', 'today'] },
  { label: 'Guides', to: '/admin/guides', icon: IconCompass, permission: 'operations.read', group: 'Operations', keywords: ['staff', 'licences', 'leave', 'languages', 'drivers', 'rangers'] },
  { label: 'Vehicles', to: '/admin/vehicles', icon: IconCar, permission: 'operations.read', group: 'Operations', keywords: ['fleet', 'land cruiser', 'insurance', 'service', 'seats', 'cars'] },
  { label: 'Tours', to: '/admin/tours', icon: IconMap2, permission: 'catalogue.write', group: 'Catalogue', keywords: ['catalogue', 'itinerary', 'departures', 'prices', 'seasons', 'publish', 'safaris', 'trips'] },
  { label: 'Destinations', to: '/admin/destinations', icon: IconMapPin, permission: 'catalogue.write', group: 'Catalogue', keywords: ['parks', 'places', 'regions', 'order', 'serengeti'] },
  { label: 'Experiences', to: '/admin/experiences', icon: IconSparkles, permission: 'catalogue.write', group: 'Catalogue', keywords: ['trip styles', 'walking', 'honeymoon', 'beach'] },
  { label: 'Activities', to: '/admin/activities', icon: IconActivity, permission: 'catalogue.write', group: 'Catalogue', keywords: ['game drive', 'balloon', 'walk', 'things to do'] },
  { label: 'Itinerary checks', to: '/admin/check-itinerary', icon: IconListCheck, permission: 'catalogue.write', group: 'Catalogue', keywords: ['itinerary-debug', 'problems', 'missing', 'accommodation', 'meals', 'gaps', 'quality'], includes: ['/admin/itinerary-debug'] },
  { label: 'Media', to: '/admin/media', icon: IconPhoto, permission: 'media.write', group: 'Content', keywords: ['pictures', 'images', 'photos', 'upload', 'alt text', 'library', 'files'] },
  { label: 'Settings', to: '/admin/settings', icon: IconSettings, permission: 'settings.write', group: 'Company', keywords: ['cancellation', 'policy', 'holds', 'rates', 'currency', 'deposit'] },
  { label: 'Team', to: '/admin/team', icon: IconUsersGroup, permission: 'team.manage', group: 'Company', keywords: ['staff', 'users', 'invite', 'roles', 'deactivate', 'accounts'] },
  { label: 'Audit trail', to: '/admin/audit', icon: IconHistory, permission: 'audit.read', group: 'Company', keywords: ['audit log', 'history', 'changes', 'who changed', 'activity'] },
  { label: 'Sign-in details', to: '/admin/auth-debug', icon: IconShieldLock, permission: 'backoffice.open', group: 'System', keywords: ['auth', 'debug', 'token', 'session', 'role', 'permissions'] },
];

export const screenGroups: AdminScreen['group'][] = ['Overview', 'Sales', 'Operations', 'Catalogue', 'Content', 'Company', 'System'];

/** The screens a role with these permissions may open, in the sidebar's order. */
export function screensFor(permissions: readonly string[]): AdminScreen[] {
  return adminScreens.filter((screen) => permissions.includes(screen.permission));
}

const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The screen an address belongs to, for the sidebar's highlight: the one whose address (or one it
 * includes) is the longest start of it, so /admin/bookings/enquiries is Enquiries, not Bookings.
 */
export function activeScreen(pathname: string, screens: readonly AdminScreen[]): AdminScreen | undefined {
  let best: { screen: AdminScreen; length: number } | undefined;
  for (const screen of screens) {
    for (const base of [screen.to, ...(screen.includes ?? [])]) {
      const matches = base === '/admin' ? pathname === '/admin' || pathname === '/admin/' : within(pathname, base);
      if (matches && (!best || base.length > best.length)) best = { screen, length: base.length };
    }
  }
  return best?.screen;
}
