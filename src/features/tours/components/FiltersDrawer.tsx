import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

interface FiltersDrawerProps {
  opened: boolean;
  onClose: () => void;
  className: string;
  children: ReactNode;
}

/**
 * The phone's filter drawer: its own chunk (Drawer brings ScrollArea, a focus trap and floating-ui),
 * loaded once the page is idle, as only a phone that taps Filters needs it.
 */
export default function FiltersDrawer({ opened, onClose, className, children }: FiltersDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Filter tours" position="bottom" size="auto" radius="lg" className={className}>
      {children}
    </Drawer>
  );
}
