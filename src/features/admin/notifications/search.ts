import { type AddressSearch, flag, oneOf, searchParams, text, wholeNumber } from '@/lib/search-params.ts';

/** The kinds of notification, as public.staff_notifications checks them. */
export const NOTIFICATION_KINDS = [
  'booking_made',
  'payment_received',
  'refund_due',
  'hold_expiring',
  'traveler_message',
  'enquiry_received',
  'email_failed',
  'team_account_changed',
  'field_note',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The email log's states. */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** The screen's state in the address: the tab, each list's filters and page. */
export const NOTIFICATION_TABS = ['notifications', 'emails'] as const;

const notificationsSearch = {
  tab: oneOf(NOTIFICATION_TABS),
  // The notifications: only unread ones, one kind.
  unread: flag,
  kind: oneOf(NOTIFICATION_KINDS),
  // The email log: its status, the email's kind (any text: kinds are the server's), part of an address.
  status: oneOf(EMAIL_STATUSES),
  type: text({ max: 60, pattern: /^[a-z_]{1,60}$/ }),
  to: text({ max: 200 }),
  page: wholeNumber(1, 100_000),
};

export type NotificationsSearch = AddressSearch<typeof notificationsSearch>;

export const validateNotificationsSearch = searchParams(notificationsSearch);
