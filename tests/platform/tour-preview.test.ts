import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellDist } from '../helpers/shell.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * A tour's preview (server/seo/preview.ts): an editor asks for an address; whoever opens it gets the
 * draft's page from the server as it will be once published (head, JSON-LD, inlined data), never
 * kept, indexed or sent as a referrer, until the address's hours or the editor's session end. The
 * token is no API token, and an API token is no preview token. (The server-rendered body needs the
 * built app: tests/e2e/admin-tours.spec.ts reads it.)
 */
let server: TestServer;
let distDir: string;
let editor: { client: SupabaseClient; token: string };
let draft: { id: string; slug: string; title: string };

const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!.access_token;

async function askPreview(tourId: string, token?: string) {
  const response = await fetch(`${server.url}/api/tours/${tourId}/preview`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as { path?: string; expiresAt?: string; error?: { message: string } } };
}

async function page(path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const pageDataOf = (html: string) => JSON.parse(/<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]) as { entries: Record<string, unknown> };

beforeAll(async () => {
  distDir = await shellDist();
  server = await startTestServer({ distDir });
  const person = await server.staff('editor');
  editor = { client: person.client, token: await tokenOf(person.client) };
  const slug = `preview-${randomUUID().slice(0, 8)}`;
  draft = (
    await server.db.query<{ id: string; slug: string; title: string }>(
      `insert into public.tours (slug, title, summary, status, base_price, duration_days, duration_nights) values ($1, 'Walking the Ruaha', 'Rangers and rivers.', 'draft', 2100, 3, 2) returning id, slug, title`,
      [slug],
    )
  ).rows[0];
});

afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('a tour’s preview address', () => {
  it('is made for staff who edit the catalogue only, for a tour that exists', async () => {
    expect(await askPreview(draft.id)).toMatchObject({ status: 401, body: { error: { message: 'Please sign in to preview a tour' } } });
    const agent = await server.staff('agent');
    expect(await askPreview(draft.id, await tokenOf(agent.client))).toMatchObject({ status: 403, body: { error: { message: 'Only staff who edit the catalogue preview tours' } } });
    const traveler = await server.traveler();
    expect((await askPreview(draft.id, await tokenOf(traveler.client))).status).toBe(403);
    expect(await askPreview(randomUUID(), editor.token)).toMatchObject({ status: 404, body: { error: { message: 'No such tour' } } });
    const made = await askPreview(draft.id, editor.token);
    expect(made.status).toBe(201);
    expect(made.body.path).toMatch(new RegExp(`^/tours/${draft.slug}\\?preview=[\\w.-]+$`));
    const hours = (Date.parse(made.body.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('opens the draft’s page as it will be published, never kept, indexed or sent as a referrer; visitors still get 404', async () => {
    const { body } = await askPreview(draft.id, editor.token);
    const preview = await page(body.path!);
    expect(preview.status).toBe(200);
    expect(titleOf(preview.html)).toBe(`Walking the Ruaha | Kilele Safaris`);
    expect(preview.html).toContain('<meta name="robots" content="noindex" />');
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.headers.get('x-robots-tag')).toBe('noindex');
    expect(preview.headers.get('referrer-policy')).toBe('no-referrer');
    const trip = [...preview.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as { '@type': string; name?: string });
    expect(trip.find((ld) => ld['@type'] === 'TouristTrip')?.name).toBe('Walking the Ruaha');
    expect(pageDataOf(preview.html).entries[`tour:${draft.slug}`]).toMatchObject({ id: draft.id, status: 'draft', title: 'Walking the Ruaha' });
    // The browser reads it again through the same address.
    const again = await fetch(`${server.url}/api/tour-previews/${new URL(body.path!, server.url).searchParams.get('preview')}`);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: draft.id, status: 'draft' });
    // Nothing of it reaches visitors: the page, its data and the sitemap.
    const visitor = await page(`/tours/${draft.slug}`);
    expect(visitor.status).toBe(404);
    expect(pageDataOf(visitor.html).entries[`tour:${draft.slug}`]).toBeUndefined();
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain(draft.slug);
  });

  it('follows the tour to a new address', async () => {
    const { body } = await askPreview(draft.id, editor.token);
    const moved = `${draft.slug}-moved`;
    await server.db.query(`update public.tours set slug = $2 where id = $1`, [draft.id, moved]);
    try {
      const old = await page(body.path!);
      expect(old.status).toBe(302);
      expect(old.headers.get('location')).toBe(body.path!.replace(`/tours/${draft.slug}?`, `/tours/${moved}?`));
      expect((await page(old.headers.get('location')!)).status).toBe(200);
    } finally {
      await server.db.query(`update public.tours set slug = $2 where id = $1`, [draft.id, draft.slug]);
    }
  });

  it('is no API token, and an API token is no preview address; a changed or made-up one has ended', async () => {
    const { body } = await askPreview(draft.id, editor.token);
    const token = new URL(body.path!, server.url).searchParams.get('preview')!;
    const asApiToken = await fetch(`${server.url}/rest/v1/tours?select=id&id=eq.${draft.id}`, { headers: { apikey: server.anonKey, authorization: `Bearer ${token}` } });
    expect(asApiToken.status).toBe(401);
    for (const wrong of [editor.token, `${token.slice(0, -2)}xx`, 'made-up']) {
      const ended = await page(`/tours/${draft.slug}?preview=${wrong}`);
      expect(ended.status, wrong).toBe(404);
      expect(pageDataOf(ended.html).entries[`tour:${draft.slug}`]).toBeUndefined();
      const read = await fetch(`${server.url}/api/tour-previews/${wrong}`);
      expect(read.status).toBe(404);
      expect((await read.json()).error.message).toBe('This preview has ended: open it again from the tour’s editor');
    }
  });

  it('ends when its editor signs out or stops editing the catalogue', async () => {
    const leaving = await server.staff('editor');
    const { body } = await askPreview(draft.id, await tokenOf(leaving.client));
    expect((await page(body.path!)).status).toBe(200);
    await server.db.query(`update public.users set role = 'agent' where id = $1`, [leaving.userId]);
    expect((await page(body.path!)).status).toBe(404);
    await server.db.query(`update public.users set role = 'editor' where id = $1`, [leaving.userId]);
    expect((await page(body.path!)).status).toBe(200);
    await leaving.client.auth.signOut();
    expect((await page(body.path!)).status).toBe(404);
  });
});
