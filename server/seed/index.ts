import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { insertUser } from '../platform/auth/users.ts';
import type { ProductContext } from '../context.ts';
import { blogCategories, blogPosts, blogTags } from './content/blog.ts';
import { activities, branding, categories, experiences, heroes, partners, team } from './content/company.ts';
import { destinations } from './content/destinations.ts';
import { contentPages } from './content/pages.ts';
import { reviewers, reviews } from './content/reviews.ts';
import { tours } from './content/tours.ts';
import { departuresFor } from './departures.ts';
import { insertRows } from './insert.ts';
import { MediaLibrary } from './media.ts';
import { seedOfficeYear } from './office.ts';
import { seedStaffNotifications } from './notifications.ts';
import { seedOperations } from './operations.ts';
import { seedAnalytics } from './analytics.ts';
import { extrasFor, groupDiscountsFor, pricingFor, promoCodes, seasonsFor } from './pricing.ts';
import { demoSeeded, seededKey } from './seeded.ts';

export interface SeedResult {
  adminEmail: string;
  adminPassword: string;
  credentialsFile: string;
  /** The office's other accounts, each with its generated password (also in staffFile). */
  staff: { role: string; name: string; email: string; password: string }[];
  staffFile: string;
}

export const adminEmail = 'admin@kilelesafaris.co.tz';

/** The rest of the office: each role of the back office has someone to sign in as. */
export const staffMembers = [
  { role: 'agent', name: 'Neema Mushi', email: 'neema@kilelesafaris.co.tz', phone: '+255 754 200 311' },
  { role: 'editor', name: 'Baraka Lyimo', email: 'baraka@kilelesafaris.co.tz', phone: '+255 754 200 322' },
  { role: 'guide', name: 'Joseph Laizer', email: 'joseph@kilelesafaris.co.tz', phone: '+255 754 200 333' },
  { role: 'guide', name: 'Rehema Kimaro', email: 'rehema@kilelesafaris.co.tz', phone: '+255 754 200 344' },
] as const;

/** Someone invited to the team who has not followed the emailed link yet, so the team screen shows every state. */
export const pendingInvitation = { email: 'amani@kilelesafaris.co.tz', role: 'guide' } as const;

const mealNames: Record<string, string> = { B: 'Breakfast', L: 'Lunch', D: 'Dinner' };

/**
 * Seeds the demo company (Kilele Safaris, Arusha) once: catalogue, content, branding, reviewers, the
 * demo admin, the office's staff (an agent, an editor, two guides), a year of their work (office.ts) and the
 * guides and vehicles that run the trips (operations.ts). Everything goes in one transaction, so a failed seed leaves no rows behind; image
 * files are written first (they are deterministic, so a retry rewrites the same bytes). Returns the
 * generated admin credentials, or undefined when the database was seeded before.
 */
