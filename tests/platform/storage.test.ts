import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const png = (bytes = 64) => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...new Array(bytes).fill(7)])], { type: 'image/png' });

describe('storage through supabase-js', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    // A private bucket of our own with a policy: signed-in users manage files under their own folder.
    await server.db.exec(`
      insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
      values ('trip-docs', 'trip-docs', false, 1024, array['application/pdf', 'text/*']);
      create policy "own trip docs" on storage.objects for all to authenticated
        using (bucket_id = 'trip-docs' and (storage.foldername(name))[1] = auth.uid()::text)
        with check (bucket_id = 'trip-docs' and (storage.foldername(name))[1] = auth.uid()::text);
    `);
  });
  afterAll(() => server?.close());

  it('lets a traveler upload, replace and publicly serve their own avatar', async () => {
    const { client, userId } = await server.traveler();
    const name = `avatars/${userId}-1732000000.png`;
    const first = await client.storage.from('avatars').upload(name, png(10));
    expect(first.error).toBeNull();
    expect(first.data?.path).toBe(name);

    const again = await client.storage.from('avatars').upload(name, png(20));
    expect(again.error?.message).toBe('The resource already exists');

    const replaced = await client.storage.from('avatars').upload(name, png(30), { upsert: true });
    expect(replaced.error).toBeNull();

    const { publicUrl } = client.storage.from('avatars').getPublicUrl(name).data;
    expect(publicUrl).toBe(`${server.url}/storage/v1/object/public/avatars/${name}`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect((await response.arrayBuffer()).byteLength).toBe(34);

    const etag = response.headers.get('etag')!;
    const cached = await fetch(publicUrl, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    // A browser repeats the weak form it got with a gzipped answer; it names the same object.
    expect((await fetch(publicUrl, { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304);
    expect((await fetch(publicUrl, { headers: { 'if-none-match': '"another"' } })).status).toBe(200);
  });

  it("refuses an avatar under another user's name and one from a signed-out visitor", async () => {
    const alice = await server.traveler();
    const bob = await server.traveler();
    const stolen = await bob.client.storage.from('avatars').upload(`avatars/${alice.userId}-1.png`, png());
    expect(stolen.error).not.toBeNull();
    expect(stolen.error?.message).toMatch(/row-level security/);

    const anonymous = await server.client().storage.from('avatars').upload(`avatars/${alice.userId}-2.png`, png());
    expect(anonymous.error).not.toBeNull();

    const rows = await server.db.query(`select name from storage.objects where name like $1`, [`avatars/${alice.userId}-%`]);
    expect(rows.rows).toEqual([]);
  });

  it('refuses an oversized or wrong-type upload with a clear error and writes nothing', async () => {
    const { client, userId } = await server.traveler();
    const big = new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'image/png' });
    const tooBig = await client.storage.from('avatars').upload(`avatars/${userId}-5.png`, big);
    expect(tooBig.error?.message).toBe('The object exceeded the maximum allowed size');
    expect((tooBig.error as { status?: number }).status).toBe(413);

    const text = new Blob(['hello'], { type: 'text/plain' });
    const wrongType = await client.storage.from('avatars').upload(`avatars/${userId}-6.png`, text);
    expect(wrongType.error?.message).toBe('mime type text/plain is not supported');
    expect((wrongType.error as { status?: number }).status).toBe(415);

    const rows = await server.db.query(`select name from storage.objects where name like $1`, [`avatars/${userId}-%`]);
    expect(rows.rows).toEqual([]);
  });

  it('keeps a private bucket private and lists, downloads and removes by policy', async () => {
    const owner = await server.traveler();
    const other = await server.traveler();
    const bucket = () => owner.client.storage.from('trip-docs');
    const pdf = new Blob(['%PDF-1.4 voucher'], { type: 'application/pdf' });
    expect((await bucket().upload(`${owner.userId}/vouchers/serengeti.pdf`, pdf)).error).toBeNull();
    expect((await bucket().upload(`${owner.userId}/packing-list.txt`, new Blob(['boots'], { type: 'text/plain' }))).error).toBeNull();

    const listed = await bucket().list(owner.userId);
    expect(listed.error).toBeNull();
    expect(listed.data?.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['packing-list.txt', false],
      ['vouchers', true],
    ]);

    const downloaded = await bucket().download(`${owner.userId}/vouchers/serengeti.pdf`);
    expect(await downloaded.data?.text()).toBe('%PDF-1.4 voucher');

    const notTheirs = await other.client.storage.from('trip-docs').download(`${owner.userId}/vouchers/serengeti.pdf`);
    expect(notTheirs.error).not.toBeNull();
    expect((await other.client.storage.from('trip-docs').list(owner.userId)).data).toEqual([]);

    const publicUrl = owner.client.storage.from('trip-docs').getPublicUrl(`${owner.userId}/packing-list.txt`).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(400);

    const removedByOther = await other.client.storage.from('trip-docs').remove([`${owner.userId}/packing-list.txt`]);
    expect(removedByOther.data).toEqual([]);
    const removed = await bucket().remove([`${owner.userId}/packing-list.txt`]);
    expect(removed.data?.map((o) => o.name)).toEqual([`${owner.userId}/packing-list.txt`]);
    expect((await bucket().download(`${owner.userId}/packing-list.txt`)).error).not.toBeNull();
  });

  it('lets only the service role create buckets', async () => {
    const { client } = await server.traveler();
    const refused = await client.storage.createBucket('traveler-bucket', { public: true });
    expect(refused.error).not.toBeNull();

    const created = await server.service().storage.createBucket('brochures', {
      public: true,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['application/pdf'],
    });
    expect(created.error).toBeNull();
    const bucket = await server.service().storage.getBucket('brochures');
    expect(bucket.data).toMatchObject({ id: 'brochures', public: true, file_size_limit: 1024 * 1024, allowed_mime_types: ['application/pdf'] });
    const buckets = await server.client().storage.listBuckets();
    expect(buckets.data?.map((b) => b.id)).toEqual(expect.arrayContaining(['avatars', 'media', 'brochures']));
  });

  it('answers a missing or forged token and a bad object name with storage errors, not 500s', async () => {
    const forged = await fetch(`${server.url}/storage/v1/object/list/avatars`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-jwt', apikey: server.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ statusCode: '401', error: 'InvalidJWT' });

    const { client } = await server.traveler();
    const traversal = await client.storage.from('avatars').upload('avatars/../../etc/passwd.png', png());
    expect(traversal.error).not.toBeNull();

    const missing = await server.client().storage.from('avatars').download('avatars/nobody.png');
    expect(missing.error).not.toBeNull();
  });
});
