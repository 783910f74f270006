// Deep pages without long skips. Page numbers (D-03) mean skipping `offset` ids, and SQLite steps over index entries
// one by one, so a deep page of a large table is slow however it is sorted (scripts/README.md, performance notes).
// Anchors are the ids at every STEP-th place of a table in id order; a page then skips fewer than STEP
// ids from the anchor before it. They are found in one walk of the id index, the second time a table is read deep
// since it last changed (a lone deep read after a write walks as before, so writes never make reads slower), and
// forgotten on any change (store/kept.ts: dataVersion), so never stale.
import { sql, type Db } from './db.ts';
import { dataVersion } from './kept.ts';

/** Places between anchors: a page skips fewer ids than this. */
export const STEP = 1000;

/** Per database: the state of the data the anchors were found in, and each table's anchors (or that it was read deep once). */
const known = new WeakMap<Db, { version: number; tables: Map<string, number[] | 'once'> }>();

/**
 * The anchor at or before place `offset` (0-based) of `table`'s rows in id order, and its place; undefined the first
 * time since the table changed. The caller has counted more than `offset` rows in the same synchronous turn.
 */
export function anchorFor(db: Db, table: string, offset: number): { id: number; place: number } | undefined {
  const version = dataVersion(db);
  let state = known.get(db);
  if (state?.version !== version) known.set(db, (state = { version, tables: new Map() }));
  let ids = state.tables.get(table);
  if (ids === undefined) {
    state.tables.set(table, 'once');
    return undefined;
  }
  if (ids === 'once') {
    ids = [];
    const first = sql(db, `SELECT id FROM "${table}" ORDER BY id LIMIT 1`, { arrays: true });
    const next = sql(db, `SELECT id FROM "${table}" WHERE id > ? ORDER BY id LIMIT 1 OFFSET ${STEP - 1}`, {
      arrays: true,
    });
    for (
      let row = first.get() as unknown as [number] | undefined;
      row;
      row = next.get(row[0]) as unknown as [number] | undefined
    )
      ids.push(row[0]);
    state.tables.set(table, ids);
  }
  const i = Math.floor(offset / STEP);
  return { id: ids[i]!, place: i * STEP };
}
