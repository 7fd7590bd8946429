import { readFile } from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateSchemaCache } from '../../server/platform/rest/routes.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let anon: SupabaseClient;
let service: SupabaseClient;
let hasProductSchema = false;

beforeAll(async () => {
  server = await startTestServer();
  await server.db.exec(await readFile(new URL('./fixtures/rest-fixture.sql', import.meta.url), 'utf8'));
  invalidateSchemaCache(server.db);
  anon = server.client();
  service = server.service();
  const tables = await server.db.query(`select 1 from pg_class where relnamespace = 'public'::regnamespace and relname in ('tours', 'categories', 'destinations', 'tour_destinations')`);
  hasProductSchema = tables.rows.length === 4;
});

afterAll(async () => {
  await server?.close();
});

type Book = { id: number; title: string; price: number; slug: string; genres: string[]; author_id: number; published: boolean };

describe('select', () => {
  it('reads rows visible to the role, with numeric values as numbers', async () => {
    const { data, error, status } = await anon.from('rest_books').select('*').order('id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    // The unpublished draft is hidden from anon by RLS.
    expect((data as Book[]).map((b) => b.id)).toEqual([1, 2, 3, 4, 5]);
    expect(data![0]).toMatchObject({ title: 'Petals of Blood', price: 14.5, genres: ['novel', 'politics'], created_at: '2026-01-01T00:00:00+00:00' });
    const all = await service.from('rest_books').select('id');
    expect(all.data).toHaveLength(6);
  });

  it('selects columns with aliases, casts and JSON paths', async () => {
    const { data, error } = await anon
      .from('rest_books')
      .select('name:title, price::text, year:metadata->edition->>year, edition:metadata->edition')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Petals of Blood', price: '14.50', year: '1977', edition: { year: 1977 } });
  });

  it('filters on JSON paths', async () => {
    const { data } = await anon.from('rest_authors').select('name').eq('profile->awards->>count', '3');
    expect(data).toEqual([{ name: 'Ngugi wa Thiongo' }]);
  });

  it('embeds many-to-one as an object, disambiguated by column or constraint name', async () => {
    const { data, error } = await anon
      .from('rest_books')
      .select('title, author:rest_authors!author_id(name, country), editor:rest_authors!rest_books_editor_id_fkey(name)')
      .in('id', [1, 2])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Petals of Blood', author: { name: 'Ngugi wa Thiongo', country: 'Kenya' }, editor: { name: 'Abdulrazak Gurnah' } },
      { title: 'Weep Not, Child', author: { name: 'Ngugi wa Thiongo', country: 'Kenya' }, editor: null },
    ]);
  });

  it('refuses an ambiguous embed with PGRST201 and an unknown one with PGRST200', async () => {
    const ambiguous = await anon.from('rest_books').select('title, rest_authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({ code: 'PGRST201' });
    expect(ambiguous.error!.hint).toContain('rest_authors!rest_books_author_id_fkey');
    const unknown = await anon.from('rest_books').select('title, rest_unicorns(name)');
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'PGRST200' });
  });

  it('embeds one-to-many as arrays with their own filters, order and limit', async () => {
    const { data, error } = await anon
      .from('rest_authors')
      .select('name, books:rest_books!author_id(title, price)')
      .order('id')
      .order('price', { referencedTable: 'books', ascending: false })
      .limit(1, { referencedTable: 'books' })
      .gt('books.price', 10);
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ngugi wa Thiongo', books: [{ title: 'Petals of Blood', price: 14.5 }] },
      { name: 'Abdulrazak Gurnah', books: [{ title: 'Afterlives', price: 18.25 }] },
      { name: 'Shaaban Robert', books: [] },
    ]);
  });

  it('embeds one-to-one as an object and many-to-many through the junction table', async () => {
    const { data, error } = await anon
      .from('rest_books')
      .select('slug, rest_book_covers(color), rest_tags(name)')
      .in('id', [1, 2, 5])
      .order('id')
      .order('name', { referencedTable: 'rest_tags' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'petals-of-blood', rest_book_covers: { color: 'red' }, rest_tags: [{ name: 'award' }, { name: 'classic' }] },
      { slug: 'weep-not-child', rest_book_covers: null, rest_tags: [] },
      { slug: 'kusadikika', rest_book_covers: null, rest_tags: [{ name: 'classic' }, { name: 'swahili' }] },
    ]);
  });

  it('nests embeds and keeps only parents with matches under !inner', async () => {
    const { data, error } = await anon
      .from('rest_tags')
      .select('name, rest_books!inner(title, author:rest_authors!author_id(name))')
      .eq('rest_books.author_id', 2)
      .order('name')
      .order('id', { referencedTable: 'rest_books' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'award',
        rest_books: [
          { title: 'Paradise', author: { name: 'Abdulrazak Gurnah' } },
          { title: 'Afterlives', author: { name: 'Abdulrazak Gurnah' } },
        ],
      },
    ]);
  });

  it('filters by an embed that is left out of the output', async () => {
    const { data, error } = await anon.from('rest_books').select('id, rest_tags!inner()').eq('rest_tags.name', 'swahili');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 5 }]);
  });

  it('filters parents on an embed being present', async () => {
    const { data } = await anon.from('rest_books').select('id, rest_book_covers(color)').not('rest_book_covers', 'is', null).order('id');
    expect(data!.map((b) => b.id)).toEqual([1, 3]);
  });

  it('spreads a to-one embed into the parent', async () => {
    const { data, error } = await anon.from('rest_books').select('title, ...rest_book_covers(cover:color)').eq('id', 3).single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Paradise', cover: 'green' });
  });

  it('reports a filter on a resource that is not embedded', async () => {
    const { error, status } = await anon.from('rest_books').select('title').eq('rest_tags.name', 'award');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST108' });
  });
});

