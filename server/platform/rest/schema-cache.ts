import type { Database } from '../db/types.ts';

/** The exposed schema; PostgREST exposes `public` on Supabase by default and this server exposes nothing else. */
export const exposedSchema = 'public';

export interface Column {
  name: string;
  /** format_type() text, e.g. `text`, `numeric(10,2)`, `text[]`. */
  type: string;
  /** pg_type.typname of the base type, e.g. `text`, `tsvector`, `_text`. */
  typeName: string;
}

export interface Table {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints, each as its column list. */
  uniqueKeys: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

export interface FunctionArgument {
  name: string;
  type: string;
  typeName: string;
  hasDefault: boolean;
}

export interface FunctionReturn {
  /** `void`, a scalar value, or rows with columns (a table type, OUT parameters or `returns table`). */
  kind: 'void' | 'scalar' | 'rows';
  setOf: boolean;
  /** For rows: the table whose type it returns, so embedding works on the result. */
  table: string | null;
  columns: Map<string, Column>;
}

export interface RoutineOverload {
  name: string;
  arguments: FunctionArgument[];
  returns: FunctionReturn;
  volatility: 'immutable' | 'stable' | 'volatile';
  variadic: boolean;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, RoutineOverload[]>;
}

interface CatalogRow {
  tables: { name: string; kind: string; columns: RawColumn[]; primary_key: string[] | null; unique_keys: string[][] | null }[] | null;
  foreign_keys: { name: string; table: string; columns: string[]; referenced_table: string; referenced_columns: string[] }[] | null;
  functions: RawFunction[] | null;
}

interface RawColumn {
  name: string;
  type: string;
  type_name: string;
}

interface RawFunction {
  name: string;
  arg_names: (string | null)[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  arg_type_names: string[];
  default_count: number;
  return_type: string;
  return_type_name: string;
  return_type_type: string;
  return_table: string | null;
  return_table_kind: string | null;
  return_columns: RawColumn[] | null;
  returns_set: boolean;
  volatility: string;
  variadic: boolean;
}

// One round trip; built as JSON so PGlite and node-postgres hand back the same shapes.
const catalogQuery = `
with rels as (
  select c.oid, c.relname, c.relkind
  from pg_class c
  where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
),
cols as (
  select a.attrelid, json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'type_name', t.typname
    ) order by a.attnum) as columns
  from pg_attribute a
  join pg_type t on t.oid = a.atttypid
  where a.attrelid in (select oid from rels) and a.attnum > 0 and not a.attisdropped
  group by a.attrelid
),
keys as (
  select k.conrelid, k.contype,
    array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns
  from pg_constraint k
  where k.conrelid in (select oid from rels) and k.contype in ('p', 'u')
)
select
  (select json_agg(json_build_object(
      'name', r.relname,
      'kind', r.relkind,
      'columns', coalesce(c.columns, '[]'),
      'primary_key', (select to_json(k.columns) from keys k where k.conrelid = r.oid and k.contype = 'p'),
      'unique_keys', (select json_agg(k.columns) from keys k where k.conrelid = r.oid)
    )) from rels r left join cols c on c.attrelid = r.oid) as tables,
  (select json_agg(json_build_object(
      'name', k.conname,
      'table', src.relname,
      'columns', array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i),
      'referenced_table', dst.relname,
      'referenced_columns', array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                       join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i)
    ))
    from pg_constraint k
    join pg_class src on src.oid = k.conrelid
    join pg_class dst on dst.oid = k.confrelid
    where k.contype = 'f' and src.relnamespace = $1::regnamespace and dst.relnamespace = $1::regnamespace) as foreign_keys,
  (select json_agg(json_build_object(
      'name', p.proname,
      'arg_names', p.proargnames,
      'arg_modes', p.proargmodes,
      'arg_types', array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i) order by i),
      'arg_type_names', array(select ty.typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i)
                              join pg_type ty on ty.oid = u.t order by i),
      'default_count', p.pronargdefaults,
      'return_type', format_type(p.prorettype, null),
      'return_type_name', rt.typname,
      'return_type_type', rt.typtype,
      'return_table', rc.relname,
      'return_table_kind', rc.relkind,
      'return_columns', (select json_agg(json_build_object(
            'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'type_name', t.typname) order by a.attnum)
          from pg_attribute a join pg_type t on t.oid = a.atttypid
          where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped),
      'returns_set', p.proretset,
      'volatility', p.provolatile,
      'variadic', p.provariadic <> 0
    ))
    from pg_proc p
    join pg_type rt on rt.oid = p.prorettype
    left join pg_class rc on rc.oid = rt.typrelid and rc.relnamespace = $1::regnamespace
    where p.pronamespace = $1::regnamespace and p.prokind = 'f') as functions
`;

function toColumn(raw: RawColumn): Column {
  return { name: raw.name, type: raw.type, typeName: raw.type_name };
}

function columnMap(raw: RawColumn[]): Map<string, Column> {
  return new Map(raw.map((c) => [c.name, toColumn(c)]));
}

function toOverload(raw: RawFunction, tables: Map<string, Table>): RoutineOverload {
  const modes = raw.arg_modes ?? raw.arg_types.map(() => 'i');
  const names = raw.arg_names ?? [];
  const inputs: FunctionArgument[] = [];
  const outputs: Column[] = [];
  raw.arg_types.forEach((type, i) => {
    const mode = modes[i];
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') {
      inputs.push({ name, type, typeName: raw.arg_type_names[i], hasDefault: false });
    }
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({ name, type, typeName: raw.arg_type_names[i] });
    }
  });
  // pg_proc counts defaults from the last input argument backwards.
  for (let i = inputs.length - raw.default_count; i < inputs.length; i++) inputs[i].hasDefault = true;

