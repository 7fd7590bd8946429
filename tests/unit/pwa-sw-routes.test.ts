import { describe, expect, it } from 'vitest';
import { JwtKeys } from '../../server/platform/jwt.ts';
import { cacheKeyForRead, isAnonymousRequest, isAppNavigation, isPublicImage, isPublicRead, isSignedInArea } from '../../sw/routes.ts';

const origin = 'http://127.0.0.1:3000';
const keys = new JwtKeys('a-test-secret-that-is-long-enough-for-hs256');

function read(path: string, init: RequestInit = {}) {
  const request = new Request(origin + path, init);
  return { request, url: new URL(request.url) };
}

describe('what the service worker caches', () => {
  it('caches GET reads of the public catalogue tables only', () => {
    for (const table of ['tours', 'destinations', 'categories', 'tour_itinerary', 'tour_departures', 'experiences', 'heroes', 'branding_settings', 'currency_rates']) {
      const { request, url } = read(`/rest/v1/${table}?select=*`);
      expect(isPublicRead(request, url), table).toBe(true);
    }
    for (const path of ['/rest/v1/bookings?select=*', '/rest/v1/wishlist?user_id=eq.1', '/rest/v1/users?select=*', '/rest/v1/rpc/log_user_activity', '/auth/v1/user']) {
      const { request, url } = read(path);
      expect(isPublicRead(request, url), path).toBe(false);
    }
    const write = read('/rest/v1/tours', { method: 'PATCH', body: '{}' });
    expect(isPublicRead(write.request, write.url)).toBe(false);
    // A hosted Supabase project is another origin with the same paths.
    const hosted = new Request('https://abc.supabase.co/rest/v1/tours?select=id');
    expect(isPublicRead(hosted, new URL(hosted.url))).toBe(true);
  });

  it('treats a request as anonymous only without a user token', async () => {
    const anonKey = await keys.sign({ role: 'anon', iss: 'supabase' });
    const userToken = await keys.sign({ role: 'authenticated', sub: '0b8c0a4e-7d1e-4c39-9d2a-3f1f0f7c1a11' }, 3600);
    const serviceKey = await keys.sign({ role: 'service_role' });
    expect(isAnonymousRequest(new Request(origin, { headers: { apikey: anonKey } }))).toBe(true);
    expect(isAnonymousRequest(new Request(origin, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } }))).toBe(true);
    expect(isAnonymousRequest(new Request(origin, { headers: { apikey: anonKey, authorization: `Bearer ${userToken}` } }))).toBe(false);
    expect(isAnonymousRequest(new Request(origin, { headers: { authorization: `Bearer ${serviceKey}` } }))).toBe(false);
    expect(isAnonymousRequest(new Request(origin, { headers: { authorization: 'Bearer not-a-jwt' } }))).toBe(false);
    expect(isAnonymousRequest(new Request(origin, { headers: { authorization: 'Basic abc' } }))).toBe(false);
  });

  it('keys a read by its URL, and a single-object read apart from the list of the same URL', async () => {
    const path = '/rest/v1/branding_settings?select=*&is_active=eq.true';
    const list = new Request(origin + path, { headers: { accept: 'application/json' } });
    const single = new Request(origin + path, { headers: { accept: 'application/vnd.pgrst.object+json' } });
    expect(await cacheKeyForRead(list)).toBe(origin + path);
    const singleKey = await cacheKeyForRead(single);
    expect(singleKey).not.toBe(origin + path);
    expect(new URL(singleKey).searchParams.get('is_active')).toBe('eq.true');
    expect(await cacheKeyForRead(new Request(origin + path, { headers: { accept: 'application/vnd.pgrst.object+json' } }))).toBe(singleKey);
  });

  it('serves the shell for app pages but not for API paths or files', () => {
    for (const path of ['/', '/tours', '/tours/serengeti-migration-safari', '/traveler/bookings', '/admin', '/privacy-policy?x=1']) {
      expect(isAppNavigation(new URL(origin + path)), path).toBe(true);
    }
    for (const path of ['/api/health', '/auth/v1/verify?token=x', '/rest/v1/tours', '/storage/v1/object/public/media/a.svg', '/sitemap.xml', '/robots.txt', '/brochure.pdf']) {
      expect(isAppNavigation(new URL(origin + path)), path).toBe(false);
    }
  });

  it('opens the back office and the portal in the shell without asking the network, and no other page', () => {
    for (const path of ['/admin', '/admin/field/1b7c2e0a-4f3d-4a59-9d0e-2f1c7f0b8a11', '/traveler', '/traveler/bookings/KS-2026-0042?doc=itinerary']) {
      expect(isSignedInArea(new URL(origin + path)), path).toBe(true);
    }
    for (const path of ['/', '/tours/serengeti-migration-safari', '/auth/login?redirect=%2Fadmin', '/admin-access', '/travelers-guide', '/api/admin']) {
      expect(isSignedInArea(new URL(origin + path)), path).toBe(false);
    }
  });

  it('caches pictures from public storage buckets only', () => {
    expect(isPublicImage(new URL(`${origin}/storage/v1/object/public/media/tours/serengeti.svg`))).toBe(true);
    expect(isPublicImage(new URL(`${origin}/storage/v1/object/avatars/user.png`))).toBe(false);
    expect(isPublicImage(new URL(`${origin}/storage/v1/object/sign/documents/visa.pdf`))).toBe(false);
  });
});
