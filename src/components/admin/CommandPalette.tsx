import '@mantine/spotlight/styles.css';
import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import type { AdminScreen } from './navigation.ts';

/**
 * Ctrl+K (Cmd+K on a Mac): jump to any screen the role may open, by its name or a keyword. Off in
 * Safe Mode, where the back office runs with the essentials only.
 */
export function CommandPalette({ screens, onOpen }: { screens: AdminScreen[]; onOpen: (to: string) => void }) {
  const actions: SpotlightActionData[] = screens.map((screen) => ({
    id: screen.to,
    label: screen.label,
    description: screen.group,
    keywords: screen.keywords,
    leftSection: <screen.icon size={20} stroke={1.6} />,
    onClick: () => onOpen(screen.to),
  }));
  return (
    <Spotlight
      actions={actions}
      shortcut={['mod + K']}
      nothingFound="No screen by that name"
      highlightQuery
      limit={12}
      searchProps={{ leftSection: <IconSearch size={18} stroke={1.6} />, placeholder: 'Go to a screen…', 'aria-label': 'Go to a screen' }}
    />
  );
}
