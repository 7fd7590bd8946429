import { Button, Drawer, getDefaultZIndex, Group, Modal, Stack, Text, type DrawerProps, type ModalProps } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { anyUnsaved, editsSnapshot, type FormEdits } from './unsaved-edits.ts';

/** The forms of the page (or of an open modal) that hold edits, each asked at the moment of leaving. */
const PageForms = createContext<Set<FormEdits> | null>(null);

/**
 * The back office's one guard, around every screen: when any form on the page holds edits not
 * saved, a link, the back button or a search in the palette opens "Leave without saving?" (one
 * prompt however many forms are edited), and closing or reloading the tab gets the browser's own
 * warning. Forms join it with useUnsavedEdits.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [forms] = useState(() => new Set<FormEdits>());
  const unsaved = () => anyUnsaved(forms);
  const blocker = useBlocker({ shouldBlockFn: unsaved, enableBeforeUnload: unsaved, withResolver: true });
  const leave = () => {
    for (const form of forms) if (form.unsaved()) form.discard?.();
    blocker.proceed?.();
  };
  return (
    <PageForms.Provider value={forms}>
      {children}
      {/* Above a modal form whose edits it asks about. */}
      <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave without saving?" centered zIndex={getDefaultZIndex('modal') + 1}>
        <Text size="sm">The changes on this page are not saved yet. If you leave now, they are lost.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay and save
          </Button>
          <Button color="red" onClick={leave}>
            Leave and lose the changes
          </Button>
        </Group>
      </Modal>
    </PageForms.Provider>
  );
}

/**
 * Tells the page's guard whether this form holds edits. `unsaved` is read at the moment of leaving,
 * so a form that has just saved (and navigates on) passes a function that knows it.
 */
export function useLeaveGuard(unsaved: () => boolean, discard?: () => void): void {
  const forms = useContext(PageForms);
  const latest = useRef({ unsaved, discard });
  latest.current = { unsaved, discard };
  useEffect(() => {
    if (!forms) return;
    const form: FormEdits = { unsaved: () => latest.current.unsaved(), discard: () => latest.current.discard?.() };
    forms.add(form);
    return () => {
      forms.delete(form);
    };
  }, [forms]);
}

/**
 * A form's edits against what was last saved (its first values until markSaved is called with what
 * the save wrote), joined to the page's guard. `dirty` is for the screen; the guard reads the
 * latest values itself.
 */
export function useUnsavedEdits<T>(values: T, { enabled = true, discard }: { enabled?: boolean; discard?: () => void } = {}) {
  const snapshot = editsSnapshot(values);
  const [saved, setSaved] = useState(snapshot);
  const latest = useRef({ snapshot, saved, enabled });
  latest.current = { snapshot, saved: latest.current.saved, enabled };
  useLeaveGuard(() => latest.current.enabled && latest.current.snapshot !== latest.current.saved, discard);
  const markSaved = useCallback((written?: T) => {
    const next = written === undefined ? latest.current.snapshot : editsSnapshot(written);
    latest.current.saved = next;
    setSaved(next);
  }, []);
  return { dirty: enabled && snapshot !== saved, markSaved, saved };
}

/**
 * A form's draft of a record the server can change while the form is open (its own save, a
 * colleague's, a refetch when the tab comes back). version is the record's updated_at. While nothing
 * typed is unsaved, the draft follows each new version; once something is typed, it stays as typed
 * until it is saved or discarded, whatever arrives meanwhile.
 */
export function useRecordDraft<D>(version: string | null, draftOfRecord: () => D, options: { enabled?: boolean } = {}) {
  const [draft, setDraft] = useState<D>(draftOfRecord);
  const edits = useUnsavedEdits(draft, options);
  const [seenVersion, setSeenVersion] = useState(version);
  if (version !== seenVersion) {
    setSeenVersion(version);
    if (!edits.dirty) {
      const newest = draftOfRecord();
      setDraft(newest);
      edits.markSaved(newest);
    }
  }
  return { draft, setDraft, edits };
}

/**
 * What a modal or drawer holding forms needs: closing it (its ×, Escape, a click outside) with edits
 * not saved asks "Discard the changes?" first, and the page's guard counts its edits while it is
 * open. The forms inside join it with useUnsavedEdits, as on a page.
 */
function useClosingGuard(opened: boolean, onClose: () => void) {
  const [forms] = useState(() => new Set<FormEdits>());
  const [asking, setAsking] = useState(false);
  useLeaveGuard(() => opened && anyUnsaved(forms));
  const close = () => (anyUnsaved(forms) ? setAsking(true) : onClose());
  const discard = () => {
    setAsking(false);
    for (const form of forms) if (form.unsaved()) form.discard?.();
    onClose();
  };
  const wrap = (children: ReactNode) => (
    <PageForms.Provider value={forms}>
      {asking && (
        <Stack gap="sm" role="alertdialog" aria-label="Discard the changes?">
          <Text fw={600}>Discard the changes?</Text>
          <Text size="sm">What you entered here is not saved. Closing now loses it.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
              Keep editing
            </Button>
            <Button color="red" onClick={discard}>
              Discard
            </Button>
          </Group>
        </Stack>
      )}
      {/* Hidden, not unmounted: keeping on editing finds every field as it was. */}
      <div hidden={asking}>{children}</div>
    </PageForms.Provider>
  );
  return { close, wrap };
}

/** A modal holding a form, asking before its edits are closed away (useClosingGuard). */
export function FormModal({ onClose, children, ...props }: ModalProps) {
  const { close, wrap } = useClosingGuard(props.opened, onClose);
  return (
    <Modal {...props} onClose={close}>
      {wrap(children)}
    </Modal>
  );
}

/** A drawer holding forms, asking before their edits are closed away (useClosingGuard). */
export function FormDrawer({ onClose, children, ...props }: DrawerProps) {
  const { close, wrap } = useClosingGuard(props.opened, onClose);
  return (
    <Drawer {...props} onClose={close}>
      {wrap(children)}
    </Drawer>
  );
}
