import { describe, expect, it } from 'vitest';
import {
  articleLd,
  breadcrumbLd,
  DEFAULT_OPENING_HOURS,
  openingHours,
  postalAddress,
  touristTripLd,
  travelAgencyLd,
  type Company,
} from '../../server/seo/json-ld.ts';
import { absoluteUrl, companyFromBranding, twitterHandle } from '../../server/seo/pages.ts';

const site = 'https://kilele.example';

const company: Company = {
  name: 'Kilele Safaris',
  description: 'Safaris from Arusha',
  url: site,
  logo: `${site}/logo.svg`,
  telephone: '+255 754 200 300',
  email: 'hello@kilelesafaris.co.tz',
  address: 'Plot 14, Njiro Road, Arusha, Tanzania',
  officeHours: 'Mon-Fri 8AM-6PM, Sat 9AM-2PM',
  sameAs: ['https://www.facebook.com/kilelesafaris'],
};

describe('company facts', () => {
  it('reads the spec office hours into schema.org notation', () => {
    expect(openingHours('Mon-Fri 8AM-6PM, Sat 9AM-2PM')).toEqual(['Mo-Fr 08:00-18:00', 'Sa 09:00-14:00']);
    expect(openingHours('Monday-Saturday 7:30am-12pm; Sun 12AM-1PM')).toEqual(['Mo-Sa 07:30-12:00', 'Su 00:00-13:00']);
  });

  it('falls back to the spec hours for text it cannot read', () => {
    expect(openingHours('by appointment')).toEqual(DEFAULT_OPENING_HOURS);
    expect(openingHours(null)).toEqual(DEFAULT_OPENING_HOURS);
  });

  it('splits the address into street, town and country, Arusha by default', () => {
    expect(postalAddress('Plot 14, Njiro Road, Arusha, Tanzania')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Plot 14, Njiro Road',
      addressLocality: 'Arusha',
      addressCountry: 'TZ',
    });
    expect(postalAddress(null)).toEqual({ '@type': 'PostalAddress', addressLocality: 'Arusha', addressCountry: 'TZ' });
  });

  it('builds the company from a branding row, or from the defaults without one', () => {
    const fromRow = companyFromBranding(
      {
        company_name: 'Acme Tours',
        tagline: null,
        logo_url: '/storage/v1/object/public/media/brand/logo.svg',
        phone: '+255 1',
        email: 'a@b.tz',
        address: 'Moshi, Tanzania',
        office_hours: null,
        facebook_url: 'https://facebook.com/acme',
        instagram_url: 'javascript:alert(1)',
        twitter_url: null,
        linkedin_url: null,
        youtube_url: null,
      },
      site,
    );
    expect(fromRow).toMatchObject({ name: 'Acme Tours', logo: `${site}/storage/v1/object/public/media/brand/logo.svg`, sameAs: ['https://facebook.com/acme'] });
    expect(companyFromBranding(undefined, site)).toMatchObject({ name: 'Kilele Safaris', address: 'Arusha, Tanzania', logo: null, sameAs: [] });
  });

  it('makes media paths absolute and finds the X handle', () => {
    expect(absoluteUrl(site, '/a/b.svg')).toBe(`${site}/a/b.svg`);
    expect(absoluteUrl(site, 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
    expect(absoluteUrl(site, null)).toBeNull();
    expect(twitterHandle('https://x.com/kilelesafaris')).toBe('@kilelesafaris');
    expect(twitterHandle('https://twitter.com/@kilele_tz/')).toBe('@kilele_tz');
    expect(twitterHandle('https://facebook.com/kilele')).toBeNull();
  });
});

describe('JSON-LD builders', () => {
  it('TravelAgency carries name, address, phone, email, url, logo, social links and hours', () => {
    expect(travelAgencyLd(company)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TravelAgency',
      '@id': `${site}/#organization`,
      name: 'Kilele Safaris',
      url: `${site}/`,
      logo: `${site}/logo.svg`,
      telephone: '+255 754 200 300',
      email: 'hello@kilelesafaris.co.tz',
      address: { addressLocality: 'Arusha', addressCountry: 'TZ' },
      sameAs: ['https://www.facebook.com/kilelesafaris'],
      openingHours: ['Mo-Fr 08:00-18:00', 'Sa 09:00-14:00'],
    });
  });

  it('TouristTrip has an Offer at the base price and the itinerary in day order', () => {
    const trip = touristTripLd(
      {
        title: 'Serengeti Classic',
        description: 'Five days',
        url: `${site}/tours/serengeti-classic`,
        image: null,
        basePrice: 2450.5,
        currency: 'USD',
        durationDays: 5,
        bookable: false,
        category: 'Wildlife Safari',
        itinerary: [
          { day: 1, title: 'Arusha', description: null },
          { day: 2, title: 'Serengeti', description: 'Game drive' },
        ],
      },
      site,
    );
    expect(trip.offers).toEqual({
      '@type': 'Offer',
      price: 2450.5,
      priceCurrency: 'USD',
      availability: 'https://schema.org/SoldOut',
      url: `${site}/tours/serengeti-classic`,
      seller: { '@id': `${site}/#organization` },
    });
    expect(trip.duration).toBe('P5D');
    expect(trip.itinerary?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Day 1: Arusha' },
      { '@type': 'ListItem', position: 2, name: 'Day 2: Serengeti', description: 'Game drive' },
    ]);
    expect(trip).not.toHaveProperty('image');
  });

  it('BreadcrumbList numbers the trail from 1', () => {
    expect(breadcrumbLd([{ name: 'Home', url: `${site}/` }, { name: 'Blog', url: `${site}/blog` }]).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${site}/` },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: `${site}/blog` },
    ]);
  });

  it('Article names its author, publisher, dates and keywords', () => {
    const article = articleLd(
      {
        title: 'x'.repeat(120),
        description: 'About packing',
        url: `${site}/blog/packing`,
        image: `${site}/p.svg`,
        author: 'Neema Mushi',
        publishedAt: '2026-01-02T00:00:00.000Z',
        updatedAt: '2026-01-03T00:00:00.000Z',
        section: 'Safari Tips',
        keywords: ['Packing', 'Serengeti'],
      },
      company,
    );
    expect(article.headline).toHaveLength(110);
    expect(article).toMatchObject({
      '@type': 'Article',
      author: { '@type': 'Person', name: 'Neema Mushi' },
      publisher: { '@type': 'Organization', name: 'Kilele Safaris', logo: { '@type': 'ImageObject', url: `${site}/logo.svg` } },
      datePublished: '2026-01-02T00:00:00.000Z',
      dateModified: '2026-01-03T00:00:00.000Z',
      image: [`${site}/p.svg`],
      articleSection: 'Safari Tips',
      keywords: 'Packing, Serengeti',
    });
  });
});
