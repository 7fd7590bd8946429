import { PostgrestError } from '../http/errors.ts';

/** One `->` or `->>` step of a JSON path on a column (`data->address->>city`). */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; alias: string | null; cast: string | null }
  | {
      kind: 'embed';
      /** Table, foreign-key column or constraint name as written. */
      name: string;
      alias: string | null;
      hint: string | null;
      join: 'left' | 'inner';
      spread: boolean;
      select: SelectItem[];
    };

export const operators = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
] as const;
export type Operator = (typeof operators)[number];

const quantifiable = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const textSearch = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
const isValues = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

export interface Condition {
  kind: 'condition';
  field: FieldRef;
  negated: boolean;
  operator: Operator;
  /** `eq(any)` / `like(all)`: the value is a list compared with ANY or ALL. */
  quantifier: 'any' | 'all' | null;
  /** The text search configuration of `fts(english)`. */
  language: string | null;
  value: string;
  /** The elements of an `in.(…)` list. */
  list: string[] | null;
}

export interface Group {
  kind: 'group';
  negated: boolean;
  operator: 'and' | 'or';
  children: Filter[];
}

export type Filter = Condition | Group;

export interface OrderTerm {
  field: FieldRef;
  descending: boolean;
  nulls: 'first' | 'last' | null;
}

function parseError(what: string, text: string, details: string): PostgrestError {
  return new PostgrestError(400, 'PGRST100', `failed to parse ${what} (${text})`, details);
}

const identifierChar = /[\p{L}\p{N}_$]/u;
const jsonKeyChar = /[\p{L}\p{N}_$@#\- ]/u;

/** A small cursor over one parameter's text. */
class Reader {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}

  get done() {
    return this.pos >= this.text.length;
  }
  peek(length = 1) {
    return this.text.slice(this.pos, this.pos + length);
  }
  eat(token: string): boolean {
    if (this.text.startsWith(token, this.pos)) {
      this.pos += token.length;
      return true;
    }
    return false;
  }
  expect(token: string) {
    if (!this.eat(token)) throw this.fail(`expected "${token}"`);
  }
  fail(expected: string): PostgrestError {
    const found = this.done ? 'end of input' : `"${this.text[this.pos]}"`;
    return parseError(this.what, this.text, `unexpected ${found} at position ${this.pos + 1}, ${expected}`);
  }

  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.text.length) this.pos++;
      out += this.text[this.pos++];
    }
    this.expect('"');
    return out;
  }

  identifier(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done && identifierChar.test(this.peek())) this.pos++;
    if (this.pos === start) throw this.fail('expected an identifier');
    return this.text.slice(start, this.pos);
  }

  jsonKey(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done && jsonKeyChar.test(this.peek()) && this.peek(2) !== '->') this.pos++;
    if (this.pos === start) throw this.fail('expected a JSON key');
    return this.text.slice(start, this.pos);
  }

  field(): FieldRef {
    const name = this.identifier();
    const json: JsonStep[] = [];
    while (this.peek(2) === '->') {
      const arrow = this.eat('->>') ? '->>' : (this.expect('->'), '->');
      json.push({ arrow, key: this.jsonKey() });
    }
    return { name, json };
  }
}

/** Parses a field with an optional JSON path, e.g. a filter key `data->address->>city`. */
export function parseField(text: string, what = 'filter'): FieldRef {
  const reader = new Reader(text, what);
  const field = reader.field();
  if (!reader.done) throw reader.fail('expected end of field');
  return field;
}

function parseSelectList(reader: Reader, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  if (nested && reader.peek() === ')') return items;
  for (;;) {
    items.push(parseSelectItem(reader));
    if (!reader.eat(',')) break;
  }
  return items;
}

