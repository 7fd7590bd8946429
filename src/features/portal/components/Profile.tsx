import { Button, FileButton, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PersonAvatar } from '@/components/widgets/PersonAvatar.tsx';
import { WaitingChanges } from '@/components/widgets/WaitingChanges.tsx';
import { notify } from '@/lib/notify.ts';
import { queueWrite, waitForWrite } from '@/lib/outbox/outbox.ts';
import { profileUpdate, type ProfilePatch } from '@/lib/outbox/profile.ts';
import { useWritesOnDevice } from '@/lib/outbox/status.ts';
import { logActivity } from '@/lib/session/index.ts';
import { useOnline } from '../online.ts';
import { avatarProblem, uploadAvatar } from '../account.ts';
import { useProfile, type Profile } from '../api.ts';
import { Panel, PortalPage, SyncNotice } from './PortalPage.tsx';

type Field = Exclude<keyof ProfilePatch, 'avatar_url'>;

/** Each field as a waiting change names it. */
const changeNames: Record<keyof ProfilePatch, string> = {
  full_name: 'full name',
  avatar_url: 'photo',
  phone: 'phone',
  country: 'country of residence',
  date_of_birth: 'date of birth',
  passport_number: 'passport number',
  nationality: 'nationality',
  passport_issuing_country: 'passport issuing country',
  passport_expiry: 'passport expiry date',
  emergency_contact_name: "emergency contact's name",
  emergency_contact_phone: "emergency contact's phone",
  emergency_contact_relationship: "emergency contact's relationship",
};

/** The profile changes on this device that the server does not have yet, named. */
function WaitingProfileChanges({ userId }: { userId: string }) {
  const { entries, state } = useWritesOnDevice(userId, [profileUpdate.kind]);
  const fieldsWaiting = new Set(entries.flatMap((entry) => Object.keys(entry.payload as ProfilePatch) as (keyof ProfilePatch)[]));
  const names = [...fieldsWaiting].map((field) => changeNames[field] ?? field);
  return <WaitingChanges state={state} names={names} />;
}

const fields: Field[] = [
  'full_name',
  'phone',
  'country',
  'date_of_birth',
  'nationality',
  'emergency_contact_name',
  'emergency_contact_phone',
  'emergency_contact_relationship',
  'passport_number',
  'passport_issuing_country',
  'passport_expiry',
];

type Values = Record<Field, string>;

function valuesOf(profile: Profile | null): Values {
  return Object.fromEntries(fields.map((field) => [field, (profile?.[field] as string | null | undefined) ?? ''])) as Values;
}

/** What is wrong with the form, field by field (the database checks the same). */
export function profileErrors(values: Values, today: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.full_name.trim()) errors.full_name = 'Enter your name as it appears on your passport.';
  if (values.full_name.length > 200) errors.full_name = 'Use at most 200 characters.';
  for (const field of ['phone', 'emergency_contact_phone'] as const) {
    if (values[field] && !/^\+?[\d\s().-]{6,40}$/.test(values[field].trim())) errors[field] = 'Enter a phone number with its country code, e.g. +255 754 200 300.';
  }
  const passport = values.passport_number.replace(/\s/g, '');
  if (passport && !/^[A-Za-z0-9]{5,20}$/.test(passport)) errors.passport_number = 'A passport number has 5 to 20 letters and digits.';
  if (values.date_of_birth && (values.date_of_birth > today || values.date_of_birth < '1900-01-02')) errors.date_of_birth = 'Enter your real date of birth.';
  if (values.passport_expiry && values.passport_expiry < today) errors.passport_expiry = 'This passport has expired.';
  return errors;
}

/** Only the fields that changed, trimmed; empty fields are cleared (null). */
function changedFields(before: Values, after: Values): ProfilePatch {
  const patch: ProfilePatch = {};
  for (const field of fields) {
    let value = after[field].trim();
    if (field === 'passport_number') value = value.replace(/\s/g, '').toUpperCase();
    if (value !== before[field].trim()) patch[field] = value || null;
  }
  return patch;
}