describe('filters', () => {
  const ids = async (query: PromiseLike<{ data: unknown; error: unknown }>) => {
    const { data, error } = await query;
    expect(error).toBeNull();
    return (data as { id: number }[]).map((row) => row.id);
  };
  const books = () => service.from('rest_books').select('id').order('id');

  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await ids(books().eq('slug', 'paradise'))).toEqual([3]);
    expect(await ids(books().neq('author_id', 1))).toEqual([3, 4, 5, 6]);
    expect(await ids(books().gt('price', 12))).toEqual([1, 4]);
    expect(await ids(books().gte('price', 12))).toEqual([1, 3, 4]);
    expect(await ids(books().lt('price', 9.99))).toEqual([5, 6]);
    expect(await ids(books().lte('price', 9.99))).toEqual([2, 5, 6]);
  });

  it('matches patterns with like and ilike', async () => {
    expect(await ids(books().like('title', '%of%'))).toEqual([1]);
    expect(await ids(books().ilike('title', 'p*'))).toEqual([1, 3]);
    expect(await ids(books().ilikeAnyOf('title', ['weep*', '*lives']))).toEqual([2, 4]);
  });

  it('tests null and booleans with is', async () => {
    expect(await ids(books().is('pages', null))).toEqual([4]);
    expect(await ids(books().is('published', false))).toEqual([6]);
    expect(await ids(books().not('metadata', 'is', null))).toEqual([1, 2, 3]);
  });

  it('matches lists with in, including quoted values', async () => {
    expect(await ids(books().in('slug', ['paradise', 'afterlives', 'no, such (book)']))).toEqual([3, 4]);
    expect(await ids(books().in('title', ['Weep Not, Child']))).toEqual([2]);
    expect(await ids(books().in('id', []))).toEqual([]);
    expect(await ids(books().not('id', 'in', '(1,2,3)'))).toEqual([4, 5, 6]);
  });

  it('compares arrays and JSON with contains, containedBy and overlaps', async () => {
    expect(await ids(books().contains('genres', ['novel', 'history']))).toEqual([3, 4]);
    expect(await ids(books().containedBy('genres', ['novel', 'politics', 'history']))).toEqual([1, 2, 3, 6]);
    expect(await ids(books().overlaps('genres', ['war', 'allegory']))).toEqual([4, 5]);
    expect(await ids(books().contains('metadata', { edition: { year: 1994 } }))).toEqual([3]);
  });

  it('searches text with fts, plfts, phfts and wfts', async () => {
    expect(await ids(books().textSearch('search', 'murder & village'))).toEqual([1]);
    expect(await ids(books().textSearch('search', 'east africa', { type: 'plain', config: 'english' }))).toEqual([3, 4]);
    expect(await ids(books().textSearch('search', 'german east', { type: 'phrase' }))).toEqual([4]);
    expect(await ids(books().textSearch('search', '"east africa" -war', { type: 'websearch', config: 'english' }))).toEqual([4]);
    // A plain text column is turned into a document on the fly.
    expect(await ids(books().textSearch('summary', 'uprising', { config: 'english' }))).toEqual([2]);
  });

  it('combines conditions with or, and, nested groups and not', async () => {
    expect(await ids(books().or('price.gt.15,slug.eq.kusadikika'))).toEqual([4, 5]);
    expect(await ids(books().or('and(author_id.eq.1,price.lt.10),and(author_id.eq.2,pages.is.null)'))).toEqual([2, 4]);
    expect(await ids(books().or('title.eq."Weep Not, Child",genres.cs.{allegory}'))).toEqual([2, 5]);
    expect(await ids(books().or('id.in.(1,2),not.or(price.gt.1,id.eq.5)'))).toEqual([1, 2, 6]);
    expect(await ids(books().not('title', 'ilike', '*a*').not('published', 'is', false))).toEqual([2]);
    expect(await ids(books().not('slug', 'eq', 'paradise').lt('id', 4).or('id.eq.1,id.eq.3'))).toEqual([1]);
  });

  it('filters embedded rows with or on the referenced table', async () => {
    const { data } = await anon
      .from('rest_authors')
      .select('id, rest_books!author_id(id)')
      .or('price.lt.10,pages.is.null', { referencedTable: 'rest_books' })
      .order('id');
    expect(data).toEqual([
      { id: 1, rest_books: [{ id: 2 }] },
      { id: 2, rest_books: [{ id: 4 }] },
      { id: 3, rest_books: [{ id: 5 }] },
    ]);
  });

  it('refuses malformed filters with PGRST100', async () => {
    const unknownOperator = await anon.from('rest_books').select('id').filter('price', 'between', '1,2');
    expect(unknownOperator.status).toBe(400);
    expect(unknownOperator.error).toMatchObject({ code: 'PGRST100' });
    expect(unknownOperator.error!.message).toContain('failed to parse filter');
    const badGroup = await anon.from('rest_books').select('id').or('price.gt.1,whatever');
    expect(badGroup.error).toMatchObject({ code: 'PGRST100' });
    const badIs = await anon.from('rest_books').select('id').filter('pages', 'is', 'maybe');
    expect(badIs.error).toMatchObject({ code: 'PGRST100' });
    const badOrder = await anon.from('rest_books').select('id').order('price.sideways' as 'price');
    expect(badOrder.status).toBe(400);
  });

  it('refuses values of the wrong type with 22P02, not a 500', async () => {
    const { error, status } = await anon.from('rest_books').select('id').eq('owner_id', 'not-a-uuid');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22P02' });
    const number = await anon.from('rest_books').select('id').gt('price', 'cheap');
    expect(number.status).toBe(400);
  });
});

