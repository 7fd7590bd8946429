// What each public page says about itself in its HTML: title, description, canonical URL, preview
// tags, structured data and HTTP status, read as the anonymous visitor so RLS decides exactly as it
// does for the browser (a draft tour or an unpublished page is not found).
import type { PageDataDocument } from '../../shared/page-data.ts';
import { summarize, type PageHead } from './html.ts';
import {
  articleLd,
  breadcrumbLd,
  touristDestinationLd,
  touristTripLd,
  travelAgencyLd,
  type Company,
  type Crumb,
} from './json-ld.ts';
import { STATIC_PAGES, type Route, type StaticPage } from './routes.ts';

/** Reads as the anonymous role (or, for a tour's preview, as the staff member), one transaction per read. */
export type AnonRead = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface SeoPage {
  status: 200 | 404;
  head: PageHead;
  pageData: PageDataDocument;
}

/** The active branding row's fields the pages use. */
export interface BrandingFacts {
  company_name: string | null;
  tagline: string | null;
  logo_url: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  office_hours: string | null;
  facebook_url: string | null;
  instagram_url: string | null;
  twitter_url: string | null;
  linkedin_url: string | null;
  youtube_url: string | null;
}

export const DEFAULT_COMPANY_NAME = 'Kilele Safaris';
const DEFAULT_TAGLINE = 'Safaris, Kilimanjaro treks and Zanzibar escapes, planned in Arusha, Tanzania.';

/** url made absolute against the site (stored media paths are relative); null when there is none. */
export function absoluteUrl(siteUrl: string, url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, `${siteUrl}/`).href;
  } catch {
    return null;
  }
}

/** The company as the active branding row (or, with none, the spec's defaults) describes it. */
export function companyFromBranding(branding: BrandingFacts | undefined, siteUrl: string): Company {
  const sameAs = [branding?.facebook_url, branding?.instagram_url, branding?.twitter_url, branding?.linkedin_url, branding?.youtube_url].filter(
    (url): url is string => !!url && /^https?:\/\//.test(url),
  );
  return {
    name: branding?.company_name?.trim() || DEFAULT_COMPANY_NAME,
    description: branding?.tagline ?? null,
    url: siteUrl,
    logo: absoluteUrl(siteUrl, branding?.logo_url),
    telephone: branding?.phone ?? null,
    email: branding?.email ?? null,
    address: branding?.address ?? 'Arusha, Tanzania',
    officeHours: branding?.office_hours ?? null,
    sameAs,
  };
}

/** '@handle' of an X (Twitter) profile URL. */
export function twitterHandle(url: string | null | undefined): string | null {
  const match = url ? /^https?:\/\/(?:www\.)?(?:twitter|x)\.com\/@?([A-Za-z0-9_]{1,15})\/?$/.exec(url) : null;
  return match ? `@${match[1]}` : null;
}

const staticDescriptions: Record<StaticPage, (company: string) => string> = {
  about: (company) => `Who we are at ${company}: a Tanzanian safari and Kilimanjaro operator based in Arusha.`,
  tours: (company) => `Wildlife safaris, Kilimanjaro treks and Zanzibar escapes by ${company}: compare itineraries, prices and departures.`,
  destinations: (company) => `The parks, mountains and islands of Tanzania where ${company} travels, from the Serengeti to Zanzibar.`,
  experiences: (company) => `Balloon flights, walking safaris, cultural visits and more: experiences to add to a ${company} trip.`,
  blog: (company) => `Safari tips, Kilimanjaro advice, wildlife and culture from the ${company} team in Arusha.`,
  contact: (company) => `Contact ${company} in Arusha, Tanzania: phone, email, offices and opening hours.`,
  search: (company) => `Search ${company}'s tours, destinations, experiences and articles.`,
  'start-planning': (company) => `Tell ${company} about your dream trip and get a tailor-made Tanzania itinerary.`,
  'thank-you': (company) => `Thank you for contacting ${company}. We will be in touch soon.`,
};

interface TourFacts {
  title: string;
  summary: string | null;
  description: string | null;
  meta_description: string | null;
  hero_image_url: string | null;
  base_price: string | number;
  currency: string;
  duration_days: number;
  is_private: boolean;
  category: string | null;
  itinerary: { day: number; title: string; description: string | null }[] | null;
  has_open_departure: boolean;
}

interface PlaceFacts {
  name: string;
  country: string;
  summary: string | null;
  description: string | null;
  meta_description: string | null;
  image_url: string | null;
}

interface ExperienceFacts {
  title: string;
  summary: string | null;
  description: string | null;
  meta_description: string | null;
  image_url: string | null;
}

