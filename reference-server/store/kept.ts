// What the store keeps in memory between changes of the database: a list's serialized rows and its counts
// (store/resource.ts) and the deep-page anchors (store/anchors.ts). All of it is forgotten on any change, this
// connection's (total_changes()) or another's (data_version), so nothing kept is ever stale; nothing is kept from
// inside a transaction, whose changes may yet be rolled back (a rollback does not lower total_changes()).
import { sql, type Db } from './db.ts';

/** The state of the data: it differs after any change, by this connection or another. */
export function dataVersion(db: Db): string {
  // Two statements: reading data_version through pragma_data_version in one SELECT costs twice as much.
  const [changes] = sql(db, 'SELECT total_changes()', { arrays: true }).get() as unknown as [number];
  const [data] = sql(db, 'PRAGMA data_version', { arrays: true }).get() as unknown as [number];
  return `${changes}/${data}`;
}

/** Values of one kind kept per database while its data stays at one version; at most `max`, the oldest dropped. */
export class Kept<K, V> {
  private readonly byDb = new WeakMap<Db, { version: string; values: Map<K, V> }>();
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }

  /** The values kept at `version` (read in the caller's synchronous turn); undefined inside a transaction. */
  at(db: Db, version: string): KeptValues<K, V> | undefined {
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
