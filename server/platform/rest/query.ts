import { PostgrestError } from '../http/errors.ts';
import type { Condition, FieldRef, Filter, OrderTerm, QueryParameters, ResourceOptions, SelectItem } from './parser.ts';
import { restLimits } from './limits.ts';
import { findRelationship, isToOne, type Relationship } from './relationships.ts';
import type { Column, RoutineOverload, SchemaCache, Table } from './schema-cache.ts';

/** Quotes an identifier that has already been checked against the schema cache. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (name: string) => `public.${ident(name)}`;

/** SQL text with its bound parameters; every value from the request goes through bind(). */
export class Statement {
  readonly params: unknown[] = [];
  private aliases = 0;
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  alias(prefix = 't'): string {
    return `${prefix}${++this.aliases}`;
  }
}

/** What rows are read from: a table or view, or the result of a function call. */
export interface Source {
  /** The name used in error messages. */
  label: string;
  /** FROM clause items, the last one aliased t0. */
  from: string;
  columns: Map<string, Column>;
  /** The table whose foreign keys embedding follows. */
  table: Table | null;
}

interface ResourceNode {
  label: string;
  ref: string;
  columns: Map<string, Column>;
  table: Table | null;
  items: SelectItem[];
  options: ResourceOptions;
  embeds: EmbedNode[];
}

interface EmbedNode extends ResourceNode {
  key: string;
  relationship: Relationship;
  join: 'left' | 'inner';
  spread: boolean;
  /** Whether the embed appears in the output (an empty select, `tags()`, only filters). */
  shown: boolean;
}

const textTypes = new Set(['text', 'varchar', 'bpchar', 'citext', 'name']);

function unknownColumn(label: string, name: string): PostgrestError {
  return new PostgrestError(400, '42703', `column ${label}.${name} does not exist`, null, null);
}

function column(node: Pick<ResourceNode, 'columns' | 'label'>, name: string): Column {
  const found = node.columns.get(name);
  if (!found) throw unknownColumn(node.label, name);
  return found;
}

