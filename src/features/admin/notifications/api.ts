import { queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { emailLogArguments, NOTIFICATION_PAGE_SIZE } from './model.ts';
import type { NotificationKind, NotificationsSearch } from './search.ts';

export type StaffNotification = Pick<Database['public']['Tables']['staff_notifications']['Row'], 'id' | 'kind' | 'title' | 'body' | 'link' | 'created_at' | 'read_at'>;

/** A row of the email log, as email_log returns it (email_log_row, 20261128040600_typed_returns_lists.sql). */
export interface EmailLogRow {
  id: string;
  to_address: string;
  subject: string;
  kind: string;
  /** An EmailStatus. */
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  next_attempt_at: string;
  /** A sign-in email: its text is never shown. */
  withheld: boolean;
}

export interface EmailLog {
  total: number;
  kinds: string[];
  rows: EmailLogRow[];
}

export const notificationKeys = {
  all: ['admin', 'notifications'] as const,
  unread: ['admin', 'notifications', 'unread'] as const,
  list: (unreadOnly: boolean, kind: NotificationKind | null, page: number) => ['admin', 'notifications', 'list', unreadOnly, kind, page] as const,
  optOuts: ['admin', 'notifications', 'opt-outs'] as const,
  emails: ['admin', 'emails'] as const,
  emailLog: (search: NotificationsSearch) => ['admin', 'emails', 'log', emailLogArguments(search)] as const,
  email: (id: string) => ['admin', 'emails', 'content', id] as const,
};

/** The bell's count: the signed-in staff member's unread notifications (their own rows only, by RLS). */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async (): Promise<number> => {
      const { count, error } = await (await getSupabase()).from('staff_notifications').select('id', { count: 'exact', head: true }).is('read_at', null);
      if (error) throw error;
      return count ?? 0;
    },
    refetchInterval: 60_000,
  });

export const notificationsPageQuery = (unreadOnly: boolean, kind: NotificationKind | null, page: number) =>
  queryOptions({
    queryKey: notificationKeys.list(unreadOnly, kind, page),
    queryFn: async (): Promise<{ rows: StaffNotification[]; total: number }> => {
      let request = (await getSupabase())
        .from('staff_notifications')
        .select('id, kind, title, body, link, created_at, read_at', { count: 'exact' })
        .order('created_at', { ascending: false })
        .order('id')
        .range((page - 1) * NOTIFICATION_PAGE_SIZE, page * NOTIFICATION_PAGE_SIZE - 1);
      if (unreadOnly) request = request.is('read_at', null);
      if (kind) request = request.eq('kind', kind);
      const { data, count, error } = await request;
      if (error) throw error;
      return { rows: data, total: count ?? 0 };
    },
    refetchInterval: 60_000,
  });

export async function markRead(id: string): Promise<void> {
  const { error } = await (await getSupabase()).from('staff_notifications').update({ read_at: new Date().toISOString() }).eq('id', id).is('read_at', null);
  if (error) throw error;
}

/** Marks every unread notification of the signed-in staff member read (RLS keeps it to theirs). */
export async function markAllRead(): Promise<void> {
  const { error } = await (await getSupabase()).from('staff_notifications').update({ read_at: new Date().toISOString() }).is('read_at', null);
  if (error) throw error;
}

/** The kinds the signed-in staff member turned off. */
export const optOutsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.optOuts,
    queryFn: async (): Promise<NotificationKind[]> => {
      const { data, error } = await (await getSupabase()).from('staff_notification_opt_outs').select('kind');
      if (error) throw error;
      return data.map((row) => row.kind as NotificationKind);
    },
  });

export async function setKindEnabled(userId: string, kind: NotificationKind, enabled: boolean): Promise<void> {
  const optOuts = (await getSupabase()).from('staff_notification_opt_outs');
  const { error } = enabled ? await optOuts.delete().eq('user_id', userId).eq('kind', kind) : await optOuts.upsert({ user_id: userId, kind }, { ignoreDuplicates: true });
  if (error) throw error;
}

export const emailLogQuery = (search: NotificationsSearch) =>
  queryOptions({
    queryKey: notificationKeys.emailLog(search),
    queryFn: async (): Promise<EmailLog> => {
      const { data, error } = await (await getSupabase()).rpc('email_log', emailLogArguments(search));
      if (error) throw error;
      return data;
    },
    // Retried emails go out within seconds: the log follows them while it is open.
    refetchInterval: 15_000,
  });

/** One email's text, fetched when it is opened; withheld (null) for sign-in emails. */
export const emailContentQuery = (id: string) =>
  queryOptions({
    queryKey: notificationKeys.email(id),
    queryFn: async (): Promise<{ body_text: string | null; withheld: boolean }> => {
      const { data, error } = await (await getSupabase()).rpc('email_content', { p_email_id: id }).single();
      if (error) throw error;
      return data;
    },
    staleTime: Infinity,
  });

export async function retryEmail(id: string): Promise<void> {
  const { error } = await (await getSupabase()).rpc('retry_email', { p_email_id: id });
  if (error) throw error;
}