describe('order, paging and counting', () => {
  it('orders by several columns with nulls first or last', async () => {
    const { data } = await service.from('rest_books').select('id').order('pages', { ascending: false, nullsFirst: true }).order('id');
    expect(data!.map((b) => b.id)).toEqual([4, 1, 3, 2, 5, 6]);
    const last = await service.from('rest_books').select('id').order('author_id', { ascending: false }).order('pages', { nullsFirst: false });
    expect(last.data!.map((b) => b.id)).toEqual([6, 5, 3, 4, 2, 1]);
  });

  it('pages with range and limit, reporting Content-Range and 206 with an exact count', async () => {
    const { data, count, status } = await anon.from('rest_books').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(data!.map((b) => b.id)).toEqual([2, 3]);
    expect(count).toBe(5);
    expect(status).toBe(206);
    const whole = await anon.from('rest_books').select('id', { count: 'planned' }).order('id');
    expect(whole.status).toBe(200);
    expect(whole.count).toBe(5);
    const limited = await anon.from('rest_books').select('id').order('id', { ascending: false }).limit(2);
    expect(limited.data!.map((b) => b.id)).toEqual([5, 4]);
    expect(limited.count).toBeNull();
  });

  it('answers an empty page with */0', async () => {
    const { data, count, status } = await anon.from('rest_books').select('id', { count: 'exact' }).eq('slug', 'nope');
    expect(data).toEqual([]);
    expect(count).toBe(0);
    expect(status).toBe(200);
  });

  it('counts without rows on HEAD', async () => {
    const { data, count, error, status } = await anon.from('rest_books').select('*', { count: 'exact', head: true }).eq('author_id', 2);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(2);
  });

  it('reads a Range header and reports an offset past the end with 416', async () => {
    const { data, count } = await anon.from('rest_books').select('id', { count: 'exact' }).order('id').setHeader('Range', '0-1').setHeader('Range-Unit', 'items');
    expect(data!.map((b) => b.id)).toEqual([1, 2]);
    expect(count).toBe(5);
    const past = await anon.from('rest_books').select('id', { count: 'exact' }).range(10, 12);
    expect(past.status).toBe(416);
    expect(past.error).toMatchObject({ code: 'PGRST103' });
  });
});

