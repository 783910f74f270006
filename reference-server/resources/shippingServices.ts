// Shipping services (D-18): an App's registration, one row per service. The registering client is recorded
// (`_clientId`): its secret signs the callbacks (D-16). Its bodies and answers are wrapped in `shippingService`, a
// list in `shippingServices` (D-18).
import { requireAppUrl } from '../core/app-urls.ts';
import { isoUtc } from '../store/db.ts';
import type { ResourceDef } from '../store/types.ts';

export default {
  name: 'shippingServices',
  schema: 'ShippingService',
  listOperation: 'listShippingServices',
  wrappedIn: { item: 'shippingService', list: 'shippingServices' },
  owner: 'recorded',
  // The defaults ShippingServiceInput documents; `created` is ours to set, the generic resource fills only createdOn.
  defaults: (ctx) => ({
    isActive: true,
    labelsUrl: null,
    fixedModifier: 0,
    percentageModifier: 0,
    currency: 'GBP',
    shippingClassIds: [],
    created: isoUtc(ctx.now),
  }),
  check: (_ctx, next) => {
    // D-19, on add and after an update
    requireAppUrl(next.ratesUrl, 'ratesUrl', 'shippingService');
    requireAppUrl(next.labelsUrl, 'labelsUrl', 'shippingService');
  },
  indexes: ['isActive'],
} satisfies ResourceDef;
