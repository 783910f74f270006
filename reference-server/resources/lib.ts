// What several resource definitions share: defaults from the Input schema, numbering, the existence of a referenced
// row, the built-in rows that cannot change (D-34, D-35).
import { deref, isNullable, schema as schemaNamed, type Schema } from '../../openapi/contract.ts';
import { fail } from '../../shared/errors.ts';
import { sql, type Row } from '../store/db.ts';
import type { Ctx, Obj } from '../store/types.ts';

/**
 * Defaults of the writable fields, from the Input schema: its `default`s, else null — unset optional values are null
 * (§2.1) — except that a field the schema says is never null gets the empty value of its type (false, 0, [], {}).
 * Read-only fields are the server's (D-09).
 */
export function schemaDefaults(schemaName: string): Obj {
  const props = schemaNamed(schemaName)?.properties ?? {};
  return Object.fromEntries(
    Object.entries(props)
      .filter(([, p]) => !deref<Schema>(p).readOnly)
      .map(([name, p]) => {
        const s = deref<Schema>(p);
        if (s.default !== undefined) return [name, s.default];
        if (isNullable(s)) return [name, null];
        const type = [s.type ?? []].flat()[0] as string;
        return [name, { number: 0, integer: 0, boolean: false, array: [], object: {} }[type] ?? null];
      }),
  );
}

/** The next number of `column` in the resource's own `table`: one more than the highest, among the rows of `where`. */
export const nextNumber = (ctx: Ctx, table: string, column: string, where = '1 = 1', arg: number | null = null) =>
  Number(
    (
      sql(ctx.db, `SELECT coalesce(max("${column}"), 0) + 1 AS n FROM "${table}" WHERE ${where}`).get(
        ...(arg === null ? [] : [arg]),
      ) as Row
    ).n,
  );

/** Fails with 422 `error.reference-not-found` on `field` when `id` is set and `table` has no such row. */
export function mustExist(ctx: Ctx, table: string, id: unknown, field: string, what: string): void {
  if (id === null || id === undefined) return;
  if (!sql(ctx.db, `SELECT 1 FROM "${table}" WHERE id = ?`).get(Number(id))) {
    fail(422, 'error.reference-not-found', `data.${field}`, `No ${what} with id ${String(id)}`, 'data');
  }
}

/** The rules of a resource with built-in rows (`isBuiltIn`): they can be neither changed nor deleted. */
export function readOnlyBuiltIn(what: string) {
  return {
    check: (_ctx: Ctx, _next: Obj, previous: Obj | undefined) => {
      if (previous?.isBuiltIn) fail(422, 'error.built-in', 'id', `A built-in ${what} cannot be changed`, 'path');
    },
    beforeDelete: (_ctx: Ctx, existing: Obj) => {
      if (existing.isBuiltIn) fail(422, 'error.built-in', 'id', `A built-in ${what} cannot be deleted`, 'path');
    },
  };
}

/** The parent of a product's sub-resources: the path parameter `productId` (D-04, D-40). */
export const productParent = { param: 'productId', column: 'productId', table: 'products', what: 'product' };
