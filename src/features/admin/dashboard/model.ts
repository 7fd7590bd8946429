/** How this month compares with the last: 'up 25% on last month', 'same as last month', 'none last month'. */
export function comparedWithLastMonth(current: number, previous: number): { text: string; direction: 'up' | 'down' | 'same' } {
  if (previous === 0) return current === 0 ? { text: 'same as last month', direction: 'same' } : { text: 'none last month', direction: 'up' };
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return { text: 'same as last month', direction: 'same' };
  return { text: `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}% on last month`, direction: change > 0 ? 'up' : 'down' };
}
