import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary.tsx';
import { renderAfterPageIdle } from '@/lib/idle.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';
import classes from './NewsletterSignup.module.css';

// The form (Mantine's TextInput and its input parts, the sign-up through the outbox) loads once the
// page is idle: the footer is below the fold, and the entry every page downloads goes without it.
const NewsletterForm = lazyWithLoad(() => import('./NewsletterForm.tsx'));

/**
 * The field and button as they will look, until the form's code has arrived: the footer never shows
 * a gap where the form goes. Touching either asks for the form at once, and its field takes the focus.
 */
function FormPlaceholder({ onWanted }: { onWanted: () => void }) {
  const fieldRef = useRef<HTMLInputElement>(null);
  // Focused before the page hydrated, when no handler was there to see it.
  useEffect(() => {
    if (fieldRef.current && document.activeElement === fieldRef.current) onWanted();
  }, [onWanted]);
  return (
    <div className={classes.form} data-pending>
      <span className={classes.pendingField}>
        <IconMail size={18} aria-hidden className={classes.pendingIcon} />
        <input ref={fieldRef} type="email" readOnly aria-label="Email address" placeholder="you@example.com" className={`${classes.input} ${classes.pendingInput}`} onFocus={onWanted} onClick={onWanted} />
      </span>
      <Button type="button" radius="xl" onClick={onWanted}>
        Subscribe
      </Button>
    </div>
  );
}

/** The footer's newsletter line: one email field. */
export function NewsletterSignup() {
  const [wanted, setWanted] = useState(false);
  const [focusOnArrival, setFocusOnArrival] = useState(false);
  useEffect(() => renderAfterPageIdle(() => setWanted(true), NewsletterForm.load), []);
  const wantNow = useCallback(() => {
    setFocusOnArrival(true);
    setWanted(true);
  }, []);
  const placeholder = <FormPlaceholder onWanted={wantNow} />;

  return (
    <Group justify="space-between" align="center" gap="lg" className={classes.row}>
      <Stack gap={2} maw={420}>
        <Text className={classes.title}>Stories from the bush</Text>
        <Text size="sm" className={classes.muted}>
          Migration news, new routes and seasonal offers, about once a month. Unsubscribe any time.
        </Text>
      </Stack>
      {wanted ? (
        // If its code cannot be fetched the footer goes on without the form, as the page does.
        <ErrorBoundary quiet>
          <Suspense fallback={placeholder}>
            <NewsletterForm autoFocus={focusOnArrival} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        placeholder
      )}
    </Group>
  );
}
