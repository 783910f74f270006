import { mapRates } from './lib.ts';
import type { AppFault } from './types.ts';

export default {
  source: ['§2.10'],
  breaks: 'source',
  description:
    "Quotes each rate's prices as decimal strings ('4.50'), as a label's are written (§2.11), where §2.10 types a rate's priceExcTax and priceIncTax as numbers.",
  apply: (app) =>
    mapRates(app, (r) => ({ ...r, priceExcTax: r.priceExcTax.toFixed(2), priceIncTax: r.priceIncTax.toFixed(2) })),
} satisfies AppFault;
