// Product specifications (§2.12, D-31): a value of a heading on a product, added by ids or by titles (headings and
// values made on the fly); an update may change only `sequence` and `valueId` (to another value of the same heading).
// The heading's title and the value's text are copies, kept in step with the heading and the value.
import { fail } from '../../shared/errors.ts';
import { sql, type Row } from '../store/db.ts';
import type { Ctx, Obj, ResourceDef, Self } from '../store/types.ts';
import { nextNumber, productParent } from './lib.ts';

function valueRow(ctx: Ctx, valueId: number): Row {
  return (
    (sql(ctx.db, 'SELECT id, "specificationId", value FROM "specificationValues" WHERE id = ?').get(valueId) as
      Row | undefined) ??
    fail(422, 'error.reference-not-found', 'data.valueId', `No specification value with id ${valueId}`, 'data')
  );
}

/** Finds a heading and value by title, creating either on the fly (§2.12); new ones emit their own events (D-53). */
function byTitles(ctx: Ctx, self: Self, heading: string, value: string): { specificationId: number; valueId: number } {
  const spec = sql(ctx.db, 'SELECT id FROM specifications WHERE title = ? COLLATE NOCASE').get(heading) as
    Row | undefined;
  const specificationId = spec ? Number(spec.id) : Number(self.createIn(ctx, 'specifications', { title: heading }).id);
  const val = sql(ctx.db, 'SELECT id FROM "specificationValues" WHERE "specificationId" = ? AND value = ?').get(
    specificationId,
    value,
  ) as Row | undefined;
  const valueId = val
    ? Number(val.id)
    : Number(self.createIn(ctx, 'specificationValues', { value }, specificationId).id);
  return { specificationId, valueId };
}

/** An add's input: the heading and value by ids (a value of that heading), or by titles. */
function added(ctx: Ctx, data: Obj, self: Self): Obj {
  let ids: { specificationId: number; valueId: number };
  if (data.valueId !== undefined) {
    const v = valueRow(ctx, Number(data.valueId));
    if (data.specificationId !== undefined && Number(v.specificationId) !== Number(data.specificationId)) {
      fail(422, 'error.reference-not-found', 'data.valueId', 'This value belongs to another specification', 'data');
    }
    ids = { specificationId: Number(v.specificationId), valueId: Number(v.id) };
  } else ids = byTitles(ctx, self, String(data.specification), String(data.value));
  return data.sequence === undefined ? ids : { ...ids, sequence: data.sequence };
}

/** An update's input: `sequence`, and `valueId` if it names another value of the same heading. */
function changed(ctx: Ctx, data: Obj, previous: Obj): Obj {
  const input: Obj = {};
  if (data.sequence !== undefined) input.sequence = data.sequence;
  if (data.valueId !== undefined) {
    const v = valueRow(ctx, Number(data.valueId));
    if (Number(v.specificationId) !== Number(previous.specificationId))
      fail(422, 'error.reference-not-found', 'data.valueId', 'must be a value of the same specification', 'data');
    input.valueId = Number(v.id);
  }
  return input;
}

export default {
  name: 'productSpecifications',
  schema: 'ProductSpecification',
  listOperation: 'listProductSpecifications',
  parent: productParent,
  // D-32, D-33: an assignment goes with its heading or its value, and shows their current texts.
  references: {
    specificationId: { table: 'specifications', onDelete: 'delete', copies: { specification: 'title' } },
    valueId: { table: 'specificationValues', onDelete: 'delete', copies: { value: 'value' } },
  },
  resolve: (ctx, data, previous, self) => (previous ? changed(ctx, data, previous) : added(ctx, data, self)),
  defaults: (ctx, _input, productId) => ({
    sequence: nextNumber(ctx, 'productSpecifications', 'sequence', '"productId" = ?', productId!),
  }),
  check: (ctx, next) => {
    // §2.12, D-31
    const clash = sql(
      ctx.db,
      'SELECT 1 FROM "productSpecifications" WHERE "productId" = ? AND "valueId" = ? AND id IS NOT ?',
    ).get(Number(next.productId), Number(next.valueId), (next.id ?? null) as number | null);
    if (clash)
      fail(422, 'error.duplicate-value', 'data.valueId', 'This value is already assigned to the product', 'data');
    // D-61: one value of a heading that this product's variant settings use; any number on other products.
    const variant = sql(
      ctx.db,
      'SELECT 1 FROM products, json_each(products."variantSpecificationIds") h WHERE products.id = ? AND h.value = ?',
    ).get(Number(next.productId), Number(next.specificationId));
    const sameHeading = sql(
      ctx.db,
      'SELECT 1 FROM "productSpecifications" WHERE "productId" = ? AND "specificationId" = ? AND id IS NOT ?',
    ).get(Number(next.productId), Number(next.specificationId), (next.id ?? null) as number | null);
    if (variant && sameHeading)
      fail(
        422,
        'error.variant-heading',
        'data.specificationId',
        "This heading is used by the product's variant settings: the product may hold only one of its values",
        'data',
      );
  },
} satisfies ResourceDef;
