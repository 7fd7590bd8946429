import { EMAIL_STATUSES, NOTIFICATION_KINDS, type EmailStatus, type NotificationKind, type NotificationsSearch } from './search.ts';

/**
 * The notifications screen's rules, free of React and the network: who is told of each kind of
 * notification, where one opens, the email log's states and the arguments of its page.
 */

/** Each kind's name, what it tells, and the permission whose holders are told (the triggers' choice). */
export const KIND_INFO: Record<NotificationKind, { label: string; description: string; permission: string }> = {
  booking_made: { label: 'New bookings', description: 'A booking made online, by phone or from a quote', permission: 'bookings.read' },
  payment_received: { label: 'Payments received', description: 'A card payment, bank transfer, mobile money or cash', permission: 'bookings.read' },
  refund_due: { label: 'Refunds owed', description: 'Money to pay back to a client', permission: 'bookings.read' },
  hold_expiring: { label: 'Holds ending', description: 'An unpaid booking whose seats are released within a day', permission: 'bookings.read' },
  traveler_message: { label: 'Messages', description: 'A traveler writes to the team', permission: 'messages.read' },
  enquiry_received: { label: 'Enquiries', description: 'A question or trip request from the website', permission: 'enquiries.read' },
  email_failed: { label: 'Failed emails', description: 'An email that could not be delivered after every try', permission: 'emails.read' },
  team_account_changed: { label: 'Team accounts', description: 'A staff member’s sign-in email changed', permission: 'team.manage' },
  field_note: { label: 'Field notes', description: 'A note a guide writes on a trip in field mode', permission: 'operations.read' },
};

/** The kinds a staff member with these permissions can be told of: the only ones worth a switch. */
export function kindsFor(permissions: readonly string[]): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => permissions.includes(KIND_INFO[kind].permission));
}

export function isNotificationKind(kind: string): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/** Where a notification opens: its record's page in the back office, or this screen for anything else. */
export function notificationHref(link: string): string {
  return /^\/admin(\/|\?|$)/.test(link) ? link : '/admin/notifications';
}

/** '5 min ago', '3 h ago', 'yesterday', '4 days ago', or the date for anything older than a week. */
export function timeAgo(iso: string, now: Date, formatDate: (iso: string) => string): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDate(iso);
}

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = { pending: 'Waiting to send', sent: 'Sent', failed: 'Failed' };

/** Whether an email's status (text in the database) is one this screen knows. */
export function isEmailStatus(status: string): status is EmailStatus {
  return (EMAIL_STATUSES as readonly string[]).includes(status);
}

/** 'booking_confirmed' as a person reads it: 'Booking confirmed'. */
export function emailKindLabel(kind: string): string {
  const words = kind.replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : kind;
}

/** Only an email that failed for good may be sent again (retry_email checks the same). */
export function canRetry(email: { status: string }): boolean {
  return email.status === 'failed';
}

export const EMAIL_PAGE_SIZE = 25;
export const NOTIFICATION_PAGE_SIZE = 25;

/** The arguments of email_log() for the log's page. */
export function emailLogArguments(search: NotificationsSearch) {
  return {
    p_status: search.status ?? null,
    p_kind: search.type ?? null,
    p_query: search.to?.trim() || null,
    p_limit: EMAIL_PAGE_SIZE,
    p_offset: ((search.page ?? 1) - 1) * EMAIL_PAGE_SIZE,
  };
}
