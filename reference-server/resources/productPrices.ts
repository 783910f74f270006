// Product prices (§2.6): `isCurrent` derived at the time of the request (D-30), an access role that exists (D-52).
import { fail } from '../../shared/errors.ts';
import type { ResourceDef } from '../store/types.ts';
import { mustExist, productParent, schemaDefaults } from './lib.ts';

export default {
  name: 'productPrices',
  schema: 'ProductPrice',
  listOperation: 'listProductPrices',
  parent: productParent,
  computed: {
    isCurrent: {
      // D-30
      value: (o, now) =>
        (o.startOn === null || Date.parse(String(o.startOn)) <= now.getTime()) &&
        (o.endOn === null || Date.parse(String(o.endOn)) > now.getTime()),
      sql: `(("startOn" IS NULL OR "startOn" <= $now) AND ("endOn" IS NULL OR "endOn" > $now))`,
    },
  },
  // D-30: a price without its tax-inclusive amount has the tax-exclusive one.
  defaults: (_ctx, input) => ({
    ...schemaDefaults('ProductPriceInput'),
    quantityMin: 1,
    ...(input.priceExcTax !== undefined ? { priceIncTax: input.priceExcTax } : {}),
  }),
  check: (ctx, next) => {
    mustExist(ctx, 'accessRoles', next.accessRoleId, 'accessRoleId', 'access role');
    if (next.startOn && next.endOn && Date.parse(String(next.endOn)) <= Date.parse(String(next.startOn)))
      fail(422, 'error.minimum', 'data.endOn', 'must be after startOn', 'data');
  },
} satisfies ResourceDef;
