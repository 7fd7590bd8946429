import { Group, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary.tsx';
import { renderAfterPageIdle } from '@/lib/idle.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';
import classes from './NewsletterSignup.module.css';

// The form (Mantine's TextInput and its input parts, the sign-up through the outbox) loads once the
// page is idle: the footer is below the fold, and the entry every page downloads goes without it.
const NewsletterForm = lazyWithLoad(() => import('./NewsletterForm.tsx'));

/** The footer's newsletter line: one email field. */
export function NewsletterSignup() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => renderAfterPageIdle(() => setWanted(true), NewsletterForm.load), []);
  // Holds the form's place, so nothing moves when it arrives.
  const placeholder = <div className={classes.form} data-pending />;

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
            <NewsletterForm />
          </Suspense>
        </ErrorBoundary>
      ) : (
        placeholder
      )}
    </Group>
  );
}
