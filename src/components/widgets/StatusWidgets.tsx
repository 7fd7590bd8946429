import { Button, Group, Loader, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';

/** The success widget closes itself after 2 s. */
export const SUCCESS_WIDGET_MS = 2000;

function StatusCard({ icon, title, message, children, role }: { icon: ReactNode; title: string; message?: ReactNode; children?: ReactNode; role: 'status' | 'alert' }) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="sm" role={role} aria-live={role === 'alert' ? 'assertive' : 'polite'}>
      <Stack align="center" gap="xs" ta="center">
        {icon}
        <Title order={3} size="h4">
          {title}
        </Title>
        {message && (
          <Text c="dimmed" size="sm" maw={360}>
            {message}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** Something worked: shows for 2 s, then closes itself and tells the owner through onClose. */
export function SuccessWidget({ title, message, onClose }: { title: string; message?: ReactNode; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => {
      setOpen(false);
      onClose?.();
    }, SUCCESS_WIDGET_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  if (!open) return null;
  return (
    <StatusCard
      role="status"
      title={title}
      message={message}
      icon={
        <ThemeIcon size={56} radius="xl" color="secondary">
          <IconCheck size={30} />
        </ThemeIcon>
      }
    />
  );
}

/** Something failed: what happened, and a retry when the owner offers one. */
export function FailureWidget({ title, message, onRetry, retryLabel = 'Try Again' }: { title: string; message?: ReactNode; onRetry?: () => void; retryLabel?: string }) {
  return (
    <StatusCard
      role="alert"
      title={title}
      message={message}
      icon={
        <ThemeIcon size={56} radius="xl" color="accent">
          <IconAlertTriangle size={30} />
        </ThemeIcon>
      }
    >
      {onRetry && (
        <Group mt="xs">
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            {retryLabel}
          </Button>
        </Group>
      )}
    </StatusCard>
  );
}

/** Work under way with no measure of how far it is (a payment being confirmed, a booking request sent). */
export function ProcessingWidget({ title, message }: { title: string; message?: ReactNode }) {
  return <StatusCard role="status" title={title} message={message} icon={<Loader size={48} aria-hidden />} />;
}

/** Work under way with a known share done (an upload, an import): a bar and the percent. */
export function ProgressWidget({ title, value, message }: { title: string; value: number; message?: ReactNode }) {
  const percent = Math.round(Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), 100));
  return (
    <StatusCard role="status" title={title} message={message} icon={null}>
      <Group w="100%" miw={240} gap="sm" wrap="nowrap">
        <Progress value={percent} size="lg" radius="xl" flex={1} aria-label={title} animated={percent < 100} striped={percent < 100} />
        <Text fw={700} size="sm" w="3.5em" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {percent}%
        </Text>
      </Group>
    </StatusCard>
  );
}
