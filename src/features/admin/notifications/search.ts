import { z } from '@shared/zod.ts';
import { optionalInAddress as optional, withoutAbsent } from '@/lib/search-params.ts';

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

export const notificationsSearchSchema = z.object({
  tab: optional(z.enum(NOTIFICATION_TABS)),
  // The notifications: only unread ones, one kind.
  unread: optional(z.literal(1)),
  kind: optional(z.enum(NOTIFICATION_KINDS)),
  // The email log: its status, the email's kind (any text: kinds are the server's), part of an address.
  status: optional(z.enum(EMAIL_STATUSES)),
  type: optional(z.string().check(z.regex(/^[a-z_]{1,60}$/))),
  to: optional(z.string().check(z.maxLength(200))),
  page: optional(z.int().check(z.minimum(1), z.maximum(100_000))),
});

export type NotificationsSearch = z.infer<typeof notificationsSearchSchema>;

export function validateNotificationsSearch(search: Record<string, unknown>): NotificationsSearch {
  return withoutAbsent(notificationsSearchSchema.parse(search));
}
