import { createFileRoute } from '@tanstack/react-router';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { MessagesView } from '@/features/portal/components/Messages.tsx';
import { usePortalUser } from '@/features/portal/hooks.ts';

export const Route = createFileRoute('/traveler/messages')({
  errorComponent: TravelerErrorScreen,
  // ?thread=<id> opens that conversation.
  validateSearch: (search: Record<string, unknown>): { thread?: string } => (typeof search.thread === 'string' ? { thread: search.thread } : {}),
  component: function MessagesPage() {
    const { thread } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <MessagesView userId={usePortalUser().id} threadId={thread} onSelect={(id) => void navigate({ search: id ? { thread: id } : {} })} />;
  },
});
