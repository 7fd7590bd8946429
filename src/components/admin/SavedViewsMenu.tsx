import { ActionIcon, Button, Group, Menu, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconBookmark, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '@/lib/notify.ts';
import { removeView, savedViewsQuery, saveView } from '@/lib/saved-views.ts';

/**
 * A list's saved views: the staff member's own named filters for the screen, applied in one tap,
 * saved from what the list shows now, removed when no longer wanted.
 */
export function SavedViewsMenu({ screen, search, onApply }: { screen: string; search: Record<string, unknown>; onApply: (search: Record<string, unknown>) => void }) {
  const queryClient = useQueryClient();
  const views = useQuery(savedViewsQuery(screen));
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedViewsQuery(screen).queryKey });
  const save = useMutation({
    mutationFn: () => saveView(screen, name, search),
    onSuccess: async () => {
      notify.success(`View “${name.trim()}” saved`);
      setNaming(false);
      setName('');
      await refresh();
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const remove = useMutation({ mutationFn: removeView, onSuccess: refresh, onError: (error: Error) => notify.error(error.message) });

  return (
    <Group gap="xs">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={16} />}>
            Views
          </Button>
        </Menu.Target>
        <Menu.Dropdown miw={240}>
          {(views.data ?? []).length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py={6}>
              No saved view yet.
            </Text>
          )}
          {(views.data ?? []).map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => onApply(view.search)}
              rightSection={
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Remove the view ${view.name}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    remove.mutate(view.id);
                  }}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              }
            >
              {view.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Popover opened={naming} onChange={setNaming} position="bottom-start" withinPortal trapFocus>
        <Popover.Target>
          <Button variant="subtle" onClick={() => setNaming((open) => !open)}>
            Save view
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            aria-label="Save this view"
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim()) return setProblem('Please name the view');
              save.mutate();
            }}
          >
            <Stack gap="xs" w={240}>
              <TextInput
                label="Name of the view"
                placeholder="Unpaid, travelling this month"
                maxLength={60}
                value={name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setProblem(null);
                }}
                error={problem}
                data-autofocus
              />
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
