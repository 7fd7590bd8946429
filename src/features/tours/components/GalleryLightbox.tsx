import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Picture } from '@/components/widgets/Picture.tsx';
import classes from './TourDetail.module.css';

interface GalleryLightboxProps {
  images: string[];
  /** The picture shown large; null when closed. */
  index: number | null;
  alt: (index: number) => string;
  onMove: (index: number) => void;
  onClose: () => void;
}

/** One gallery picture large, with previous and next: its own chunk, as the modal's code is needed only once a picture is opened. */
export default function GalleryLightbox({ images, index, alt, onMove, onClose }: GalleryLightboxProps) {
  return (
    <Modal opened={index !== null} onClose={onClose} size="xl" centered title={index !== null ? alt(index) : ''}>
      {index !== null && (
        <Stack>
          <Picture src={images[index]} sizes="100vw" alt={alt(index)} width={1200} height={800} className={classes.lightboxImage} />
          {images.length > 1 && (
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconChevronLeft size={18} />} onClick={() => onMove((index - 1 + images.length) % images.length)}>
                Previous
              </Button>
              <Button variant="default" rightSection={<IconChevronRight size={18} />} onClick={() => onMove((index + 1) % images.length)}>
                Next
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
