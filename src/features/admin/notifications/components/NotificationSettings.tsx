import { Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify.ts';
import { notificationKeys, optOutsQuery, setKindEnabled } from '../api.ts';
import { KIND_INFO } from '../model.ts';
import type { NotificationKind } from '../search.ts';

/** A switch for each kind the staff member can be told of; one turned off writes nothing for them. */
export function NotificationSettings({ userId, kinds }: { userId: string; kinds: NotificationKind[] }) {
  const queryClient = useQueryClient();
  const optOuts = useQuery(optOutsQuery());
  const change = useMutation({
    mutationFn: ({ kind, enabled }: { kind: NotificationKind; enabled: boolean }) => setKindEnabled(userId, kind, enabled),
    onSuccess: (_, { kind, enabled }) => notify.success(`${KIND_INFO[kind].label}: ${enabled ? 'on' : 'off'}`),
    onError: (problem: Error) => notify.error(problem.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.optOuts }),
  });

  if (kinds.length === 0) return <Text c="dimmed">Your role is told of nothing here.</Text>;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Turned off, a kind stops arriving for you from now on; what already arrived stays.
      </Text>
      {kinds.map((kind) =>
        optOuts.data ? (
          <Switch
            key={kind}
            size="md"
            label={KIND_INFO[kind].label}
            description={KIND_INFO[kind].description}
            checked={!optOuts.data.includes(kind)}
            disabled={change.isPending}
            onChange={(event) => change.mutate({ kind, enabled: event.currentTarget.checked })}
          />
        ) : (
          <Skeleton key={kind} height={44} />
        ),
      )}
    </Stack>
  );
}
