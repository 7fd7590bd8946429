/** A count with its noun, singular for one: '1 traveler', '3 travelers', '2 children'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
