import { Alert, Button, Group, Modal, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { WaitingChanges } from '@/components/widgets/WaitingChanges.tsx';
import { DISPLAY_CURRENCIES } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { queueWrite } from '@/lib/outbox/outbox.ts';
import { preferencesUpdate, type PreferencesPatch, type UserPreferences } from '@/lib/outbox/preferences.ts';
import { useWritesOnDevice } from '@/lib/outbox/status.ts';
import { logActivity } from '@/lib/session/index.ts';
import { changePassword, deleteAccount, forgetDeletedAccount, MIN_PASSWORD_LENGTH, NEEDS_CONNECTION } from '../account.ts';
import { usePreferences } from '../api.ts';
import { DATE_FORMATS, formatDay } from '@/lib/dates.ts';
import { useOnline } from '../online.ts';
import { Panel, PortalPage, SyncNotice } from './PortalPage.tsx';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'sw', label: 'Kiswahili' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
  { value: 'es', label: 'Español' },
  { value: 'it', label: 'Italiano' },
];

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

const notificationFields: { key: keyof UserPreferences['notifications']; label: string; description: string }[] = [
  { key: 'email', label: 'Email notifications', description: 'Messages from our team and account notices by email.' },
  { key: 'booking_updates', label: 'Booking updates', description: 'Confirmations, payment receipts and changes to your trips.' },
  { key: 'marketing', label: 'Offers', description: 'Seasonal offers and new tours.' },
  { key: 'newsletter', label: 'Newsletter', description: 'Stories from the bush, once a month.' },
];

const privacyFields: { key: keyof UserPreferences['privacy']; label: string; description: string }[] = [
  { key: 'show_profile', label: 'Show my name and photo with my reviews', description: 'Off: your reviews show as “Kilele traveler”.' },
  { key: 'activity_visible', label: 'Show my recent activity', description: 'Sign-ins, bookings viewed and changes, listed on your dashboard.' },
];

const displayNames: Record<keyof UserPreferences['display'], string> = {
  theme: 'Theme',
  language: 'Language',
  timezone: 'Time zone',
  date_format: 'Date format',
  currency: 'Currency',
};

/** A preference's name as the page shows it, from its section and key. */
function preferenceName(section: string, key: string): string {
  const fields: { key: string; label: string }[] = section === 'notifications' ? notificationFields : section === 'privacy' ? privacyFields : [];
  return fields.find((field) => field.key === key)?.label ?? displayNames[key as keyof UserPreferences['display']] ?? key;
}

/** The preference changes on this device that the server does not have yet, named. */
function WaitingPreferenceChanges({ userId }: { userId: string }) {
  const { entries, state } = useWritesOnDevice(userId, [preferencesUpdate.kind]);
  const names = new Set(
    entries.flatMap((entry) => Object.entries(entry.payload as PreferencesPatch).flatMap(([section, fields]) => Object.keys(fields ?? {}).map((key) => preferenceName(section, key)))),
  );
  return <WaitingChanges state={state} names={[...names]} />;
}

