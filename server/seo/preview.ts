import { Hono } from 'hono';
import { uuidPattern } from '../platform/auth/tokens.ts';
import type { ProductContext } from '../context.ts';
import { ApiError, sqlRefusal } from '../api/api-error.ts';
import { PostgrestError } from '../platform/http/errors.ts';
import { asRequestRole, requestClaims } from '../platform/http/request-role.ts';
import { JwtError, type Claims } from '../platform/jwt.ts';
import { readPageDataEntries, type RestFetch } from './page-data.ts';

/**
 * A tour's preview: the public page of a draft (or of the tour's unpublished changes), rendered by
 * the server exactly as it will be once published, for staff only.
 *
 * The editor asks POST /api/tours/:tourId/preview for an address, /tours/<slug>?preview=<token>. The
 * token is signed with keys of its own purpose (no API takes it) and names the tour and the staff
 * member who asked; whoever opens the address sees what that staff member may read, through the
 * same RLS, for as long as the token lasts and their session does (signing out, deactivation or
 * losing catalogue.write ends it). The page is never kept, indexed or sent as a referrer.
 */

/** How long a preview address works: a working day, to look again or show a colleague. */
export const TOUR_PREVIEW_HOURS = 12;

export const previewWords = {
  signIn: 'Please sign in to preview a tour',
  editorsOnly: 'Only staff who edit the catalogue preview tours',
  noSuchTour: 'No such tour',
  ended: 'This preview has ended: open it again from the tour’s editor',
};

/** A preview address opened: the tour it shows, at its address now, and the staff member to read it as. */
export interface OpenPreview {
  tourId: string;
  slug: string;
  /** The staff member who asked for the address, as a request of theirs carries them. */
  staff: Claims;
  /** A token of theirs for one minute, for the in-process REST reads of the page's data. */
  bearer: string;
}

export interface TourPreviews {
  /** POST /tours/:tourId/preview and GET /tour-previews/:token, under /api. */
  routes: Hono;
  /** The preview a token opens, or null when it is not one or has ended. */
  open(token: string): Promise<OpenPreview | null>;
}

const previewPath = (slug: string, token: string) => `/tours/${slug}?preview=${encodeURIComponent(token)}`;

export function tourPreviews(ctx: ProductContext, rest: RestFetch): TourPreviews {
  const keys = ctx.keys.forPurpose('tour-preview');

  async function open(token: string): Promise<OpenPreview | null> {
    let claims: Claims;
    try {
      claims = await keys.verify(token);
    } catch (error) {
      if (error instanceof JwtError) return null;
      throw error;
    }
    const tourId = claims.tour;
    if (typeof tourId !== 'string' || !uuidPattern.test(tourId) || typeof claims.sub !== 'string') return null;
    const staff: Claims = { role: 'authenticated', aud: 'authenticated', sub: claims.sub, session_id: claims.session_id };
    try {
      const slug = await asRequestRole(ctx.db, staff, async (tx) => {
        const { rows } = await tx.query<{ slug: string }>(`select slug from public.tours where id = $1 and public.has_permission('catalogue.write')`, [tourId]);
        return rows[0]?.slug;
      });
      return slug ? { tourId, slug, staff, bearer: await ctx.keys.sign(staff, 60) } : null;
    } catch (error) {
      // Their session has ended or their account is gone: so has the address.
      if (error instanceof PostgrestError && error.status === 401) return null;
      throw error;
    }
  }

  const routes = new Hono();

  routes.post('/tours/:tourId/preview', async (c) => {
    try {
      const claims = await requestClaims(c, ctx.keys).catch((error: unknown) => {
        if (error instanceof PostgrestError && error.status === 401) return null;
        throw error;
      });
      if (claims?.role !== 'authenticated') throw new ApiError('not_signed_in', previewWords.signIn);
      const tourId = c.req.param('tourId');
      if (!uuidPattern.test(tourId)) throw new ApiError('not_found', previewWords.noSuchTour);
      const slug = await asRequestRole(ctx.db, claims, async (tx) => {
        const { rows } = await tx.query<{ allowed: boolean; slug: string | null }>(
          `select public.has_permission('catalogue.write') as allowed, (select slug from public.tours where id = $1) as slug`,
          [tourId],
        );
        if (!rows[0].allowed) throw new ApiError('forbidden', previewWords.editorsOnly);
        if (!rows[0].slug) throw new ApiError('not_found', previewWords.noSuchTour);
        return rows[0].slug;
      });
      const token = await keys.sign({ role: 'authenticated', sub: claims.sub, session_id: claims.session_id, tour: tourId }, TOUR_PREVIEW_HOURS * 3600);
      c.header('cache-control', 'no-store');
      return c.json({ path: previewPath(slug, token), expiresAt: new Date(Date.now() + TOUR_PREVIEW_HOURS * 3_600_000).toISOString() }, 201);
    } catch (error) {
      throw sqlRefusal(error, true) ?? error;
    }
  });

  // The tour's row as the page reads it, for the browser when it reads the preview again.
  routes.get('/tour-previews/:token', async (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    const preview = await open(c.req.param('token'));
    if (!preview) throw new ApiError('not_found', previewWords.ended);
    const entries = await readPageDataEntries({ kind: 'tour', slug: preview.slug }, rest, ctx.apiKeys.anonKey, ctx.log, { bearer: preview.bearer, preview: true });
    const row = entries[`tour:${preview.slug}`];
    if (row === undefined) throw new Error(`the preview of tour ${preview.tourId} could not be read`);
    return c.json(row);
  });

  return { routes, open };
}
