import { PostgrestError } from '../http/errors.ts';
import type { ForeignKey, SchemaCache, Table } from './schema-cache.ts';

/** How an embedded resource joins its parent, found from foreign keys as PostgREST finds them. */
export type Relationship =
  | { kind: 'many-to-one'; target: Table; foreignKey: ForeignKey }
  | { kind: 'one-to-many'; target: Table; foreignKey: ForeignKey; oneToOne: boolean }
  | { kind: 'many-to-many'; target: Table; junction: Table; toParent: ForeignKey; toTarget: ForeignKey };

const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));
const within = (columns: string[], key: string[]) => key.length > 0 && columns.every((c) => key.includes(c));

function matchesHint(relationship: Relationship, hint: string): boolean {
  const fkMatches = (fk: ForeignKey) =>
    fk.name === hint || (fk.columns.length === 1 && fk.columns[0] === hint) || (fk.referencedColumns.length === 1 && fk.referencedColumns[0] === hint);
  if (relationship.kind === 'many-to-many') {
    return relationship.junction.name === hint || relationship.toParent.name === hint || relationship.toTarget.name === hint;
  }
  return fkMatches(relationship.foreignKey);
}

function describe(parent: string, relationship: Relationship): string {
  switch (relationship.kind) {
    case 'many-to-one':
      return `many-to-one: ${parent} -> ${relationship.target.name} using ${relationship.foreignKey.name}`;
    case 'one-to-many':
      return `one-to-many: ${parent} -> ${relationship.target.name} using ${relationship.foreignKey.name}`;
    case 'many-to-many':
      return `many-to-many: ${parent} -> ${relationship.target.name} through ${relationship.junction.name}`;
  }
}

function hintName(relationship: Relationship): string {
  return relationship.kind === 'many-to-many'
    ? `'${relationship.target.name}!${relationship.junction.name}'`
    : `'${relationship.target.name}!${relationship.foreignKey.name}'`;
}

function candidates(cache: SchemaCache, parent: Table, name: string): Relationship[] {
  const found: Relationship[] = [];
  const target = cache.tables.get(name);
  const oneToMany = (fk: ForeignKey, child: Table): Relationship => ({
    kind: 'one-to-many',
    target: child,
    foreignKey: fk,
    oneToOne: child.uniqueKeys.some((key) => sameColumns(key, fk.columns)),
  });
  for (const fk of cache.foreignKeys) {
    if (target) {
      if (fk.table === parent.name && fk.referencedTable === target.name) {
        found.push({ kind: 'many-to-one', target, foreignKey: fk });
      }
      if (fk.referencedTable === parent.name && fk.table === target.name) found.push(oneToMany(fk, target));
    } else if (fk.table === parent.name && (fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name))) {
      // Embedding by foreign-key column or constraint name: `category_id(name)`, `tours_category_id_fkey(name)`.
      const referenced = cache.tables.get(fk.referencedTable);
      if (referenced) found.push({ kind: 'many-to-one', target: referenced, foreignKey: fk });
    } else if (fk.referencedTable === parent.name && fk.name === name) {
      const child = cache.tables.get(fk.table);
      if (child) found.push(oneToMany(fk, child));
    }
  }
  if (target) {
    // A junction table has foreign keys to both sides, each part of its primary key.
    for (const junction of cache.tables.values()) {
      const toParent = cache.foreignKeys.filter((fk) => fk.table === junction.name && fk.referencedTable === parent.name && within(fk.columns, junction.primaryKey));
      const toTarget = cache.foreignKeys.filter((fk) => fk.table === junction.name && fk.referencedTable === target.name && within(fk.columns, junction.primaryKey));
      for (const a of toParent) {
        for (const b of toTarget) {
          if (a !== b) found.push({ kind: 'many-to-many', target, junction, toParent: a, toTarget: b });
        }
      }
    }
  }
  return found;
}

/**
 * The one relationship between parent and the embedded name (narrowed by a `!hint`), or PostgREST's
 * PGRST200 (none) / PGRST201 (ambiguous) errors.
 */
export function findRelationship(cache: SchemaCache, parent: Table, name: string, hint: string | null): Relationship {
  // The cache never changes once loaded, so each relationship is worked out once. Failures are not
  // kept: their names come from requests and could grow the map without bound.
  let known = resolved.get(cache);
  if (!known) resolved.set(cache, (known = new Map()));
  const key = `${parent.name}\u0000${name}\u0000${hint ?? ''}`;
  let relationship = known.get(key);
  if (!relationship) {
    relationship = resolve(cache, parent, name, hint);
    known.set(key, relationship);
  }
  return relationship;
}

const resolved = new WeakMap<SchemaCache, Map<string, Relationship>>();

function resolve(cache: SchemaCache, parent: Table, name: string, hint: string | null): Relationship {
  let found = candidates(cache, parent, name);
  if (hint !== null) found = found.filter((relationship) => matchesHint(relationship, hint));
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    throw new PostgrestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  }
  throw new PostgrestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    found.map((relationship) => describe(parent.name, relationship)).join('; '),
    `Try changing '${name}' to one of the following: ${found.map(hintName).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

/** Whether the embed yields one object (or null) rather than an array. */
export function isToOne(relationship: Relationship): boolean {
  return relationship.kind === 'many-to-one' || (relationship.kind === 'one-to-many' && relationship.oneToOne);
}
