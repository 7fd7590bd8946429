import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconFileDownload, IconMailForward, IconReceipt, IconReceiptRefund } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify.ts';
import { downloadBookingDocument, type PaymentDocument } from '@/lib/booking-documents.ts';
import { bookingKeys, emailBookingDocument } from '../api.ts';

/** A payment's document in the words of the page, and its icon. */
const paymentDocuments: Record<PaymentDocument, { name: string; label: string; Icon: typeof IconReceipt }> = {
  receipt: { name: 'receipt', label: 'Receipt', Icon: IconReceipt },
  refund: { name: 'refund note', label: 'Refund note', Icon: IconReceiptRefund },
};

/** Download and email, for the invoice (no payment) or one payment's document. */
function useDocument(bookingId: string, payment?: { id: string; document: PaymentDocument }) {
  const queryClient = useQueryClient();
  const what = payment ? paymentDocuments[payment.document].name : 'invoice';
  const download = useMutation({
    mutationFn: () => downloadBookingDocument(bookingId, payment?.id, payment?.document),
    onError: (error: Error) => notify.error(error.message),
  });
  const email = useMutation({
    // The payment's state tells the database which document it is (email_booking_document).
    mutationFn: () => emailBookingDocument(bookingId, payment?.id),
    onSuccess: async () => {
      notify.success(`The ${what} is on its way to the client, as a PDF attached to an email`);
      // The email and its History entry show on the page.
      await queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) });
    },
    onError: (error: Error) => notify.error(error.message),
  });
  return { download, email };
}

/** The booking's invoice: downloaded by whoever reads the booking, emailed by those who handle it. */
export function InvoiceActions({ bookingId, canEmail }: { bookingId: string; canEmail: boolean }) {
  const { download, email } = useDocument(bookingId);
  return (
    <Group gap="xs" mt="md" data-testid="invoice-actions">
      <Text size="sm" c="dimmed">
        Invoice
      </Text>
      <Button size="sm" variant="default" leftSection={<IconFileDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
        Download invoice
      </Button>
      {canEmail && (
        <Button size="sm" variant="default" leftSection={<IconMailForward size={16} />} loading={email.isPending} onClick={() => email.mutate()}>
          Email invoice
        </Button>
      )}
    </Group>
  );
}

/** A payment received (its receipt) or returned (its refund note): the document downloaded, or emailed to the client. */
export function PaymentDocumentActions({ bookingId, paymentId, document, canEmail }: { bookingId: string; paymentId: string; document: PaymentDocument; canEmail: boolean }) {
  const { download, email } = useDocument(bookingId, { id: paymentId, document });
  const { name, label, Icon } = paymentDocuments[document];
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="subtle" leftSection={<Icon size={14} />} loading={download.isPending} onClick={() => download.mutate()} aria-label={`Download the ${name}`}>
        {label}
      </Button>
      {canEmail && (
        <Tooltip label={`Email the ${name} to the client`}>
          <ActionIcon variant="subtle" size="md" loading={email.isPending} onClick={() => email.mutate()} aria-label={`Email the ${name}`}>
            <IconMailForward size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
