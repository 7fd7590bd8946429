import { Alert, Button, Group, Text, type MantineSpacing } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { localDb, type DraftKind } from '@/lib/local-db.ts';
import { draftKey, draftOffer, draftsKeptSince, editsSnapshot } from './unsaved-edits.ts';

/** How long after the last keystroke the draft is kept: often enough to lose little, rarely enough not to write on every key. */
const KEEP_AFTER_MS = 800;

interface DeviceDraftOptions<T> {
  userId: string;
  kind: DraftKind;
  recordId: string;
  /** The record's version as loaded (its updated_at). */
  version: string;
  values: T;
  /** editsSnapshot of the values last saved. */
  saved: string;
  /** False where the record cannot be edited: no draft is kept or offered. */
  enabled: boolean;
  restore: (values: T) => void;
}

/**
 * A long editor's unsaved edits kept on the device (Dexie `drafts`) as the staff member types, so a
 * reload, a closed tab or a flat battery loses nothing. Coming back to the record offers the draft
 * until it is restored or discarded; meanwhile nothing overwrites it. `drop` removes it (a save).
 */
export function useDeviceDraft<T>({ userId, kind, recordId, version, values, saved, enabled, restore }: DeviceDraftOptions<T>) {
  const key = draftKey(userId, kind, recordId);
  const snapshot = editsSnapshot(values);
  const [offer, setOffer] = useState<{ savedAt: number; changedSince: boolean; values: string } | null>(null);
  const [answered, setAnswered] = useState(false);
  const [keptAt, setKeptAt] = useState<number | null>(null);

  // Opening the record: a draft that holds more than the record is offered; any other is stale, as
  // is every draft on the device past its keeping time (of records never opened again).
  useEffect(() => {
    let live = true;
    void localDb.dropDraftsKeptBefore(draftsKeptSince(Date.now())).catch(() => undefined);
    localDb.drafts
      .get(key)
      .then(async (draft) => {
        const found = enabled ? draftOffer(draft, { values: saved, version }) : null;
        if (found && draft) {
          if (live) setOffer({ ...found, values: draft.values });
          return;
        }
        if (draft) await localDb.drafts.delete(key);
        if (live) setAnswered(true);
      })
      .catch(() => live && setAnswered(true));
    return () => {
      live = false;
    };
    // Read once per record: a save on this screen changes `saved` and `version`, not what was left before.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- intentionally partial, see above
  }, [key]);

  useEffect(() => {
    if (!answered || !enabled) return;
    if (snapshot === saved) {
      setKeptAt(null);
      void localDb.drafts.delete(key).catch(() => undefined);
      return;
    }
    const timer = setTimeout(() => {
      const savedAt = Date.now();
      localDb.drafts.put({ key, userId, kind, recordId, values: snapshot, basedOn: version, savedAt }).then(
        () => setKeptAt(savedAt),
        () => undefined,
      );
    }, KEEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [answered, enabled, snapshot, saved, key, userId, kind, recordId, version]);

  const drop = useCallback(async () => {
    setKeptAt(null);
    await localDb.drafts.delete(key).catch(() => undefined);
  }, [key]);

  return {
    offer,
    keptAt,
    drop,
    restore: () => {
      if (offer) restore(JSON.parse(offer.values) as T);
      setOffer(null);
      setAnswered(true);
    },
    discard: () => {
      setOffer(null);
      setAnswered(true);
      void drop();
    },
  };
}

/** "Restore your unsaved draft from …?" above the editor, until it is answered. */
export function DraftOffer({ draft, record, mb }: { draft: ReturnType<typeof useDeviceDraft>; record: string; mb?: MantineSpacing }) {
  if (!draft.offer) return null;
  return (
    <Alert color="blue" title={`Restore your unsaved draft from ${formatOfficeDateTime(new Date(draft.offer.savedAt).toISOString())}?`} data-testid="draft-offer" mb={mb}>
      <Text size="sm">
        {draft.offer.changedSince
          ? `Edits made on this device were not saved, and the ${record} has been saved since: restoring them replaces what it holds now once you save.`
          : `Edits made on this device were not saved.`}
      </Text>
      <Group gap="xs" mt="sm">
        <Button onClick={draft.restore}>Restore</Button>
        <Button variant="default" onClick={draft.discard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}

/** Says the draft is safe on the device, once it is. */
export function DraftKept({ keptAt }: { keptAt: number | null }) {
  if (keptAt === null) return null;
  return (
    <Text size="xs" c="dimmed" aria-live="polite" data-testid="draft-kept">
      Draft kept on this device at {formatOfficeDateTime(new Date(keptAt).toISOString())}
    </Text>
  );
}
