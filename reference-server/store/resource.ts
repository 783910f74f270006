// A resource of one app (the v2 ones, shipping services, shipments): its one read path (list, find, get, each as
// JSON or as objects, through the steps of `reads`) and the write lifecycle (create, update, delete), over the table
// its definition's schema shapes (store/columns.ts), with the filters of its list operation (store/filters.ts),
// planned pages (store/pages.ts), kept JSON (store/kept.ts) and the cascades every definition declares
// (store/cascades.ts).
import type { SQLOutputValue } from 'node:sqlite';
import { fail, notFound } from '../../shared/errors.ts';
import { afterDelete, afterWrite, cascadesOf, fillCopies, type Cascade } from './cascades.ts';
import { columnsOf, compileReader, tableDdl, toRow, type Column } from './columns.ts';
import { isoUtc, sql, type Row } from './db.ts';
import { addFilters, defaultListSyntax, filtersOf, type Filter, type ListSyntax } from './filters.ts';
import { dataVersion, JsonCache } from './kept.ts';
import { pageIds, planPage } from './pages.ts';
import type { Ctx, Obj, ResourceDef, Self, UniqueOptions } from './types.ts';

/**
 * Which rows a read of a resource takes: the two steps of its one read path, a seam of each resource of an app that
 * an instrument may replace (instruments/faults/lib.ts `wrapRead`). Every list and get, and the store's own reads (a
 * write's answer, a cart's prices), select their rows here and take them from the JSON cache (store/kept.ts).
 */
export interface Reads {
  /** The page `query` asks for among the caller's rows (the list's filters, §4.4; `page` and `limit`, D-03): its ids
   * in ascending order, and how many rows match. */
  page(ctx: Ctx, query: Obj, parentId?: number): { ids: number[]; total: number };
  /** The row `id` names, or undefined when it is not the caller's (another parent's, D-04; another client's, D-45); a
   * parent that does not exist is a 404. An id with no row is left out when the rows are read. */
  lookup(ctx: Ctx, id: number, parentId?: number): number | undefined;
}

/** A page as large as any table: `all` reads every row its query matches in one page. */
const ALL = Number.MAX_SAFE_INTEGER;
/** An item of the JSON path (UTF-8 JSON led by a comma) as the object it is. */
const parse = (item: Buffer): Obj => JSON.parse(item.toString('utf8', 1)) as Obj;

export class Resource implements Self {
  readonly def: ResourceDef;
  readonly columns: Column[];
  readonly filters: Filter[];
  /** What a change of one of its rows does to other resources' rows (store/cascades.ts), derived from every
   * definition of the app. */
  readonly cascades: Cascade[];
  /** Its rows' JSON, its queries' results and the answers built from them, kept between changes (store/kept.ts). */
  readonly kept = new JsonCache();
  /** Which rows its reads take (a seam: the app's instruments may replace a step). */
  readonly reads: Reads = {
    page: (ctx, query, parentId) => {
      const kept = this.kept.queriesAt(ctx.db, dataVersion(ctx.db));
      const { where, args } = this.scope(ctx, parentId);
      const complement = addFilters(query, this.filters, this.def.computed, this.listSyntax, where, args);
      if (this.def.computed) args.now = isoUtc(ctx.now);
      const page = planPage(ctx.db, this.def.name, query, where, args, complement, kept);
      if (page.window === undefined) return { ids: [], total: page.total };
      return { ids: pageIds(ctx.db, this.def.name, page.window, page.args, kept), total: page.total };
    },
    lookup: (ctx, id, parentId) => {
      const { where, args } = this.scope(ctx, parentId);
      if (!where.length) return id;
      const text = `SELECT id FROM "${this.def.name}" WHERE ${[...where, 'id = $id'].join(' AND ')}`;
      return sql(ctx.db, text).get({ ...args, id }) ? id : undefined;
    },
  };
  private readonly reader: (values: SQLOutputValue[]) => Obj;
  /** The select list matching the reader: every column, in order. */
  private readonly selectList: string;
  private readonly listSyntax: ListSyntax;
  /** The app's resources by name, this one among them. */
  private readonly resources: Readonly<Record<string, Resource>>;
  constructor(
    def: ResourceDef,
    app: { listSyntax?: ListSyntax; resources?: Record<string, Resource>; cascades?: Cascade[] } = {},
  ) {
    // A copy per instance: an app's patches of its definition (instruments/) stay in that app.
    this.def = { ...def, computed: def.computed && { ...def.computed } };
    this.listSyntax = app.listSyntax ?? defaultListSyntax();
    this.resources = app.resources ?? { [def.name]: this };
    this.cascades = app.cascades ?? [];
    this.columns = columnsOf(def);
    this.reader = compileReader(this.columns);
    this.selectList = this.columns.map((c) => `"${c.name}"`).join(', ');
    this.filters = filtersOf(def.listOperation, this.columns);
  }

