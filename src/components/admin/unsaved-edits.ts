/**
 * The pure rules of unsaved edits: when a form's values differ from what was last saved, and which
 * draft kept on the device belongs to whom.
 */
import type { DraftKind, StoredDraft } from '@/lib/local-db.ts';

/** A form's values as one string: the same values give the same string whatever order their keys were set in. */
export function editsSnapshot(values: unknown): string {
  return JSON.stringify(values, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** One form's edits as the page's guard sees them. */
export interface FormEdits {
  unsaved: () => boolean;
  /** The staff member chose to leave without saving: whatever the form keeps of its edits goes too. */
  discard?: () => void;
}

export const anyUnsaved = (forms: Iterable<FormEdits>): boolean => [...forms].some((form) => form.unsaved());

/** A draft is the staff member's own, of one record: another colleague on the same tablet never sees it. */
export const draftKey = (userId: string, kind: DraftKind, recordId: string): string => `${userId}:${kind}:${recordId}`;

/** A draft left this long is forgotten: by then the record has moved on, or the edit was abandoned. */
export const DRAFT_KEEP_DAYS = 30;

/** The moment before which a draft kept is too old to offer (ms since epoch). */
export const draftsKeptSince = (now: number): number => now - DRAFT_KEEP_DAYS * 86_400_000;

/**
 * Whether coming back to a record offers its draft: only when the draft holds something the record
 * does not and is under DRAFT_KEEP_DAYS old; `changedSince` when the record was saved again after
 * the draft was started.
 */
export function draftOffer(
  draft: StoredDraft | null | undefined,
  record: { values: string; version: string },
  now = Date.now(),
): { savedAt: number; changedSince: boolean } | null {
  if (!draft || draft.values === record.values || draft.savedAt < draftsKeptSince(now)) return null;
  return { savedAt: draft.savedAt, changedSince: draft.basedOn !== record.version };
}
