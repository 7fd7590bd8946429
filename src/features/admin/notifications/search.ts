import { z } from '@shared/zod.ts';
import { optionalInAddress as optional, withoutAbsent } from '@/lib/search-params.ts';
import { EMAIL_STATUSES, EMAIL_PAGE_SIZE, NOTIFICATION_KINDS } from './model.ts';

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
