import { PostgrestError } from '../http/errors.ts';
import type { ApiRole } from '../jwt.ts';
import type { Filter, QueryParameters, SelectItem } from './parser.ts';
import type { ResourceShape } from './query.ts';
import { regexCost } from './regex-cost.ts';

/**
 * How much work one REST request may ask for. The embedded database runs one query at a time and
 * cannot cancel a query once it runs (PGlite ignores statement_timeout), so what could run long is
 * refused before it starts: by the shape of the request here, and by the planner's estimate of its
 * cost (costGuard in routes.ts). On PostgreSQL the role's statement_timeout also cuts off whatever
 * slips through. A refusal is a 400 in PostgREST's shape with SQLSTATE 54000 (program limit
 * exceeded) that names the limit.
 */
export const restLimits = {
  /** The whole query string, in characters. */
  queryLength: 8_192,
  /** The select parameter. */
  selectLength: 2_000,
  /** Embedded resources inside embedded resources: tours → departures → bookings is 2 levels. */
  embedDepth: 3,
  /** Embedded resources in one request, at every level. */
  embeds: 12,
  /** Rows a read returns at the top level and in each embedded list (PostgREST's db-max-rows). */
  maxRows: 1_000,
  /** Rows one insert may write. */
  insertRows: 1_000,
  /** One filter's value, in characters. */
  filterValueLength: 1_000,
  /** Elements of an `in.(…)` list. */
  inListItems: 500,
  /** Conditions in one request, counting each inside and/or groups. */
  conditions: 60,
  /** and/or groups inside and/or groups. */
  logicDepth: 4,
  /** Terms of one order parameter. */
  orderTerms: 8,
  /** `->` / `->>` steps of one JSON path. */
  jsonPathSteps: 6,
  /** A match/imatch pattern, in characters (signed-in callers only; never a back-reference). */
  regexLength: 200,
  /** A pattern's atoms once its bounded repetitions are written out (regexCost): `(a{1,30}){1,30}` is 900. */
  regexSize: 1_000,
  /** Groups inside groups in a pattern. */
  regexDepth: 16,
  /** A repetition's count ({m,n}); Postgres's own limit. */
  regexCount: 255,
  /** NOT operators in a row in a text search query (`!!!a`; websearch's `-`): Postgres's parser keeps 32 pending. */
  textSearchNegations: 24,
  /**
   * A read of plain tables that could scan no more rows than this, in the worst case (worstCaseScan),
   * is cheap whatever its plan (the planner prices a row at about 0.01 to 1, far below the cost limits),
   * and runs without being planned first: EXPLAIN would add a fifth to it.
   */
  unplannedScanRows: 10_000,
} as const;

/** Per role (service_role is not limited): the most a read may cost, as EXPLAIN estimates it. */
export interface CostLimits {
  anon: number;
  authenticated: number;
}

/** Per role (service_role is not limited): the most rows a read may return, counting embedded ones. */
export type RowLimits = CostLimits;

function refuse(message: string, hint: string): PostgrestError {
  return new PostgrestError(400, '54000', message, null, hint);
}

/** The query string, before anything is parsed from it. */
export function checkQueryLength(url: string) {
  const query = url.indexOf('?') >= 0 ? url.slice(url.indexOf('?') + 1) : '';
  if (query.length > restLimits.queryLength) {
    throw refuse(`The query string is ${query.length} characters long; at most ${restLimits.queryLength} are allowed`, 'Split the request into smaller ones');
  }
}

function checkSelect(items: SelectItem[], depth: number, counted: { embeds: number }) {
  for (const item of items) {
    if (item.kind === 'column' && item.field.json.length > restLimits.jsonPathSteps) {
      throw refuse(`A JSON path has ${item.field.json.length} steps; at most ${restLimits.jsonPathSteps} are allowed`, 'Select a shorter path');
    }
    if (item.kind !== 'embed') continue;
    counted.embeds++;
    if (depth + 1 > restLimits.embedDepth) {
      throw refuse(`The select parameter embeds resources ${depth + 1} levels deep; at most ${restLimits.embedDepth} are allowed`, 'Embed fewer levels and read the rest with a second request');
    }
    if (counted.embeds > restLimits.embeds) {
      throw refuse(`The select parameter embeds more than ${restLimits.embeds} resources; at most ${restLimits.embeds} are allowed`, 'Embed fewer resources and read the rest with a second request');
    }
    checkSelect(item.select, depth + 1, counted);
  }
}

