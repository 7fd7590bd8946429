import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { lazyWithLoad } from '@/lib/lazy.ts';
import { colorSchemeChoices } from './color-scheme-choices.ts';
import { DeferredMenu } from './DeferredMenu.tsx';

const ColorSchemeMenu = lazyWithLoad(() => import('./ColorSchemeMenu.tsx'));

/**
 * Light, dark or system (follows the operating system live). The choice saved on the device shows
 * once mounted: a server-rendered page, and the hydration that follows it, show the default.
 */
export function ColorSchemeToggle() {
  const { colorScheme: saved, setColorScheme } = useMantineColorScheme();
  const colorScheme = useMounted() ? saved : 'light';
  const current = colorSchemeChoices.find((choice) => choice.value === colorScheme) ?? colorSchemeChoices[0];
  const trigger = (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Color scheme: ${current.label}`}>
      <current.icon size={20} stroke={1.6} />
    </ActionIcon>
  );
  return (
    <DeferredMenu trigger={trigger} load={ColorSchemeMenu.load}>
      <ColorSchemeMenu trigger={trigger} colorScheme={colorScheme} onChoose={setColorScheme} />
    </DeferredMenu>
  );
}
