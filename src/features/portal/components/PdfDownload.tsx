import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { downloadBookingDocument, type PaymentDocument } from '@/lib/booking-documents.ts';
import { notify } from '@/lib/notify.ts';
import { useOnline } from '../online.ts';

/**
 * The booking's invoice (no payment), a payment's receipt or a refund's note as the office's numbered
 * PDF: beside the page's own printable copy, or (compact) in the payments table for a refund, which
 * has no printable page. The server draws it, so it needs a connection; offline, Print still works.
 */
export function PdfDownload({
  bookingId,
  paymentId,
  document,
  compact = false,
  children = 'Download PDF',
}: {
  bookingId: string;
  paymentId?: string;
  document?: PaymentDocument;
  compact?: boolean;
  children?: ReactNode;
}) {
  const online = useOnline();
  const download = useMutation({
    mutationFn: () => downloadBookingDocument(bookingId, paymentId, document),
    onError: (error: Error) => notify.error(error.message),
  });
  return (
    <Button
      variant={compact ? 'subtle' : 'default'}
      size={compact ? 'compact-xs' : 'sm'}
      leftSection={<IconFileDownload size={compact ? 14 : 16} />}
      loading={download.isPending}
      disabled={!online}
      title={online ? undefined : compact ? 'Needs a connection' : 'Needs a connection: Print works offline'}
      onClick={() => download.mutate()}
    >
      {children}
    </Button>
  );
}
