import { fail } from '../../../shared/errors.ts';
import { sql } from '../../../reference-server/store/db.ts';
import type { Fault } from '../types.ts';

export default {
  // The suite's requirements that catch it are in these areas, which instruments/run-faults.ts runs first.
  areas: ['specifications'],
  source: ['§2.12', 'D-61'],
  breaks: 'source',
  description:
    "A heading used by any product's variant settings is treated as a variant heading everywhere: no product may hold two of its values.",
  apply: (app) => {
    const r = app.seams.resources.productSpecifications;
    const check = r.def.check!;
    r.def.check = (ctx, next, previous, self) => {
      check(ctx, next, previous, self);
      const variantAnywhere = sql(
        ctx.db,
        'SELECT 1 FROM products, json_each(products."variantSpecificationIds") h WHERE h.value = ? LIMIT 1',
      ).get(Number(next.specificationId));
      const sameHeading = sql(
        ctx.db,
        'SELECT 1 FROM "productSpecifications" WHERE "productId" = ? AND "specificationId" = ? AND id IS NOT ?',
      ).get(Number(next.productId), Number(next.specificationId), (next.id ?? null) as number | null);
      if (variantAnywhere && sameHeading)
        fail(
          422,
          'error.variant-heading',
          'data.specificationId',
          'This heading is a variant heading: a product may hold only one of its values',
          'data',
        );
    };
  },
} satisfies Fault;