  let returns: FunctionReturn;
  if (raw.return_type_name === 'void') {
    returns = { kind: 'void', setOf: false, table: null, columns: new Map() };
  } else if (outputs.length > 0) {
    returns = { kind: 'rows', setOf: raw.returns_set, table: null, columns: new Map(outputs.map((c) => [c.name, c])) };
  } else if (raw.return_type_type === 'c' && raw.return_columns) {
    const table = raw.return_table && tables.has(raw.return_table) ? raw.return_table : null;
    returns = { kind: 'rows', setOf: raw.returns_set, table, columns: table ? tables.get(table)!.columns : columnMap(raw.return_columns) };
  } else {
    returns = { kind: 'scalar', setOf: raw.returns_set, table: null, columns: new Map() };
  }
  const volatility = raw.volatility === 'i' ? 'immutable' : raw.volatility === 's' ? 'stable' : 'volatile';
  return { name: raw.name, arguments: inputs, returns, volatility, variadic: raw.variadic };
}

async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  const { rows } = await db.query<{ catalog: string }>(`select row_to_json(x)::text as catalog from (${catalogQuery}) x`, [exposedSchema]);
  const catalog = JSON.parse(rows[0].catalog) as CatalogRow;
  const tables = new Map<string, Table>();
  for (const raw of catalog.tables ?? []) {
    tables.set(raw.name, {
      name: raw.name,
      kind: raw.kind === 'v' || raw.kind === 'm' ? 'view' : 'table',
      columns: columnMap(raw.columns),
      primaryKey: raw.primary_key ?? [],
      uniqueKeys: raw.unique_keys ?? [],
    });
  }
  const foreignKeys: ForeignKey[] = (catalog.foreign_keys ?? []).map((fk) => ({
    name: fk.name,
    table: fk.table,
    columns: fk.columns,
    referencedTable: fk.referenced_table,
    referencedColumns: fk.referenced_columns,
  }));
  const functions = new Map<string, RoutineOverload[]>();
  for (const raw of catalog.functions ?? []) {
    const overload = toOverload(raw, tables);
    functions.set(raw.name, [...(functions.get(raw.name) ?? []), overload]);
  }
  return { tables, foreignKeys, functions };
}

const caches = new WeakMap<Database, Promise<SchemaCache>>();

/** The schema cache of this database, read from pg_catalog once and kept until invalidated. */
export function schemaCache(db: Database): Promise<SchemaCache> {
  let cache = caches.get(db);
  if (!cache) {
    cache = loadSchemaCache(db);
    // A failed load is not kept, so the next request tries again.
    const loading = cache;
    loading.catch(() => {
      if (caches.get(db) === loading) caches.delete(db);
    });
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets the cached schema (after DDL: migrations, fixtures); the next request reads pg_catalog again. */
export function invalidateSchemaCache(db: Database): void {
  caches.delete(db);
}
