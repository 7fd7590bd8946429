import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { TravelerDetailsForm } from '@/components/widgets/TravelerDetailsForm.tsx';
import { notify } from '@/lib/notify.ts';
import { discardWrite, queueWrite, waitForWrite } from '@/lib/outbox/outbox.ts';
import { detailLines, detailsOf } from '@/lib/traveler-details.ts';
import type { BookingTraveler, PortalBooking } from '../model.ts';
import { travelerDetailsUpdate } from '../writes.ts';
import { Panel } from './PortalPage.tsx';

/** How long the form waits for the server before saying the details will go out later. */
const answerWait = 8_000;

const nameOf = (traveler: BookingTraveler | undefined, index: number) => traveler?.full_name || traveler?.name || `Traveler ${index + 1}`;

/**
 * The travelers of a booking with their details for the trip (date of birth, passport, dietary and
 * medical notes, an emergency contact), which the traveler gives or corrects here for the guide's
 * manifest while the booking is open. Through the outbox: with no signal they are kept on the device
 * and shown at once, and go out when the connection returns; the database checks them then.
 */
export function TravelerDetails({ booking, onSaved }: { booking: PortalBooking; onSaved: () => void }) {
  const [editing, setEditing] = useState<number | null>(null);
  const travelers = booking.travelers ?? [];
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  const party = booking.adults + booking.children;
  const passportNeeded = open && booking.tour?.passport_required === true;
  // A closed booking keeps what was given; with nothing given there is nothing to show.
  if (!open && travelers.every((traveler) => detailLines(traveler).length === 0)) return null;
  return (
    <Panel title="Travelers" data-testid="traveler-details">
      <Stack gap="sm">
        {open && (
          <Text size="sm" c="dimmed">
            Your guide reads these on the day: dietary needs, anything medical, and whom to call in an emergency.
            {passportNeeded && ' This trip also needs each traveler’s passport number and its expiry date, for the park permits.'}
          </Text>
        )}
        {Array.from({ length: party }, (_, index) => {
          const traveler = travelers[index];
          const lines = detailLines(traveler);
          return (
            <Group key={index} justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600}>
                  {nameOf(traveler, index)}
                </Text>
                {lines.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    No details yet
                  </Text>
                ) : (
                  lines.map((line) => (
                    <Text key={line} size="xs" c="dimmed">
                      {line}
                    </Text>
                  ))
                )}
                {passportNeeded && !detailsOf(traveler).passport_number && (
                  <Text size="xs" c="orange.9">
                    Passport needed for this trip
                  </Text>
                )}
              </Stack>
              {open && (
                <Button variant="default" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(index)} aria-label={`Details of ${nameOf(traveler, index)}`}>
                  {lines.length === 0 ? 'Add details' : 'Edit'}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === null ? '' : `Details of ${nameOf(travelers[editing], editing)}`} size="lg" centered>
        {editing !== null && (
          <TravelerDetailsForm
            entry={travelers[editing]}
            askName
            onCancel={() => setEditing(null)}
            onSave={async (details) => {
              const id = await queueWrite(travelerDetailsUpdate, { bookingId: booking.id, travelerIndex: editing, details });
              const outcome = await waitForWrite(id, answerWait);
              if (outcome.status === 'failed') {
                // The form shows the refusal, so it does not linger among the changes waiting to sync.
                await discardWrite(id);
                throw new Error(outcome.error);
              }
              notify.success(outcome.status === 'sent' ? 'Details saved' : 'Details saved on this device: they go to your guide once you are back online');
              onSaved();
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </Panel>
  );
}
