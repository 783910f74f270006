// A v2 resource of one app: reads (list, find, get, and their fast paths listJson, findJson) and the write lifecycle
// (create, update, delete), over the table its definition's schema shapes (store/columns.ts), with the filters of its
// list operation (store/filters.ts), planned pages (store/pages.ts), kept JSON (store/kept.ts) and the cascades every
// definition declares (store/cascades.ts).
import type { SQLOutputValue } from 'node:sqlite';
import { fail, notFound } from '../core/errors.ts';
import { afterDelete, afterWrite, cascadesOf, fillCopies, type Cascade } from './cascades.ts';
import { columnsOf, compileReader, tableDdl, toRow, type Column } from './columns.ts';
import { isoUtc, sql, type Row } from './db.ts';
import { addFilters, defaultListSyntax, filtersOf, type Filter, type ListSyntax } from './filters.ts';
import { dataVersion, JsonCache, type KeptValues } from './kept.ts';
import { pageIds, planPage, usedArgs, type Page } from './pages.ts';
import type { Ctx, Obj, ResourceDef, Self, UniqueOptions } from './types.ts';

export class Resource implements Self {
  readonly def: ResourceDef;
  readonly columns: Column[];
  readonly filters: Filter[];
  /** What a change of one of its rows does to other resources' rows (store/cascades.ts), derived from every
   * definition of the app. */
  readonly cascades: Cascade[];
  /** Its rows' JSON, its queries' results and the answers built from them, kept between changes (store/kept.ts). */
  readonly kept = new JsonCache();
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

  /** The page `query` asks for (store/pages.ts); with `kept` (the fast path), counts are kept between changes. */
  private page(ctx: Ctx, query: Obj, parentId: number | undefined, kept?: KeptValues<string, unknown>): Page {
    const { where, args } = this.scope(ctx, parentId);
    const complement = addFilters(query, this.filters, this.def.computed, this.listSyntax, where, args);
    if (this.def.computed) args.now = isoUtc(ctx.now);
    return planPage(ctx.db, this.def.name, query, where, args, complement, kept);
  }

  list(ctx: Ctx, query: Obj, parentId?: number): { items: Obj[]; total: number } {
    const { total, window, args } = this.page(ctx, query, parentId);
    if (window === undefined) return { items: [], total };
    // The page's ids first (from indexes), then only those rows: skipped rows are never read in full.
    const pageSql = `SELECT ${this.selectList} FROM "${this.def.name}" WHERE id IN (SELECT id FROM "${this.def.name}" ${window}) ORDER BY id`;
    const page = sql(ctx.db, pageSql, { arrays: true }).all(usedArgs(args, pageSql)) as unknown as SQLOutputValue[][];
    return { items: page.map((values) => this.read(values, ctx.now, ctx)), total };
  }

  /**
   * The fast path of `list` (handlers/crud.ts): the same page, each item as the UTF-8 bytes of `JSON.stringify` of
   * `list`'s item led by a comma, byte for byte (kept.test.ts). Reading a row's ~60 values out of SQLite is most of
   * the time of a page (scripts/README.md, performance notes), so each row's JSON is kept between changes
   * (store/kept.ts) and only the derived fields are computed again, at the time of the request (§3).
   */
  listJson(ctx: Ctx, query: Obj, parentId?: number): { items: Buffer[]; total: number } {
    const version = dataVersion(ctx.db);
    const kept = this.kept.queriesAt(ctx.db, version);
    const page = this.page(ctx, query, parentId, kept);
    if (page.window === undefined) return { items: [], total: page.total };
    const ids = pageIds(ctx.db, this.def.name, page as Page & { window: string }, kept);
    return { items: this.json(ctx, ids, version), total: page.total };
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

  /** The rows `ids` as kept JSON (store/kept.ts), the derived fields computed at `ctx.now`. */
  private json(ctx: Ctx, ids: number[], version: number): Buffer[] {
    return this.kept.rowsJson(ctx, ids, version, Object.entries(this.def.computed ?? {}), this.source);
  }

  /** Where the JSON cache reads rows it does not keep, and derives their fields (bound once: no closure a read). */
  private readonly source = {
    read: (ctx: Ctx, ids: number[]): Obj[] =>
      (
        sql(ctx.db, `SELECT ${this.selectList} FROM "${this.def.name}" WHERE id IN (SELECT value FROM json_each(?))`, {
          arrays: true,
        }).all(JSON.stringify(ids)) as unknown as SQLOutputValue[][]
      ).map(this.reader),
    derive: (ctx: Ctx, o: Obj): Obj => this.derive(o, ctx.now, ctx),
  };

  find(ctx: Ctx, id: number, parentId?: number): Obj | undefined {
    const { where, args } = this.scope(ctx, parentId);
    const text = `SELECT ${this.selectList} FROM "${this.def.name}" WHERE ${[...where, 'id = $id'].join(' AND ')}`;
    const values = sql(ctx.db, text, { arrays: true }).get({ ...args, id }) as unknown as SQLOutputValue[] | undefined;
    return values && this.read(values, ctx.now, ctx);
  }

  get(ctx: Ctx, id: number, parentId?: number): Obj {
    return this.find(ctx, id, parentId) ?? notFound('id', this.def.schema);
  }

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