/** Back-references are what make a regular expression slow to match (they need backtracking). */
const backReference = /\\[1-9]|\\k</;

function checkFilter(filter: Filter, role: ApiRole, depth: number, counted: { conditions: number }) {
  if (filter.kind === 'group') {
    if (depth + 1 > restLimits.logicDepth) {
      throw refuse(`The and/or groups nest ${depth + 1} levels deep; at most ${restLimits.logicDepth} are allowed`, 'Write the conditions with fewer nested groups');
    }
    for (const child of filter.children) checkFilter(child, role, depth + 1, counted);
    return;
  }
  counted.conditions++;
  if (counted.conditions > restLimits.conditions) {
    throw refuse(`The request has more than ${restLimits.conditions} conditions; at most ${restLimits.conditions} are allowed`, 'Use fewer filters');
  }
  if (filter.field.json.length > restLimits.jsonPathSteps) {
    throw refuse(`A JSON path has ${filter.field.json.length} steps; at most ${restLimits.jsonPathSteps} are allowed`, 'Filter on a shorter path');
  }
  if (filter.list !== null && filter.list.length > restLimits.inListItems) {
    throw refuse(`An in list has ${filter.list.length} elements; at most ${restLimits.inListItems} are allowed`, 'Split the list over several requests');
  }
  const length = filter.list === null ? filter.value.length : filter.list.reduce((sum, item) => sum + item.length, 0);
  if (length > restLimits.filterValueLength * (filter.list === null ? 1 : 10)) {
    throw refuse(`A filter value is ${length} characters long; at most ${restLimits.filterValueLength} are allowed`, 'Filter with a shorter value');
  }
  if (filter.operator === 'fts' || filter.operator === 'plfts' || filter.operator === 'phfts' || filter.operator === 'wfts') {
    const run = Math.max(0, ...(filter.value.replace(/\s+/g, '').match(/[!-]+/g) ?? []).map((negations) => negations.length));
    if (run > restLimits.textSearchNegations) {
      throw refuse(`A text search query has ${run} NOT operators in a row; at most ${restLimits.textSearchNegations} are allowed`, 'Write the query with fewer ! or -');
    }
  }
  if (filter.operator === 'match' || filter.operator === 'imatch') {
    if (role === 'anon') {
      throw refuse('Regular expression filters (match, imatch) are not available without signing in', 'Use like or ilike, or full-text search');
    }
    if (filter.value.length > restLimits.regexLength) {
      throw refuse(`A regular expression is ${filter.value.length} characters long; at most ${restLimits.regexLength} are allowed`, 'Use a shorter pattern');
    }
    if (backReference.test(filter.value)) {
      throw refuse('Regular expressions with back-references are not allowed', 'Write the pattern without \\1 … \\9');
    }
    checkRegexCost(filter.value);
  }
}

/** Refuses a pattern that would compile too big: the embedded database cannot survive its failure. */
export function checkRegexCost(pattern: string) {
  const { size, depth, largestCount } = regexCost(pattern);
  if (largestCount > restLimits.regexCount) {
    throw refuse(`A regular expression repeats something ${largestCount} times; at most ${restLimits.regexCount} are allowed`, 'Use a smaller count in {m,n}');
  }
  if (depth > restLimits.regexDepth) {
    throw refuse(`A regular expression nests groups ${depth} levels deep; at most ${restLimits.regexDepth} are allowed`, 'Use fewer groups inside groups');
  }
  if (size > restLimits.regexSize) {
    throw refuse(
      `A regular expression is too complex: written out, its repetitions come to ${size.toLocaleString('en-US')} parts; at most ${restLimits.regexSize.toLocaleString('en-US')} are allowed`,
      'Use smaller counts in {m,n}, or fewer repetitions inside repetitions',
    );
  }
}

/** Refuses a parsed request that asks for more than restLimits allow. */
export function checkRequestLimits(params: QueryParameters, role: ApiRole) {
  if (params.select) checkSelect(params.select, 0, { embeds: 0 });
  const counted = { conditions: 0 };
  for (const options of params.resources.values()) {
    for (const filter of options.filters) checkFilter(filter, role, 0, counted);
    if (options.order && options.order.length > restLimits.orderTerms) {
      throw refuse(`The order parameter has ${options.order.length} terms; at most ${restLimits.orderTerms} are allowed`, 'Order by fewer columns');
    }
    for (const term of options.order ?? []) {
      if (term.field.json.length > restLimits.jsonPathSteps) {
        throw refuse(`A JSON path has ${term.field.json.length} steps; at most ${restLimits.jsonPathSteps} are allowed`, 'Order by a shorter path');
      }
    }
  }
}