describe('single and maybeSingle', () => {
  it('returns one object or PGRST116', async () => {
    const one = await anon.from('rest_books').select('title').eq('slug', 'paradise').single();
    expect(one.data).toEqual({ title: 'Paradise' });
    const none = await anon.from('rest_books').select('title').eq('slug', 'nope').single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: 'The result contains 0 rows', hint: null });
    const many = await anon.from('rest_books').select('title').eq('author_id', 1).single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  it('maybeSingle gives null for no row', async () => {
    const none = await anon.from('rest_books').select('title').eq('slug', 'nope').maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const one = await anon.from('rest_books').select('title').eq('slug', 'afterlives').maybeSingle();
    expect(one.data).toEqual({ title: 'Afterlives' });
  });

  it('answers CSV when asked', async () => {
    const { data } = await anon.from('rest_books').select('id,title').in('id', [1, 2]).order('id').csv();
    expect(data).toBe('id,title\n1,Petals of Blood\n2,"Weep Not, Child"');
  });

  it('reads views', async () => {
    const { data } = await anon.from('rest_published_books').select('title').order('price').limit(1).single();
    expect(data).toEqual({ title: 'Kusadikika' });
  });
});

describe('writes', () => {
  it('inserts one row and returns it with 201', async () => {
    const { client, userId } = await server.traveler();
    const { data, error, status } = await client
      .from('rest_books')
      .insert({ author_id: 3, title: 'Utubora Mkulima', slug: 'utubora', price: '5.5', genres: ['novel'], metadata: { draft: true } })
      .select('id, title, price, genres, metadata, owner_id, published')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ title: 'Utubora Mkulima', price: 5.5, genres: ['novel'], metadata: { draft: true }, owner_id: userId, published: false });
  });

  it('inserts with return=minimal by default and counts', async () => {
    const { client } = await server.traveler();
    const { data, error, status, count } = await client.from('rest_books').insert({ author_id: 3, title: 'Quiet', slug: 'quiet-1', price: 1 }, { count: 'exact' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(count).toBe(1);
  });

  it('inserts many rows, missing keys taking defaults when asked', async () => {
    const { client, userId } = await server.traveler();
    const { data, error } = await client
      .from('rest_books')
      .insert(
        [
          { author_id: 1, title: 'A', slug: 'bulk-a', price: 1, genres: ['essay'] },
          { author_id: 1, title: 'B', slug: 'bulk-b', price: 2 },
        ],
        { defaultToNull: false },
      )
      .select('slug, published, genres, owner_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'bulk-a', published: false, genres: ['essay'], owner_id: userId },
      { slug: 'bulk-b', published: false, genres: [], owner_id: userId },
    ]);
    // Without missing=default the absent key is null and the not-null column refuses it.
    const nulls = await client.from('rest_books').insert([
      { author_id: 1, title: 'C', slug: 'bulk-c', price: 1, genres: ['essay'] },
      { author_id: 1, title: 'D', slug: 'bulk-d', price: 1 },
    ]);
    expect(nulls.status).toBe(400);
    expect(nulls.error).toMatchObject({ code: '23502' });
  });

  it('writes nothing when one row of a bulk insert fails', async () => {
    const { client } = await server.traveler();
    const { error, status } = await client.from('rest_books').insert([
      { author_id: 1, title: 'Ok 1', slug: 'atomic-1', price: 1 },
      { author_id: 1, title: 'Ok 2', slug: 'atomic-2', price: 2 },
      { author_id: 1, title: 'Bad', slug: 'atomic-3', price: -1 },
    ]);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
    const { data } = await service.from('rest_books').select('id').like('slug', 'atomic-*');
    expect(data).toEqual([]);
  });

  it('reports conflicts with 409 and foreign key errors', async () => {
    const duplicate = await service.from('rest_tags').insert({ name: 'classic' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505' });
    const missingAuthor = await service.from('rest_books').insert({ author_id: 999, title: 'x', slug: 'fk', price: 1 });
    expect(missingAuthor.status).toBe(409);
    expect(missingAuthor.error).toMatchObject({ code: '23503' });
  });

  it('upserts, merging or ignoring duplicates on a chosen conflict target', async () => {
    const merged = await service
      .from('rest_tags')
      .upsert([{ name: 'classic' }, { name: 'fresh' }], { onConflict: 'name' })
      .select('name');
    expect(merged.error).toBeNull();
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([{ name: 'classic' }, { name: 'fresh' }]);
    const byKey = await service.from('rest_authors').upsert({ id: 3, name: 'Shaaban Robert', born: '1909-01-01' }).select('id, born').single();
    expect(byKey.data).toEqual({ id: 3, born: '1909-01-01' });
    const ignored = await service.from('rest_tags').upsert([{ name: 'fresh' }, { name: 'newer' }], { onConflict: 'name', ignoreDuplicates: true }).select('name');
    expect(ignored.data).toEqual([{ name: 'newer' }]);
    const { count } = await service.from('rest_tags').select('*', { count: 'exact', head: true });
    expect(count).toBe(5);
  });

  it('updates rows matching filters and returns them', async () => {
    const { client } = await server.traveler();
    await client.from('rest_books').insert({ author_id: 2, title: 'Mine', slug: 'mine-upd', price: 3 });
    const { data, error, status } = await client.from('rest_books').update({ price: 4.75, genres: ['memoir'] }).eq('slug', 'mine-upd').select('price, genres');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ price: 4.75, genres: ['memoir'] }]);
    // RLS: someone else's book is not touched.
    const other = await client.from('rest_books').update({ price: 0 }).eq('id', 1).select();
    expect(other.data).toEqual([]);
    const minimal = await client.from('rest_books').update({ pages: 12 }).eq('slug', 'mine-upd');
    expect(minimal.status).toBe(204);
  });

  it('deletes rows matching filters', async () => {
    const { client } = await server.traveler();
    await client.from('rest_books').insert([
      { author_id: 2, title: 'Gone 1', slug: 'gone-1', price: 3 },
      { author_id: 2, title: 'Gone 2', slug: 'gone-2', price: 3 },
    ]);
    const { data, error, count } = await client.from('rest_books').delete({ count: 'exact' }).like('slug', 'gone-*').select('slug');
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([{ slug: 'gone-1' }, { slug: 'gone-2' }]);
    const none = await anon.from('rest_books').delete().eq('id', 1);
    expect(none.status).toBe(204);
    const still = await service.from('rest_books').select('id').eq('id', 1);
    expect(still.data).toEqual([{ id: 1 }]);
  });

  it('rolls back a write whose single() finds several rows', async () => {
    const { error, status } = await service.from('rest_authors').update({ country: 'XX' }).in('id', [1, 2]).select().single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116' });
    const { data } = await service.from('rest_authors').select('country').in('id', [1, 2]).order('id');
    expect(data).toEqual([{ country: 'Kenya' }, { country: 'Tanzania' }]);
  });

  it('refuses an insert that violates RLS: 401 for anon, 403 for a signed-in user', async () => {
    const asAnon = await anon.from('rest_books').insert({ author_id: 1, title: 'x', slug: 'rls-anon', price: 1 });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error).toMatchObject({ code: '42501' });
    const { client } = await server.traveler();
    const forged = await client.from('rest_books').insert({ author_id: 1, title: 'x', slug: 'rls-user', price: 1, owner_id: '00000000-0000-0000-0000-000000000001' });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501' });
  });

  it('answers a rolled-back write without keeping it', async () => {
    const { data, error, status } = await service.from('rest_tags').insert({ name: 'ephemeral' }).select('name').rollback();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ name: 'ephemeral' }]);
    const { count } = await service.from('rest_tags').select('*', { count: 'exact', head: true }).eq('name', 'ephemeral');
    expect(count).toBe(0);
  });

  it('refuses and undoes a change touching more rows than max-affected', async () => {
    // What .maxAffected(1) sends; its typings only offer it to clients declared for PostgREST 13.
    const { error, status } = await service.from('rest_authors').update({ profile: {} }).gt('id', 0).setHeader('Prefer', 'handling=strict, max-affected=1');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST124' });
    const { data } = await service.from('rest_authors').select('profile->languages').eq('id', 2).single();
    expect(data).toEqual({ languages: ['english'] });
  });

  it('strips null fields when asked', async () => {
    const { data } = await anon.from('rest_books').select('id, pages, metadata').eq('id', 4).stripNulls();
    expect(data).toEqual([{ id: 4 }]);
  });

  it('refuses unknown body columns with PGRST204', async () => {
    const { error, status } = await service.from('rest_tags').insert({ name: 'x', colour: 'blue' });
    expect(status).toBe(400);
    expect(error).toEqual({ code: 'PGRST204', message: "Could not find the 'colour' column of 'rest_tags' in the schema cache", details: null, hint: null });
    const update = await service.from('rest_tags').update({ colour: 'blue' }).eq('id', 1);
    expect(update.error).toMatchObject({ code: 'PGRST204' });
  });

  it('refuses malformed JSON bodies with PGRST102', async () => {
    // supabase-js always sends valid JSON, so this one request is made by hand.
    const response = await fetch(`${server.url}/rest/v1/rest_tags`, {
      method: 'POST',
      headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{"name": "broken",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
  });
});

describe('rpc', () => {
  it('calls a scalar function by POST and by GET, with defaults', async () => {
    expect(await anon.rpc('rest_add', { a: 2, b: 3 })).toMatchObject({ data: 5, error: null, status: 200 });
    expect((await anon.rpc('rest_add', { a: 41 }, { get: true })).data).toBe(42);
    expect((await anon.rpc('rest_count_genres', { genres: ['a', 'b', 'c'] }, { get: true })).data).toBe(3);
    expect((await anon.rpc('rest_count_genres', { genres: ['a', 'b'] })).data).toBe(2);
  });

  it('filters, orders and limits a set-returning function', async () => {
    const { data, error } = await anon.rpc('rest_books_by_country', { country: 'Tanzania' }).select('title, price').gte('price', 7).order('price', { ascending: false }).limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Afterlives', price: 18.25 },
      { title: 'Paradise', price: 12 },
    ]);
    const embedded = await anon.rpc('rest_books_by_country', { country: 'Kenya' }, { get: true }).select('slug, rest_book_covers(color)').order('id');
    expect(embedded.data).toEqual([
      { slug: 'petals-of-blood', rest_book_covers: { color: 'red' } },
      { slug: 'weep-not-child', rest_book_covers: null },
    ]);
    const stats = await anon.rpc('rest_author_stats').eq('author', 'Shaaban Robert').single();
    expect(stats.data).toEqual({ author: 'Shaaban Robert', books: 1, total_price: 7 });
    const counted = await anon.rpc('rest_books_by_country', { country: 'Tanzania' }, { count: 'exact' }).select('id').limit(1);
    expect(counted.count).toBe(3);
  });

  it('returns one object for a function returning one row, scalars and sets of scalars', async () => {
    expect((await anon.rpc('rest_cheapest_book').select('slug')).data).toEqual({ slug: 'kusadikika' });
    expect((await anon.rpc('rest_numbers', { upto: 4 })).data).toEqual([1, 2, 3, 4]);
    expect((await anon.rpc('rest_echo', { anything: [1, 'two'] })).data).toEqual({ anything: [1, 'two'] });
  });

  it('writes composite values in an answer as objects, and arrays of them as arrays of objects', async () => {
    const petals = { amount: 14.5, currency: 'TZS' };
    const card = await anon.rpc('rest_book_card', { book_id: 1 });
    expect(card.error).toBeNull();
    // OUT parameters: one object, never a one-element array; a table's row type is an object too.
    expect(card.data).toEqual({
      title: 'Petals of Blood',
      price: petals,
      shelves: [
        { label: 'Front', price: petals, genres: ['novel', 'politics'], extra: { shelf: 1 } },
        { label: 'Back', price: null, genres: [], extra: null },
      ],
      empty: [],
      missing: null,
      book: expect.objectContaining({ id: 1, title: 'Petals of Blood', price: 14.5, genres: ['novel', 'politics'], created_at: '2026-01-01T00:00:00+00:00' }),
      total: 2,
    });
    // A composite returned whole is one object; an array of composites, an array of objects.
    expect((await anon.rpc('rest_money_of', { book_id: 1 })).data).toEqual(petals);
    expect((await anon.rpc('rest_money_of', { book_id: 1 }, { get: true })).data).toEqual(petals);
    expect((await anon.rpc('rest_shelves', { book_id: 1 })).data).toEqual([{ label: 'Petals of Blood', price: petals, genres: ['novel', 'politics'], extra: null }]);
    expect((await anon.rpc('rest_shelves', { book_id: 999 })).data).toEqual([]);
    // Stripped nulls reach into the composites too.
    const stripped = await fetch(`${server.url}/rest/v1/rpc/rest_book_card?book_id=1`, {
      headers: { apikey: server.anonKey, accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
    });
    const lean = (await stripped.json()) as Record<string, unknown>;
    expect(lean.shelves).toEqual([
      { label: 'Front', price: petals, genres: ['novel', 'politics'], extra: { shelf: 1 } },
      { label: 'Back', genres: [] },
    ]);
    expect(lean).not.toHaveProperty('missing');
  });

  it('runs functions as the caller', async () => {
    expect((await anon.rpc('rest_whoami')).data).toEqual({ role: 'anon', uid: null });
    const { client, userId } = await server.traveler();
    expect((await client.rpc('rest_whoami')).data).toEqual({ role: 'authenticated', uid: userId });
  });

  it('answers 204 for void functions and refuses writes on GET', async () => {
    const { error, status, data } = await service.rpc('rest_rename_author', { author_id: 3, new_name: 'Shaaban bin Robert' });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    const readOnly = await service.rpc('rest_rename_author', { author_id: 3, new_name: 'Nope' }, { get: true });
    expect(readOnly.status).toBe(405);
    expect(readOnly.error).toMatchObject({ code: '25006' });
    const { data: author } = await service.from('rest_authors').select('name').eq('id', 3).single();
    expect(author).toEqual({ name: 'Shaaban bin Robert' });
  });

  it('reports unknown functions and arguments with PGRST202, errors raised inside with 400', async () => {
    const unknown = await anon.rpc('rest_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.rest_nope without parameters in the schema cache' });
    const badArgs = await anon.rpc('rest_add', { a: 1, c: 2 });
    expect(badArgs.status).toBe(404);
    expect(badArgs.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.rest_add(a, c) in the schema cache' });
    const refused = await anon.rpc('rest_refuse', { reason: 'too early' });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'P0001', message: 'Refused: too early', hint: 'Ask nicely' });
    const wrongType = await anon.rpc('rest_add', { a: 'one' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.error).toMatchObject({ code: '22P02' });
  });
});

