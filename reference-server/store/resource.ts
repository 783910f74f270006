// A v2 resource stored in one table whose columns are the properties of its schema in the contract.
// Filters are compiled from the list operation's `x-filter` declarations (§4.4), so neither the column list
// nor the filter semantics are written twice.
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import {
  deref,
  operationById,
  parseList,
  schema as schemaNamed,
  type Schema,
  type XFilter,
} from '../../openapi/contract.ts';
import { fail, notFound } from '../core/errors.ts';
import { anchorFor, STEP } from './anchors.ts';
import { isoUtc, normaliseDateTime, sql, type Db, type Row } from './db.ts';
import { dataVersion, Kept, type KeptValues } from './kept.ts';

type Kind = 'integer' | 'number' | 'boolean' | 'string' | 'datetime' | 'json';
export interface Column {
  name: string;
  kind: Kind;
}

/** A resource as returned, or a write body's `data` as validated against the contract. */
export type Obj = Record<string, unknown>;
export type Action = 'created' | 'updated' | 'deleted';
/** Where a change's events go, in the change's transaction (D-17, D-23): the app's outbox. */
export interface Events {
  emit(db: Db, resource: string, action: Action, data: unknown, now: Date): void;
}
/** One request's view of the store: its database, its clock, its caller and the app's event outbox. */
export interface Ctx {
  db: Db;
  now: Date;
  clientId: string;
  events: Events;
}
/** The `:in` value syntax (§4.4, D-62), as a seam of each app: lists read values through it. */
export interface ListSyntax {
  parse(raw: string): string[];
}
export const defaultListSyntax = (): ListSyntax => ({ parse: parseList });

export interface ResourceDef {
  /** Event resource name (D-17), also the SQL table name. */
  name: string;
  /** Schema name in components.schemas (the resource as returned). */
  schema: string;
  listOperation?: string;
  /** Parent path parameter and the column holding it (`productId`). */
  parent?: { param: string; column: string; table: string; what: string };
  /** Fields computed on read, with the SQL expression that filters on them; `where` may give, for a value, an
   * equivalent condition that indexes can answer (SQLite cannot look inside the expression); `complement` names,
   * for a value, the value of `where` whose rows are exactly the others, so that it is counted by subtraction.
   * `stored`: the field is also a column, written on add and update, and `value` derives what is returned from the
   * row and, through `ctx` (absent only for `toObject`), from other tables (a redirect's product target, §2.5). */
  computed?: Record<
    string,
    {
      value: (o: Obj, now: Date, ctx?: Ctx) => unknown;
      sql: string;
      where?: Record<string, string>;
      complement?: Record<string, string>;
      stored?: boolean;
    }
  >;
  /** `private`: rows visible only to the client that created them (webhooks, D-45); `recorded`: the creator is kept (D-18). */
  owner?: 'private' | 'recorded';
  defaults?: (ctx: Ctx, input: Obj, parentId?: number) => Obj;
  /** Business rules beyond the schema; may adjust `next` (the row to write); `self` is the resource checked. */
  check?: (ctx: Ctx, next: Obj, previous: Obj | undefined, self: Resource) => void;
  beforeDelete?: (ctx: Ctx, existing: Obj) => void;
  afterDelete?: (ctx: Ctx, existing: Obj) => void;
  afterWrite?: (ctx: Ctx, saved: Obj, previous: Obj | undefined) => void;
  /** Extra indexed columns beyond the filtered ones. */
  indexes?: string[];
}

/**
 * A row kept between changes: the resource as returned without its derived fields (`fields`), that as JSON (`text`),
 * and the whole resource as UTF-8 JSON led by a comma, per value of its derived field (`json`).
 */
interface KeptRow {
  fields: Obj;
  text: string;
  json: Map<string, Buffer>;
}
/** Rows kept per resource (a few MB for products): 100 pages of 100. */
const ROWS_KEPT = 10_000;
/** Query results (a count, a page's ids) kept per resource, one per query asked since the last change. */
const QUERIES_KEPT = 1000;
/** Serialized variants kept per row, one per value of its derived field. */
const VARIANTS_KEPT = 4;

