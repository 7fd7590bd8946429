import { describe, expect, it } from 'vitest';
import { describeOutcome, forEachSelected } from '@/components/admin/bulk.ts';

describe('bulk actions', () => {
  it('asks for each row in turn and keeps each refusal’s words', async () => {
    const order: number[] = [];
    const outcome = await forEachSelected([1, 2, 3, 4], async (row) => {
      order.push(row);
      if (row % 2 === 0) throw new Error(`Row ${row} is confirmed`);
    });
    expect(order).toEqual([1, 2, 3, 4]);
    expect(outcome.done).toEqual([1, 3]);
    expect(outcome.refused).toEqual([
      { row: 2, reason: 'Row 2 is confirmed' },
      { row: 4, reason: 'Row 4 is confirmed' },
    ]);
    expect(describeOutcome(outcome, (n) => `${n} holds approved`)).toBe('2 holds approved; 2 not: Row 2 is confirmed; Row 4 is confirmed');
  });

  it('says when everything was done, or nothing', () => {
    expect(describeOutcome({ done: [1, 2], refused: [] }, (n) => `${n} assigned`)).toBe('2 assigned');
    expect(describeOutcome({ done: [], refused: [{ row: 1, reason: 'No' }, { row: 2, reason: 'No' }] }, (n) => `${n} assigned`)).toBe('Nothing changed; 2 not: No');
  });
});
