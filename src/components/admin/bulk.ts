/**
 * Bulk actions of the back office's lists: one action over the rows a staff member selected, each
 * row asked of the database on its own (each may be refused in its own words), one after another so
 * a large selection does not flood the server. The outcome says what was done and what was not.
 */
export interface BulkOutcome<T> {
  done: T[];
  refused: { row: T; reason: string }[];
}

export async function forEachSelected<T>(rows: readonly T[], act: (row: T) => Promise<unknown>): Promise<BulkOutcome<T>> {
  const outcome: BulkOutcome<T> = { done: [], refused: [] };
  for (const row of rows) {
    try {
      await act(row);
      outcome.done.push(row);
    } catch (error) {
      outcome.refused.push({ row, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcome;
}

/** "3 holds approved; 1 not: This booking is confirmed: it holds no seats to approve" */
export function describeOutcome<T>(outcome: BulkOutcome<T>, what: (count: number) => string): string {
  const done = outcome.done.length ? what(outcome.done.length) : 'Nothing changed';
  if (!outcome.refused.length) return done;
  const reasons = [...new Set(outcome.refused.map((refusal) => refusal.reason))];
  return `${done}; ${outcome.refused.length} not: ${reasons.slice(0, 2).join('; ')}${reasons.length > 2 ? '…' : ''}`;
}
