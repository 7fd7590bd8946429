import { Menu, type MantineColorScheme } from '@mantine/core';
import type { ReactElement } from 'react';
import { colorSchemeChoices } from './color-scheme-choices.ts';

interface ColorSchemeMenuProps {
  trigger: ReactElement;
  colorScheme: MantineColorScheme;
  onChoose: (value: MantineColorScheme) => void;
}

/** The colour scheme choices around the header's toggle (loaded once the page is idle). */
export default function ColorSchemeMenu({ trigger, colorScheme, onChoose }: ColorSchemeMenuProps) {
  return (
    <Menu position="bottom-end" width={160} withinPortal>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        {colorSchemeChoices.map((choice) => (
          <Menu.Item
            key={choice.value}
            leftSection={<choice.icon size={16} />}
            onClick={() => onChoose(choice.value)}
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