function parseSelectItem(reader: Reader): SelectItem {
  if (reader.eat('*')) return { kind: 'star' };
  const spread = reader.eat('...');
  let alias: string | null = null;
  let name = reader.identifier();
  if (!spread && reader.peek() === ':' && reader.peek(2) !== '::') {
    reader.expect(':');
    alias = name;
    if (reader.eat('...')) throw reader.fail('a spread embed takes no alias');
    name = reader.identifier();
  }
  if (spread || reader.peek() === '!' || reader.peek() === '(') {
    let hint: string | null = null;
    let join: 'left' | 'inner' = 'left';
    while (reader.eat('!')) {
      const word = reader.identifier();
      if (word === 'inner' || word === 'left') join = word;
      else if (hint === null) hint = word;
      else throw reader.fail('expected "inner" or "left"');
    }
    reader.expect('(');
    const select = parseSelectList(reader, true);
    reader.expect(')');
    return { kind: 'embed', name, alias, hint, join, spread, select };
  }
  const json: JsonStep[] = [];
  while (reader.peek(2) === '->') {
    const arrow = reader.eat('->>') ? '->>' : (reader.expect('->'), '->');
    json.push({ arrow, key: reader.jsonKey() });
  }
  let cast: string | null = null;
  if (reader.eat('::')) {
    const start = reader.pos;
    while (!reader.done && /[a-zA-Z0-9_]/.test(reader.peek())) reader.pos++;
    if (reader.pos === start) throw reader.fail('expected a type name');
    reader.eat('[]');
    cast = reader.text.slice(start, reader.pos);
  }
  return { kind: 'column', field: { name, json }, alias, cast };
}

/** Parses the `select` parameter: columns, aliases, casts, JSON paths and embedded resources. */
export function parseSelect(text: string): SelectItem[] {
  if (text === '') return [{ kind: 'star' }];
  const reader = new Reader(text, 'select parameter');
  const items = parseSelectList(reader, false);
  if (!reader.done) throw reader.fail('expected "," or end of input');
  return items;
}

/** Splits on commas that are outside parentheses, braces and double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

/** The elements of `(a,b,"c,d")`. */
function parseList(text: string, what: string, whole: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(what, whole, 'an in list must be written as (a,b,c)');
  }
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map(unquote);
}

/**
 * Parses `[not.]operator[(modifier)].value` for a field. Inside `or=(…)` groups a double-quoted value
 * is unquoted, so values can hold commas and parentheses.
 */
export function parseCondition(field: FieldRef, text: string, inGroup = false, whole = text): Condition {
  let rest = text;
  const negated = rest.startsWith('not.');
  if (negated) rest = rest.slice(4);
  const match = /^([a-z]+)(?:\(([a-z_]+)\))?\./.exec(rest);
  if (!match) throw parseError('filter', whole, 'expected an operator followed by "." and a value, e.g. eq.5');
  const operator = match[1] as Operator;
  if (!(operators as readonly string[]).includes(operator)) {
    throw parseError('filter', whole, `unknown operator "${match[1]}"`);
  }
  const modifier = match[2] ?? null;
  let quantifier: Condition['quantifier'] = null;
  let language: string | null = null;
  if (modifier !== null) {
    if (textSearch.has(operator)) language = modifier;
    else if (quantifiable.has(operator) && (modifier === 'any' || modifier === 'all')) quantifier = modifier;
    else throw parseError('filter', whole, `"${operator}" takes no modifier "${modifier}"`);
  }
  let value = rest.slice(match[0].length);
  let list: string[] | null = null;
  if (operator === 'in') {
    list = parseList(value, 'filter', whole);
  } else {
    if (inGroup) value = unquote(value);
    if (operator === 'is' && !isValues.has(value.toLowerCase())) {
      throw parseError('filter', whole, 'is accepts null, not_null, true, false or unknown');
    }
    if (quantifier !== null && !(value.startsWith('{') && value.endsWith('}'))) {
      throw parseError('filter', whole, `${operator}(${quantifier}) takes a list written as {a,b}`);
    }
  }
  return { kind: 'condition', field, negated, operator, quantifier, language, value, list };
}

