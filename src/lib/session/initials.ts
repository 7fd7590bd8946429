/** Up to two initials of a person's name, for an avatar without a picture: 'Amani Visitor' -> 'AV'. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
