import { Alert, Container } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';

const statusWords: Record<string, string> = {
  draft: 'a draft: visitors do not see it yet',
  archived: 'archived: visitors no longer see it',
  active: 'published: visitors see it as it is here',
};

/** Above a tour previewed by staff: what visitors see of it, and the way back to its editor. */
export function PreviewBanner({ tourId, status }: { tourId: string; status: string }) {
  return (
    // One line with room below it: the banner sat on the hero's top edge, as if covering the picture.
    <Container size="lg" py="sm">
      <Alert color={status === 'active' ? 'teal' : 'orange'} icon={<IconEye size={18} />} py="xs">
        <strong>Preview:</strong> this tour is {statusWords[status] ?? status}.{' '}
        <AnchorLink to="/admin/tours/$tourId" params={{ tourId }}>
          Back to the editor
        </AnchorLink>
      </Alert>
    </Container>
  );
}

/** A preview address that no longer opens the tour: its hours are over, or its staff member signed out. */
export function PreviewEnded() {
  return (
    <Container size="sm" py="xl">
      <Alert color="orange" icon={<IconEyeOff size={18} />} title="This preview has ended">
        A preview address works for twelve hours, while the staff member who opened it stays signed in. Open the preview again from the tour’s editor.{' '}
        <AnchorLink to="/admin/tours">Tours in the back office</AnchorLink>
      </Alert>
    </Container>
  );
}
