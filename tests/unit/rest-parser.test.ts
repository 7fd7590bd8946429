import { describe, expect, it } from 'vitest';
import { PostgrestError } from '../../server/platform/http/errors.ts';
import { parseCondition, parseGroup, parseOrder, parseQueryParameters, parseSelect } from '../../server/platform/rest/parser.ts';

const field = (name: string) => ({ name, json: [] });

function parseFailure(fn: () => unknown): PostgrestError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PostgrestError);
    return error as PostgrestError;
  }
  throw new Error('expected a parse error');
}

describe('parseSelect', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,name:title,price::text,city:data->address->>city')).toEqual([
      { kind: 'column', field: field('id'), alias: null, cast: null },
      { kind: 'column', field: field('title'), alias: 'name', cast: null },
      { kind: 'column', field: field('price'), alias: null, cast: 'text' },
      {
        kind: 'column',
        field: { name: 'data', json: [{ arrow: '->', key: 'address' }, { arrow: '->>', key: 'city' }] },
        alias: 'city',
        cast: null,
      },
    ]);
  });

  it('reads nested embeds with aliases, hints, !inner and spreads', () => {
    expect(parseSelect('*,category:categories!tours_category_id_fkey(name),destinations!inner(slug,regions(*)),...covers(color)')).toEqual([
      { kind: 'star' },
      { kind: 'embed', name: 'categories', alias: 'category', hint: 'tours_category_id_fkey', join: 'left', spread: false, select: [{ kind: 'column', field: field('name'), alias: null, cast: null }] },
      {
        kind: 'embed',
        name: 'destinations',
        alias: null,
        hint: null,
        join: 'inner',
        spread: false,
        select: [
          { kind: 'column', field: field('slug'), alias: null, cast: null },
          { kind: 'embed', name: 'regions', alias: null, hint: null, join: 'left', spread: false, select: [{ kind: 'star' }] },
        ],
      },
      { kind: 'embed', name: 'covers', alias: null, hint: null, join: 'left', spread: true, select: [{ kind: 'column', field: field('color'), alias: null, cast: null }] },
    ]);
  });

  it('accepts quoted identifiers and an empty embed', () => {
    expect(parseSelect('"my col",tags()')).toEqual([
      { kind: 'column', field: field('my col'), alias: null, cast: null },
      { kind: 'embed', name: 'tags', alias: null, hint: null, join: 'left', spread: false, select: [] },
    ]);
  });

  it('refuses malformed lists with PGRST100', () => {
    for (const bad of ['id,', 'a(b', 'a)', 'x;drop table y', 'price::', 'a!b!c!d(*)']) {
      const error = parseFailure(() => parseSelect(bad));
      expect(error.code).toBe('PGRST100');
      expect(error.status).toBe(400);
      expect(error.message).toBe(`failed to parse select parameter (${bad})`);
    }
  });
});

describe('parseCondition', () => {
  it('reads operators, negation and modifiers', () => {
    expect(parseCondition(field('a'), 'not.eq.5')).toMatchObject({ operator: 'eq', negated: true, value: '5' });
    expect(parseCondition(field('a'), 'eq.a.b.c')).toMatchObject({ operator: 'eq', value: 'a.b.c' });
    expect(parseCondition(field('a'), 'fts(english).cat & dog')).toMatchObject({ operator: 'fts', language: 'english', value: 'cat & dog' });
    expect(parseCondition(field('a'), 'like(any).{a*,b*}')).toMatchObject({ operator: 'like', quantifier: 'any', value: '{a*,b*}' });
    expect(parseCondition(field('a'), 'is.NULL')).toMatchObject({ operator: 'is', value: 'NULL' });
  });

  it('splits in lists on commas outside quotes', () => {
    expect(parseCondition(field('a'), 'in.(1,"two, three","say \\"hi\\"",)').list).toEqual(['1', 'two, three', 'say "hi"', '']);
    expect(parseCondition(field('a'), 'in.()').list).toEqual([]);
  });

  it('refuses unknown operators and bad values', () => {
    for (const bad of ['5', 'between.1', 'eq', 'is.maybe', 'in.1,2', 'eq(first).1', 'like(any).a*']) {
      expect(parseFailure(() => parseCondition(field('a'), bad)).code).toBe('PGRST100');
    }
  });
});

describe('parseGroup', () => {
  it('reads nested and/or groups with quoted values', () => {
    const group = parseGroup('or', false, '(a.eq.1,not.and(b.gt.2,c.in.(x,y)),d.eq."p, q")');
    expect(group).toEqual({
      kind: 'group',
      negated: false,
      operator: 'or',
      children: [
        expect.objectContaining({ field: field('a'), operator: 'eq', value: '1' }),
        {
          kind: 'group',
          negated: true,
          operator: 'and',
          children: [
            expect.objectContaining({ field: field('b'), operator: 'gt', value: '2' }),
            expect.objectContaining({ field: field('c'), operator: 'in', list: ['x', 'y'] }),
          ],
        },
        expect.objectContaining({ field: field('d'), operator: 'eq', value: 'p, q' }),
      ],
    });
  });

  it('refuses groups without parentheses or with broken items', () => {
    expect(parseFailure(() => parseGroup('or', false, 'a.eq.1')).code).toBe('PGRST100');
    expect(parseFailure(() => parseGroup('or', false, '(a.eq.1,b)')).code).toBe('PGRST100');
  });
});

describe('parseOrder', () => {
  it('reads directions and null placement', () => {
    expect(parseOrder('a,b.desc,c.asc.nullslast,d->>e.desc.nullsfirst')).toEqual([
      { field: field('a'), descending: false, nulls: null },
      { field: field('b'), descending: true, nulls: null },
      { field: field('c'), descending: false, nulls: 'last' },
      { field: { name: 'd', json: [{ arrow: '->>', key: 'e' }] }, descending: true, nulls: 'first' },
    ]);
    expect(parseFailure(() => parseOrder('a.up')).code).toBe('PGRST100');
  });
});

describe('parseQueryParameters', () => {
  it('sorts filters, order and paging by embed path and leaves rpc arguments out', () => {
    const params = parseQueryParameters(
      [
        ['select', 'id,books(id)'],
        ['id', 'gt.1'],
        ['books.title', 'like.*x*'],
        ['books.order', 'id.desc'],
        ['books.limit', '2'],
        ['not.or', '(a.eq.1,b.eq.2)'],
        ['books.or', '(c.eq.3)'],
        ['limit', '10'],
        ['offset', '5'],
        ['country', 'Kenya'],
        ['on_conflict', 'slug'],
        ['columns', '"a","b"'],
      ],
      (key) => key === 'country',
    );
    const root = params.resources.get('')!;
    const books = params.resources.get('books')!;
    expect(root.filters.map((f) => f.kind)).toEqual(['condition', 'group']);
    expect(root.filters[1]).toMatchObject({ kind: 'group', negated: true, operator: 'or' });
    expect(root).toMatchObject({ limit: 10, offset: 5, order: null });
    expect(books.filters).toHaveLength(2);
    expect(books).toMatchObject({ limit: 2, order: [{ field: field('id'), descending: true, nulls: null }] });
    expect(params.onConflict).toEqual(['slug']);
    expect(params.columns).toEqual(['a', 'b']);
    expect(parseFailure(() => parseQueryParameters([['limit', '-1']])).code).toBe('PGRST100');
  });
});