  ddl(): string {
    return tableDdl(
      this.def,
      this.columns,
      this.filters.map((f) => f.filter),
    );
  }

  /** Sets the derived fields of `o` at `ctx.now`, in order (a later one sees the earlier ones). */
  private derive(o: Obj, ctx: Ctx): Obj {
    for (const name in this.def.computed) o[name] = this.def.computed[name]!.value(o, ctx.now, ctx);
    return o;
  }

  /** The conditions every read of the caller's rows carries: its parent (which must exist), its owner. */
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
   * The page `query` asks for (`reads.page`), each item the UTF-8 bytes of its JSON led by a comma, as the envelopes
   * join them (handlers/envelopes.ts). Reading a row's ~60 values out of SQLite is most of the time of a page
   * (scripts/README.md, performance notes), so each row's JSON is kept between changes (store/kept.ts) and only the
   * derived fields are computed again, at the time of the request (§3).
   */
  listJson(ctx: Ctx, query: Obj, parentId?: number): { items: Buffer[]; total: number } {
    const { ids, total } = this.reads.page(ctx, query, parentId);
    return { items: this.json(ctx, ids), total };
  }

  /** The same page, each item as an object. */
  list(ctx: Ctx, query: Obj, parentId?: number): { items: Obj[]; total: number } {
    const { items, total } = this.listJson(ctx, query, parentId);
    return { items: items.map(parse), total };
  }

  /** Every row `query` matches, in id order, as objects: the store's own reads (a cart's prices and stock). */
  all(ctx: Ctx, query: Obj, parentId?: number): Obj[] {
    return this.list(ctx, { ...query, page: 1, limit: ALL }, parentId).items;
  }

  /** The client that added each of the rows `ids`, by id: a definition with an `owner` keeps it (D-18, D-45). */
  owners(ctx: Ctx, ids: number[]): Map<number, string> {
    const text = `SELECT id, "_clientId" FROM "${this.def.name}" WHERE id IN (SELECT value FROM json_each(?))`;
    return new Map(sql(ctx.db, text, { arrays: true }).all(JSON.stringify(ids)) as unknown as [number, string][]);
  }

  /** The row `id` names (`reads.lookup`) as UTF-8 JSON led by a comma, as `listJson`'s items; undefined if none. */
  findJson(ctx: Ctx, id: number, parentId?: number): Buffer | undefined {
    const found = this.reads.lookup(ctx, id, parentId);
    return found === undefined ? undefined : this.json(ctx, [found])[0];
  }

  /** The same row as an object. */
  find(ctx: Ctx, id: number, parentId?: number): Obj | undefined {
    const item = this.findJson(ctx, id, parentId);
    return item && parse(item);
  }

  /** The same row as an object; 404 when there is none. */
  get(ctx: Ctx, id: number, parentId?: number): Obj {
    return this.find(ctx, id, parentId) ?? notFound('id', this.def.schema);
  }

  /** The rows `ids` as kept JSON (store/kept.ts), the derived fields computed at `ctx.now`. */
  private json(ctx: Ctx, ids: number[]): Buffer[] {
    return this.kept.rowsJson(ctx, ids, dataVersion(ctx.db), Object.entries(this.def.computed ?? {}), this.source);
  }

  /** Where the JSON cache reads rows it does not keep, and derives their fields (bound once: no closure a read). */
  private readonly source = {
    read: (ctx: Ctx, ids: number[]): Obj[] =>
      (
        sql(ctx.db, `SELECT ${this.selectList} FROM "${this.def.name}" WHERE id IN (SELECT value FROM json_each(?))`, {
          arrays: true,
        }).all(JSON.stringify(ids)) as unknown as SQLOutputValue[][]
      ).map(this.reader),
    derive: (ctx: Ctx, o: Obj): Obj => this.derive(o, ctx),
  };

  /** `next` made ready to write, as the definition says (store/types.ts: ResourceDef, in order). */
  private prepare(ctx: Ctx, next: Obj, previous: Obj | undefined): void {
    fillCopies(ctx, this.def, next);
    this.def.normalize?.(ctx, next, previous);
    this.def.check?.(ctx, next, previous, this);
    const flag = this.def.exclusive;
    // D-46: the others of the parent lose the flag (a side effect on other rows: no event, D-53).
    if (flag && next[flag] && this.def.parent)
      sql(
        ctx.db,
        `UPDATE "${this.def.name}" SET "${flag}" = 0 WHERE "${this.def.parent.column}" = ? AND id IS NOT ?`,
      ).run(Number(next[this.def.parent.column]), (next.id ?? null) as number | null);
  }