/** Parses the value of `or=` / `and=` / `not.or=`: `(a.eq.1,or(b.gt.2,c.is.null))`. */
export function parseGroup(operator: 'and' | 'or', negated: boolean, text: string, whole = text): Group {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError('logic tree', whole, 'expected the conditions in parentheses, e.g. (a.eq.1,b.eq.2)');
  }
  const children = splitTopLevel(text.slice(1, -1)).map((part): Filter => {
    const nested = /^(not\.)?(and|or)\(/.exec(part);
    if (nested) {
      return parseGroup(nested[2] as 'and' | 'or', Boolean(nested[1]), part.slice(nested[0].length - 1), whole);
    }
    const reader = new Reader(part, 'logic tree');
    let field: FieldRef;
    try {
      field = reader.field();
      reader.expect('.');
    } catch {
      throw parseError('logic tree', whole, `expected field.operator.value in "${part}"`);
    }
    return parseCondition(field, part.slice(reader.pos), true, whole);
  });
  return { kind: 'group', negated, operator, children };
}

/** Parses `order=col.desc.nullslast,other`. */
export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((term) => {
    const reader = new Reader(term, 'order');
    let field: FieldRef;
    try {
      field = reader.field();
    } catch {
      throw parseError('order', text, `expected a column in "${term}"`);
    }
    let descending = false;
    let nulls: OrderTerm['nulls'] = null;
    const modifiers = reader.done ? [] : (reader.expect('.'), term.slice(reader.pos).split('.'));
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') descending = modifier === 'desc';
      else if (modifier === 'nullsfirst' || modifier === 'nullslast') nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      else throw parseError('order', text, `unknown order modifier "${modifier}"`);
    }
    return { field, descending, nulls };
  });
}

/** Parses a comma list of column names, as in `columns="a","b"` and `on_conflict=a,b`. */
export function parseColumnList(text: string, what: string): string[] {
  return splitTopLevel(text).map((part) => {
    const name = unquote(part.trim());
    if (name === '') throw parseError(what, text, 'expected a column name');
    return name;
  });
}

export function parseCount(text: string, what: string): number {
  if (!/^\d+$/.test(text)) throw parseError(what, text, 'expected a non-negative integer');
  return Number(text);
}

/** Filters, order and paging for one resource of the request: the root ('') or an embed path. */
export interface ResourceOptions {
  filters: Filter[];
  order: OrderTerm[] | null;
  limit: number | null;
  offset: number | null;
}

export interface QueryParameters {
  select: SelectItem[] | null;
  /** Keyed by embed path joined with '.', '' for the requested resource itself. */
  resources: Map<string, ResourceOptions>;
  columns: string[] | null;
  onConflict: string[] | null;
}

const reserved = new Set(['select', 'columns', 'on_conflict']);

export function resourceOptions(params: QueryParameters, path: string): ResourceOptions {
  let options = params.resources.get(path);
  if (!options) {
    options = { filters: [], order: null, limit: null, offset: null };
    params.resources.set(path, options);
  }
  return options;
}

/**
 * Sorts the query string into select, filters, order and paging (per embed path), insert columns and
 * on_conflict. Entries for which isArgument says yes (GET /rpc arguments) are left out.
 */
export function parseQueryParameters(entries: Iterable<[string, string]>, isArgument: (key: string) => boolean = () => false): QueryParameters {
  const params: QueryParameters = { select: null, resources: new Map(), columns: null, onConflict: null };
  resourceOptions(params, '');
  for (const [key, value] of entries) {
    if (reserved.has(key)) {
      if (key === 'select') params.select = parseSelect(value);
      else if (key === 'columns') params.columns = parseColumnList(value, 'columns parameter');
      else params.onConflict = parseColumnList(value, 'on_conflict parameter');
      continue;
    }
    if (isArgument(key)) continue;
    const segments = key.split('.');
    const last = segments[segments.length - 1];
    if (last === 'or' || last === 'and') {
      const negated = segments.length > 1 && segments[segments.length - 2] === 'not';
      const path = segments.slice(0, negated ? -2 : -1).join('.');
      resourceOptions(params, path).filters.push(parseGroup(last, negated, value, `${key}=${value}`));
    } else if (last === 'order' || last === 'limit' || last === 'offset') {
      const options = resourceOptions(params, segments.slice(0, -1).join('.'));
      if (last === 'order') options.order = parseOrder(value);
      else options[last] = parseCount(value, `${last} parameter`);
    } else {
      const path = segments.slice(0, -1).join('.');
      const field = parseField(last);
      resourceOptions(params, path).filters.push(parseCondition(field, value, false, `${key}=${value}`));
    }
  }
  return params;
}
