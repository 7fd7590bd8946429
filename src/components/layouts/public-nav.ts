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

/**
 * Whether `pathname` is in the section a main link leads to (/tours for /tours/7-day-...): the link
 * is highlighted there, while the router marks it the current page (aria-current) only on its own page.
 */
export function inSection(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