function Preferences({ userId }: { userId: string }) {
  const preferences = usePreferences(userId);
  const { notifications, display, privacy } = preferences.data;

  // Each change is its own field-level write: saved on the device at once, sent when online.
  const change = (patch: PreferencesPatch, field: string) => {
    void queueWrite(preferencesUpdate, patch)
      .then(() => logActivity({ action: 'settings_update', resourceType: 'preferences', details: { field } }))
      .catch((error: unknown) => notify.error(error instanceof Error ? error.message : 'Your preference could not be saved.'));
  };

  return (
    <>
      <SyncNotice error={preferences.refreshError} onRetry={preferences.refresh} syncedWhat="settings" />
      <WaitingPreferenceChanges userId={userId} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title="Display">
          <Stack gap="sm">
            <div>
              <Text size="sm" fw={500} mb={4} id="theme-label">
                Theme
              </Text>
              <SegmentedControl
                aria-labelledby="theme-label"
                fullWidth
                value={display.theme}
                onChange={(value) => change({ display: { theme: value as UserPreferences['display']['theme'] } }, 'display.theme')}
                data={[
                  { value: 'light', label: 'Light' },
                  { value: 'dark', label: 'Dark' },
                  { value: 'system', label: 'System' },
                ]}
              />
            </div>
            <Select
              label="Language"
              description="The language our team writes to you in."
              data={LANGUAGES}
              value={display.language}
              allowDeselect={false}
              onChange={(value) => value && change({ display: { language: value } }, 'display.language')}
            />
            <Select
              label="Time zone"
              data={timeZones(display.timezone)}
              value={display.timezone}
              searchable
              allowDeselect={false}
              limit={60}
              onChange={(value) => value && change({ display: { timezone: value } }, 'display.timezone')}
            />
            <Select
              label="Date format"
              data={DATE_FORMATS.map((format) => ({ value: format, label: `${format} (${formatDay('2026-07-24', format)})` }))}
              value={display.date_format}
              allowDeselect={false}
              onChange={(value) => value && change({ display: { date_format: value } }, 'display.date_format')}
            />
            <Select
              label="Currency"
              description="Prices also show approximately in this currency. You always pay in the tour's own currency."
              data={[...DISPLAY_CURRENCIES]}
              value={display.currency}
              allowDeselect={false}
              onChange={(value) => value && change({ display: { currency: value } }, 'display.currency')}
            />
          </Stack>
        </Panel>
        <Stack gap="md">
          <Panel title="Notifications">
            <Stack gap="sm">
              {notificationFields.map((field) => (
                <Switch
                  key={field.key}
                  label={field.label}
                  description={field.description}
                  checked={notifications[field.key]}
                  onChange={(event) => change({ notifications: { [field.key]: event.currentTarget.checked } }, `notifications.${field.key}`)}
                />
              ))}
            </Stack>
          </Panel>
          <Panel title="Privacy">
            <Stack gap="sm">
              {privacyFields.map((field) => (
                <Switch
                  key={field.key}
                  label={field.label}
                  description={field.description}
                  checked={privacy[field.key]}
                  onChange={(event) => change({ privacy: { [field.key]: event.currentTarget.checked } }, `privacy.${field.key}`)}
                />
              ))}
            </Stack>
          </Panel>
        </Stack>
      </SimpleGrid>
    </>
  );
}

function PasswordChange({ email }: { email: string }) {
  const online = useOnline();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: 'current' | 'next' | 'confirm' | 'form'; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError({ field: 'current', message: 'Enter your current password.' });
    if (next.length < MIN_PASSWORD_LENGTH) return setError({ field: 'next', message: `Use at least ${MIN_PASSWORD_LENGTH} characters.` });
    if (next !== confirm) return setError({ field: 'confirm', message: 'The two new passwords differ.' });
    setError(null);
    setSaving(true);
    try {
      await changePassword(email, current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      notify.success('Your password is changed.');
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'The password could not be changed.';
      setError({ field: message === 'Current password is incorrect' ? 'current' : 'form', message });
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (field: 'current' | 'next' | 'confirm') => (error?.field === field ? error.message : undefined);
  return (
    <Panel title="Password">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <PasswordInput label="Current password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} autoComplete="current-password" error={fieldError('current')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput label="New password" value={next} onChange={(e) => setNext(e.currentTarget.value)} autoComplete="new-password" error={fieldError('next')} />
            <PasswordInput label="Repeat new password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} autoComplete="new-password" error={fieldError('confirm')} />
          </SimpleGrid>
          {error?.field === 'form' && (
            <Alert color="accent" variant="light">
              {error.message}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {online ? `At least ${MIN_PASSWORD_LENGTH} characters.` : NEEDS_CONNECTION}
            </Text>
            <Button type="submit" loading={saving} disabled={!online}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Panel>
  );
}

function DeleteAccount({ userId, email }: { userId: string; email: string }) {
  const online = useOnline();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount(userId, email, password);
      await navigate({ to: '/' });
      await forgetDeletedAccount();
      notify.success('Your account and its data are deleted.');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The account could not be deleted.');
      setDeleting(false);
    }
  };

  return (
    <Panel title="Delete account">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          Deletes your profile, wishlist, messages and activity. This cannot be undone. Bookings stay with us for our accounts, without your details.
        </Text>
        <Button color="accent" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setOpened(true)} disabled={!online}>
          Delete my account
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => (setOpened(false), setPassword(''), setError(null))} title="Delete your account?" centered>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <Alert color="accent" variant="light" icon={<IconAlertTriangle size={18} />}>
              This cannot be undone. Enter your password to confirm.
            </Alert>
            <PasswordInput label="Password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" error={error} data-autofocus />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setOpened(false)}>
                Keep my account
              </Button>
              <Button type="submit" color="accent" loading={deleting} disabled={!password}>
                Delete permanently
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Panel>
  );
}

/** Preferences (saved field by field through the outbox), password change and account deletion. */
export function SettingsView({ userId, email }: { userId: string; email: string }) {
  return (
    <PortalPage title="Settings" description="Changes save as you make them, also offline.">
      <Preferences userId={userId} />
      <PasswordChange email={email} />
      <DeleteAccount userId={userId} email={email} />
    </PortalPage>
  );
}
