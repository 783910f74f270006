// Products (§2.3, §3): `status` derived at the time of the request, SKUs unique case-insensitively (D-37), variant
// settings that name existing headings, of which the product holds one value at most (§2.12, D-61).
import { fail } from '../../shared/errors.ts';
import { sql, type Row } from '../store/db.ts';
import type { Ctx, Obj, ResourceDef } from '../store/types.ts';
import { mustExist, nextNumber, schemaDefaults } from './lib.ts';

const isPublic = (o: Obj, now: Date) =>
  o.isActive === true &&
  (o.publishStartOn === null || Date.parse(String(o.publishStartOn)) <= now.getTime()) &&
  (o.publishEndOn === null || Date.parse(String(o.publishEndOn)) > now.getTime());

/** §2.12, D-61: a product's variant settings name existing headings, none of which it already holds two values of. */
function checkVariantSettings(ctx: Ctx, product: Obj): void {
  for (const id of (product.variantSpecificationIds ?? []) as number[]) {
    mustExist(ctx, 'specifications', id, 'variantSpecificationIds', 'specification');
    const held =
      product.id !== undefined &&
      (sql(
        ctx.db,
        'SELECT count(*) AS n FROM "productSpecifications" WHERE "productId" = ? AND "specificationId" = ?',
      ).get(Number(product.id), id) as Row | false);
    if (held && Number(held.n) > 1)
      fail(
        422,
        'error.variant-heading',
        'data.variantSpecificationIds',
        `The product holds several values of specification ${id}: it cannot be a variant heading of the product`,
        'data',
      );
  }
}

export default {
  name: 'products',
  schema: 'Product',
  listOperation: 'listProducts',
  computed: {
    // §3: derived at the time of the request, never stored.
    status: {
      value: (o, now) => (isPublic(o, now) ? 'public' : 'admin'),
      sql: `(CASE WHEN "isActive" = 1 AND ("publishStartOn" IS NULL OR "publishStartOn" <= $now) AND ("publishEndOn" IS NULL OR "publishEndOn" > $now) THEN 'public' ELSE 'admin' END)`,
      // The same rule negated, in terms the indexes below answer (`admin` is the selective value). A product is
      // `public` exactly when this is not true (false, or null where a date is null), so `public` is counted as all
      // products less the `admin` ones, without reading every product as the CASE above would.
      where: { admin: `("isActive" = 0 OR "isActive" IS NULL OR "publishStartOn" > $now OR "publishEndOn" <= $now)` },
      complement: { public: 'admin' },
    },
  },
  // D-61: deleting a heading takes it out of every product's variant settings.
  references: { variantSpecificationIds: { table: 'specifications', onDelete: 'remove' } },
  defaults: (ctx) => ({
    ...schemaDefaults('ProductInput'),
    type: 'physical',
    priceType: 'buy',
    condition: 'new',
    isActive: true,
    isPurchasable: true,
    isSearchable: true,
    isIndexable: true,
    taxClassId: 1,
    orderQuantityMin: 1,
    countRating: 0,
    averageRating: null,
    currentStock: null,
    createdBy: null,
    modifiedBy: null,
    quickfind: nextNumber(ctx, 'products', 'quickfind'),
  }),
  check: (ctx, next, _previous, self) => {
    self.unique(ctx, next, 'sku', { nocase: true });
    checkVariantSettings(ctx, next);
  }, // D-37, D-61
  indexes: ['isActive', 'publishStartOn', 'publishEndOn'],
} satisfies ResourceDef;
