import { cloneElement, Suspense, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { afterPageIdle } from '@/lib/idle.ts';

interface DeferredMenuProps {
  /** The button that opens the menu, shown as it is while the menu's code loads. */
  trigger: ReactElement<{ onClick?: () => void }>;
  /** The menu around the same trigger; `openAtOnce` when it was pressed before the code arrived. */
  children: (openAtOnce: boolean) => ReactNode;
}

/**
 * A header menu whose code (Mantine's Menu or Drawer, Popover, floating-ui, focus trap) loads once
 * the page is idle, so the entry every page downloads goes without it. Until then the trigger shows
 * as it is (the same markup on the server and at hydration); pressed before the code has arrived,
 * the menu opens as soon as it has. `children` renders a lazy component.
 */
export function DeferredMenu({ trigger, children }: DeferredMenuProps) {
  const [wanted, setWanted] = useState(false);
  const [pressed, setPressed] = useState(false);
  useEffect(() => afterPageIdle(() => setWanted(true)), []);
  const placeholder = cloneElement(trigger, {
    onClick: () => {
      setPressed(true);
      setWanted(true);
    },
  });
  if (!wanted) return placeholder;
  return <Suspense fallback={placeholder}>{children(pressed)}</Suspense>;
}