/** The named arguments that an SQL text uses (node:sqlite refuses unknown names), read in one pass over the text. */
function usedArgs(args: Row, text: string): Row {
  const used: Row = {};
  for (const [, k] of text.matchAll(/\$(\w+)/g)) if (Object.hasOwn(args, k!)) used[k!] = args[k!]!;
  return used;
}

/**
 * `run()`, the result of the SQL `text` with the arguments `used`, kept between changes (so exact: kept at this data
 * version); not one that reads the clock (a derived field's condition), which changes without any write.
 */
function keptQuery<T>(kept: KeptValues<string, unknown> | undefined, text: string, used: Row, run: () => T): T {
  if (!kept || 'now' in used) return run();
  const key = `${text}\0${JSON.stringify(used)}`;
  let result = kept.get(key) as T | undefined;
  if (result === undefined) kept.set(key, (result = run()));
  return result;
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

/**
 * Compiles the reader of a row fetched as an array of `columns`' values into the resource as returned (booleans
 * and JSON restored), the way ajv compiles a validator: one object literal of fixed shape, much cheaper than copying
 * rows read as objects column by column (scripts/README.md, performance notes).
 */
function compileReader(columns: Column[]): (values: SQLOutputValue[]) => Obj {
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

export class Resource {
  readonly def: ResourceDef;
  readonly columns: Column[];
  readonly filters: { param: string; filter: XFilter; kind: Kind }[];
  /**
   * Whether lists and gets answer through the fast path (`listJson`, `findJson`: the JSON kept per row) or through
   * `list`, `find` and `get` (handlers/crud.ts). On; a patch that replaces one of those turns it off, so that the
   * patch is called (instruments/faults/lib.ts `wrapMethod`).
   */
  fastPath = true;
  private readonly reader: (values: SQLOutputValue[]) => Obj;
  /** The select list matching the reader: every column, in order. */
  private readonly selectList: string;
  private readonly listSyntax: ListSyntax;
  private readonly rows = new Kept<number, KeptRow>(ROWS_KEPT);
  private readonly queries = new Kept<string, unknown>(QUERIES_KEPT);
  constructor(def: ResourceDef, listSyntax: ListSyntax = defaultListSyntax()) {
    // A copy per instance: an app's patches of its definition (instruments/) stay in that app.
    this.def = { ...def, computed: def.computed && { ...def.computed } };
    this.listSyntax = listSyntax;
    const schema = schemaNamed(def.schema);
    if (!schema) throw new Error(`No schema ${def.schema} in the contract`);
    this.columns = Object.entries(schema.properties ?? {})
      .filter(([name]) => !def.computed?.[name] || def.computed[name]!.stored)
      .map(([name, s]) => ({ name, kind: kindOf(s) }));
    this.reader = compileReader(this.columns);
    this.selectList = this.columns.map((c) => `"${c.name}"`).join(', ');
    const list = def.listOperation ? operationById.get(def.listOperation) : undefined;
    this.filters = (list?.parameters ?? [])
      .filter((p) => p['x-filter'])
      .map((p) => {
        const f = p['x-filter']!;
        const column = this.columns.find((c) => c.name === f.field);
        return { param: p.name, filter: f, kind: column?.kind ?? 'string' };
      });
  }

  ddl(): string {
    const cols = this.columns.map((c) =>
      c.name === 'id'
        ? '"id" INTEGER PRIMARY KEY AUTOINCREMENT'
        : `"${c.name}" ${c.kind === 'integer' || c.kind === 'boolean' ? 'INTEGER' : c.kind === 'number' ? 'REAL' : 'TEXT'}`,
    );
    if (this.def.owner) cols.push('"_clientId" TEXT NOT NULL');
    const indexed = new Set([
      ...this.filters.map((f) => f.filter.field).filter((f) => f !== 'id' && !this.def.computed?.[f]),
      ...(this.def.parent ? [this.def.parent.column] : []),
      ...(this.def.indexes ?? []),
    ]);
    if (this.def.owner) indexed.add('_clientId');
    const t = this.def.name;
    // An index of the ids alone: counting rows and skipping to a deep page walk it, not the wide table rows.
    indexed.add('id');
    return [
      `CREATE TABLE IF NOT EXISTS "${t}" (${cols.join(', ')});`,
      ...[...indexed].map((c) => {
        const caseFold = this.filters.some((f) => f.filter.field === c && f.filter.caseInsensitive);
        return `CREATE INDEX IF NOT EXISTS "${t}_${c}" ON "${t}" ("${c}"${caseFold ? ' COLLATE NOCASE' : ''});`;
      }),
    ].join('\n');
  }

  /** Row (SQLite values) to the resource as returned: booleans, JSON and computed fields restored. */
  toObject(row: Row, now: Date): Obj {
    return this.read(
      this.columns.map((c) => (row[c.name] ?? null) as SQLOutputValue),
      now,
    );
  }

  /** The same from the values of `selectList`, as list and find fetch them. */
  private read(values: SQLOutputValue[], now: Date, ctx?: Ctx): Obj {
    return this.derive(this.reader(values), now, ctx);
  }

  /** Sets the derived fields of `o`, in order (a later one sees the earlier ones). */
  private derive(o: Obj, now: Date, ctx?: Ctx): Obj {
    for (const name in this.def.computed) o[name] = this.def.computed[name]!.value(o, now, ctx);
    return o;
  }

  private toRow(o: Obj): Row {
    const row: Row = {};
    for (const c of this.columns) {
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

  private scope(ctx: Ctx, parentId?: number): { where: string[]; args: Row } {
    const where: string[] = [];
    const args: Row = {};
    if (this.def.parent) {
      if (!sql(ctx.db, `SELECT 1 FROM "${this.def.parent.table}" WHERE id = ?`).get(parentId!))
        notFound(this.def.parent.param, this.def.parent.what);
      where.push(`"${this.def.parent.column}" = $parent`);
      args.parent = parentId!;
    }
    if (this.def.owner === 'private') {
      where.push('"_clientId" = $client');
      args.client = ctx.clientId;
    }
    return { where, args };
  }

  /**
   * The page `query` asks for: how many rows match, and the SQL that selects the page's ids from indexes (`window`,
   * with its `args`; none past the end). With `kept` (the fast path), counts are kept between changes.
   */
  private select(
    ctx: Ctx,
    query: Obj,
    parentId: number | undefined,
    kept?: KeptValues<string, unknown>,
  ): { total: number; window?: string; args: Row } {
    const { where, args } = this.scope(ctx, parentId);
    /** A condition of the page that the count takes as a difference: all the other conditions keep, less `other`. */
    let complement: { condition: string; other: string } | undefined;
    let n = 0;
    for (const { param, filter, kind } of this.filters) {
      const raw = query[param];
      if (raw === undefined) continue;
      const computed = this.def.computed?.[filter.field];
      if (filter.op === 'eq' && computed?.where?.[String(raw)]) {
        where.push(computed.where[String(raw)]!);
        continue;
      }
      const expr = computed?.sql ?? `"${filter.field}"`;
      const value = (v: unknown) =>
        kind === 'datetime'
          ? normaliseDateTime(String(v), filter.op === 'gte' || filter.op === 'lt' ? 'ceil' : 'floor')
          : kind === 'integer' || kind === 'number'
            ? Number(v)
            : kind === 'boolean'
              ? v === true || v === 'true'
                ? 1
                : 0
              : String(v);
      const arg = (v: SQLInputValue) => {
        const k = `f${n++}`;
        args[k] = v;
        return `$${k}`;
      };
      const ci = filter.caseInsensitive ? ' COLLATE NOCASE' : '';
      if (filter.op === 'in') {
        // The whole list is one argument, a JSON array that SQLite reads as a table: binding it costs its length,
        // and the SQL text (so the prepared statement) is the same for every length. The filter's index is still
        // searched once per value.
        const values = this.listSyntax.parse(String(raw)).map(value);
        where.push(`${expr}${ci} IN (SELECT value FROM json_each(${arg(JSON.stringify(values))}))`);
      } else if (filter.op === 'eq' && filter.empty === 'none' && raw === '') {
        where.push(`${expr} IS NULL`);
      } else {
        const op = { eq: '=', gte: '>=', lte: '<=', gt: '>', lt: '<' }[filter.op];
        const condition = `${expr}${ci} ${op} ${arg(value(raw))}`;
        where.push(condition);
        const other = filter.op === 'eq' ? computed?.where?.[computed.complement?.[String(raw)] ?? ''] : undefined;
        if (other) complement = { condition, other };
      }
    }
    if (this.def.computed) args.now = isoUtc(ctx.now);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const count = (conditions: string[]) => {
      const text = `SELECT count(*) AS n FROM "${this.def.name}"${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`;
      const used = usedArgs(args, text);
      return keptQuery(kept, text, used, () => Number((sql(ctx.db, text).get(used) as Row).n));
    };
    // Counting the matches of an expression reads every row; its complement's indexed condition reads only its own.
    const rest = where.filter((w) => w !== complement?.condition);
    const total = complement ? count(rest) - count([...rest, complement.other]) : count(where);
    const limit = Number(query.limit ?? 100);
    const offset = (Number(query.page ?? 1) - 1) * limit;
    // SQLite (built without STAT4) cannot tell how selective a filter is, so it walks the table in id order to
    // spare a sort: every row when few match. `total` says how many match: take them from the filter's index
    // and sort them (`+id`) unless the walk is much shorter, about (offset + limit) × rows / total table rows,
    // each read in full where the sort reads one index entry (hence 10×; matches that cluster, such as the
    // newest, make the walk longer still).
    const order = where.length && total * total < 10 * (offset + limit) * this.size(ctx) ? '+id' : 'id';
    if (offset >= total) return { total, args };
    // Page numbers (D-03) mean skipping `offset` rows, which no index avoids. A deep page of the whole table starts
    // at the anchor before it (store/anchors.ts); otherwise, past the middle, skipping from the end skips fewer (the
    // last page of 1M products: none instead of 999,900). `total` is exact: count and page run in the same
    // synchronous turn, with no write in between.
    const anchor = offset >= STEP && !clause ? anchorFor(ctx.db, this.def.name, offset) : undefined;
    if (anchor) args.anchor = anchor.id;
    const window = anchor
      ? `WHERE id >= $anchor ORDER BY id LIMIT ${limit} OFFSET ${offset - anchor.place}`
      : offset > total / 2
        ? `${clause} ORDER BY ${order} DESC LIMIT ${Math.min(limit, total - offset)} OFFSET ${Math.max(0, total - offset - limit)}`
        : `${clause} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
    return { total, window, args };
  }

  list(ctx: Ctx, query: Obj, parentId?: number): { items: Obj[]; total: number } {
    const { total, window, args } = this.select(ctx, query, parentId);
    if (window === undefined) return { items: [], total };
    // The page's ids first (from indexes), then only those rows: skipped rows are never read in full.
    const pageSql = `SELECT ${this.selectList} FROM "${this.def.name}" WHERE id IN (SELECT id FROM "${this.def.name}" ${window}) ORDER BY id`;
    const page = sql(ctx.db, pageSql, { arrays: true }).all(usedArgs(args, pageSql)) as unknown as SQLOutputValue[][];
    return { items: page.map((values) => this.read(values, ctx.now, ctx)), total };
  }

  /**
   * The fast path of `list` (handlers/crud.ts): the same page, each item as the UTF-8 bytes of `JSON.stringify` of
   * `list`'s item led by a comma, byte for byte (kept.test.ts). Reading a row's ~60 values out of SQLite is most of the time of
   * a page (scripts/README.md, performance notes), so each row's JSON is kept between changes (store/kept.ts) and
   * only the derived fields are computed again, at the time of the request (§3).
   */
  listJson(ctx: Ctx, query: Obj, parentId?: number): { items: Buffer[]; total: number } {
    const version = dataVersion(ctx.db);
    const kept = this.queries.at(ctx.db, version);
    const { total, window, args } = this.select(ctx, query, parentId, kept);
    if (window === undefined) return { items: [], total };
    const idsSql = `SELECT id FROM "${this.def.name}" ${window}`;
    const used = usedArgs(args, idsSql);
    const ids = keptQuery(kept, idsSql, used, () =>
      (sql(ctx.db, idsSql, { arrays: true }).all(used) as unknown as [number][])
        .map(([id]) => id)
        .sort((a, b) => a - b),
    );
    return { items: this.json(ctx, ids, version), total };
  }

  /** The fast path of `find`: its answer as UTF-8 JSON led by a comma (as `listJson`'s items), the bytes of
   * `JSON.stringify(find(…))` after it. */
  findJson(ctx: Ctx, id: number, parentId?: number): Buffer | undefined {
    const { where, args } = this.scope(ctx, parentId);
    if (where.length) {
      const text = `SELECT id FROM "${this.def.name}" WHERE ${[...where, 'id = $id'].join(' AND ')}`;
      if (!sql(ctx.db, text).get({ ...args, id })) return undefined;
    }
    return this.json(ctx, [id], dataVersion(ctx.db))[0];
  }

  /**
   * The rows `ids` (in that order; a missing id is left out) as UTF-8 JSON, each led by a comma, so that the envelope
   * joins a page in one copy of few chunks (handlers/envelopes.ts); the derived fields computed at `ctx.now`.
   */
  private json(ctx: Ctx, ids: number[], version: number): Buffer[] {
    const kept = this.rows.at(ctx.db, version);
    const rows = ids.map((id) => kept?.get(id));
    const missing = ids.filter((_, i) => !rows[i]);
    if (missing.length) {
      const read = new Map<number, KeptRow>();
      const text = `SELECT ${this.selectList} FROM "${this.def.name}" WHERE id IN (SELECT value FROM json_each(?))`;
      for (const values of sql(ctx.db, text, { arrays: true }).all(
        JSON.stringify(missing),
      ) as unknown as SQLOutputValue[][]) {
        const fields = this.reader(values);
        const row = { fields, text: JSON.stringify(fields), json: new Map<string, Buffer>() };
        read.set(Number(fields.id), row);
        kept?.set(Number(fields.id), row);
      }
      ids.forEach((id, i) => (rows[i] ??= read.get(id)));
    }
    // A single derived field that is not a column is the object's last key (`derive` adds it after the columns),
    // so its JSON is appended to the kept row's, as JSON.stringify writes it (an undefined value not at all), and
    // the result kept per value (`status` takes two). Otherwise (a stored one, whose key sits among the columns;
    // several, which see each other) a copy of the row is derived and serialized.
    const computed = Object.entries(this.def.computed ?? {});
    const [appended] = computed.length === 1 && !computed[0]![1].stored ? computed : [];
    const json: Buffer[] = [];
    for (const row of rows) {
      if (!row) continue;
      if (computed.length && !appended) {
        json.push(Buffer.from(`,${JSON.stringify(this.derive({ ...row.fields }, ctx.now, ctx))}`));
        continue;
      }
      const value = appended && JSON.stringify(appended[1].value(row.fields, ctx.now, ctx));
      let out = row.json.get(value ?? '');
      if (!out) {
        if (row.json.size >= VARIANTS_KEPT) row.json.clear();
        out = Buffer.from(
          value === undefined ? `,${row.text}` : `,${row.text.slice(0, -1)},${JSON.stringify(appended![0])}:${value}}`,
        );
        row.json.set(value ?? '', out);
      }
      json.push(out);
    }
    return json;
  }

  /** About how many rows the table holds (its highest id), without counting them. */
  private size(ctx: Ctx): number {
    return Number((sql(ctx.db, `SELECT coalesce(max(id), 0) AS n FROM "${this.def.name}"`).get() as Row).n);
  }

  find(ctx: Ctx, id: number, parentId?: number): Obj | undefined {
    const { where, args } = this.scope(ctx, parentId);
    const text = `SELECT ${this.selectList} FROM "${this.def.name}" WHERE ${[...where, 'id = $id'].join(' AND ')}`;
    const values = sql(ctx.db, text, { arrays: true }).get({ ...args, id }) as unknown as SQLOutputValue[] | undefined;
    return values && this.read(values, ctx.now, ctx);
  }

  get(ctx: Ctx, id: number, parentId?: number): Obj {
    return this.find(ctx, id, parentId) ?? notFound('id', this.def.schema);
  }

  create(ctx: Ctx, input: Obj, parentId?: number): Obj {
    this.scope(ctx, parentId);
    const now = isoUtc(ctx.now);
    const base: Obj = Object.fromEntries(this.columns.map((c) => [c.name, null]));
    const next: Obj = { ...base, ...this.def.defaults?.(ctx, input, parentId), ...input, createdOn: now };
    if ('modifiedOn' in base) next.modifiedOn = now;
    if (this.def.parent) next[this.def.parent.column] = parentId;
    delete next.id;
    this.def.check?.(ctx, next, undefined, this);
    const row = this.toRow(next);
    if (this.def.owner) row._clientId = ctx.clientId;
    const names = Object.keys(row);
    const info = sql(
      ctx.db,
      `INSERT INTO "${this.def.name}" (${names.map((k) => `"${k}"`).join(', ')}) VALUES (${names.map((k) => `$${k}`).join(', ')})`,
    ).run(row);
    const saved = this.get(ctx, Number(info.lastInsertRowid), parentId);
    this.def.afterWrite?.(ctx, saved, undefined);
    ctx.events.emit(ctx.db, this.def.name, 'created', saved, ctx.now);
    return saved;
  }

  update(ctx: Ctx, id: number, input: Obj, parentId?: number): Obj {
    const previous = this.get(ctx, id, parentId);
    const next: Obj = { ...previous, ...input };
    if ('modifiedOn' in previous) next.modifiedOn = isoUtc(ctx.now);
    for (const [name, c] of Object.entries(this.def.computed ?? {})) if (!c.stored) delete next[name];
    this.def.check?.(ctx, next, previous, this);
    const row = this.toRow(next);
    delete row.id;
    const names = Object.keys(row);
    sql(ctx.db, `UPDATE "${this.def.name}" SET ${names.map((k) => `"${k}" = $${k}`).join(', ')} WHERE id = $id`).run({
      ...row,
      id,
    });
    const saved = this.get(ctx, id, parentId);
    this.def.afterWrite?.(ctx, saved, previous);
    ctx.events.emit(ctx.db, this.def.name, 'updated', saved, ctx.now);
    return saved;
  }

  delete(ctx: Ctx, id: number, parentId?: number): Obj {
    const existing = this.get(ctx, id, parentId);
    this.def.beforeDelete?.(ctx, existing);
    sql(ctx.db, `DELETE FROM "${this.def.name}" WHERE id = ?`).run(id);
    this.def.afterDelete?.(ctx, existing);
    ctx.events.emit(ctx.db, this.def.name, 'deleted', existing, ctx.now);
    return existing;
  }

  /** Fails with 422 `error.unique` when another row has this value (case-insensitively when asked). */
  unique(ctx: Ctx, next: Obj, field: string, opts: { nocase?: boolean; scope?: string[] } = {}): void {
    const v = next[field];
    if (v === null || v === undefined) return;
    const scope = (opts.scope ?? []).map((s) => (next[s] === null ? `"${s}" IS NULL` : `"${s}" = $${s}`));
    const text = `SELECT id FROM "${this.def.name}" WHERE "${field}" = $v${opts.nocase ? ' COLLATE NOCASE' : ''} ${scope.map((s) => `AND ${s}`).join(' ')} AND id IS NOT $id`;
    // Values validated against the contract's schema: scalars, as SQLite takes them.
    const args = { v, id: next.id ?? null } as unknown as Row;
    for (const s of opts.scope ?? []) if (next[s] !== null) args[s] = next[s] as SQLInputValue;
    if (sql(ctx.db, text).get(args))
      fail(
        422,
        'error.unique',
        `data.${field}`,
        `must be unique; another ${this.def.schema} has this ${field}`,
        'data',
      );
  }
}
