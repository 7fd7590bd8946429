import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type ChangeEvent } from 'react';
import { officeToday } from '@/lib/dates.ts';
import {
  detailsOf,
  detailsToSave,
  refusedField,
  TRAVELER_DETAIL_LABELS,
  TRAVELER_DETAIL_MAX,
  travelerDetailProblems,
  type TravelerDetailKey,
  type TravelerDetailProblems,
  type TravelerDetails,
} from '@/lib/traveler-details.ts';

/**
 * One traveler's details for the trip (the office on the booking page, the traveler in the portal):
 * checked as the database checks them, and a refusal shown beside the field it names.
 */
export function TravelerDetailsForm({
  entry,
  askName,
  onSave,
  onCancel,
  onEdit,
}: {
  entry: Record<string, unknown> | null | undefined;
  /** The traveler gives their name here; the office corrects names with Edit travelers. */
  askName: boolean;
  onSave: (details: Partial<TravelerDetails>) => Promise<void>;
  onCancel: () => void;
  /** Each edit, for a screen that warns before its edits are lost. */
  onEdit?: (details: TravelerDetails) => void;
}) {
  const [details, setDetails] = useState<TravelerDetails>(() => detailsOf(entry));
  const [problems, setProblems] = useState<TravelerDetailProblems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = (key: TravelerDetailKey, extra: { type?: string; placeholder?: string } = {}) => ({
    label: TRAVELER_DETAIL_LABELS[key],
    value: details[key],
    maxLength: TRAVELER_DETAIL_MAX[key],
    error: problems[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      const next = { ...details, [key]: value };
      setDetails(next);
      onEdit?.(next);
      setProblems((current) => ({ ...current, [key]: undefined }));
    },
    ...extra,
  });
  return (
    <form
      aria-label="Traveler details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = travelerDetailProblems(details, officeToday(), { nameRequired: askName });
        setProblems(found);
        setRefusal(null);
        if (Object.keys(found).length > 0) return;
        setSaving(true);
        onSave(detailsToSave(details, { withName: askName }))
          .catch((error: Error & { hint?: string }) => {
            const key = refusedField(error);
            if (key) setProblems({ [key]: error.message });
            else setRefusal(error.message);
          })
          .finally(() => setSaving(false));
      }}
    >
      <Stack gap="sm">
        {askName && <TextInput {...field('full_name')} required />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput {...field('date_of_birth', { type: 'date' })} />
          <TextInput {...field('nationality')} />
          <TextInput {...field('passport_number')} />
          <TextInput {...field('passport_expiry', { type: 'date' })} />
        </SimpleGrid>
        <Textarea {...field('dietary_needs', { placeholder: 'Vegetarian, no nuts, halal…' })} autosize minRows={1} />
        <Textarea {...field('medical_notes', { placeholder: 'Allergies, medicines, anything the guide should know' })} autosize minRows={1} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput {...field('emergency_contact_name', { placeholder: 'Name, and who they are' })} />
          <TextInput {...field('emergency_contact_phone', { type: 'tel' })} />
        </SimpleGrid>
        {refusal && (
          <Text size="sm" c="red" role="alert">
            {refusal}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Keep as it was
          </Button>
          <Button type="submit" loading={saving}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
