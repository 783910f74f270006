import { mapRates } from './lib.ts';
import type { AppFault } from './types.ts';

// §2.10 says only that a rate's currency "Should equal the requested currency", and the service converts one that
// differs rather than reject it (§7, D-22): quoting in another currency contradicts no statement the source makes. So
// it is no source-breaking fault: the SHOULD requirement catches it (a failure in the report, which does not gate),
// and the source profile need not. The reference App quotes in the requested currency where it has a price list (D-72).
export default {
  source: ['§2.10', '§7', 'D-22', 'D-72'],
  breaks: 'decision',
  description:
    "Quotes every delivery in its own currency, GBP, whatever the delivery's currency: a EUR or JPY delivery is priced in pounds, which the service must convert (§7).",
  apply: (app) =>
    mapRates(app, (r) => {
      if (r.currency === 'GBP') return r;
      const rate = { EUR: 1.17, USD: 1.27, JPY: 190 }[r.currency] ?? 1;
      const pounds = (n: number) => Math.round((n / rate) * 100) / 100;
      return { ...r, currency: 'GBP', priceExcTax: pounds(r.priceExcTax), priceIncTax: pounds(r.priceIncTax) };
    }),
} satisfies AppFault;
