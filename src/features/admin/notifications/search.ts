import { z } from '@/lib/zod.ts';
import { EMAIL_STATUSES, EMAIL_PAGE_SIZE, NOTIFICATION_KINDS } from './model.ts';

/** The screen's state in the address: the tab, each list's filters and page. */
export const NOTIFICATION_TABS = ['notifications', 'emails'] as const;

/** A wrong value is dropped rather than refused: an old or edited link still opens the screen. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const notificationsSearchSchema = z.object({
  tab: optional(z.enum(NOTIFICATION_TABS)),
  // The notifications: only unread ones, one kind.
  unread: optional(z.literal(1)),
  kind: optional(z.enum(NOTIFICATION_KINDS)),
  // The email log: its status, the email's kind (any text: kinds are the server's), part of an address.
  status: optional(z.enum(EMAIL_STATUSES)),
  type: optional(z.string().regex(/^[a-z_]{1,60}$/)),
  to: optional(z.string().max(200)),
  page: optional(z.number().int().min(1).max(100_000)),
});

export type NotificationsSearch = z.infer<typeof notificationsSearchSchema>;

export function validateNotificationsSearch(search: Record<string, unknown>): NotificationsSearch {
  const parsed = notificationsSearchSchema.parse(search);
  // No keys for values left at their defaults: the address stays short.
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as NotificationsSearch;
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