function AvatarPanel({ userId, profile }: { userId: string; profile: Profile | null }) {
  const online = useOnline();
  const [uploading, setUploading] = useState(false);
  const name = profile?.full_name ?? '';

  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) return void notify.error(problem);
    setUploading(true);
    try {
      await uploadAvatar(userId, file, profile?.avatar_url ?? null);
      notify.success('Your new photo is saved.');
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The photo could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Panel title="Photo">
      <Group gap="md" wrap="nowrap">
        <PersonAvatar name={name} src={profile?.avatar_url} size={84} tone="brand" alt={name ? `${name}'s photo` : 'Your photo'} data-testid="profile-avatar" />
        <Stack gap={6}>
          <FileButton onChange={(file) => void upload(file)} accept="image/jpeg,image/png,image/webp,image/gif" disabled={!online}>
            {(props) => (
              <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />} loading={uploading} disabled={!online}>
                Upload a photo
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {online ? 'JPEG, PNG, WebP or GIF, up to 2 MB. It replaces your current photo.' : 'Uploading a photo needs a connection. Your other details can be changed offline.'}
          </Text>
        </Stack>
      </Group>
    </Panel>
  );
}

function ProfileForm({ profile, today }: { profile: Profile | null; today: string }) {
  const [initial, setInitial] = useState(() => valuesOf(profile));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const patch = changedFields(initial, values);
  const dirty = Object.keys(patch).length > 0;

  const input = (field: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[field]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [field]: value }));
      }}
      error={errors[field]}
      {...extra}
    />
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = profileErrors(values, today);
    setErrors(found);
    if (Object.keys(found).length > 0 || !dirty) return;
    setSaving(true);
    try {
      const outcome = await waitForWrite(await queueWrite(profileUpdate, patch), 8_000);
      if (outcome.status === 'failed') throw new Error(outcome.error);
      setInitial(values);
      void logActivity({ action: 'profile_update', resourceType: 'profile', details: { fields: Object.keys(patch) } });
      notify.success(outcome.status === 'sent' ? 'Your profile is saved.' : 'Saved on this device; it will sync when you are back online.');
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Your profile could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        <Panel title="About you">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {input('full_name', 'Full name (as on passport)', { required: true, autoComplete: 'name' })}
            {input('phone', 'Phone', { type: 'tel', autoComplete: 'tel', placeholder: 'With country code, e.g. +44' })}
            {input('country', 'Country of residence', { autoComplete: 'country-name' })}
            {input('date_of_birth', 'Date of birth', { type: 'date', max: today })}
          </SimpleGrid>
        </Panel>
        <Panel title="Passport" action={<Text size="xs" c="dimmed">Needed for park and conservation permits</Text>}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {input('passport_number', 'Passport number', { autoComplete: 'off', spellCheck: false })}
            {input('nationality', 'Nationality')}
            {input('passport_issuing_country', 'Issuing country')}
            {input('passport_expiry', 'Expiry date', { type: 'date' })}
          </SimpleGrid>
        </Panel>
        <Panel title="Emergency contact" action={<Text size="xs" c="dimmed">Someone we can call while you travel</Text>}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {input('emergency_contact_name', 'Name')}
            {input('emergency_contact_phone', 'Phone', { type: 'tel' })}
            {input('emergency_contact_relationship', 'Relationship', { placeholder: 'e.g. Sister' })}
          </SimpleGrid>
        </Panel>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={!dirty || saving} onClick={() => (setValues(initial), setErrors({}))}>
            Undo changes
          </Button>
          <Button type="submit" loading={saving} disabled={!dirty}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Name, contact, permit details and photo; saved through the outbox, so edits work offline too. */
export function ProfileView({ userId, email, today }: { userId: string; email: string; today: string }) {
  const profile = useProfile(userId);
  return (
    <PortalPage title="Profile" description={`Signed in as ${email}. Park permits are issued from these details, so keep them as on your passport.`}>
      <SyncNotice error={profile.refreshError} onRetry={profile.refresh} syncedWhat="profile" />
      <WaitingProfileChanges userId={userId} />
      <AvatarPanel userId={userId} profile={profile.data} />
      {/* A device that has no profile yet waits for the server's, so the form never remounts under the traveler's typing. */}
      {profile.ready && (profile.data !== null || !profile.refreshing) ? (
        <ProfileForm key={profile.data?.id ?? 'new'} profile={profile.data} today={today} />
      ) : (
        <Skeleton height={420} radius="md" />
      )}
    </PortalPage>
  );
}
