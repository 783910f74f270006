// A resource's table from its schema in the contract: one column per property (the derived fields that are not
// stored aside), its DDL, a row written from the resource, and the compiled reader of a row back into it.
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { deref, schema as schemaNamed, type Schema, type XFilter } from '../../openapi/contract.ts';
import { normaliseDateTime, type Row } from './db.ts';
import type { Obj, ResourceDef } from './types.ts';

export type Kind = 'integer' | 'number' | 'boolean' | 'string' | 'datetime' | 'json';
export interface Column {
  name: string;
  kind: Kind;
}

function kindOf(schema: Schema): Kind {
  const s = deref<Schema>(schema);
  const parts = s.oneOf ?? s.anyOf;
  if (parts) return kindOf(parts.map((part) => deref<Schema>(part)).find((part) => part.type !== 'null')!);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'string' && s.format === 'date-time') return 'datetime';
  if (type === 'integer' || type === 'number' || type === 'boolean' || type === 'string') return type as Kind;
  return 'json';
}

/** The columns of `def`'s table: the properties of its schema, less the derived fields that are not stored. */
export function columnsOf(def: ResourceDef): Column[] {
  const schema = schemaNamed(def.schema);
  if (!schema) throw new Error(`No schema ${def.schema} in the contract`);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => !def.computed?.[name] || def.computed[name]!.stored)
    .map(([name, s]) => ({ name, kind: kindOf(s) }));
}

/**
 * The table and its indexes: the filtered columns (case-folded where the filter is), the parent's column, the
 * definition's `indexes`, the owner's, and the ids alone (counting rows and skipping to a deep page walk that index,
 * not the wide table rows).
 */
export function tableDdl(def: ResourceDef, columns: Column[], filters: XFilter[]): string {
  const cols = columns.map((c) =>
    c.name === 'id'
      ? '"id" INTEGER PRIMARY KEY AUTOINCREMENT'
      : `"${c.name}" ${c.kind === 'integer' || c.kind === 'boolean' ? 'INTEGER' : c.kind === 'number' ? 'REAL' : 'TEXT'}`,
  );
  if (def.owner) cols.push('"_clientId" TEXT NOT NULL');
  const indexed = new Set([
    ...filters.map((f) => f.field).filter((f) => f !== 'id' && !def.computed?.[f]),
    ...(def.parent ? [def.parent.column] : []),
    ...(def.indexes ?? []),
  ]);
  if (def.owner) indexed.add('_clientId');
  const t = def.name;
  indexed.add('id');
  return [
    `CREATE TABLE IF NOT EXISTS "${t}" (${cols.join(', ')});`,
    ...[...indexed].map((c) => {
      const caseFold = filters.some((f) => f.field === c && f.caseInsensitive);
      return `CREATE INDEX IF NOT EXISTS "${t}_${c}" ON "${t}" ("${c}"${caseFold ? ' COLLATE NOCASE' : ''});`;
    }),
  ].join('\n');
}

/**
 * Compiles the reader of a row fetched as an array of `columns`' values into the resource as returned (booleans
 * and JSON restored), the way ajv compiles a validator: one object literal of fixed shape, much cheaper than copying
 * rows read as objects column by column (scripts/README.md, performance notes).
 */
export function compileReader(columns: Column[]): (values: SQLOutputValue[]) => Obj {
  const value = (c: Column, i: number) =>
    c.kind === 'boolean'
      ? `v[${i}] === null ? null : v[${i}] === 1`
      : c.kind === 'json'
        ? `v[${i}] === null ? null : JSON.parse(v[${i}])`
        : `v[${i}]`;
  // The names are the contract's property names, quoted as JSON strings; nothing else enters the source.
  return new Function(
    'v',
    `return {\n${columns.map((c, i) => `  ${JSON.stringify(c.name)}: ${value(c, i)},`).join('\n')}\n};`,
  ) as (values: SQLOutputValue[]) => Obj;
}

/** The row to write for `o`: SQLite values (booleans as 0 and 1, JSON as text, date-times in the stored form, D-10). */
export function toRow(columns: Column[], o: Obj): Row {
  const row: Row = {};
  for (const c of columns) {
    if (c.name === 'id' && o.id === undefined) continue;
    const v = o[c.name];
    row[c.name] =
      v === undefined || v === null
        ? null
        : c.kind === 'boolean'
          ? v
            ? 1
            : 0
          : c.kind === 'json'
            ? JSON.stringify(v)
            : c.kind === 'datetime'
              ? normaliseDateTime(String(v))
              : (v as SQLInputValue);
  }
  return row;
}