/** Refuses a statement whose estimated cost is over the caller's limit; the estimate is EXPLAIN's total cost. */
export function checkCost(cost: number, role: ApiRole, limits: CostLimits) {
  if (role === 'service_role') return;
  const limit = limits[role];
  if (cost > limit) {
    throw new PostgrestError(
      400,
      '54001',
      `This request would take too long to run: its estimated cost is ${Math.round(cost).toLocaleString('en-US')}, and ${role === 'anon' ? 'requests without signing in' : 'requests'} may cost at most ${limit.toLocaleString('en-US')}`,
      null,
      'Ask for fewer rows or embedded resources, or add filters',
    );
  }
}

/**
 * The most rows a read can return, counting every embedded row, worked out from the request and
 * exact figures of the data (TableStats), never from statistics: one tour with five thousand
 * departures among tours with five makes an average useless.
 *
 * Each level's count is bounded by its parent level's count times the most rows one parent has (its
 * largest group of the foreign key, the embed's limit and maxRows, whichever is least). Under
 * distinct parents a one-to-many level holds distinct rows, so it is also bounded by its table's size,
 * and a many-to-many level by its junction's. A to-one level has a row per parent but repeats them:
 * under it, children are no longer distinct (departures → their tour → its departures repeats the
 * tour's departures under each of them).
 */
export function worstCaseRows(
  shape: ResourceShape,
  rootLimit: number,
  stats: { rows(table: string): number; fanout(table: string, columns: string[]): number },
): number {
  const tableRows = (table: string | null) => (table === null ? restLimits.maxRows : stats.rows(table));
  let total = 0;
  const visit = (node: ResourceShape, count: number, distinct: boolean) => {
    total += count;
    for (const child of node.children) {
      if (child.via === 'to-one') {
        visit(child, count, false);
        continue;
      }
      const keyTable = child.via === 'many-to-many' ? child.junction! : child.table!;
      const perParent = Math.min(child.limit ?? restLimits.maxRows, restLimits.maxRows, stats.fanout(keyTable, child.parentKey));
      let rows = count * perParent;
      if (distinct) rows = Math.min(rows, tableRows(keyTable));
      // Many-to-many children of one parent are distinct rows; of several, they may repeat.
      visit(child, rows, child.via === 'one-to-many' ? distinct : distinct && count <= 1);
    }
  };
  const rootCount = shape.single ? 1 : Math.min(rootLimit, tableRows(shape.table));
  visit(shape, rootCount, true);
  return total;
}

/**
 * The most rows a read could scan, whatever its filters, order and limits: every table read in full,
 * each embedded one once for every row its parent could return. Infinite for a view, a function's
 * rows or a filter-only embed, whose work the shape does not show.
 */
export function worstCaseScan(shape: ResourceShape, stats: { rows(table: string): number; fanout(table: string, columns: string[]): number }): number {
  const tableRows = (table: string | null) => (table === null ? Number.POSITIVE_INFINITY : stats.rows(table));
  let total = 0;
  const visit = (node: ResourceShape, parents: number) => {
    if (node.opaque) total = Number.POSITIVE_INFINITY;
    const rows = tableRows(node.table);
    total += parents * (rows + (node.junction === null ? 0 : tableRows(node.junction)));
    // The rows this level returns, for each of which its embeds are read.
    const returned = node.via === 'root' || node.via === 'to-one' ? parents * (node.via === 'root' ? rows : 1) : parents * Math.min(rows, stats.fanout(node.junction ?? node.table!, node.parentKey));
    for (const child of node.children) visit(child, returned);
  };
  visit(shape, 1);
  return total;
}

/** Refuses a read that could return more rows than the caller's limit. */
export function checkWorstCaseRows(rows: number, role: ApiRole, limits: RowLimits) {
  if (role === 'service_role') return;
  const limit = limits[role];
  if (rows > limit) {
    throw new PostgrestError(
      400,
      '54000',
      `This request could return up to ${Math.round(rows).toLocaleString('en-US')} rows, counting embedded ones, and ${role === 'anon' ? 'requests without signing in' : 'requests'} may return at most ${limit.toLocaleString('en-US')}`,
      null,
      'Add a limit to the embedded resources (for example tour_departures.limit=10), embed fewer levels, or ask for fewer rows',
    );
  }
}