function fieldSql(node: ResourceNode, field: FieldRef, statement: Statement): string {
  column(node, field.name);
  let sql = `${node.ref}.${ident(field.name)}`;
  for (const step of field.json) {
    const key = /^-?\d+$/.test(step.key) ? `${statement.bind(step.key)}::int` : `${statement.bind(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

function isTextual(node: ResourceNode, field: FieldRef): boolean {
  if (field.json.length > 0) return field.json[field.json.length - 1].arrow === '->>';
  return textTypes.has(node.columns.get(field.name)!.typeName);
}

function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const comparison: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
};
const tsqueryFunction: Record<string, string> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
};

function conditionSql(node: ResourceNode, condition: Condition, statement: Statement): string {
  const { field, operator } = condition;
  const embed = field.json.length === 0 && !node.columns.has(field.name) ? node.embeds.find((e) => e.key === field.name) : undefined;
  let sql: string;
  if (embed) {
    // `category=not.is.null`: keep parents that have (or lack) the embedded row.
    const value = condition.value.toLowerCase();
    if (operator !== 'is' || (value !== 'null' && value !== 'not_null')) {
      throw new PostgrestError(400, 'PGRST100', `failed to parse filter (${field.name}=${condition.negated ? 'not.' : ''}${operator}.${condition.value})`, 'an embedded resource can only be filtered with is.null or not.is.null');
    }
    sql = `${value === 'null' ? 'not ' : ''}exists (${embedExistsSql(node, embed, statement)})`;
  } else {
    let left = fieldSql(node, field, statement);
    const likeOperator = operator === 'like' || operator === 'ilike' || operator === 'match' || operator === 'imatch';
    if (likeOperator && !isTextual(node, field)) left = `${left}::text`;
    const pattern = (value: string) => (operator === 'like' || operator === 'ilike' ? value.replace(/\*/g, '%') : value);
    if (operator === 'is') {
      const value = condition.value.toLowerCase();
      sql = `${left} is ${value === 'not_null' ? 'not null' : value}`;
    } else if (operator === 'isdistinct') {
      sql = `${left} is distinct from ${statement.bind(condition.value)}`;
    } else if (operator === 'in') {
      sql = `${left} = any(${statement.bind(arrayLiteral(condition.list!))})`;
    } else if (operator in tsqueryFunction) {
      const columnType = field.json.length === 0 ? node.columns.get(field.name)!.typeName : 'text';
      const language = condition.language === null ? '' : `${statement.bind(condition.language)}::regconfig, `;
      const document = columnType === 'tsvector' ? left : `to_tsvector(${language}${left}::text)`;
      sql = `${document} @@ ${tsqueryFunction[operator]}(${language}${statement.bind(condition.value)})`;
    } else if (condition.quantifier) {
      sql = `${left} ${comparison[operator]} ${condition.quantifier}(${statement.bind(pattern(condition.value))})`;
    } else {
      sql = `${left} ${comparison[operator]} ${statement.bind(pattern(condition.value))}`;
    }
  }
  return condition.negated ? `not (${sql})` : sql;
}

function filterSql(node: ResourceNode, filter: Filter, statement: Statement): string {
  if (filter.kind === 'condition') return conditionSql(node, filter, statement);
  const children = filter.children.map((child) => filterSql(node, child, statement));
  const sql = `(${children.join(filter.operator === 'and' ? ' and ' : ' or ')})`;
  return filter.negated ? `not ${sql}` : sql;
}

/** The FROM items and join conditions that reach an embed's rows from its parent's row. */
function embedJoin(parent: ResourceNode, embed: EmbedNode, statement: Statement): { from: string; conditions: string[] } {
  const r = embed.ref;
  const rel = embed.relationship;
  const pairs = (left: string, leftColumns: string[], right: string, rightColumns: string[]) =>
    leftColumns.map((c, i) => `${left}.${ident(c)} = ${right}.${ident(rightColumns[i])}`);
  switch (rel.kind) {
    case 'many-to-one':
      return { from: `${qualified(rel.target.name)} ${r}`, conditions: pairs(r, rel.foreignKey.referencedColumns, parent.ref, rel.foreignKey.columns) };
    case 'one-to-many':
      return { from: `${qualified(rel.target.name)} ${r}`, conditions: pairs(r, rel.foreignKey.columns, parent.ref, rel.foreignKey.referencedColumns) };
    case 'many-to-many': {
      const j = statement.alias('j');
      return {
        from: `${qualified(rel.target.name)} ${r} join ${qualified(rel.junction.name)} ${j} on ${pairs(j, rel.toTarget.columns, r, rel.toTarget.referencedColumns).join(' and ')}`,
        conditions: pairs(j, rel.toParent.columns, parent.ref, rel.toParent.referencedColumns),
      };
    }
  }
}

/** The conditions of a resource's own rows: its filters and its `!inner` embeds. */
function whereConditions(node: ResourceNode, statement: Statement): string[] {
  const conditions = node.options.filters.map((filter) => filterSql(node, filter, statement));
  for (const embed of node.embeds) {
    if (embed.join === 'inner') conditions.push(`exists (${embedExistsSql(node, embed, statement)})`);
  }
  return conditions;
}

function embedExistsSql(parent: ResourceNode, embed: EmbedNode, statement: Statement): string {
  const { from, conditions } = embedJoin(parent, embed, statement);
  return `select 1 from ${from} where ${[...conditions, ...whereConditions(embed, statement)].join(' and ')}`;
}

function orderSql(node: ResourceNode, terms: OrderTerm[] | null, statement: Statement): string {
  if (!terms || terms.length === 0) return '';
  const parts = terms.map((term) => {
    const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
    return `${fieldSql(node, term.field, statement)} ${term.descending ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${parts.join(', ')}`;
}

function pagingSql(limit: number | null, offset: number | null, statement: Statement): string {
  let sql = '';
  if (limit !== null) sql += ` limit ${statement.bind(limit)}`;
  if (offset !== null && offset > 0) sql += ` offset ${statement.bind(offset)}`;
  return sql;
}

/** The output columns of a resource: `[sql, json key]` pairs. */
function selectColumns(node: ResourceNode, statement: Statement): [string, string][] {
  const out: [string, string][] = [];
  let embedIndex = 0;
  for (const item of node.items) {
    if (item.kind === 'star') {
      for (const name of node.columns.keys()) out.push([`${node.ref}.${ident(name)}`, name]);
    } else if (item.kind === 'column') {
      let sql = fieldSql(node, item.field, statement);
      if (item.cast) sql = `${sql}::${item.cast}`;
      const name = item.alias ?? (item.field.json.length ? item.field.json[item.field.json.length - 1].key : item.field.name);
      out.push([sql, name]);
    } else {
      const embed = node.embeds[embedIndex++];
      if (!embed.shown) continue;
      if (embed.spread) out.push(...spreadColumns(node, embed, statement));
      else out.push([embedSql(node, embed, statement), embed.key]);
    }
  }
  return out;
}

function columnList(columns: [string, string][]): string {
  // No columns (`select=tags!inner()`) is a zero-column row, which Postgres turns into {}.
  return columns.map(([sql, name]) => `${sql} as ${ident(name)}`).join(', ');
}

function embedSql(parent: ResourceNode, embed: EmbedNode, statement: Statement): string {
  const { from, conditions } = embedJoin(parent, embed, statement);
  const where = [...conditions, ...whereConditions(embed, statement)].join(' and ');
  const columns = columnList(selectColumns(embed, statement));
  const row = statement.alias('r');
  if (isToOne(embed.relationship)) {
    return `(select row_to_json(${row}) from (select ${columns} from ${from} where ${where} limit 1) ${row})`;
  }
  // An embedded list is capped like the top level, so no parent row carries an unbounded list.
  const limit = Math.min(embed.options.limit ?? restLimits.maxRows, restLimits.maxRows);
  const tail = orderSql(embed, embed.options.order, statement) + pagingSql(limit, embed.options.offset, statement);
  return `coalesce((select json_agg(${row}) from (select ${columns} from ${from} where ${where}${tail}) ${row}), '[]')`;
}

/** `...category(name)`: the columns of a to-one embed lifted into the parent object. */
function spreadColumns(parent: ResourceNode, embed: EmbedNode, statement: Statement): [string, string][] {
  return selectColumns(embed, statement).map(([sql, name]) => {
    const { from, conditions } = embedJoin(parent, embed, statement);
    const where = [...conditions, ...whereConditions(embed, statement)].join(' and ');
    return [`(select ${sql} from ${from} where ${where} limit 1)`, name];
  });
}

function buildEmbeds(cache: SchemaCache, node: ResourceNode, path: string, params: QueryParameters, used: Set<string>, statement: Statement) {
  for (const item of node.items) {
    if (item.kind !== 'embed') continue;
    if (!node.table) {
      throw new PostgrestError(400, 'PGRST200', `Could not find a relationship between '${node.label}' and '${item.name}' in the schema cache`, null, null);
    }
    const relationship = findRelationship(cache, node.table, item.name, item.hint);
    if (item.spread && !isToOne(relationship)) {
      throw new PostgrestError(400, 'PGRST119', `A spread operation on '${item.name}' is not possible`, "'" + node.label + "' and '" + item.name + "' do not form a many-to-one or one-to-one relationship", null);
    }
    const key = item.alias ?? item.name;
    const embedPath = path ? `${path}.${key}` : key;
    used.add(embedPath);
    const embed: EmbedNode = {
      label: relationship.target.name,
      ref: statement.alias(),
      columns: relationship.target.columns,
      table: relationship.target,
      items: item.select,
      options: params.resources.get(embedPath) ?? { filters: [], order: null, limit: null, offset: null },
      embeds: [],
      key,
      relationship,
      join: item.join,
      spread: item.spread,
      shown: item.select.length > 0,
    };
    node.embeds.push(embed);
    buildEmbeds(cache, embed, embedPath, params, used, statement);
  }
}

/** The resource tree of a request: the source with its select list, filters and embeds resolved. */
function buildTree(cache: SchemaCache, source: Source, ref: string, params: QueryParameters, select: SelectItem[], options: ResourceOptions, statement: Statement): ResourceNode {
  const root: ResourceNode = { label: source.label, ref, columns: source.columns, table: source.table, items: select, options, embeds: [] };
  const used = new Set<string>(['']);
  buildEmbeds(cache, root, '', params, used, statement);
  for (const path of params.resources.keys()) {
    if (!used.has(path)) {
      throw new PostgrestError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, null, `Verify that '${path}' is included in the 'select' query parameter.`);
    }
  }
  return root;
}

/** A read's resources as the bound on the rows it can return sees them (limits.ts worstCaseRows). */
export interface ResourceShape {
  /** The table read, or null for the rows of a function. */
  table: string | null;
  via: 'root' | 'to-one' | 'one-to-many' | 'many-to-many';
  /** The junction table of a many-to-many embed. */
  junction: string | null;
  /**
   * The columns that point at the parent: the child's foreign key (one-to-many), or the junction's
   * (many-to-many); how many rows share a value of them is the most one parent can have.
   */
  parentKey: string[];
  /** The embed's own limit, when the request gives one. */
  limit: number | null;
  /** The root only: filtered with eq on a column that is unique by itself, so it is at most one row. */
  single: boolean;
  /** A view (its rows may come from any amount of work), or a table with embeds that only filter (not in children). */
  opaque: boolean;
  children: ResourceShape[];
}

function shapeOf(node: ResourceNode, via: ResourceShape['via'], junction: string | null, parentKey: string[], single: boolean): ResourceShape {
  return {
    table: node.table?.name ?? null,
    via,
    junction,
    parentKey,
    limit: node.options.limit,
    single,
    opaque: node.table?.kind !== 'table' || node.embeds.some((embed) => !embed.shown),
    // Embeds that only filter (`tags!inner()`) return no rows of their own.
    children: node.embeds
      .filter((embed) => embed.shown)
      .map((embed) => {
        const rel = embed.relationship;
        if (rel.kind === 'many-to-many') return shapeOf(embed, 'many-to-many', rel.junction.name, rel.toParent.columns, false);
        if (isToOne(rel)) return shapeOf(embed, 'to-one', null, [], false);
        return shapeOf(embed, 'one-to-many', null, rel.foreignKey.columns, false);
      }),
  };
}

/** True when the root's own filters include column=eq.value on a column unique by itself. */
function filteredToOneRow(table: Table | null, options: ResourceOptions): boolean {
  if (!table) return false;
  const uniqueColumns = new Set([table.primaryKey, ...table.uniqueKeys].filter((key) => key.length === 1).map((key) => key[0]));
  return options.filters.some(
    (filter) => filter.kind === 'condition' && !filter.negated && filter.operator === 'eq' && filter.quantifier === null && filter.field.json.length === 0 && uniqueColumns.has(filter.field.name),
  );
}

/** The shape of a read (its embeds and how each joins), for the bound on the rows it can return. */
export function readShape(cache: SchemaCache, source: Source, params: QueryParameters): ResourceShape {
  const rootOptions = params.resources.get('')!;
  const root = buildTree(cache, source, 't0', params, params.select ?? [{ kind: 'star' }], rootOptions, new Statement());
  return shapeOf(root, 'root', null, [], filteredToOneRow(source.table, rootOptions));
}

export interface Paging {
  limit: number | null;
  offset: number;
}

export interface ReadOptions {
  count: boolean;
  /** HEAD: no body is built. */
  head: boolean;
  stripNulls: boolean;
  paging: Paging;
}

function bodySql(stripNulls: boolean): string {
  return stripNulls ? `json_strip_nulls(coalesce(json_agg(_r), '[]'))::text` : `coalesce(json_agg(_r), '[]')::text`;
}

/**
 * One statement that reads the page as a JSON array (built by Postgres, as PostgREST does), its row
 * count and, when asked, the total count of matching rows.
 */
export function readStatement(cache: SchemaCache, source: Source, params: QueryParameters, options: ReadOptions, statement = new Statement()): { sql: string; params: unknown[] } {
  const rootOptions = params.resources.get('')!;
  const root = buildTree(cache, source, 't0', params, params.select ?? [{ kind: 'star' }], rootOptions, statement);
  const conditions = whereConditions(root, statement);
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const columns = options.head ? '1' : columnList(selectColumns(root, statement));
  const order = orderSql(root, rootOptions.order, statement);
  const paging = pagingSql(options.paging.limit, options.paging.offset, statement);
  const total = options.count ? `(select count(*)::int from ${source.from}${where})` : 'null::int';
  const body = options.head ? 'null::text' : bodySql(options.stripNulls);
  const sql = `select ${total} as total, count(*)::int as page, ${body} as body from (select ${columns} from ${source.from}${where}${order}${paging}) _r`;
  return { sql, params: statement.params };
}

export function tableSource(cache: SchemaCache, name: string): Source {
  const table = cache.tables.get(name);
  if (!table) throw unknownTable(cache, name);
  return { label: name, from: `${qualified(name)} t0`, columns: table.columns, table };
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

export function unknownTable(cache: SchemaCache, name: string): PostgrestError {
  let best: string | null = null;
  let bestDistance = 4;
  for (const candidate of cache.tables.keys()) {
    const d = distance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return new PostgrestError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    best ? `Perhaps you meant the table 'public.${best}'` : null,
  );
}

export type Returning = 'minimal' | 'representation' | 'headers-only';

export interface WriteOptions {
  returning: Returning;
  stripNulls: boolean;
}

/** Wraps a data-changing statement so it hands back its rows as JSON in the same round trip. */
function withRepresentation(cache: SchemaCache, table: Table, dml: string, params: QueryParameters, options: WriteOptions, statement: Statement): string {
  if (options.returning === 'minimal') return dml;
  const source: Source = { label: table.name, from: 'pgrst_source t0', columns: table.columns, table };
  const rootOptions: ResourceOptions = { filters: [], order: null, limit: null, offset: null };
  const select: SelectItem[] =
    options.returning === 'headers-only'
      ? table.primaryKey.map((name) => ({ kind: 'column', field: { name, json: [] }, alias: null, cast: null }))
      : (params.select ?? [{ kind: 'star' }]);
  const root = buildTree(cache, source, 't0', { ...params, resources: new Map([...params.resources].filter(([path]) => path !== '')) }, select, rootOptions, statement);
  const columns = columnList(selectColumns(root, statement));
  return `with pgrst_source as (${dml} returning t0.*) select null::int as total, count(*)::int as page, ${bodySql(options.stripNulls)} as body from (select ${columns} from ${source.from}) _r`;
}

class BodyColumnError extends PostgrestError {
  constructor(column: string, table: string) {
    super(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`, null, null);
  }
}

