import { mapLabel } from './lib.ts';
import type { AppFault } from './types.ts';

export default {
  source: ['§2.11'],
  breaks: 'source',
  description:
    "Writes a label's prices as numbers (4.5), as a rate's are (§2.10), where §2.11 types a label's priceExcTax and priceIncTax as decimal strings.",
  apply: (app) =>
    mapLabel(app, (l) => ({ ...l, priceExcTax: Number(l.priceExcTax), priceIncTax: Number(l.priceIncTax) })),
} satisfies AppFault;
