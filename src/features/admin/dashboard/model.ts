/** How this month compares with the last: 'up 25% on last month', 'same as last month', 'none last month'. */
export function comparedWithLastMonth(current: number, previous: number): { text: string; direction: 'up' | 'down' | 'same' } {
  if (previous === 0) return current === 0 ? { text: 'same as last month', direction: 'same' } : { text: 'none last month', direction: 'up' };
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return { text: 'same as last month', direction: 'same' };
  return { text: `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}% on last month`, direction: change > 0 ? 'up' : 'down' };
}

/** Seats filled as a share of the departure, 0 to 100. */
export function seatsFilled(booked: number, capacity: number): number {
  return capacity > 0 ? Math.min(100, Math.round((booked / capacity) * 100)) : 0;
}
