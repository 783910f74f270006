// What the store keeps in memory between changes of the database: a list's serialized rows and its counts
// (store/resource.ts) and the deep-page anchors (store/anchors.ts). All of it is forgotten on any change, so nothing
// kept is ever stale; nothing is kept from inside a transaction, whose changes may yet be rolled back (a rollback
// does not lower total_changes()).
import { sql, type Db } from './db.ts';

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
