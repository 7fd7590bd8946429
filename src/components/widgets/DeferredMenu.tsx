import { cloneElement, Suspense, useCallback, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { renderAfterPageIdle } from '@/lib/idle.ts';
import { WhenShown } from './WhenShown.tsx';

interface DeferredMenuProps {
  /** The button that opens the menu, shown as it is while the menu's code loads. */
  trigger: ReactElement<{ onClick?: () => void }>;
  /** The menu around the same trigger: a lazy component. */
  children: ReactNode;
  /** Loads that lazy component's code (its import). */
  load: () => Promise<unknown>;
}

/**
 * A header menu whose code (Mantine's Menu or Drawer, Popover, floating-ui, focus trap) loads once
 * the page is idle, so the entry every page downloads goes without it. Until then the trigger shows
 * as it is (the same markup on the server and at hydration). Pressed before the code has arrived,
 * the menu's own trigger takes the keyboard and is pressed as soon as it is there: the menu opens,
 * and hands the keyboard back to its trigger when it closes.
 */
export function DeferredMenu({ trigger, children, load }: DeferredMenuProps) {
  const [wanted, setWanted] = useState(false);
  const pressed = useRef(false);
  const corner = useRef<HTMLSpanElement>(null);
  useEffect(() => renderAfterPageIdle(() => setWanted(true), load), [load]);
  const placeholder = cloneElement(trigger, {
    onClick: () => {
      pressed.current = true;
      setWanted(true);
    },
  });
  const pressMenuTrigger = useCallback(() => {
    if (!pressed.current) return;
    pressed.current = false;
    const button = corner.current?.querySelector<HTMLElement>('button');
    button?.focus();
    button?.click();
  }, []);
  return (
    <span ref={corner} style={{ display: 'contents' }}>
      {wanted ? (
        <Suspense fallback={placeholder}>
          {children}
          <WhenShown then={pressMenuTrigger} />
        </Suspense>
      ) : (
        placeholder
      )}
    </span>
  );
}
