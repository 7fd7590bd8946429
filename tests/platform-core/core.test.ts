import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBootstrap } from '../../server/platform/db/migrate.ts';
import { startCoreServer, type CoreServer } from './helpers/core-server.ts';

// The platform (auth, rest, storage) on its own: bootstrap.sql and small fixtures, no product
// migrations, no product context. What a hosted Supabase project would answer, and nothing of tours.

let server: CoreServer;

beforeAll(async () => {
  server = await startCoreServer();
});

afterAll(async () => {
  await server?.close();
});

const password = 'Kilimanjaro-2026!';
const newEmail = () => `core-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe('the platform alone', () => {
  it('runs without any of the product schema', async () => {
    const { rows } = await server.db.query(`select count(*)::int as n from platform.migrations`);
    expect(rows[0]).toEqual({ n: 0 });
    const tours = await server.db.query(`select to_regclass('public.tours') as t, to_regclass('public.users') as u`);
    expect(tours.rows[0]).toEqual({ t: null, u: null });
  });

  it('runs bootstrap.sql again only when it has changed since it ran, or the API roles are gone', async () => {
    const applied = async () => (await server.db.query<{ updated_at: Date }>(`select updated_at from platform.state where key = 'bootstrap'`)).rows;
    const [first] = await applied();
    expect(first).toBeDefined();
    await applyBootstrap(server.db);
    expect(await applied()).toEqual([first]);
    // What a changed file leaves: a digest that is not the file's.
    await server.db.query(`update platform.state set value = '{"sha256": "older"}' where key = 'bootstrap'`);
    await applyBootstrap(server.db);
    const [again] = await applied();
    expect(again.updated_at.getTime()).toBeGreaterThan(first.updated_at.getTime());
  });

  it('answers /auth/v1/health with the name it was given', async () => {
    const health = await (await fetch(`${server.url}/auth/v1/health`)).json();
    expect(health).toEqual({ version: 'local', name: 'GoTrue', description: 'Platform core local auth (GoTrue-compatible)' });
  });
});

describe('auth', () => {
  it('signs up and signs in with a password', async () => {
    const email = newEmail();
    const signUp = await server.client().auth.signUp({ email, password, options: { data: { full_name: 'Core Tester' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.access_token).toBeTruthy();
    expect(signUp.data.user).toMatchObject({ email, user_metadata: { full_name: 'Core Tester' } });

    const client = server.client();
    const signIn = await client.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(signUp.data.user?.id);
    const { data } = await client.auth.getUser();
    expect(data.user?.email).toBe(email);

    const wrong = await server.client().auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
  });

  it("hands a confirmation email to the product's mailer when sign-ups must confirm", async () => {
    const confirming = await startCoreServer({ emailConfirmRequired: true });
    try {
      const email = newEmail();
      const signUp = await confirming.client().auth.signUp({ email, password });
      expect(signUp.error).toBeNull();
      expect(signUp.data.session).toBeNull();
      expect(confirming.emails).toHaveLength(1);
      expect(confirming.emails[0]).toMatchObject({ type: 'signup_confirmation', to: email });
      expect(confirming.emails[0].link).toMatch(/^http:\/\/localhost:3000\/auth\/v1\/verify\?/);

      const before = await confirming.client().auth.signInWithPassword({ email, password });
      expect(before.error?.code).toBe('email_not_confirmed');

      const recover = await confirming.client().auth.resetPasswordForEmail(email);
      expect(recover.error).toBeNull();
      expect(confirming.emails.at(-1)).toMatchObject({ type: 'password_recovery', to: email });
    } finally {
      await confirming.close();
    }
  });
});

describe('rest', () => {
  it('selects rows as row-level security lets each role see them', async () => {
    const anon = await server.client().from('rest_books').select('id, title, published').order('id');
    expect(anon.error).toBeNull();
    // The unpublished draft is hidden from anon by RLS; the service role bypasses it.
    expect(anon.data!.map((book) => book.id)).toEqual([1, 2, 3, 4, 5]);
    expect(anon.data!.every((book) => book.published)).toBe(true);
    const all = await server.service().from('rest_books').select('id');
    expect(all.data).toHaveLength(6);
  });

  it("lets a signed-in user add a book of their own and see it, and refuses one in another's name", async () => {
    const client = server.client();
    const { data: session } = await client.auth.signUp({ email: newEmail(), password });
    const userId = session.user!.id;
    const added = await client
      .from('rest_books')
      .insert({ author_id: 1, title: 'A draft of my own', slug: `draft-${userId}`, price: 3 })
      .select('id, owner_id, published')
      .single();
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({ owner_id: userId, published: false });

    const mine = await client.from('rest_books').select('id').eq('slug', `draft-${userId}`);
    expect(mine.data).toHaveLength(1);
    const others = await server.client().from('rest_books').select('id').eq('slug', `draft-${userId}`);
    expect(others.data).toEqual([]);

    const forged = await client
      .from('rest_books')
      .insert({ author_id: 1, title: 'Forged', slug: `forged-${userId}`, price: 1, owner_id: '00000000-0000-0000-0000-000000000001' });
    expect(forged.error?.code).toBe('42501');
  });
});

describe('storage', () => {
  it('uploads a file into a folder of your own, serves it back, and refuses one elsewhere', async () => {
    const client = server.client();
    const { data: session } = await client.auth.signUp({ email: newEmail(), password });
    const userId = session.user!.id;
    const body = new Blob(['Jambo from the platform'], { type: 'text/plain' });

    const upload = await client.storage.from('notes').upload(`${userId}/hello.txt`, body, { contentType: 'text/plain' });
    expect(upload.error).toBeNull();
    expect(upload.data?.path).toBe(`${userId}/hello.txt`);

    const download = await server.client().storage.from('notes').download(`${userId}/hello.txt`);
    expect(download.error).toBeNull();
    expect(await download.data!.text()).toBe('Jambo from the platform');

    const publicUrl = server.client().storage.from('notes').getPublicUrl(`${userId}/hello.txt`).data.publicUrl;
    const served = await fetch(publicUrl);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('Jambo from the platform');

    const elsewhere = await client.storage.from('notes').upload('someone-else/hello.txt', body, { contentType: 'text/plain' });
    expect(elsewhere.error).not.toBeNull();
    const anon = await server.client().storage.from('notes').upload('anon.txt', body, { contentType: 'text/plain' });
    expect(anon.error).not.toBeNull();
  });
});
