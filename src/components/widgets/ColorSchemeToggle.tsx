import { ActionIcon, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

const choices: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/**
 * Light, dark or system (follows the operating system live). The choice saved on the device shows
 * once mounted: a server-rendered page, and the hydration that follows it, show the default.
 */
export function ColorSchemeToggle() {
  const { colorScheme: saved, setColorScheme } = useMantineColorScheme();
  const colorScheme = useMounted() ? saved : 'light';
  const current = choices.find((choice) => choice.value === colorScheme) ?? choices[0];
  return (
    <Menu position="bottom-end" width={160} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Color scheme: ${current.label}`}>
          <current.icon size={20} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {choices.map((choice) => (
          <Menu.Item
            key={choice.value}
            leftSection={<choice.icon size={16} />}
            onClick={() => setColorScheme(choice.value)}
            aria-current={choice.value === colorScheme ? 'true' : undefined}
            fw={choice.value === colorScheme ? 700 : undefined}
          >
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