interface PostFacts {
  title: string;
  excerpt: string | null;
  opening: string;
  meta_description: string | null;
  cover_image_url: string | null;
  author_name: string | null;
  published_at: string | Date;
  updated_at: string | Date;
  category: string | null;
  category_slug: string | null;
  tags: string[] | null;
}

interface LabelFacts {
  name: string;
  description: string | null;
}

interface ContentPageFacts {
  title: string;
  meta_description: string | null;
  opening: string;
}

// Every statement names its table without a status filter: RLS alone decides what is public.
const sql = {
  tour: `select t.title, t.summary, t.description, t.meta_description, t.hero_image_url, t.base_price, t.currency,
      t.duration_days, t.is_private, c.name as category,
      (select json_agg(json_build_object('day', i.day_number, 'title', i.title, 'description', i.description) order by i.day_number)
         from public.tour_itinerary i where i.tour_id = t.id) as itinerary,
      exists (select 1 from public.tour_departures d where d.tour_id = t.id and d.start_date > public.company_today()
         and d.status not in ('sold_out', 'cancelled') and d.seats_booked < d.capacity) as has_open_departure
    from public.tours t left join public.categories c on c.id = t.category_id where t.slug = $1`,
  destination: `select name, country, summary, description, meta_description, image_url from public.destinations where slug = $1`,
  experience: `select title, summary, description, meta_description, image_url from public.experiences where slug = $1`,
  post: `select p.title, p.excerpt, left(p.content, 600) as opening, p.meta_description, p.cover_image_url, p.author_name,
      p.published_at, p.updated_at, c.name as category, c.slug as category_slug,
      (select array_agg(g.name order by g.name) from public.blog_post_tags pt join public.blog_tags g on g.id = pt.tag_id
         where pt.post_id = p.id) as tags
    from public.blog_posts p left join public.blog_categories c on c.id = p.category_id where p.slug = $1`,
  blogCategory: `select name, description from public.blog_categories where slug = $1`,
  blogTag: `select name, null as description from public.blog_tags where slug = $1`,
  contentPage: `select title, meta_description, left(content, 600) as opening from public.content_pages where slug = $1`,
  homeImage: `select image_url from public.heroes order by display_order limit 1`,
};

function isoDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/** The head and status of a page, before the page's data is added. */
export interface PageFacts {
  status: 200 | 404;
  head: PageHead;
}

/**
 * Reads what a route's page says about itself. company is the active branding; path is the
 * normalized request path (the canonical URL is siteUrl + path, without the query).
 */
