import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { Inbox } from '@/features/admin/messages/components/Inbox.tsx';
import { flag, searchParams, uuid } from '@/lib/search-params.ts';

const validateInboxSearch = searchParams({ thread: uuid, waiting: flag });

export const Route = createFileRoute('/admin/messages')({
  validateSearch: validateInboxSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'messages.read'),
  component: function MessagesScreen() {
    const { thread, waiting } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <Inbox threadId={thread} waitingOnly={waiting === 1} onChange={(next) => navigate({ search: next })} />;
  },
});