export interface InsertOptions extends WriteOptions {
  rows: Record<string, unknown>[];
  /** The columns to write: the `columns` parameter, or the keys of the rows. */
  columns: string[];
  missingDefault: boolean;
  upsert: { onConflict: string[]; resolution: 'merge' | 'ignore' } | null;
}

export function insertStatement(cache: SchemaCache, table: Table, params: QueryParameters, options: InsertOptions): { sql: string; params: unknown[] } {
  const statement = new Statement();
  for (const name of options.columns) if (!table.columns.has(name)) throw new BodyColumnError(name, table.name);
  const rowType = `null::${qualified(table.name)}`;
  const body = statement.bind(JSON.stringify(options.rows));
  let dml: string;
  if (options.columns.length === 0) {
    // No keys at all: every object becomes a row of defaults.
    dml = `insert into ${qualified(table.name)} as t0 select from json_array_elements(${body}::json)`;
  } else {
    const target = options.columns.map(ident).join(', ');
    const needsDefaults = options.missingDefault && options.rows.some((row) => options.columns.some((c) => !(c in row)));
    if (needsDefaults) {
      // A key missing from an object takes the column default (Prefer: missing=default); DEFAULT only works in VALUES.
      const tuples = options.rows.map((row, i) => {
        const cells = options.columns.map((name) => (name in row ? `(json_populate_record(${rowType}, ${body}::json->${i})).${ident(name)}` : 'default'));
        return `(${cells.join(', ')})`;
      });
      dml = `insert into ${qualified(table.name)} as t0 (${target}) values ${tuples.join(', ')}`;
    } else {
      dml = `insert into ${qualified(table.name)} as t0 (${target}) select ${options.columns.map((c) => `_b.${ident(c)}`).join(', ')} from json_populate_recordset(${rowType}, ${body}::json) _b`;
    }
    if (options.upsert) {
      for (const name of options.upsert.onConflict) if (!table.columns.has(name)) throw unknownColumn(table.name, name);
      const conflict = options.upsert.onConflict.map(ident).join(', ');
      dml +=
        options.upsert.resolution === 'ignore'
          ? ` on conflict (${conflict}) do nothing`
          : ` on conflict (${conflict}) do update set ${options.columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
    }
  }
  return { sql: withRepresentation(cache, table, dml, params, options, statement), params: statement.params };
}

function rootConditions(table: Table, params: QueryParameters, statement: Statement): string {
  const node: ResourceNode = { label: table.name, ref: 't0', columns: table.columns, table, items: [], options: params.resources.get('')!, embeds: [] };
  const conditions = whereConditions(node, statement);
  return conditions.length ? ` where ${conditions.join(' and ')}` : '';
}

export function updateStatement(cache: SchemaCache, table: Table, params: QueryParameters, values: Record<string, unknown>, options: WriteOptions): { sql: string; params: unknown[] } {
  const statement = new Statement();
  const names = Object.keys(values);
  for (const name of names) if (!table.columns.has(name)) throw new BodyColumnError(name, table.name);
  const body = statement.bind(JSON.stringify(values));
  const where = rootConditions(table, params, statement);
  const set = names.map((name) => `${ident(name)} = _b.${ident(name)}`).join(', ');
  const dml = `update ${qualified(table.name)} as t0 set ${set} from json_populate_record(null::${qualified(table.name)}, ${body}::json) _b${where}`;
  return { sql: withRepresentation(cache, table, dml, params, options, statement), params: statement.params };
}

export function deleteStatement(cache: SchemaCache, table: Table, params: QueryParameters, options: WriteOptions): { sql: string; params: unknown[] } {
  const statement = new Statement();
  const where = rootConditions(table, params, statement);
  const dml = `delete from ${qualified(table.name)} as t0${where}`;
  return { sql: withRepresentation(cache, table, dml, params, options, statement), params: statement.params };
}

/** The function call of an rpc, with the arguments unpacked from one JSON parameter by their declared types. */
export function functionCall(routine: RoutineOverload, args: Record<string, unknown> | null, wholeBody: unknown, statement: Statement): { from: string; call: string } {
  if (wholeBody !== undefined) {
    return { from: '', call: `public.${ident(routine.name)}(${statement.bind(JSON.stringify(wholeBody))}::${routine.arguments[0].type})` };
  }
  const given = routine.arguments.filter((arg) => args && arg.name in args);
  if (given.length === 0) return { from: '', call: `public.${ident(routine.name)}()` };
  const definitions = given.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ');
  const from = `json_to_record(${statement.bind(JSON.stringify(args))}::json) as _a(${definitions})`;
  const named = given.map((arg) => `${ident(arg.name)} => _a.${ident(arg.name)}`).join(', ');
  return { from, call: `public.${ident(routine.name)}(${named})` };
}

export function functionSource(cache: SchemaCache, routine: RoutineOverload, from: string, call: string): Source {
  const table = routine.returns.table ? (cache.tables.get(routine.returns.table) ?? null) : null;
  return { label: routine.name, from: `${from ? `${from}, ` : ''}${call} t0`, columns: routine.returns.columns, table };
}