export async function describePage(route: Route, path: string, company: Company, twitterSite: string | null, read: AnonRead): Promise<PageFacts> {
  const siteUrl = company.url;
  const canonical = `${siteUrl}${path === '/' ? '/' : path}`;
  const organization = travelAgencyLd(company);
  const fallbackImage = company.logo ?? `${siteUrl}/icons/icon-512.png`;
  const base = { siteName: company.name, twitterSite, canonical, type: 'website' as const, image: fallbackImage, jsonLd: [organization] };
  const titled = (title: string) => `${title} | ${company.name}`;
  const crumbs = (...trail: Crumb[]) => breadcrumbLd([{ name: 'Home', url: `${siteUrl}/` }, ...trail]);
  const section = (page: StaticPage): Crumb => ({ name: STATIC_PAGES[page], url: `${siteUrl}/${page}` });
  const notFound: PageFacts = {
    status: 404,
    head: { ...base, title: titled('Page Not Found'), description: 'The page you are looking for does not exist or has moved.', noindex: true },
  };
  const one = async <T>(statement: string, slug: string) => (await read<T>(statement, [slug]))[0];

  switch (route.kind) {
    case 'home': {
      const [hero] = await read<{ image_url: string }>(sql.homeImage);
      return {
        status: 200,
        head: {
          ...base,
          title: company.description ? `${company.name} | ${company.description}` : company.name,
          description: summarize(company.description ?? DEFAULT_TAGLINE),
          image: absoluteUrl(siteUrl, hero?.image_url) ?? fallbackImage,
        },
      };
    }
    case 'static': {
      const page = route.page === 'about' ? await one<ContentPageFacts>(sql.contentPage, 'about') : undefined;
      return {
        status: 200,
        head: {
          ...base,
          title: titled(STATIC_PAGES[route.page]),
          description: summarize(page?.meta_description) || staticDescriptions[route.page](company.name),
          noindex: route.page === 'thank-you',
        },
      };
    }
    case 'tour':
    case 'booking': {
      const tour = await one<TourFacts>(sql.tour, route.slug);
      if (!tour) return notFound;
      const tourUrl = `${siteUrl}/tours/${route.slug}`;
      const description = summarize(tour.meta_description || tour.summary || tour.description);
      const image = absoluteUrl(siteUrl, tour.hero_image_url);
      if (route.kind === 'booking') {
        return { status: 200, head: { ...base, title: titled(`Book ${tour.title}`), description, image: image ?? fallbackImage, noindex: true } };
      }
      const trip = touristTripLd(
        {
          title: tour.title,
          description,
          url: tourUrl,
          image,
          basePrice: Number(tour.base_price),
          currency: tour.currency,
          durationDays: tour.duration_days,
          bookable: tour.is_private || tour.has_open_departure,
          category: tour.category,
          itinerary: tour.itinerary ?? [],
        },
        siteUrl,
      );
      return {
        status: 200,
        head: {
          ...base,
          title: titled(tour.title),
          description,
          image: image ?? fallbackImage,
          imageAlt: tour.title,
          jsonLd: [organization, trip, crumbs(section('tours'), { name: tour.title, url: tourUrl })],
        },
      };
    }
    case 'destination': {
      const place = await one<PlaceFacts>(sql.destination, route.slug);
      if (!place) return notFound;
      const url = `${siteUrl}/destinations/${route.slug}`;
      const description = summarize(place.meta_description || place.summary || place.description);
      const image = absoluteUrl(siteUrl, place.image_url);
      return {
        status: 200,
        head: {
          ...base,
          title: titled(place.name),
          description,
          image: image ?? fallbackImage,
          imageAlt: place.name,
          jsonLd: [
            organization,
            touristDestinationLd({ name: place.name, description, url, image, country: place.country }),
            crumbs(section('destinations'), { name: place.name, url }),
          ],
        },
      };
    }
    case 'experience': {
      const experience = await one<ExperienceFacts>(sql.experience, route.slug);
      if (!experience) return notFound;
      const url = `${siteUrl}/experiences/${route.slug}`;
      return {
        status: 200,
        head: {
          ...base,
          title: titled(experience.title),
          description: summarize(experience.meta_description || experience.summary || experience.description),
          image: absoluteUrl(siteUrl, experience.image_url) ?? fallbackImage,
          imageAlt: experience.title,
          jsonLd: [organization, crumbs(section('experiences'), { name: experience.title, url })],
        },
      };
    }
    case 'post': {
      const post = await one<PostFacts>(sql.post, route.slug);
      if (!post) return notFound;
      const url = `${siteUrl}/blog/${route.slug}`;
      const description = summarize(post.meta_description || post.excerpt || post.opening);
      const image = absoluteUrl(siteUrl, post.cover_image_url);
      const categoryCrumb = post.category && post.category_slug ? [{ name: post.category, url: `${siteUrl}/blog/category/${post.category_slug}` }] : [];
      return {
        status: 200,
        head: {
          ...base,
          type: 'article',
          title: titled(post.title),
          description,
          image: image ?? fallbackImage,
          imageAlt: post.title,
          jsonLd: [
            organization,
            articleLd(
              {
                title: post.title,
                description,
                url,
                image,
                author: post.author_name,
                publishedAt: isoDate(post.published_at),
                updatedAt: isoDate(post.updated_at),
                section: post.category,
                keywords: post.tags ?? [],
              },
              company,
            ),
            crumbs(section('blog'), ...categoryCrumb, { name: post.title, url }),
          ],
        },
      };
    }
    case 'blog-category':
    case 'blog-tag': {
      const label = await one<LabelFacts>(route.kind === 'blog-category' ? sql.blogCategory : sql.blogTag, route.slug);
      if (!label) return notFound;
      const url = `${siteUrl}/blog/${route.kind === 'blog-category' ? 'category' : 'tag'}/${route.slug}`;
      return {
        status: 200,
        head: {
          ...base,
          title: titled(route.kind === 'blog-category' ? label.name : `Posts tagged ${label.name}`),
          description: summarize(label.description) || `Articles about ${label.name} from the ${company.name} blog.`,
          jsonLd: [organization, crumbs(section('blog'), { name: label.name, url })],
        },
      };
    }
    case 'content': {
      const page = await one<ContentPageFacts>(sql.contentPage, route.slug);
      if (!page) return notFound;
      return {
        status: 200,
        head: {
          ...base,
          title: titled(page.title),
          description: summarize(page.meta_description || page.opening),
          jsonLd: [organization, crumbs({ name: page.title, url: canonical })],
        },
      };
    }
    case 'app':
      return { status: 200, head: { ...base, title: titled(route.title), description: summarize(company.description ?? DEFAULT_TAGLINE), noindex: true } };
    case 'not-found':
      return notFound;
  }
}
