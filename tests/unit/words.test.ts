import { expect, it } from 'vitest';
import { countOf } from '../../src/lib/words.ts';

it('says a count with its noun, singular for one', () => {
  expect(countOf(1, 'traveler')).toBe('1 traveler');
  expect(countOf(0, 'traveler')).toBe('0 travelers');
  expect(countOf(7, 'traveler')).toBe('7 travelers');
  expect(countOf(2, 'child', 'children')).toBe('2 children');
});
