import { ActionIcon, CloseButton, Indicator, Loader, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { WhenShown } from '@/components/widgets/WhenShown.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';
import { useSession } from '@/lib/session/index.ts';
import { useChatUnread } from './chat-thread.ts';
import classes from './ChatWidget.module.css';

// The panels (their forms, and the enquiry's checks with zod) load when the chat is about to open:
// the launcher alone is what every page shows, and it arrives while the page is still settling.
const VisitorChatPanel = lazyWithLoad(() => import('./VisitorChatPanel.tsx').then((module) => ({ default: module.VisitorChatPanel })));
const TravelerChat = lazyWithLoad(() => import('./TravelerChat.tsx').then((module) => ({ default: module.TravelerChat })));

/**
 * The chat widget on every page, loaded after the page is idle. A visitor leaves
 * a message with their email and gets the answer by email; a signed-in traveler writes in their
 * 'Chat with us' thread, which is also in the portal's messages, and sees staff replies here.
 */
export default function ChatWidget() {
  const { status, user } = useSession();
  const { companyName } = useBranding();
  const [open, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const signedIn = status === 'signedIn' && user !== null;
  const unread = useChatUnread(signedIn ? user.id : null);

  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  // Escape closes the chat wherever focus is (after sending, it may be on the page).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      launcher.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const focusFirstField = () => panel.current?.querySelector<HTMLElement>('textarea, input:not([tabindex="-1"])')?.focus();
  const loadPanel = () => void (signedIn ? TravelerChat.load() : VisitorChatPanel.load());

  return (
    <>
      {open && (
        <section
          ref={panel}
          className={classes.panel}
          role="dialog"
          aria-label={`Chat with ${companyName}`}
          data-testid="chat-panel"
        >
          <header className={classes.header}>
            <div>
              <Text fw={700} className={classes.title}>
                Chat with {companyName}
              </Text>
              <Text size="xs" className={classes.subtitle}>
                Safari experts, usually replying within a few hours
              </Text>
            </div>
            <CloseButton aria-label="Close the chat" onClick={close} className={classes.close} />
          </header>
          <Suspense fallback={<Loader size="sm" m="xl" mx="auto" aria-label="Opening the chat" />}>
            {signedIn ? <TravelerChat userId={user.id} firstName={user.profile?.full_name?.split(' ')[0] ?? null} /> : <VisitorChatPanel />}
            <WhenShown key={signedIn ? 'traveler' : 'visitor'} then={focusFirstField} />
          </Suspense>
        </section>
      )}
      <Indicator label={unread} size={18} color="accent" disabled={open || unread === 0} offset={6} className={classes.launcher}>
        <ActionIcon
          ref={launcher}
          size={56}
          radius="xl"
          variant="filled"
          aria-label={open ? 'Close the chat' : unread ? `Chat with us, ${unread} new ${unread === 1 ? 'reply' : 'replies'}` : 'Chat with us'}
          aria-expanded={open}
          onClick={() => (open ? close() : setOpen(true))}
          onPointerEnter={loadPanel}
          onFocus={loadPanel}
          onTouchStart={loadPanel}
          data-testid="chat-launcher"
          className={classes.launcherButton}
        >
          <IconMessageCircle size={28} aria-hidden />
        </ActionIcon>
      </Indicator>
    </>
  );
}
