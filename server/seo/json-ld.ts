// Schema.org structured data (JSON-LD) for the public pages: pure builders over plain values.

/** The company as the active branding row describes it, with absolute URLs. */
export interface Company {
  name: string;
  description: string | null;
  /** The site's own address (config.siteUrl), no trailing slash. */
  url: string;
  logo: string | null;
  telephone: string | null;
  email: string | null;
  address: string | null;
  officeHours: string | null;
  sameAs: string[];
}

/** The spec's office hours (Mon-Fri 8AM-6PM, Sat 9AM-2PM) in schema.org's notation. */
export const DEFAULT_OPENING_HOURS = ['Mo-Fr 08:00-18:00', 'Sa 09:00-14:00'];

const dayCodes: Record<string, string> = { mon: 'Mo', tue: 'Tu', wed: 'We', thu: 'Th', fri: 'Fr', sat: 'Sa', sun: 'Su' };

function clock(hour: string, minutes: string | undefined, meridiem: string): string | null {
  let h = Number(hour);
  if (h < 1 || h > 12) return null;
  if (meridiem.toUpperCase() === 'PM' && h !== 12) h += 12;
  if (meridiem.toUpperCase() === 'AM' && h === 12) h = 0;
  return `${String(h).padStart(2, '0')}:${minutes ?? '00'}`;
}

/**
 * Office hours as branding writes them ('Mon-Fri 8AM-6PM, Sat 9AM-2PM') in schema.org's
 * openingHours notation; the spec's default hours when the text has another form.
 */
export function openingHours(text: string | null | undefined): string[] {
  const parts = (text ?? '').split(/[,;]/).map((part) => part.trim()).filter(Boolean);
  const pattern = /^([a-z]{3})[a-z]*(?:\s*-\s*([a-z]{3})[a-z]*)?\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)\s*-\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/i;
  const hours: string[] = [];
  for (const part of parts) {
    const match = pattern.exec(part);
    const from = match && dayCodes[match[1].toLowerCase()];
    const to = match?.[2] ? dayCodes[match[2].toLowerCase()] : from;
    const opens = match && clock(match[3], match[4], match[5]);
    const closes = match && clock(match[6], match[7], match[8]);
    if (!from || !to || !opens || !closes) return DEFAULT_OPENING_HOURS;
    hours.push(`${from === to ? from : `${from}-${to}`} ${opens}-${closes}`);
  }
  return hours.length > 0 ? hours : DEFAULT_OPENING_HOURS;
}

/**
 * The company's postal address: 'Plot 14, Njiro Road, Arusha, Tanzania' splits into street, town and
 * country; the company is in Arusha, Tanzania unless the address says otherwise.
 */
export function postalAddress(address: string | null | undefined) {
  const parts = (address ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  const country = parts.length > 0 && /^(tanzania|tz)$/i.test(parts[parts.length - 1]) ? parts.pop() : undefined;
  const locality = country ? parts.pop() : undefined;
  return {
    '@type': 'PostalAddress',
    ...(parts.length > 0 ? { streetAddress: parts.join(', ') } : {}),
    addressLocality: locality ?? 'Arusha',
    addressCountry: 'TZ',
  };
}

/** The node id other entities use to point at the company. */
export function organizationId(siteUrl: string): string {
  return `${siteUrl}/#organization`;
}

/** TravelAgency: who the company is, on every page. */
export function travelAgencyLd(company: Company) {
  return {
    '@context': 'https://schema.org',
    '@type': 'TravelAgency',
    '@id': organizationId(company.url),
    name: company.name,
    ...(company.description ? { description: company.description } : {}),
    url: `${company.url}/`,
    ...(company.logo ? { logo: company.logo, image: company.logo } : {}),
    ...(company.telephone ? { telephone: company.telephone } : {}),
    ...(company.email ? { email: company.email } : {}),
    address: postalAddress(company.address),
    openingHours: openingHours(company.officeHours),
    ...(company.sameAs.length > 0 ? { sameAs: company.sameAs } : {}),
    areaServed: { '@type': 'Country', name: 'Tanzania' },
  };
}

export interface Crumb {
  name: string;
  url: string;
}

/** BreadcrumbList for a detail page: Home > section > page. */
export function breadcrumbLd(crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

export interface TripFacts {
  title: string;
  description: string;
  url: string;
  image: string | null;
  basePrice: number;
  currency: string;
  durationDays: number;
  /** Private tours run on any date; others need an upcoming departure with seats left. */
  bookable: boolean;
  category: string | null;
  itinerary: { day: number; title: string; description: string | null }[];
}

/** TouristTrip with its Offer (price from = base_price) and day-by-day itinerary. */
export function touristTripLd(trip: TripFacts, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    name: trip.title,
    description: trip.description,
    url: trip.url,
    ...(trip.image ? { image: trip.image } : {}),
    ...(trip.category ? { touristType: trip.category } : {}),
    duration: `P${trip.durationDays}D`,
    provider: { '@id': organizationId(siteUrl) },
    offers: {
      '@type': 'Offer',
      price: trip.basePrice,
      priceCurrency: trip.currency,
      availability: trip.bookable ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url: trip.url,
      seller: { '@id': organizationId(siteUrl) },
    },
    ...(trip.itinerary.length > 0
      ? {
          itinerary: {
            '@type': 'ItemList',
            numberOfItems: trip.itinerary.length,
            itemListElement: trip.itinerary.map((day) => ({
              '@type': 'ListItem',
              position: day.day,
              name: `Day ${day.day}: ${day.title}`,
              ...(day.description ? { description: day.description } : {}),
            })),
          },
        }
      : {}),
  };
}

export interface ArticleFacts {
  title: string;
  description: string;
  url: string;
  image: string | null;
  author: string | null;
  publishedAt: string;
  updatedAt: string;
  section: string | null;
  keywords: string[];
}

/** Article for a blog post, published by the company. */
export function articleLd(article: ArticleFacts, company: Company) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title.length > 110 ? `${article.title.slice(0, 109)}…` : article.title,
    description: article.description,
    url: article.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': article.url },
    ...(article.image ? { image: [article.image] } : {}),
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    author: article.author ? { '@type': 'Person', name: article.author } : { '@id': organizationId(company.url) },
    publisher: {
      '@type': 'Organization',
      '@id': organizationId(company.url),
      name: company.name,
      ...(company.logo ? { logo: { '@type': 'ImageObject', url: company.logo } } : {}),
    },
    ...(article.section ? { articleSection: article.section } : {}),
    ...(article.keywords.length > 0 ? { keywords: article.keywords.join(', ') } : {}),
  };
}

/** TouristDestination for a destination page. */
export function touristDestinationLd(place: { name: string; description: string; url: string; image: string | null; country: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristDestination',
    name: place.name,
    description: place.description,
    url: place.url,
    ...(place.image ? { image: place.image } : {}),
    containedInPlace: { '@type': 'Country', name: place.country },
  };
}
