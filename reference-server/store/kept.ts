// What the store keeps in memory between changes of the database: one JSON cache per resource of an app (JsonCache,
// owned by its Resource, so nothing here is module state), holding each row's JSON, each query's count and page ids,
// and the answers built from them. All of it is forgotten on any change (dataVersion, by which store/anchors.ts
// forgets its deep-page anchors too), so nothing kept is ever stale; nothing is kept from inside a transaction, whose
// changes may yet be rolled back (a rollback does not lower total_changes()).
import { sql, type Db, type Row } from './db.ts';
import type { Computed, Ctx, Obj } from './types.ts';

/**
 * The state of the data: it differs after any change. The store's connection is the only one to its data (openDb:
 * in-memory, or a file held EXCLUSIVE), so its own count of changes is enough. Reading `PRAGMA data_version` too, for
 * changes by other connections, cost 13% of a get's CPU on a file database, for changes that cannot happen.
 */
export function dataVersion(db: Db): number {
  const [changes] = sql(db, 'SELECT total_changes()', { arrays: true }).get() as unknown as [number];
  return changes;
}

/** Values of one kind kept per database while its data stays at one version; at most `max`, the oldest dropped. */
export class Kept<K, V> {
  private readonly byDb = new WeakMap<Db, { version: number; values: Map<K, V> }>();
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }

  /** The values kept at `version` (read in the caller's synchronous turn); undefined inside a transaction. */
  at(db: Db, version: number): KeptValues<K, V> | undefined {
    if (db.isTransaction) return undefined;
    let state = this.byDb.get(db);
    if (state?.version !== version) this.byDb.set(db, (state = { version, values: new Map() }));
    const { values } = state;
    return {
      get: (key) => values.get(key),
      set: (key, value) => {
        if (values.size >= this.max) values.delete(values.keys().next().value!);
        values.set(key, value);
      },
    };
  }
}

export interface KeptValues<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
}

/**
 * `run()`, the result of the SQL `text` with the arguments `used`, kept between changes (so exact: kept at this data
 * version); not one that reads the clock (a derived field's condition), which changes without any write.
 */
export function keptQuery<T>(kept: KeptValues<string, unknown> | undefined, text: string, used: Row, run: () => T): T {
  if (!kept || 'now' in used) return run();
  const key = `${text}\0${JSON.stringify(used)}`;
  let result = kept.get(key) as T | undefined;
  if (result === undefined) kept.set(key, (result = run()));
  return result;
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
/** Answers kept per resource, one per path (with its query). */
const LISTS_KEPT = 100;

/**
 * The JSON cache of one resource of one app, in three levels: its rows' JSON (per value of the derived field), its
 * queries' results (counts and page ids: store/pages.ts) and the answers built from those very rows (the envelopes of
 * handlers/envelopes.ts).
 */
export class JsonCache {
  private readonly rows = new Kept<number, KeptRow>(ROWS_KEPT);
  private readonly queries = new Kept<string, unknown>(QUERIES_KEPT);
  /** Answers keyed by the kept item they were built from (gets) or by path (lists). */
  private readonly singles = new WeakMap<Buffer, Buffer>();
  private readonly lists = new Map<string, { items: Buffer[]; total: number; json: Buffer }>();

  /** The query results kept at `version`, for planPage and pageIds; undefined inside a transaction. */
  queriesAt(db: Db, version: number): KeptValues<string, unknown> | undefined {
    return this.queries.at(db, version);
  }

  /**
   * The rows `ids` (in that order; a missing id is left out) as UTF-8 JSON, each led by a comma, so that the envelope
   * joins a page in one copy of few chunks; the derived fields (`computed`) computed at `ctx.now`. `source.read`
   * fetches the rows not kept, as the resource as returned without its derived fields; `source.derive` sets them.
   */
  rowsJson(
    ctx: Ctx,
    ids: number[],
    version: number,
    computed: [string, Computed][],
    source: { read: (ctx: Ctx, ids: number[]) => Obj[]; derive: (ctx: Ctx, o: Obj) => Obj },
  ): Buffer[] {
    const kept = this.rows.at(ctx.db, version);
    const rows = ids.map((id) => kept?.get(id));
    const missing = ids.filter((_, i) => !rows[i]);
    if (missing.length) {
      const fetched = new Map<number, KeptRow>();
      for (const fields of source.read(ctx, missing)) {
        const row = { fields, text: JSON.stringify(fields), json: new Map<string, Buffer>() };
        fetched.set(Number(fields.id), row);
        kept?.set(Number(fields.id), row);
      }
      ids.forEach((id, i) => (rows[i] ??= fetched.get(id)));
    }
    // A single derived field that is not a column is the object's last key (`derive` adds it after the columns),
    // so its JSON is appended to the kept row's, as JSON.stringify writes it (an undefined value not at all), and
    // the result kept per value (`status` takes two). Otherwise (a stored one, whose key sits among the columns;
    // several, which see each other) a copy of the row is derived and serialized.
    const [appended] = computed.length === 1 && !computed[0]![1].stored ? computed : [];
    const json: Buffer[] = [];
    for (const row of rows) {
      if (!row) continue;
      if (computed.length && !appended) {
        json.push(Buffer.from(`,${JSON.stringify(source.derive(ctx, { ...row.fields }))}`));
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

  /**
   * The answer to a get of `item` (a Buffer of rowsJson), built once by `build`: reused while the item is this very
   * Buffer, which then holds the very same bytes.
   */
  single(item: Buffer, build: (item: Buffer) => Buffer): Buffer {
    let json = this.singles.get(item);
    if (!json) this.singles.set(item, (json = build(item)));
    return json;
  }

  /** The answer to the list at `path` (with its query), built by `build`: reused while it would be built from the very
   * same `items` (Buffers of rowsJson) and `total`. */
  list(path: string, items: Buffer[], total: number, build: () => Buffer): Buffer {
    const last = this.lists.get(path);
    if (
      last &&
      last.total === total &&
      last.items.length === items.length &&
      last.items.every((b, i) => b === items[i])
    )
      return last.json;
    const json = build();
    if (!last && this.lists.size >= LISTS_KEPT) this.lists.delete(this.lists.keys().next().value!);
    this.lists.set(path, { items, total, json });
    return json;
  }
}
