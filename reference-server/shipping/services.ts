// Shipping services (D-18): an App's registration, one row per service in the table shaped by the contract's
// ShippingService. The registering client is recorded (`_clientId`): its secret signs the callbacks (D-16).
import { requireAppUrl } from '../http/urls.ts';
import { isoUtc, sql, type Row } from '../store/db.ts';
import { Resource, type Ctx } from '../store/resource.ts';
import type { Target } from './callbacks.ts';

export const shippingServices = new Resource({
  name: 'shippingServices', schema: 'ShippingService', listOperation: 'listShippingServices', owner: 'recorded',
  // The defaults ShippingServiceInput documents; `created` is ours to set, the generic resource fills only createdOn.
  defaults: (ctx) => ({ isActive: true, labelsUrl: null, fixedModifier: 0, percentageModifier: 0, currency: 'GBP', shippingClassIds: [], created: isoUtc(ctx.now) }),
  check: (_ctx, next) => { // D-19, on add and after an update
    requireAppUrl(next.ratesUrl, 'ratesUrl', 'shippingService');
    requireAppUrl(next.labelsUrl, 'labelsUrl', 'shippingService');
  },
  indexes: ['isActive'],
});

/** The active services (only they are asked, D-18) with their owners' secrets; `id` narrows to one service. */
export function activeTargets(ctx: Ctx, secretOf: (clientId: string) => string | undefined, id?: number): Target[] {
  const rows = sql(ctx.db, 'SELECT * FROM "shippingServices" WHERE "isActive" = 1 AND id = coalesce(?, id) ORDER BY id').all(id ?? null) as Row[];
  return rows.map((row) => {
    const s = shippingServices.toObject(row, ctx.now);
    return {
      settings: { id: s.id, title: s.title, fixedModifier: s.fixedModifier, percentageModifier: s.percentageModifier, currency: s.currency },
      ratesUrl: s.ratesUrl, labelsUrl: s.labelsUrl, secret: secretOf(String(row._clientId)), shippingClassIds: s.shippingClassIds ?? [],
    };
  });
}

/**
 * §4.5 rule 11, D-60, as one named seam: a service applies to a delivery only when every product in it has a
 * shipping calculator (`shippingClassId`) the service lists; an empty list applies to every product.
 */
export const calculators = {
  applies: (target: Pick<Target, 'shippingClassIds'>, classIds: (number | null)[]): boolean =>
    target.shippingClassIds.length === 0 || classIds.every((c) => c !== null && target.shippingClassIds.includes(c)),
};