describe('errors and authentication', () => {
  it('reports an unknown table with PGRST205 and a hint', async () => {
    const { error, status } = await anon.from('rest_bookz').select('*');
    expect(status).toBe(404);
    expect(error).toEqual({ code: 'PGRST205', message: "Could not find the table 'public.rest_bookz' in the schema cache", details: null, hint: "Perhaps you meant the table 'public.rest_books'" });
  });

  it('reports unknown columns in select, filters and order with 42703', async () => {
    for (const query of [
      anon.from('rest_books').select('title, colour'),
      anon.from('rest_books').select('id').eq('colour', 'red'),
      anon.from('rest_books').select('id').order('colour'),
      anon.from('rest_authors').select('rest_books!author_id(colour)'),
    ]) {
      const { error, status } = await query;
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '42703' });
    }
  });

  it('refuses a malformed select with PGRST100', async () => {
    const { error, status } = await anon.from('rest_books').select('title,(');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST100' });
  });

  it('refuses forged, expired and missing tokens', async () => {
    const forged = server.client();
    const bad = await fetch(`${server.url}/rest/v1/rest_books?select=id`, { headers: { apikey: server.anonKey, authorization: 'Bearer not.a.jwt' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'PGRST301' });
    const expiredToken = await server.platform.ctx.keys.sign({ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000000' }, -10);
    const expired = await forged.from('rest_books').select('id').setHeader('Authorization', `Bearer ${expiredToken}`);
    expect(expired.status).toBe(401);
    expect(expired.error).toMatchObject({ code: 'PGRST301', message: 'JWT expired' });
    const missing = await fetch(`${server.url}/rest/v1/rest_books?select=id`);
    expect(missing.status).toBe(401);
  });

  it('refuses another schema profile', async () => {
    const { error, status } = await anon.schema('auth').from('users').select('*');
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST106' });
  });

  it('answers JSON with charset and a Content-Range', async () => {
    const response = await fetch(`${server.url}/rest/v1/rest_books?select=id&order=id&limit=2`, { headers: { apikey: server.anonKey } });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-range')).toBe('0-1/*');
    expect(await response.json()).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('product schema', () => {
  it('sends larger answers gzipped to clients that take it, and plain to others', async (context) => {
    if (!hasProductSchema) context.skip();
    const url = `${server.url}/rest/v1/tours?select=*&status=eq.active`;
    const gzipped = await fetch(url, { headers: { apikey: server.anonKey, 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
    const rows = (await gzipped.json()) as unknown[];
    expect(rows.length).toBeGreaterThan(0);
    const plain = await fetch(url, { headers: { apikey: server.anonKey, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(rows);
  });

  it('lists active tours with category and destinations for an anonymous visitor', async (context) => {
    if (!hasProductSchema) context.skip();
    const { data, error } = await anon
      .from('tours')
      .select('*, category:categories(name, slug), destinations(name, slug)')
      .eq('status', 'active')
      .order('title');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    for (const tour of data!) {
      expect(tour.status).toBe('active');
      expect(tour.category === null || typeof tour.category.slug === 'string').toBe(true);
      expect(Array.isArray(tour.destinations)).toBe(true);
    }
    expect(data!.some((tour) => tour.category && tour.destinations.length > 0)).toBe(true);
  });

  it('reads one tour by slug with its itinerary, departures and reviews', async (context) => {
    if (!hasProductSchema) context.skip();
    const { data: reviewed } = await anon.from('reviews').select('tours!inner(slug)').eq('tours.status', 'active').limit(1).single();
    const slug = (reviewed!.tours as unknown as { slug: string }).slug;
    const { data, error } = await anon
      .from('tours')
      .select('slug, tour_itinerary(day_number, title), tour_departures(start_date, capacity), reviews(rating)')
      .eq('slug', slug)
      .order('day_number', { referencedTable: 'tour_itinerary' })
      .single();
    expect(error).toBeNull();
    expect(data!.slug).toBe(slug);
    const days = data!.tour_itinerary.map((day: { day_number: number }) => day.day_number);
    expect(days.length).toBeGreaterThan(0);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(Array.isArray(data!.tour_departures)).toBe(true);
    expect(data!.reviews.length).toBeGreaterThan(0);
    for (const review of data!.reviews) expect(review.rating).toBeGreaterThanOrEqual(1);
  });

  it('answers PGRST116 for a missing slug with single()', async (context) => {
    if (!hasProductSchema) context.skip();
    const { data, error, status } = await anon.from('tours').select('*').eq('slug', 'nope').single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116' });
  });
});