  create(ctx: Ctx, data: Obj, parentId?: number): Obj {
    this.scope(ctx, parentId);
    const input = this.def.resolve ? this.def.resolve(ctx, data, undefined, this) : data;
    const now = isoUtc(ctx.now);
    const base: Obj = Object.fromEntries(this.columns.map((c) => [c.name, null]));
    const next: Obj = { ...base, ...this.def.defaults?.(ctx, input, parentId), ...input, createdOn: now };
    if ('modifiedOn' in base) next.modifiedOn = now;
    if (this.def.parent) next[this.def.parent.column] = parentId;
    delete next.id;
    this.prepare(ctx, next, undefined);
    const row = toRow(this.columns, next);
    if (this.def.owner) row._clientId = ctx.clientId;
    const names = Object.keys(row);
    const info = sql(
      ctx.db,
      `INSERT INTO "${this.def.name}" (${names.map((k) => `"${k}"`).join(', ')}) VALUES (${names.map((k) => `$${k}`).join(', ')})`,
    ).run(row);
    const saved = this.get(ctx, Number(info.lastInsertRowid), parentId);
    afterWrite(ctx, this.cascades, saved, undefined);
    ctx.events.emit(ctx.db, this.def.name, 'created', saved, ctx.now);
    return saved;
  }

  update(ctx: Ctx, id: number, data: Obj, parentId?: number): Obj {
    const previous = this.get(ctx, id, parentId);
    const input = this.def.resolve ? this.def.resolve(ctx, data, previous, this) : data;
    const next: Obj = { ...previous, ...input };
    if ('modifiedOn' in previous) next.modifiedOn = isoUtc(ctx.now);
    for (const [name, c] of Object.entries(this.def.computed ?? {})) if (!c.stored) delete next[name];
    this.prepare(ctx, next, previous);
    const row = toRow(this.columns, next);
    delete row.id;
    const names = Object.keys(row);
    sql(ctx.db, `UPDATE "${this.def.name}" SET ${names.map((k) => `"${k}" = $${k}`).join(', ')} WHERE id = $id`).run({
      ...row,
      id,
    });
    const saved = this.get(ctx, id, parentId);
    afterWrite(ctx, this.cascades, saved, previous);
    ctx.events.emit(ctx.db, this.def.name, 'updated', saved, ctx.now);
    return saved;
  }

  delete(ctx: Ctx, id: number, parentId?: number): Obj {
    const existing = this.get(ctx, id, parentId);
    this.def.beforeDelete?.(ctx, existing);
    sql(ctx.db, `DELETE FROM "${this.def.name}" WHERE id = ?`).run(id);
    afterDelete(ctx, this.cascades, id, existing, (table) => this.resources[table]?.cascades ?? []);
    ctx.events.emit(ctx.db, this.def.name, 'deleted', existing, ctx.now);
    return existing;
  }

  createIn(ctx: Ctx, table: string, input: Obj, parentId?: number): Obj {
    const other = this.resources[table];
    if (!other) throw new Error(`No resource ${table} in this app`);
    return other.create(ctx, input, parentId);
  }

  unique(ctx: Ctx, next: Obj, field: string, opts: UniqueOptions = {}): void {
    const v = next[field];
    if (v === null || v === undefined) return;
    const scope = (opts.scope ?? []).map((s) => (next[s] === null ? `"${s}" IS NULL` : `"${s}" = $${s}`));
    const text = `SELECT id FROM "${this.def.name}" WHERE "${field}" = $v${opts.nocase ? ' COLLATE NOCASE' : ''} ${scope.map((s) => `AND ${s}`).join(' ')} AND id IS NOT $id`;
    // Values validated against the contract's schema: scalars, as SQLite takes them.
    const args = { v, id: next.id ?? null } as unknown as Row;
    for (const s of opts.scope ?? []) if (next[s] !== null) args[s] = next[s] as Row[string];
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

/** One app's resources, from their definitions: fresh instances, so that a fault patching one app's resource leaves
 * another app's alone, each with the cascades every definition declares on it. */
export function resourcesOf(defs: ResourceDef[], listSyntax: ListSyntax): Record<string, Resource> {
  const cascades = cascadesOf(defs);
  const resources: Record<string, Resource> = {};
  for (const def of defs)
    resources[def.name] = new Resource(def, { listSyntax, resources, cascades: cascades.get(def.name)! });
  return resources;
}
