import { describe, expect, it } from 'vitest';
import { PostgrestError } from '../../server/platform/http/errors.ts';
import { parseQueryParameters } from '../../server/platform/rest/parser.ts';
import { deleteStatement, insertStatement, readStatement, tableSource } from '../../server/platform/rest/query.ts';
import type { Column, SchemaCache, Table } from '../../server/platform/rest/schema-cache.ts';

const columns = (...specs: [string, string][]): Map<string, Column> =>
  new Map(specs.map(([name, typeName]) => [name, { name, type: typeName, typeName }]));

const table = (name: string, cols: Map<string, Column>, primaryKey = ['id']): Table => ({ name, kind: 'table', columns: cols, primaryKey, uniqueKeys: [primaryKey] });

const cache: SchemaCache = {
  tables: new Map([
    ['tours', table('tours', columns(['id', 'uuid'], ['slug', 'text'], ['category_id', 'uuid'], ['search', 'tsvector']))],
    ['categories', table('categories', columns(['id', 'uuid'], ['name', 'text']))],
  ]),
  foreignKeys: [{ name: 'tours_category_id_fkey', table: 'tours', columns: ['category_id'], referencedTable: 'categories', referencedColumns: ['id'] }],
  functions: new Map(),
};

const read = (query: string) =>
  readStatement(cache, tableSource(cache, 'tours'), parseQueryParameters(new URLSearchParams(query).entries()), {
    count: false,
    head: false,
    stripNulls: false,
    paging: { limit: null, offset: 0 },
  });

describe('readStatement', () => {
  it('binds every value and keeps hostile text out of the SQL', () => {
    const hostile = `x'); drop table tours; --`;
    const { sql, params } = read(`select=slug,category:categories(name)&slug=eq.${encodeURIComponent(hostile)}&or=(slug.like.*a*,search.fts(english).${encodeURIComponent("'cat'")})&category.name=in.(a,"b,c")`);
    expect(sql).not.toContain('drop table');
    expect(sql).not.toContain("'cat'");
    expect(params).toEqual(expect.arrayContaining([hostile, '%a%', 'english', "'cat'", '{"a","b,c"}']));
    expect(sql).toContain('"categories" t');
  });

  it('refuses unknown tables and columns before any SQL is built', () => {
    expect(() => tableSource(cache, 'tourz')).toThrow(PostgrestError);
    expect(() => read('select=slug,"name; drop"')).toThrow(/column tours\.name; drop does not exist/);
    expect(() => read('order=id;desc')).toThrow(PostgrestError);
  });
});

describe('writes', () => {
  it('sends the body as one bound JSON parameter', () => {
    const params = parseQueryParameters([]);
    const { sql, params: values } = insertStatement(cache, cache.tables.get('categories')!, params, {
      rows: [{ name: "O'Reilly" }],
      columns: ['name'],
      missingDefault: false,
      upsert: null,
      returning: 'minimal',
      stripNulls: false,
    });
    expect(sql).not.toContain('Reilly');
    expect(values).toEqual(['[{"name":"O\'Reilly"}]']);
  });

  it('refuses a body column the table does not have', () => {
    const params = parseQueryParameters([]);
    expect(() =>
      insertStatement(cache, cache.tables.get('categories')!, params, { rows: [{ colour: 1 }], columns: ['colour'], missingDefault: false, upsert: null, returning: 'minimal', stripNulls: false }),
    ).toThrow("Could not find the 'colour' column of 'categories' in the schema cache");
  });

  it('deletes only what the filters select', () => {
    const { sql, params } = deleteStatement(cache, cache.tables.get('tours')!, parseQueryParameters([['slug', 'eq.old']]), { returning: 'minimal', stripNulls: false });
    expect(sql).toBe('delete from public."tours" as t0 where t0."slug" = $1');
    expect(params).toEqual(['old']);
  });
});
