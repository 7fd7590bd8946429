import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { Inbox } from '@/features/admin/messages/components/Inbox.tsx';
import { z } from '@shared/zod.ts';
import { optionalInAddress as optional } from '@/lib/search-params.ts';

const inboxSearch = z.object({
  thread: optional(z.uuid()),
  waiting: optional(z.literal(1)),
});

export const Route = createFileRoute('/admin/messages')({
  validateSearch: (search: Record<string, unknown>) => inboxSearch.parse(search),
  beforeLoad: ({ context }) => requirePermission(context.access, 'messages.read'),
  component: function MessagesScreen() {
    const { thread, waiting } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <Inbox threadId={thread} waitingOnly={waiting === 1} onChange={(next) => navigate({ search: next })} />;
  },
});
