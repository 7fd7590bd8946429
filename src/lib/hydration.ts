import { onlineManager } from '@tanstack/react-query';
import { startIdleWork } from './idle.ts';

/** A press or submit index.html's inline script held while the page hydrated. */
interface HeldPress {
  type: 'click' | 'submit';
  target: Element;
}

declare global {
  interface Window {
    __heldPresses?: HeldPress[];
    /** Set while a held press is replayed, so index.html's script lets it through. */
    __replayingHeldPress?: boolean;
  }
}

let hydrating = false;
let firstRenderOfServerPage = false;

/**
 * While a server-rendered page hydrates, the reads its page data does not answer wait, paused as
 * they are on the server (entry-server.tsx): an answer arriving halfway through would make its
 * section differ from the HTML, and React would throw the page's HTML away.
 */
export function holdReadsWhileHydrating(): void {
  hydrating = true;
  firstRenderOfServerPage = true;
  onlineManager.setOnline(false);
}

/**
 * True once, for the router's first render of a server-rendered page: the visitor may have scrolled
 * it while it hydrated, so the router leaves the scroll alone instead of sending them to the top.
 */
export function takeFirstRenderOfServerPage(): boolean {
  const first = firstRenderOfServerPage;
  firstRenderOfServerPage = false;
  return first;
}

/** True from the start of a server-rendered page's hydration until it has hydrated. */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * The presses made before hydration, in order, now that React handles them; one whose control is
 * gone is dropped. Each in a task of its own, so React has rendered what the one before changed (a
 * destination ticked, then 'Next') before the next press looks at it. Presses made meanwhile join
 * the queue, so none overtakes those held before it; the page counts as hydrated once it is empty.
 */
function replayHeldPresses(): void {
  const press = window.__heldPresses?.shift();
  if (!press) {
    const root = document.documentElement;
    root.removeAttribute('data-hydrating');
    root.dataset.hydrated = '';
    for (const job of afterHydrationJobs.splice(0)) job();
    startIdleWork();
    return;
  }
  const { type, target } = press;
  if (target.isConnected) {
    window.__replayingHeldPress = true;
    try {
      if (type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
      else if (target instanceof HTMLElement) target.click();
    } finally {
      window.__replayingHeldPress = false;
    }
  }
  setTimeout(replayHeldPresses, 0);
}

const afterHydrationJobs: (() => void)[] = [];

/** Runs job once a server-rendered page has hydrated and the presses held meanwhile are replayed; on other pages, never. */
export function afterHydration(job: () => void): void {
  if (document.documentElement.hasAttribute('data-hydrating')) afterHydrationJobs.push(job);
}

/**
 * The public layout's effect: its page has hydrated (React hydrates the router's Suspense boundary
 * after the app around it), so the held reads go out, the fields take typing and the presses made
 * meanwhile are replayed; <html data-hydrated> then tells that the page's controls are its own.
 */
export function endHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  onlineManager.setOnline(navigator.onLine);
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('[data-held-until-hydrated]')) {
    if (field instanceof HTMLSelectElement) field.disabled = false;
    else field.readOnly = false;
    field.removeAttribute('data-held-until-hydrated');
  }
  // After this commit, so each press reaches the hydrated page as a fresh event.
  setTimeout(replayHeldPresses, 0);
}
