import { Group, Paper, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { RosterSearch } from '../search.ts';

/** The guides' and vehicles' lists' filters: words to find, and those no longer in use. */
export function RosterFilters({ search, onSearchChange, label, placeholder, inactiveLabel }: { search: RosterSearch; onSearchChange: (next: Partial<RosterSearch>) => void; label: string; placeholder: string; inactiveLabel: string }) {
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <Group gap="md" align="center">
        <TextInput
          aria-label={label}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} />}
          value={search.q ?? ''}
          maxLength={100}
          size="md"
          style={{ flex: '1 1 260px' }}
          onChange={(event) => onSearchChange({ q: event.currentTarget.value || undefined })}
        />
        <Switch label={inactiveLabel} size="md" checked={search.inactive === 1} onChange={(event) => onSearchChange({ inactive: event.currentTarget.checked ? 1 : undefined })} />
      </Group>
    </Paper>
  );
}
