import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { anyUnsaved, DRAFT_KEEP_DAYS, draftKey, draftOffer, draftsKeptSince, editsSnapshot } from '../../src/components/admin/unsaved-edits.ts';
import { LocalDb, type StoredDraft } from '../../src/lib/local-db.ts';

describe('unsaved edits', () => {
  it('tell edits from the values saved, whatever order the fields were set in', () => {
    const saved = editsSnapshot({ title: 'Serengeti', adults: 2, days: [{ title: 'Arrive', meals: ['Dinner'] }] });
    expect(editsSnapshot({ days: [{ meals: ['Dinner'], title: 'Arrive' }], adults: 2, title: 'Serengeti' })).toBe(saved);
    expect(editsSnapshot({ title: 'Serengeti', adults: 3, days: [{ title: 'Arrive', meals: ['Dinner'] }] })).not.toBe(saved);
    // A field emptied is an edit; the order of a list is too (days moved).
    expect(editsSnapshot({ price: '' })).not.toBe(editsSnapshot({ price: 0 }));
    expect(editsSnapshot({ days: ['a', 'b'] })).not.toBe(editsSnapshot({ days: ['b', 'a'] }));
  });

  it('count the page as unsaved when any one of its forms is', () => {
    expect(anyUnsaved([])).toBe(false);
    expect(anyUnsaved([{ unsaved: () => false }, { unsaved: () => false }])).toBe(false);
    expect(anyUnsaved([{ unsaved: () => false }, { unsaved: () => true }])).toBe(true);
  });
});

describe('drafts kept on the device', () => {
  const draft = (values: string, basedOn = 'v1'): StoredDraft => ({ key: draftKey('u1', 'quote', 'q1'), userId: 'u1', kind: 'quote', recordId: 'q1', values, basedOn, savedAt: 1_764_300_000_000 });

  it('are the staff member’s own, one per record', () => {
    expect(draftKey('u1', 'quote', 'q1')).toBe('u1:quote:q1');
    expect(draftKey('u2', 'quote', 'q1')).not.toBe(draftKey('u1', 'quote', 'q1'));
    expect(draftKey('u1', 'itinerary', 'q1')).not.toBe(draftKey('u1', 'quote', 'q1'));
  });

  it('are offered only when they hold more than the record, saying when it was saved since', () => {
    expect(draftOffer(undefined, { values: '{"a":1}', version: 'v1' })).toBeNull();
    expect(draftOffer(draft('{"a":1}'), { values: '{"a":1}', version: 'v2' })).toBeNull();
    const anHourLater = 1_764_300_000_000 + 3_600_000;
    expect(draftOffer(draft('{"a":2}'), { values: '{"a":1}', version: 'v1' }, anHourLater)).toEqual({ savedAt: 1_764_300_000_000, changedSince: false });
    expect(draftOffer(draft('{"a":2}'), { values: '{"a":3}', version: 'v2' }, anHourLater)).toEqual({ savedAt: 1_764_300_000_000, changedSince: true });
  });

  it('are forgotten after their keeping time, on the device as well as in the offer', async () => {
    const keptAt = 1_764_300_000_000;
    const day = 86_400_000;
    const record = { values: '{"a":1}', version: 'v1' };
    expect(draftOffer(draft('{"a":2}'), record, keptAt + (DRAFT_KEEP_DAYS - 1) * day)).toEqual({ savedAt: keptAt, changedSince: false });
    expect(draftOffer(draft('{"a":2}'), record, keptAt + (DRAFT_KEEP_DAYS + 1) * day)).toBeNull();

    const db = new LocalDb(`drafts-${crypto.randomUUID()}`);
    await db.drafts.bulkPut([draft('{"a":2}'), { ...draft('{"a":3}'), key: draftKey('u2', 'quote', 'q2'), recordId: 'q2', userId: 'u2', savedAt: keptAt + 2 * day }]);
    await db.dropDraftsKeptBefore(draftsKeptSince(keptAt + (DRAFT_KEEP_DAYS + 1) * day));
    expect((await db.drafts.toArray()).map((kept) => kept.recordId)).toEqual(['q2']);
    db.close();
  });

  it('go with the staff member who signs out, and only theirs', async () => {
    const db = new LocalDb(`drafts-${crypto.randomUUID()}`);
    await db.drafts.bulkPut([draft('{"a":2}'), { ...draft('{"a":3}'), key: draftKey('u2', 'quote', 'q1'), userId: 'u2' }]);
    await db.clearUser('u1');
    expect((await db.drafts.toArray()).map((kept) => kept.userId)).toEqual(['u2']);
    db.close();
  });
});
