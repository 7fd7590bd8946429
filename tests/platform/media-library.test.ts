import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The media library (server/api/media.ts, 20261127002600_media_library.sql) as the back office
 * calls it: POST /api/media with a picture's bytes makes its sizes (WebP and a JPEG or PNG fallback,
 * 480/960/1600 px wide) in the media bucket under library/<id>/ and a media_files row; refusals in
 * words write nothing; alt text is written through supabase-js; a file a page uses is not deleted,
 * and DELETE /api/media/:id removes the row and every object of an unused one.
 */
let server: TestServer;
let editor: { client: SupabaseClient; token: string };
let agent: { client: SupabaseClient; token: string };

interface MediaAnswer {
  id: string;
  object_path: string;
  file_name: string;
  mime_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  widths: number[];
  fallback: 'jpg' | 'png' | null;
  alt_text: string | null;
  uploaded_by: string | null;
  url: string;
}

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];
const libraryObjects = async (folder = 'library/') =>
  (await server.db.query<{ name: string }>(`select name from storage.objects where bucket_id = 'media' and starts_with(name, $1) order by name`, [folder])).rows.map(
    (row) => row.name,
  );
const mediaRows = async () => Number((await one<{ n: number }>(`select count(*)::int as n from public.media_files`)).n);

/** A staff member of this role with their token, for the media endpoint. */
async function staff(role: 'editor' | 'agent') {
  const person = await server.staff(role);
  const { data } = await person.client.auth.getSession();
  return { client: person.client, token: data.session!.access_token, userId: person.userId };
}

