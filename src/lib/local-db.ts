import Dexie, { type EntityTable } from 'dexie';

/**
 * The device's own database (IndexedDB through Dexie): mirrors of the signed-in traveler's data so
 * the portal opens with no signal, the outbox of writes waiting for the server, error reports
 * that could not be posted, and the back office's unsaved drafts. Every schema change is a new version() below, never an edit of an old one.
 */

/** One write waiting for the server. `id` is made on the device and doubles as the idempotency key. */
export interface OutboxEntry {
  id: string;
  /** What the write is, e.g. 'wishlist.toggle', 'preferences.update', 'newsletter.subscribe'. */
  kind: string;
  payload: unknown;
  /** The user who made the write; null for visitors. Signing out drops that user's entries. */
  userId: string | null;
  status: 'pending' | 'sending' | 'failed';
  attempts: number;
  /** When the next try is due (ms since epoch). */
  nextAttemptAt: number;
  lastError?: string;
  createdAt: number;
}

/**
 * A write the server has taken, kept for a few minutes: a server read that began before it was sent
 * does not show it yet, so a mirror refresh replays it over that read (engine.ts refreshMirror).
 */
export interface SentWrite extends Omit<OutboxEntry, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError'> {
  /** When the server's answer arrived (ms since epoch, the device's clock). */
  sentAt: number;
}

/** A mirrored server row, stored whole with the user it belongs to. */
export interface MirrorRow<T = Record<string, unknown>> {
  id: string;
  userId: string;
  row: T;
  /** When the row was last confirmed by the server (ms since epoch). */
  syncedAt: number;
}

export interface StoredErrorReport {
  id?: number;
  report: Record<string, unknown>;
  createdAt: number;
}

/** The long editors whose unsaved edits are kept on the device. */
export type DraftKind = 'quote' | 'itinerary';

/** An unsaved draft of a record, kept on the device as the staff member types. */
export interface StoredDraft {
  key: string;
  userId: string;
  kind: DraftKind;
  recordId: string;
  /** The form's values (editsSnapshot). */
  values: string;
  /** The record's version the edits were made on (its updated_at). */
  basedOn: string;
  /** When it was last kept (ms since epoch). */
  savedAt: number;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

export class LocalDb extends Dexie {
  outbox!: EntityTable<OutboxEntry, 'id'>;
  sent!: EntityTable<SentWrite, 'id'>;
  bookings!: EntityTable<MirrorRow, 'id'>;
  wishlist!: EntityTable<MirrorRow, 'id'>;
  preferences!: EntityTable<MirrorRow, 'id'>;
  profile!: EntityTable<MirrorRow, 'id'>;
  /** Field mode: the manifests of the trips a staff member works this week, for use with no signal. */
  fieldTrips!: EntityTable<MirrorRow, 'id'>;
  errorReports!: EntityTable<StoredErrorReport, 'id'>;
  /** The long editors' edits not yet saved (the quote builder, a tour's itinerary), kept as the staff member types. */
  drafts!: EntityTable<StoredDraft, 'key'>;
  meta!: EntityTable<MetaEntry, 'key'>;

  constructor(name = 'kilele') {
    super(name);
    this.version(1).stores({
      outbox: 'id, status, nextAttemptAt, createdAt, userId',
      bookings: 'id, userId',
      wishlist: 'id, userId',
      preferences: 'id, userId',
      profile: 'id, userId',
      errorReports: '++id, createdAt',
      meta: 'key',
    });
    this.version(2).stores({ sent: 'id, userId, sentAt' });
    this.version(3).stores({ fieldTrips: 'id, userId' });
    this.version(4).stores({ drafts: 'key, userId' });
  }

  /** Drafts kept before `since` (ms since epoch), whoever's and whichever record's: they are never offered again. */
  async dropDraftsKeptBefore(since: number): Promise<void> {
    await this.drafts.filter((draft) => draft.savedAt < since).delete();
  }

  /** Signing out: nothing of that user stays on the device. */
  async clearUser(userId: string): Promise<void> {
    await this.transaction('rw', [this.bookings, this.wishlist, this.preferences, this.profile, this.fieldTrips, this.drafts, this.outbox, this.sent, this.meta], async () => {
      await Promise.all([
        this.fieldTrips.where('userId').equals(userId).delete(),
        this.drafts.where('userId').equals(userId).delete(),
        // The staff access kept for opening field mode offline (features/admin/access/api.ts).
        this.meta.delete(`staffAccess:${userId}`),
        this.sent.where('userId').equals(userId).delete(),
        this.bookings.where('userId').equals(userId).delete(),
        this.wishlist.where('userId').equals(userId).delete(),
        this.preferences.where('userId').equals(userId).delete(),
        this.profile.where('userId').equals(userId).delete(),
        this.outbox.where('userId').equals(userId).delete(),
      ]);
    });
  }
}

/** The one device database of the app. */
export const localDb = new LocalDb();
