import { Tabs } from '@mantine/core';
import { IconBell, IconMail } from '@tabler/icons-react';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import type { NotificationsSearch } from '../search.ts';
import { EmailLog } from './EmailLog.tsx';
import { NotificationsList } from './NotificationsList.tsx';

/**
 * /admin/notifications: the staff member's own notifications, and for admins the email log. The
 * tab and each list's filters and page are in the address.
 */
export function NotificationsScreen({
  search,
  onSearchChange,
  userId,
  permissions,
}: {
  search: NotificationsSearch;
  onSearchChange: (next: Partial<NotificationsSearch>) => void;
  userId: string;
  permissions: readonly string[];
}) {
  const canReadEmails = permissions.includes('emails.read');
  const tab = canReadEmails ? (search.tab ?? 'notifications') : 'notifications';
  const list = <NotificationsList search={search} onSearchChange={onSearchChange} userId={userId} permissions={permissions} />;
  return (
    <>
      <PageHeader
        title="Notifications"
        description={canReadEmails ? 'What happened that you should look at, and every email the site sent.' : 'What happened that you should look at.'}
      />
      {canReadEmails ? (
        <Tabs
          value={tab}
          // Each tab starts on its own first page, filters cleared.
          onChange={(value) => onSearchChange({ tab: value === 'emails' ? 'emails' : undefined, page: undefined, unread: undefined, kind: undefined, status: undefined, type: undefined, to: undefined })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
              Notifications
            </Tabs.Tab>
            <Tabs.Tab value="emails" leftSection={<IconMail size={16} />}>
              Email log
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="notifications">{list}</Tabs.Panel>
          <Tabs.Panel value="emails">
            <EmailLog search={search} onSearchChange={onSearchChange} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        list
      )}
    </>
  );
}
