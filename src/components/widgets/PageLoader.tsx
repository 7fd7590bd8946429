import { Center, Loader, VisuallyHidden } from '@mantine/core';

/**
 * The page loading spinner: centered in a box as tall as a typical page's first screen, so the
 * footer does not jump up and back while a route loads. Announced to screen readers.
 */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader size="lg" aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
