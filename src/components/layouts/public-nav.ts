// Typed as plain strings: these pages arrive route by route, and the router shows its not-found page meanwhile.
export const mainNav: { label: string; to: string }[] = [
  { label: 'Tours', to: '/tours' },
  { label: 'Destinations', to: '/destinations' },
  { label: 'Experiences', to: '/experiences' },
  { label: 'Blog', to: '/blog' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

export const planTripPath: string = '/start-planning';

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
