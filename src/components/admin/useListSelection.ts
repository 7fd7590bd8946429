import { useState } from 'react';

/**
 * The rows selected on a list for a bulk action. A selection is of the rows on screen: another
 * page, order or filter (a new `shownKey`) starts afresh.
 */
export function useListSelection<T>(shownKey: string): [T[], (rows: T[]) => void] {
  const [selected, setSelected] = useState<T[]>([]);
  const [selectedFor, setSelectedFor] = useState(shownKey);
  if (selectedFor !== shownKey) {
    setSelectedFor(shownKey);
    setSelected([]);
  }
  return [selected, setSelected];
}