/** POST /api/media as the app sends it: the bytes, their type, the name URI-encoded, the user's token. */
function upload(token: string | null, bytes: Uint8Array, type: string, name: string) {
  const headers: Record<string, string> = { 'content-type': type, 'x-file-name': encodeURIComponent(name) };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${server.url}/api/media`, { method: 'POST', headers, body: bytes as Uint8Array<ArrayBuffer> });
}

const remove = (token: string | null, id: string) =>
  fetch(`${server.url}/api/media/${id}`, { method: 'DELETE', headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A picture drawn by sharp: a flat colour with a band across it, so that it has edges to encode. */
function picture(width: number, height: number, options: { alpha?: boolean } = {}) {
  const channels = options.alpha ? 4 : 3;
  const band = Buffer.from(`<svg width="${width}" height="${height}"><rect y="${Math.floor(height / 3)}" width="${width}" height="${Math.ceil(height / 3)}" fill="#2f3a26"/></svg>`);
  return sharp({ create: { width, height, channels, background: options.alpha ? { r: 227, g: 159, b: 72, alpha: 0.5 } : '#e39f48' } }).composite([{ input: band }]);
}

const get = (url: string) => fetch(`${server.url}${url}`);

beforeAll(async () => {
  server = await startTestServer();
  editor = await staff('editor');
  agent = await staff('agent');
});

afterAll(async () => {
  await server?.close();
});

describe('uploading a picture', () => {
  it('makes a 2000×1200 JPEG into 480, 960 and 1600 px sizes, each as WebP and JPEG', async () => {
    const jpeg = await picture(2000, 1200).jpeg({ quality: 90 }).toBuffer();
    const response = await upload(editor.token, jpeg, 'image/jpeg', 'Ngorongoro – dawn.jpg');
    expect(response.status).toBe(201);
    const row = (await response.json()) as MediaAnswer;
    expect(row).toMatchObject({
      file_name: 'Ngorongoro – dawn.jpg',
      mime_type: 'image/jpeg',
      width: 2000,
      height: 1200,
      widths: [480, 960, 1600],
      fallback: 'jpg',
      alt_text: null,
      object_path: `library/${row.id}/original.jpg`,
      url: `/storage/v1/object/public/media/library/${row.id}/1600.jpg`,
    });
    expect(await one(`select width, height, widths, fallback from public.media_files where id = $1`, [row.id])).toEqual({ width: 2000, height: 1200, widths: [480, 960, 1600], fallback: 'jpg' });
    expect((await one<{ uploaded_by: string }>(`select uploaded_by from public.media_files where id = $1`, [row.id])).uploaded_by).toBe((await editor.client.auth.getUser()).data.user!.id);

    for (const width of [480, 960, 1600]) {
      for (const [extension, type, format] of [
        ['webp', 'image/webp', 'webp'],
        ['jpg', 'image/jpeg', 'jpeg'],
      ] as const) {
        const served = await get(`/storage/v1/object/public/media/library/${row.id}/${width}.${extension}`);
        expect(served.status, `${width}.${extension}`).toBe(200);
        expect(served.headers.get('content-type')).toBe(type);
        const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual([format, width, Math.round((width * 1200) / 2000)]);
      }
    }
    // The original kept is written again without its metadata: its size is the row's.
    const original = await get(`/storage/v1/object/public/media/${row.object_path}`);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    const kept = Buffer.from(await original.arrayBuffer());
    expect(row.bytes).toBe(kept.byteLength);
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'jpeg', width: 2000, height: 1200 });
    expect(await libraryObjects(`library/${row.id}/`)).toHaveLength(7);
  });

  it('gives a small PNG with transparency one size at its own width, with a PNG fallback', async () => {
    const png = await picture(300, 200, { alpha: true }).png().toBuffer();
    const response = await upload(editor.token, png, 'image/png', 'badge.png');
    expect(response.status).toBe(201);
    const row = (await response.json()) as MediaAnswer;
    expect(row).toMatchObject({ width: 300, height: 200, widths: [300], fallback: 'png', url: `/storage/v1/object/public/media/library/${row.id}/300.png` });
    const served = await get(row.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.width, metadata.hasAlpha]).toEqual([300, true]);
    expect((await get(`/storage/v1/object/public/media/library/${row.id}/300.webp`)).headers.get('content-type')).toBe('image/webp');
    expect(await libraryObjects(`library/${row.id}/`)).toEqual([`library/${row.id}/300.png`, `library/${row.id}/300.webp`, `library/${row.id}/original.png`]);
  });

  it('turns a photo upright by its EXIF orientation and keeps no metadata, in the sizes nor in the original', async () => {
    // Taken on its side: 2000×1200 as stored, 1200×2000 as shown; and where it was taken, in its EXIF.
    const sideways = await picture(2000, 1200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'Phone', Software: 'GPS 4.3°S 35.2°E' } })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const response = await upload(editor.token, sideways, 'image/jpeg', 'portrait.jpg');
    expect(response.status).toBe(201);
    const row = (await response.json()) as MediaAnswer;
    expect(row).toMatchObject({ width: 1200, height: 2000, widths: [480, 960] });
    const size = await sharp(Buffer.from(await (await get(row.url)).arrayBuffer())).metadata();
    expect([size.width, size.height, size.orientation, size.exif]).toEqual([960, 1600, undefined, undefined]);
    const original = await sharp(Buffer.from(await (await get(`/storage/v1/object/public/media/${row.object_path}`)).arrayBuffer())).metadata();
    expect([original.width, original.height, original.orientation, original.exif]).toEqual([1200, 2000, undefined, undefined]);
  });

  it('keeps a GIF and an SVG as they are', async () => {
    const gif = await picture(40, 30).gif().toBuffer();
    const gifRow = (await (await upload(editor.token, gif, 'image/gif', 'dot.gif')).json()) as MediaAnswer;
    expect(gifRow).toMatchObject({ width: 40, height: 30, widths: [], fallback: null, url: `/storage/v1/object/public/media/library/${gifRow.id}/original.gif` });
    expect((await get(gifRow.url)).headers.get('content-type')).toBe('image/gif');

    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#222831"/></svg>');
    const svgAnswer = await upload(editor.token, svg, 'image/svg+xml', 'logo.svg');
    expect(svgAnswer.status).toBe(201);
    const svgRow = (await svgAnswer.json()) as MediaAnswer;
    expect(svgRow).toMatchObject({ width: 120, height: 40, widths: [], fallback: null, url: `/storage/v1/object/public/media/library/${svgRow.id}/original.svg` });
    expect(await libraryObjects(`library/${svgRow.id}/`)).toEqual([`library/${svgRow.id}/original.svg`]);
  });
});

describe('refusals write nothing', () => {
  const jpeg = () => picture(600, 400).jpeg().toBuffer();
  const refusals: [string, () => Promise<Response>, number, string][] = [
    ['a text file', () => upload(editor.token, Buffer.from('Packing list: boots, hat'), 'text/plain', 'packing.txt'), 415, 'Only JPEG, PNG, WebP, GIF, SVG or AVIF pictures go in the library'],
    ['a file over 10 MB', () => upload(editor.token, new Uint8Array(10 * 1024 * 1024 + 1), 'image/jpeg', 'big.jpg'), 413, 'The file is over 10 MB, the library’s limit'],
    [
      'a corrupt JPEG',
      () => upload(editor.token, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 4000 }, (_, i) => (i * 37) % 256)]), 'image/jpeg', 'broken.jpg'),
      415,
      'This file is not a picture the library can read',
    ],
    ['a JPEG cut short', async () => upload(editor.token, await jpeg().then((whole) => whole.subarray(0, Math.floor(whole.length / 2))), 'image/jpeg', 'half.jpg'), 415, 'This file is not a picture the library can read'],
    ['a PNG sent as a JPEG', async () => upload(editor.token, await picture(600, 400).png().toBuffer(), 'image/jpeg', 'mislabelled.jpg'), 415, 'This file is not a picture the library can read'],
    ['an SVG that is not one', () => upload(editor.token, Buffer.from('<html><body>hello</body></html>'), 'image/svg+xml', 'page.svg'), 415, 'This file is not a picture the library can read'],
    ['an SVG that does not parse', () => upload(editor.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10"><rect width="10" height="10"'), 'image/svg+xml', 'cut.svg'), 415, 'This file is not a picture the library can read'],
    [
      'a picture over 40 megapixels',
      async () => upload(editor.token, await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#886644' } }).jpeg().toBuffer(), 'image/jpeg', 'panorama.jpg'),
      413,
      'The picture is over 40 megapixels',
    ],
    ['an agent', async () => upload(agent.token, await jpeg(), 'image/jpeg', 'agent.jpg'), 403, 'Only staff who manage media upload files'],
    ['no token', async () => upload(null, await jpeg(), 'image/jpeg', 'anon.jpg'), 401, 'Sign in to upload files'],
    [
      'a visitor with the anon key',
      async () => fetch(`${server.url}/api/media`, { method: 'POST', headers: { apikey: server.anonKey, 'content-type': 'image/jpeg', 'x-file-name': 'x.jpg' }, body: await jpeg() }),
      401,
      'Sign in to upload files',
    ],
  ];

  it.each(refusals)('refuses %s in words', async (_case, send, status, message) => {
    const [rowsBefore, objectsBefore] = [await mediaRows(), await libraryObjects()];
    const response = await send();
    expect(response.status).toBe(status);
    expect((await response.json()).error.message).toBe(message);
    expect(await mediaRows()).toBe(rowsBefore);
    expect(await libraryObjects()).toEqual(objectsBefore);
  });

  it('takes back the objects already written when the row is refused: no half-written file', async () => {
    await server.db.exec(`
      create function public.test_refuse_media_row() returns trigger language plpgsql as $$
      begin raise exception 'The disk is full'; end $$;
      create trigger test_refuse_media_row before insert on public.media_files for each row execute function public.test_refuse_media_row();
    `);
    try {
      const [rowsBefore, objectsBefore] = [await mediaRows(), await libraryObjects()];
      const response = await upload(editor.token, await picture(1000, 600).jpeg().toBuffer(), 'image/jpeg', 'doomed.jpg');
      expect(response.status).toBe(500);
      expect(await mediaRows()).toBe(rowsBefore);
      expect(await libraryObjects()).toEqual(objectsBefore);
    } finally {
      await server.db.exec(`drop trigger test_refuse_media_row on public.media_files; drop function public.test_refuse_media_row();`);
    }
  });
});

describe('alt text', () => {
  it('is written by the editor through supabase-js, trimmed; a blank one is refused', async () => {
    const row = (await (await upload(editor.token, await picture(500, 300).jpeg().toBuffer(), 'image/jpeg', 'lions.jpg')).json()) as MediaAnswer;
    const saved = await editor.client.from('media_files').update({ alt_text: '  Two lions resting at dawn  ' }).eq('id', row.id).select('alt_text').single();
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ alt_text: 'Two lions resting at dawn' });

    const blank = await editor.client.from('media_files').update({ alt_text: '   ' }).eq('id', row.id).select('alt_text');
    expect(blank.error?.code).toBe('23514');
    expect(blank.error?.hint).toBe('alt_text');
    const long = await editor.client.from('media_files').update({ alt_text: 'a'.repeat(301) }).eq('id', row.id).select('alt_text');
    expect(long.error?.code).toBe('23514');
    expect((await one<{ alt_text: string }>(`select alt_text from public.media_files where id = $1`, [row.id])).alt_text).toBe('Two lions resting at dawn');

    // Found by name or alt text, as the library's search box asks.
    const found = await editor.client.from('media_files').select('id').or('file_name.ilike.%lions resting%,alt_text.ilike.%lions resting%');
    expect(found.data).toEqual([{ id: row.id }]);
    // What describes the stored objects is not the editor's to change.
    expect((await editor.client.from('media_files').update({ widths: [1] }).eq('id', row.id).select('id')).error?.code).toBe('42501');
    // Nobody else sees the library.
    expect((await agent.client.from('media_files').select('id', { count: 'exact' })).count ?? 0).toBe(0);
  });
});

describe('uses and deletion', () => {
  it('refuses to delete a file a tour shows, and deletes it with every object once it is unused', async () => {
    const row = (await (await upload(editor.token, await picture(1200, 800).jpeg().toBuffer(), 'image/jpeg', 'crater.jpg')).json()) as MediaAnswer;
    const tour = await one<{ id: string; title: string; hero_image_url: string | null }>(`select id, title, hero_image_url from public.tours where status = 'active' order by slug limit 1`);
    const destination = await one<{ id: string; name: string; gallery: unknown }>(`select id, name, gallery from public.destinations order by slug limit 1`);

    expect((await editor.client.from('tours').update({ hero_image_url: row.url }).eq('id', tour.id)).error).toBeNull();
    expect(
      (await editor.client.from('destinations').update({ gallery: [`/storage/v1/object/public/media/library/${row.id}/960.webp`] }).eq('id', destination.id)).error,
    ).toBeNull();
    const uses = await editor.client.rpc('media_file_uses', { p_media_id: row.id });
    expect(uses.error).toBeNull();
    expect(uses.data).toEqual([
      { kind: 'tour', record_id: tour.id, title: tour.title },
      { kind: 'destination', record_id: destination.id, title: destination.name },
    ]);
    // Only media staff ask.
    expect((await agent.client.rpc('media_file_uses', { p_media_id: row.id })).error?.code).toBe('42501');

    const refused = await remove(editor.token, row.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'conflict', message: `Used by the tour “${tour.title}”: remove it there first` } });
    // The same refusal whichever way the delete comes.
    const direct = await editor.client.from('media_files').delete().eq('id', row.id);
    expect(direct.error?.message).toBe(`Used by the tour “${tour.title}”: remove it there first`);
    expect(await mediaRows()).toBeGreaterThan(0);
    expect(await libraryObjects(`library/${row.id}/`)).toHaveLength(5);

    await editor.client.from('tours').update({ hero_image_url: tour.hero_image_url }).eq('id', tour.id);
    const stillUsed = await remove(editor.token, row.id);
    expect((await stillUsed.json()).error.message).toBe(`Used by the destination “${destination.name}”: remove it there first`);
    await editor.client.from('destinations').update({ gallery: destination.gallery }).eq('id', destination.id);

    expect((await remove(agent.token, row.id)).status).toBe(403);
    expect((await remove(null, row.id)).status).toBe(401);
    const deleted = await remove(editor.token, row.id);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id: row.id });
    expect(await one(`select id from public.media_files where id = $1`, [row.id])).toBeUndefined();
    expect(await libraryObjects(`library/${row.id}/`)).toEqual([]);
    expect((await get(row.url)).status).toBe(404);
    expect(existsSync(path.join(server.config.dataDir, 'storage', 'media', 'library', row.id, '960.webp'))).toBe(false);
    // Its deletion is in the audit log, by the editor.
    expect(await one(`select action, actor_id from public.audit_log where table_name = 'media_files' and record_id = $1 order by id desc limit 1`, [row.id])).toEqual({
      action: 'delete',
      actor_id: (await editor.client.auth.getUser()).data.user!.id,
    });

    const again = await remove(editor.token, row.id);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'not_found', message: 'No such file' } });
    expect((await remove(editor.token, 'not-an-id')).status).toBe(404);
  });
});

describe('the storage upload limit', () => {
  it('counts a library upload, seven objects, not object by object; the storage API still counts its own', async () => {
    await server.setRateLimit('storage.uploads', 2);
    try {
      const response = await upload(editor.token, await picture(2000, 1200).jpeg().toBuffer(), 'image/jpeg', 'limit.jpg');
      expect(response.status).toBe(201);
      const bucket = editor.client.storage.from('media');
      const blob = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
      expect((await bucket.upload(`limit/${crypto.randomUUID()}.png`, blob())).error).toBeNull();
      expect((await bucket.upload(`limit/${crypto.randomUUID()}.png`, blob())).error).toBeNull();
      expect((await bucket.upload(`limit/${crypto.randomUUID()}.png`, blob())).error?.message).toMatch(/Too many uploads/);
    } finally {
      await server.setRateLimit('storage.uploads', 30_000);
    }
  });

  it('a library file is neither deleted nor replaced through the storage API; the library deletes it, and every change is audited', async () => {
    const row = (await (await upload(editor.token, await picture(800, 600).jpeg().toBuffer(), 'image/jpeg', 'baobab.jpg')).json()) as MediaAnswer;
    const objects = await libraryObjects(`library/${row.id}/`);
    expect(objects.length).toBeGreaterThan(1);
    const refusal = 'This file belongs to the media library: delete or replace it there, where its uses are checked';
    const removed = await editor.client.storage.from('media').remove(objects);
    expect(removed.error?.message).toBe(refusal);
    const replaced = await editor.client.storage.from('media').upload(objects[0], new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), { upsert: true });
    expect(replaced.error?.message).toBe(refusal);
    expect(await libraryObjects(`library/${row.id}/`)).toEqual(objects);
    expect((await get(row.url)).status).toBe(200);

    const editorId = (await editor.client.auth.getUser()).data.user!.id;
    const audited = async (action: string) =>
      (await one<{ n: number }>(`select count(*)::int as n from public.audit_log where table_name = 'objects' and action = $1 and actor_id = $2 and new_values ->> 'name' like $3 || '%' or (action = $1 and actor_id = $2 and old_values ->> 'name' like $3 || '%')`, [action, editorId, `library/${row.id}/`]))!.n;
    expect(await audited('insert')).toBe(objects.length);
    expect((await remove(editor.token, row.id)).status).toBe(200);
    expect(await libraryObjects(`library/${row.id}/`)).toEqual([]);
    expect(await audited('delete')).toBe(objects.length);
  });
});

describe('the demo company', () => {
  it('has photos in its library, made as uploads are: most described, two waiting for their alt text', async () => {
    const rows = (await server.db.query<{ object_path: string; widths: number[]; alt_text: string | null }>(`select object_path, widths, alt_text from public.media_files where uploaded_by is null order by file_name`)).rows;
    expect(rows).toHaveLength(8);
    expect(rows.filter((row) => row.alt_text === null)).toHaveLength(2);
    for (const row of rows) expect(row.widths).toEqual([480, 960, 1600]);
    const folder = rows[0].object_path.replace(/original\.jpg$/, '');
    for (const name of ['original.jpg', '480.webp', '960.jpg', '1600.webp']) {
      const served = await get(`/storage/v1/object/public/media/${folder}${name}`);
      expect(served.status, name).toBe(200);
    }
  });
});
