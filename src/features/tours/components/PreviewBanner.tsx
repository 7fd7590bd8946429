import { Alert, Container } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';

const statusWords: Record<string, string> = {
  draft: 'a draft: visitors do not see it yet',
  archived: 'archived: visitors no longer see it',
  active: 'published: visitors see it as it is here',
};

/** Above a tour previewed by staff: what visitors see of it, and the way back to its editor. */
export function PreviewBanner({ tourId, status }: { tourId: string; status: string }) {
  return (
    <Container size="lg" pt="md">
      <Alert color={status === 'active' ? 'teal' : 'orange'} icon={<IconEye size={18} />} title="Preview">
        This tour is {statusWords[status] ?? status}.{' '}
        <AnchorLink to="/admin/tours/$tourId" params={{ tourId }}>
          Back to the editor
        </AnchorLink>
      </Alert>
    </Container>
  );
}
