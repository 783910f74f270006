// What a change of one resource's rows does to other resources' rows, derived from every definition's `parent` and
// `references` (store/types.ts) and run by the code below, in the change's transaction and with no event of its own
// (D-53): no resource module writes to another resource's table.
import type { SQLInputValue } from 'node:sqlite';
import { sql, type Row } from './db.ts';
import type { Ctx, Obj, ResourceDef } from './types.ts';

/**
 * One effect of a change of a row of the resource that holds it (R):
 * - `delete`: on R's delete, the rows of `table` whose `column` holds its id are deleted too, with their own
 *   `delete` and `remove` cascades (a heading's values take their product assignments with them);
 * - `remove`: on R's delete, its id leaves the JSON array `column` of `table`'s rows;
 * - `copy`: on R's add and update, the rows of `table` whose `column` holds its id get its fields (`fields`: their
 *   column → R's field);
 * - `sum`: on R's add, update and delete, the row of `table` whose id R's `column` holds (before and after an update)
 *   gets, in each field of `fields`, the sum of R's column named there over the rows of R naming it.
 */
export type Cascade =
  | { kind: 'delete' | 'remove'; table: string; column: string }
  | { kind: 'copy'; table: string; column: string; fields: Record<string, string> }
  | { kind: 'sum'; table: string; column: string; fields: Record<string, string>; from: string };

/** The cascades of each resource of `defs`, by name: fresh arrays, so an app's patches stay in that app. */
export function cascadesOf(defs: ResourceDef[]): Map<string, Cascade[]> {
  const of = new Map(defs.map((d) => [d.name, [] as Cascade[]]));
  const add = (to: string, cascade: Cascade) => {
    const list = of.get(to);
    if (!list) throw new Error(`${cascade.table}.${cascade.column} names ${to}, which is no resource`);
    list.push(cascade);
  };
  for (const def of defs) {
    if (def.parent) add(def.parent.table, { kind: 'delete', table: def.name, column: def.parent.column });
    for (const [column, ref] of Object.entries(def.references ?? {})) {
      if (ref.onDelete) add(ref.table, { kind: ref.onDelete, table: def.name, column });
      if (ref.copies) add(ref.table, { kind: 'copy', table: def.name, column, fields: ref.copies });
      if (ref.sums) add(def.name, { kind: 'sum', table: ref.table, column, fields: ref.sums, from: def.name });
    }
  }
  return of;
}

/** Sets the `copies` of `def`'s references in `next` (the row to write) from the rows it names. */
export function fillCopies(ctx: Ctx, def: ResourceDef, next: Obj): void {
  for (const [column, ref] of Object.entries(def.references ?? {})) {
    if (!ref.copies || next[column] === null || next[column] === undefined) continue;
    const select = Object.entries(ref.copies).map(([to, from]) => `"${from}" AS "${to}"`);
    const row = sql(ctx.db, `SELECT ${select.join(', ')} FROM "${ref.table}" WHERE id = ?`).get(Number(next[column]));
    if (row) Object.assign(next, row);
  }
}

/** The sums of `cascade` (a `sum`) in the row `id` of its table. */
function refreshSums(ctx: Ctx, cascade: Extract<Cascade, { kind: 'sum' }>, id: unknown): void {
  const sums = Object.entries(cascade.fields).map(
    ([to, of]) => `"${to}" = (SELECT sum("${of}") FROM "${cascade.from}" WHERE "${cascade.column}" = $id)`,
  );
  sql(ctx.db, `UPDATE "${cascade.table}" SET ${sums.join(', ')} WHERE id = $id`).run({ id: Number(id) });
}

/** Runs the cascades of an add or update: `saved` is the row as written, `previous` the row it replaced. */
export function afterWrite(ctx: Ctx, cascades: Cascade[], saved: Obj, previous: Obj | undefined): void {
  for (const c of cascades) {
    if (c.kind === 'copy') {
      const set = Object.keys(c.fields).map((to) => `"${to}" = $${to}`);
      const values: Row = { id: Number(saved.id) };
      // Copied fields are scalars (a heading's title, a value's text), stored as they are returned.
      for (const [to, from] of Object.entries(c.fields)) values[to] = saved[from] as SQLInputValue;
      sql(ctx.db, `UPDATE "${c.table}" SET ${set.join(', ')} WHERE "${c.column}" = $id`).run(values);
    } else if (c.kind === 'sum') {
      refreshSums(ctx, c, saved[c.column]);
      if (previous && previous[c.column] !== saved[c.column]) refreshSums(ctx, c, previous[c.column]);
    }
  }
}

/**
 * Runs the cascades of the delete of row `id` (`existing`, as it was); `of` gives the cascades of another resource,
 * for the rows deleted with it.
 */
export function afterDelete(
  ctx: Ctx,
  cascades: Cascade[],
  id: number,
  existing: Obj | undefined,
  of: (table: string) => Cascade[],
): void {
  for (const c of cascades) {
    if (c.kind === 'delete') {
      const deleted = sql(ctx.db, `DELETE FROM "${c.table}" WHERE "${c.column}" = ? RETURNING id`, {
        arrays: true,
      }).all(id) as unknown as [number][];
      const further = of(c.table).filter((d) => d.kind === 'delete' || d.kind === 'remove');
      if (further.length) for (const [dependent] of deleted) afterDelete(ctx, further, dependent, undefined, of);
    } else if (c.kind === 'remove') {
      sql(
        ctx.db,
        `UPDATE "${c.table}" SET "${c.column}" = (SELECT json_group_array(value) FROM json_each("${c.table}"."${c.column}") WHERE value <> $id)
        WHERE EXISTS (SELECT 1 FROM json_each("${c.table}"."${c.column}") WHERE value = $id)`,
      ).run({ id });
    } else if (c.kind === 'sum' && existing) refreshSums(ctx, c, existing[c.column]);
  }
}
