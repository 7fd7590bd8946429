/**
 * Which of a list's columns the screen shows by default, pure: every one when they fit side by
 * side, else the ones that never give way, then the others, least ready to give way first, while
 * there is room; `fewer` more give way when the table, drawn, still ran past the edge. A column's
 * room is the narrowest it reads well in, its padding included.
 */
export interface ColumnRoom {
  key: string;
  room: number;
  /** When the list is short of room, the columns give way in this order (1 first); without it, never. */
  yields?: number;
}

export function columnsThatFit(columns: readonly ColumnRoom[], available: number, fewer = 0): Set<string> {
  const needed = (list: readonly ColumnRoom[]) => list.reduce((sum, column) => sum + column.room, 0);
  const kept = columns.filter((column) => column.yields === undefined);
  // The last to give way are the first to come back.
  const yielding = columns.filter((column) => column.yields !== undefined).sort((a, b) => b.yields! - a.yields!);
  let fitting = yielding.length;
  if (needed(columns) > available) {
    let left = available - needed(kept);
    fitting = yielding.findIndex((column) => {
      left -= column.room;
      return left < 0;
    });
    if (fitting < 0) fitting = yielding.length;
  }
  // `fewer`: the rows' own words turned out wider than the rooms foresaw, so more give way.
  const shown = new Set([...kept, ...yielding.slice(0, Math.max(0, fitting - fewer))]);
  return new Set(columns.filter((column) => shown.has(column)).map((column) => column.key));
}

/** How many of the list's columns may give way: the most `fewer` can usefully be. */
export function columnsThatMayYield(columns: readonly ColumnRoom[]): number {
  return columns.filter((column) => column.yields !== undefined).length;
}
