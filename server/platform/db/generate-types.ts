import type { Queryable } from './types.ts';

/**
 * The TypeScript description of the public schema that supabase-js reads (createClient<Database>):
 * each table's Row, Insert and Update, its foreign keys (for embeds), the functions the API roles
 * may call and the composite types (`create type x as (...)`) of the schema. Generated from a migrated
 * database by `npm run db:types` into src/lib/database.types.ts; tests/platform/database-types.test.ts
 * fails when that file is stale.
 *
 * A value of a composite type is typed by its name (Database['public']['CompositeTypes']['x']), a
 * table's row type by the table's Row; arrays of either as arrays. Postgres says nothing of whether a
 * function's OUT parameter or a composite type's attribute may be null, so, as for the columns of
 * `returns table`, none is typed `| null`: the app's own interfaces add it where a value may be
 * missing (the generated type is assignable to them).
 */
export async function generateDatabaseTypes(db: Queryable): Promise<string> {
  // The public schema's row types (tables') and composite types, by name: a type named `public.x` in
  // the answers below is one of them.
  const rowTypes = await db.query<{ name: string; kind: string }>(`
    select t.typname as name, c.relkind as kind
      from pg_type t
      join pg_class c on c.oid = t.typrelid
     where t.typnamespace = 'public'::regnamespace and t.typtype = 'c'
     order by t.typname`);
  const composites = await db.query<{ type_name: string; name: string; attribute_type: string; is_array: boolean }>(`
    select t.typname as type_name, a.attname as name, ${typeName('coalesce(et.oid, at.oid)')} as attribute_type, at.typcategory = 'A' as is_array
      from pg_type t
      join pg_class c on c.oid = t.typrelid and c.relkind = 'c'
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_type at on at.oid = a.atttypid
      left join pg_type et on et.oid = at.typelem and at.typcategory = 'A'
     where t.typnamespace = 'public'::regnamespace
     order by t.typname, a.attnum`);
  const columns = await db.query<{
    table_name: string;
    column_name: string;
    type_name: string;
    is_array: boolean;
    nullable: boolean;
    has_default: boolean;
    generated: boolean;
  }>(`
    select c.relname as table_name, a.attname as column_name,
           ${typeName('coalesce(et.oid, t.oid)')} as type_name, t.typcategory = 'A' as is_array,
           not a.attnotnull as nullable,
           (a.atthasdef or a.attidentity <> '') as has_default,
           a.attgenerated <> '' as generated
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_type t on t.oid = a.atttypid
      left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     order by c.relname, a.attnum`);
  const foreignKeys = await db.query<{ table_name: string; name: string; columns: string[]; referenced: string; referenced_columns: string[]; one_to_one: boolean }>(`
    select c.relname as table_name, con.conname as name,
           array(select attname::text from pg_attribute where attrelid = con.conrelid and attnum = any(con.conkey) order by array_position(con.conkey, attnum)) as columns,
           r.relname as referenced,
           array(select attname::text from pg_attribute where attrelid = con.confrelid and attnum = any(con.confkey) order by array_position(con.confkey, attnum)) as referenced_columns,
           exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique and i.indkey::int2[] @> con.conkey and cardinality(i.indkey::int2[]) = cardinality(con.conkey)) as one_to_one
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_class r on r.oid = con.confrelid
     where con.contype = 'f' and c.relnamespace = 'public'::regnamespace and r.relnamespace = 'public'::regnamespace
     order by c.relname, con.conname`);
  const functions = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[];
    arg_arrays: boolean[];
    defaults: number;
    returns: string;
    returns_array: boolean;
    returns_set: boolean;
    out_names: string[] | null;
    out_types: string[] | null;
  }>(`
    select p.proname as name,
           array(select n from unnest(p.proargnames, p.proargmodes) as x(n, m) where n is not null and (m is null or m in ('i', 'b'))) as arg_names,
           array(select ${typeName('coalesce(et.oid, t.oid)')} from unnest(p.proargtypes::oid[]) with ordinality as a(oid, i) join pg_type t on t.oid = a.oid left join pg_type et on et.oid = t.typelem and t.typcategory = 'A' order by i) as arg_types,
           array(select t.typcategory = 'A' from unnest(p.proargtypes::oid[]) with ordinality as a(oid, i) join pg_type t on t.oid = a.oid order by i) as arg_arrays,
           p.pronargdefaults as defaults,
           ${typeName('coalesce(ret_elem.oid, ret.oid)')} as returns, ret.typcategory = 'A' as returns_array, p.proretset as returns_set,
           case when p.proargmodes is not null then array(select n from unnest(p.proargnames, p.proargmodes) as x(n, m) where m in ('o', 't')) end as out_names,
           case when p.proargmodes is not null then array(select ${typeName('coalesce(et.oid, t.oid)')} || case when t.typcategory = 'A' then '[]' else '' end from unnest(p.proallargtypes, p.proargmodes) as x(oid, m) join pg_type t on t.oid = x.oid left join pg_type et on et.oid = t.typelem and t.typcategory = 'A' where m in ('o', 't')) end as out_types
      from pg_proc p
      join pg_type ret on ret.oid = p.prorettype
      left join pg_type ret_elem on ret_elem.oid = ret.typelem and ret.typcategory = 'A'
     where p.pronamespace = 'public'::regnamespace and ret.typname <> 'trigger'
       and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
     order by p.proname, p.oid`);

  const tables = new Map<string, typeof columns.rows>();
  for (const column of columns.rows) tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column]);
  const key = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : JSON.stringify(name));
  const rowTypeKinds = new Map(rowTypes.rows.map((t) => [t.name, t.kind]));
  // A name as typeName() writes it, with `[]` for an array: a table's row, a composite type, or a scalar.
  const tsType = (type: string): string => {
    if (type.endsWith('[]')) return `${tsType(type.slice(0, -2))}[]`;
    if (!type.startsWith('public.')) return scalar(type);
    const name = type.slice('public.'.length);
    const kind = rowTypeKinds.get(name);
    if (kind === 'c') return `Database['public']['CompositeTypes'][${JSON.stringify(name)}]`;
    if (kind === 'r' || kind === 'p') return `Database['public']['Tables'][${JSON.stringify(name)}]['Row']`;
    // A view's row: views are not described here.
    return 'Record<string, unknown>';
  };
  const columnType = (type: string, isArray: boolean) => `${tsType(type)}${isArray ? '[]' : ''}`;

  const out: string[] = [
    '// Generated by `npm run db:types` from the migrated schema (server/platform/db/generate-types.ts). Do not edit.',
    '',
    'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];',
    '',
    'export interface Database {',
    '  public: {',
    '    Tables: {',
  ];
  for (const [table, cols] of tables) {
    const fks = foreignKeys.rows.filter((fk) => fk.table_name === table);
    out.push(`      ${key(table)}: {`);
    out.push('        Row: {');
    for (const c of cols) out.push(`          ${key(c.column_name)}: ${columnType(c.type_name, c.is_array)}${c.nullable ? ' | null' : ''};`);
    out.push('        };', '        Insert: {');
    for (const c of cols) {
      if (c.generated) out.push(`          ${key(c.column_name)}?: never;`);
      else out.push(`          ${key(c.column_name)}${c.nullable || c.has_default ? '?' : ''}: ${columnType(c.type_name, c.is_array)}${c.nullable ? ' | null' : ''};`);
    }
    out.push('        };', '        Update: {');
    for (const c of cols) {
      if (c.generated) out.push(`          ${key(c.column_name)}?: never;`);
      else out.push(`          ${key(c.column_name)}?: ${columnType(c.type_name, c.is_array)}${c.nullable ? ' | null' : ''};`);
    }
    out.push('        };');
    if (fks.length === 0) out.push('        Relationships: [];');
    else {
      out.push('        Relationships: [');
      for (const fk of fks) {
        out.push(
          `          { foreignKeyName: ${JSON.stringify(fk.name)}; columns: ${JSON.stringify(fk.columns)}; isOneToOne: ${fk.one_to_one}; referencedRelation: ${JSON.stringify(fk.referenced)}; referencedColumns: ${JSON.stringify(fk.referenced_columns)} },`,
        );
      }
      out.push('        ];');
    }
    out.push('      };');
  }
  out.push('    };', '    Views: { [_ in never]: never };', '    Functions: {');

  const byName = new Map<string, typeof functions.rows>();
  for (const fn of functions.rows) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  for (const [name, overloads] of byName) {
    const variants = overloads.map((fn) => {
      const names = fn.arg_names ?? [];
      const firstDefault = names.length - fn.defaults;
      // An argument with a default may be left out or sent as null (the functions' defaults are null or take null).
      const args = names.map((arg, i) => `${key(arg)}${i >= firstDefault ? '?' : ''}: ${columnType(fn.arg_types[i], fn.arg_arrays[i])}${i >= firstDefault ? ' | null' : ''}`);
      let returns: string;
      if (fn.out_names && fn.out_names.length > 0) {
        returns = `{ ${fn.out_names.map((n, i) => `${key(n)}: ${tsType(fn.out_types![i])}`).join('; ')} }`;
      } else {
        returns = columnType(fn.returns, fn.returns_array);
      }
      return { args: args.length === 0 ? 'Record<PropertyKey, never>' : `{ ${args.join('; ')} }`, returns: fn.returns_set ? `${returns}[]` : returns };
    });
    out.push(`      ${key(name)}: ${variants.map((v) => `{ Args: ${v.args}; Returns: ${v.returns} }`).join(' | ')};`);
  }
  out.push('    };', '    Enums: { [_ in never]: never };');

  const compositeTypes = new Map<string, typeof composites.rows>();
  for (const a of composites.rows) compositeTypes.set(a.type_name, [...(compositeTypes.get(a.type_name) ?? []), a]);
  if (compositeTypes.size === 0) out.push('    CompositeTypes: { [_ in never]: never };');
  else {
    out.push('    CompositeTypes: {');
    for (const [name, attributes] of compositeTypes) {
      out.push(`      ${key(name)}: {`);
      for (const a of attributes) out.push(`        ${key(a.name)}: ${columnType(a.attribute_type, a.is_array)};`);
      out.push('      };');
    }
    out.push('    };');
  }
  out.push('  };', '}', '');
  return out.join('\n');
}

/**
 * SQL for the name of the type whose oid `oid` is: `public.x` for a table's row type or a composite
 * type of the public schema, the bare name (int4, text, jsonb) for any other.
 */
function typeName(oid: string): string {
  return `(select case when ty.typtype = 'c' and ty.typnamespace = 'public'::regnamespace then 'public.' else '' end || ty.typname from pg_type ty where ty.oid = ${oid})::text`;
}

function scalar(type: string): string {
  if (type.endsWith('[]')) return `${scalar(type.slice(0, -2))}[]`;
  switch (type) {
    case 'bool':
      return 'boolean';
    case 'int2':
    case 'int4':
    case 'int8':
    case 'float4':
    case 'float8':
    case 'numeric':
      return 'number';
    case 'json':
    case 'jsonb':
      return 'Json';
    case 'void':
      return 'undefined';
    case 'record':
      return 'Record<string, unknown>';
    default:
      // uuid, text, dates and times, intervals, inet, tsvector: strings on the wire.
      return 'string';
  }
}