export async function seedDemoCompany(ctx: ProductContext): Promise<SeedResult | undefined> {
  if (await demoSeeded(ctx.db)) return undefined;

  const media = new MediaLibrary();
  const ids = (slugs: { slug: string }[]) => new Map(slugs.map((row) => [row.slug, randomUUID()]));
  const categoryIds = ids(categories);
  const destinationIds = ids(destinations);
  const tourIds = ids(tours);
  const experienceIds = ids(experiences);
  const activityIds = ids(activities);
  const blogCategoryIds = ids(blogCategories);
  const blogTagIds = ids(blogTags);
  const blogPostIds = ids(blogPosts);
  const sceneOf = new Map(destinations.map((d) => [d.slug, d.scene]));

  const today = new Date();
  const brandFiles = media.brand();
  const destinationRows = destinations.map((d, index) => ({
    id: destinationIds.get(d.slug),
    slug: d.slug,
    name: d.name,
    country: 'Tanzania',
    region: d.region,
    summary: d.summary,
    description: d.description,
    image_url: media.landscape(`destinations/${d.slug}.svg`, d.scene, d.slug, d.name, d.palette),
    gallery: [1, 2].map((n) => media.landscape(`destinations/${d.slug}-${n}.svg`, d.scene, `${d.slug}-${n}`, d.name)),
    highlights: d.highlights,
    wildlife: d.wildlife,
    best_time_to_visit: d.bestTime,
    latitude: d.latitude,
    longitude: d.longitude,
    display_order: index + 1,
    is_published: true,
    meta_title: `${d.name} | Kilele Safaris`,
    meta_description: d.summary,
  }));

  const tourRows = tours.map((t) => {
    const main = t.destinations[0];
    const scene = t.scene ?? sceneOf.get(main)!;
    return {
      id: tourIds.get(t.slug),
      slug: t.slug,
      title: t.title,
      summary: t.summary,
      description: t.description,
      status: 'active',
      category_id: categoryIds.get(t.category),
      base_price: t.price,
      currency: 'USD',
      duration_days: t.itinerary.length,
      duration_nights: t.nights ?? t.itinerary.length - 1,
      group_size_min: 1,
      group_size_max: t.groupMax,
      min_age: t.minAge ?? null,
      difficulty: t.difficulty,
      best_season: t.bestSeason,
      start_location: t.start ?? 'Arusha',
      end_location: t.end ?? t.start ?? 'Arusha',
      highlights: t.highlights,
      included: t.included,
      excluded: t.excluded,
      hero_image_url: media.landscape(`tours/${t.slug}.svg`, scene, t.slug, t.title),
      gallery: t.destinations.slice(0, 3).map((slug, n) =>
        media.landscape(`tours/${t.slug}-${n + 1}.svg`, sceneOf.get(slug)!, `${t.slug}-${slug}`, t.title),
      ),
      is_featured: t.featured ?? false,
      is_private: t.private ?? false,
      // Park permits ask for passports; a day out of Arusha needs none.
      passport_required: t.itinerary.length > 1,
      ...pricingFor(t),
      meta_title: `${t.title} | Kilele Safaris`,
      meta_description: t.summary,
    };
  });

  // Departures start empty: the office's bookings (office.ts) take the seats each shows as taken.
  const scheduled = tours.flatMap((t, index) =>
    departuresFor(t.slug, index, t.itinerary.length, t.groupMax, t.price, today, pricingFor(t).child_price).map((d) => ({
      ...d,
      id: randomUUID(),
      tour_id: tourIds.get(t.slug)!,
    })),
  );
  const departureRows = scheduled.map((d) => ({ ...d, seats_booked: 0, status: 'open' }));
  const forEachTour = <R extends object>(rowsOf: (t: (typeof tours)[number]) => R[]) =>
    tours.flatMap((t) => rowsOf(t).map((row) => ({ ...row, tour_id: tourIds.get(t.slug) })));
  const promoRows = promoCodes(today).map(({ tourSlug, ...promo }) => ({ ...promo, tour_id: tourSlug ? tourIds.get(tourSlug) : null }));

  const brandingRow = {
    ...branding,
    logo_url: brandFiles.logo,
    logo_light_url: brandFiles.logoLight,
    footer_logo_url: brandFiles.logoLight,
    favicon_url: brandFiles.favicon,
    is_active: true,
  };
  const categoryRows = categories.map((c, index) => ({
    id: categoryIds.get(c.slug),
    slug: c.slug,
    name: c.name,
    description: c.description,
    icon: c.icon,
    image_url: media.landscape(`categories/${c.slug}.svg`, c.scene, c.slug, c.name),
    display_order: index + 1,
  }));
  const experienceRows = experiences.map((e, index) => ({
    id: experienceIds.get(e.slug),
    slug: e.slug,
    title: e.title,
    summary: e.summary,
    description: e.description,
    highlights: e.highlights,
    duration_label: e.duration,
    price_from: e.priceFrom,
    image_url: media.landscape(`experiences/${e.slug}.svg`, e.scene, e.slug, e.title),
    display_order: index + 1,
    is_published: true,
    meta_title: `${e.title} | Kilele Safaris`,
    meta_description: e.summary,
  }));
  const blogPostRows = blogPosts.map((p) => ({
    id: blogPostIds.get(p.slug),
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    content: p.content,
    cover_image_url: media.landscape(`blog/${p.slug}.svg`, p.scene, p.slug, p.title),
    author_name: p.author,
    author_avatar_url: media.portrait(`people/${slugify(p.author)}.svg`, p.author),
    category_id: blogCategoryIds.get(p.category),
    status: 'published',
    published_at: daysAgo(today, p.daysAgo),
    is_featured: p.featured ?? false,
    meta_title: p.title,
    meta_description: p.excerpt,
  }));
  const teamRows = team.map((m, index) => ({
    ...m,
    photo_url: media.portrait(`people/${slugify(m.name)}.svg`, m.name),
    display_order: index + 1,
    is_active: true,
  }));
  const partnerRows = partners.map((p, index) => ({
    ...p,
    logo_url: media.wordmark(`partners/${slugify(p.name)}.svg`, p.name),
    display_order: index + 1,
    is_active: true,
  }));
  const heroRows = heroes.map((h, index) => ({
    title: h.title,
    subtitle: h.subtitle,
    cta_label: h.ctaLabel,
    cta_href: h.ctaHref,
    image_url: media.landscape(`heroes/${index + 1}.svg`, h.scene, `hero-${index}`, h.title, h.palette),
    display_order: index + 1,
    is_active: true,
  }));
  const reviewerAvatars = reviewers.map((r) => media.portrait(`people/${r.slug}.svg`, r.fullName));
  // The media library's own photos: most described, two still waiting for their alt text.
  for (const [index, d] of destinations.slice(0, 8).entries()) {
    media.libraryPhoto(`${d.slug}.jpg`, d.scene, `${d.slug}-library`, d.name, index < 6 ? `Landscape of ${d.name}, ${d.region}` : null);
  }

  const adminPassword = randomBytes(18).toString('base64url');
  const credentialsFile = path.join(ctx.config.dataDir, 'admin-credentials.json');
  const staff = staffMembers.map(({ role, name, email }) => ({ role, name, email, password: randomBytes(18).toString('base64url') }));
  const staffFile = path.join(ctx.config.dataDir, 'staff-credentials.json');
  const started = Date.now();
  await media.writeTo(ctx.config.dataDir);

  const seeded = await ctx.db.transaction(async (tx) => {
    // Claim the seed first: a second server racing this one waits here, then sees the claim.
    const claim = await tx.query(
      `insert into platform.state (key, value) values ($1, $2) on conflict (key) do nothing returning key`,
      [seededKey, JSON.stringify({ seeded_at: today.toISOString(), company: 'Kilele Safaris' })],
    );
    if (claim.rows.length === 0) return false;

    await media.register(tx);
    const admin = await insertUser(tx, {
      email: adminEmail,
      password: adminPassword,
      confirmed: true,
      userMetadata: { full_name: 'Kilele Safaris Admin' },
    });
    await tx.query(`update public.users set role = 'admin', phone = $2, country = 'Tanzania' where id = $1`, [
      admin.id,
      '+255 754 200 300',
    ]);

    for (const [index, member] of staff.entries()) {
      const user = await insertUser(tx, { email: member.email, password: member.password, confirmed: true, userMetadata: { full_name: member.name } });
      await tx.query(`update public.users set role = $2, phone = $3, country = 'Tanzania' where id = $1`, [user.id, member.role, staffMembers[index].phone]);
    }
    await tx.query(`insert into public.staff_invitations (email, role, invited_by, invited_at, expires_at) values ($1, $2, $3, now() - interval '1 day', now() + interval '6 days')`, [
      pendingInvitation.email,
      pendingInvitation.role,
      admin.id,
    ]);

    const reviewerIds: string[] = [];
    for (const [index, reviewer] of reviewers.entries()) {
      // Demo reviewers have no password: they exist to sign their reviews, not to sign in.
      const user = await insertUser(tx, {
        email: reviewer.email,
        confirmed: true,
        userMetadata: { full_name: reviewer.fullName, avatar_url: reviewerAvatars[index] },
      });
      reviewerIds.push(user.id);
    }
    await tx.query(
      `update public.users u set country = r.country
         from json_to_recordset($1::json) as r(id uuid, country text) where u.id = r.id`,
      [JSON.stringify(reviewers.map((r, i) => ({ id: reviewerIds[i], country: r.country })))],
    );

    await insertRows(tx, 'public.branding_settings', [{ ...brandingRow, updated_by: admin.id }]);
    await insertRows(tx, 'public.categories', categoryRows);
    await insertRows(tx, 'public.destinations', destinationRows);
    await insertRows(tx, 'public.tours', tourRows);
    await insertRows(
      tx,
      'public.tour_destinations',
      tours.flatMap((t) =>
        t.destinations.map((slug, position) => ({ tour_id: tourIds.get(t.slug), destination_id: destinationIds.get(slug), position })),
      ),
    );
    await insertRows(
      tx,
      'public.tour_itinerary',
      tours.flatMap((t) =>
        t.itinerary.map(([title, description, location, accommodation, meals], index) => ({
          tour_id: tourIds.get(t.slug),
          day_number: index + 1,
          title,
          description,
          location,
          accommodation: accommodation || null,
          meals: [...meals].map((m) => mealNames[m]),
        })),
      ),
    );
    await insertRows(tx, 'public.tour_departures', departureRows);
    await insertRows(tx, 'public.tour_seasons', forEachTour((t) => seasonsFor(t, today)));
    await insertRows(tx, 'public.tour_group_discounts', forEachTour(groupDiscountsFor));
    await insertRows(tx, 'public.tour_extras', forEachTour(extrasFor));
    await insertRows(tx, 'public.promo_codes', promoRows);
    await insertRows(tx, 'public.experiences', experienceRows);
    await insertRows(tx, 'public.activities', activities.map((a, index) => ({ id: activityIds.get(a.slug), ...a, display_order: index + 1 })));
    await insertRows(
      tx,
      'public.tour_experiences',
      tours.flatMap((t) => (t.experiences ?? []).map((slug) => ({ tour_id: tourIds.get(t.slug), experience_id: experienceIds.get(slug) }))),
    );
    await insertRows(
      tx,
      'public.tour_activities',
      tours.flatMap((t) => (t.activities ?? []).map((slug) => ({ tour_id: tourIds.get(t.slug), activity_id: activityIds.get(slug) }))),
    );
    await insertRows(
      tx,
      'public.reviews',
      reviews.map((r) => ({
        tour_id: tourIds.get(r.tour),
        user_id: reviewerIds[r.reviewer],
        rating: r.rating,
        title: r.title,
        body: r.body,
        is_published: true,
        created_at: daysAgo(today, r.daysAgo),
      })),
    );
    await insertRows(tx, 'public.blog_categories', blogCategories.map((c, index) => ({ id: blogCategoryIds.get(c.slug), ...c, display_order: index + 1 })));
    await insertRows(tx, 'public.blog_tags', blogTags.map((t) => ({ id: blogTagIds.get(t.slug), ...t })));
    await insertRows(tx, 'public.blog_posts', blogPostRows);
    await insertRows(
      tx,
      'public.blog_post_tags',
      blogPosts.flatMap((p) => p.tags.map((tag) => ({ post_id: blogPostIds.get(p.slug), tag_id: blogTagIds.get(tag) }))),
    );
    await insertRows(tx, 'public.content_pages', contentPages.map((p) => ({ ...p, is_published: true })));
    await insertRows(tx, 'public.team_members', teamRows);
    await insertRows(tx, 'public.partner_logos', partnerRows);
    await insertRows(tx, 'public.heroes', heroRows);

    const agentId = (await tx.query<{ id: string }>(`select id from public.users where email = $1`, [staffMembers[0].email])).rows[0].id;
    await seedOfficeYear(tx, {
      today,
      adminId: admin.id,
      agentId,
      tours: tours.map((t) => ({ id: tourIds.get(t.slug)!, title: t.title, durationDays: t.itinerary.length, price: t.price, childPrice: pricingFor(t).child_price })),
      departures: scheduled.map((d) => ({
        id: d.id,
        tourId: d.tour_id,
        startDate: d.start_date,
        price: d.price_override ?? tourRows.find((t) => t.id === d.tour_id)!.base_price,
        childPrice: d.child_price_override ?? tourRows.find((t) => t.id === d.tour_id)!.child_price ?? null,
        seats: d.seats_booked,
      })),
    });

    await seedStaffNotifications(tx, today);
    await seedOperations(tx, today);
    await seedAnalytics(tx, today);

    // Last, still inside the transaction: if writing the file fails, nothing is committed.
    await writeFile(credentialsFile, JSON.stringify({ email: adminEmail, password: adminPassword }, null, 2) + '\n', {
      mode: 0o600,
    });
    await writeFile(staffFile, JSON.stringify(staff, null, 2) + '\n', { mode: 0o600 });
    return true;
  });
  if (!seeded) return undefined;

  ctx.log('demo company seeded', { ms: Date.now() - started, tours: tours.length, images: media.size });
  return { adminEmail, adminPassword, credentialsFile, staff, staffFile };
}

function daysAgo(today: Date, days: number): string {
  return new Date(today.getTime() - days * 86_400_000).toISOString();
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

