// Inventory (§2.4): one entry per product and location, `quantityAvailable` derived, and the product's
// `currentStock` the sum over its locations (D-43).
import { fail } from '../../shared/errors.ts';
import { sql } from '../store/db.ts';
import type { ResourceDef } from '../store/types.ts';
import { mustExist, schemaDefaults } from './lib.ts';

export default {
  name: 'inventory',
  schema: 'Inventory',
  listOperation: 'listInventory',
  computed: {
    quantityAvailable: {
      value: (o) => Number(o.quantityInStock) - Number(o.quantityReserved ?? 0),
      sql: '("quantityInStock" - coalesce("quantityReserved", 0))',
    }, // D-43
  },
  // D-40: an entry goes with its product; D-43: a product's currentStock is the sum over its locations.
  references: { productId: { table: 'products', onDelete: 'delete', sums: { currentStock: 'quantityInStock' } } },
  defaults: () => schemaDefaults('InventoryInput'),
  check: (ctx, next) => {
    mustExist(ctx, 'products', next.productId, 'productId', 'product');
    const clash = sql(ctx.db, 'SELECT 1 FROM inventory WHERE "productId" = ? AND "locationId" = ? AND id IS NOT ?').get(
      Number(next.productId),
      Number(next.locationId),
      (next.id ?? null) as number | null,
    );
    if (clash)
      fail(
        422,
        'error.unique',
        'data.locationId',
        'The product already has an inventory entry at this location',
        'data',
      );
  },
} satisfies ResourceDef;
