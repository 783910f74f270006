import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-59'],
  breaks: 'source',
  description:
    'The landed costs a rate includes are taken out of its price (as if the provider invoiced the duties apart), so the offered totals are too low.',
  apply: (app) => {
    const quote = app.seams.appCalls.quote;
    app.seams.appCalls.quote = async (target, deliveries, timeoutMs) => {
      const answer = await quote(target, deliveries, timeoutMs);
      return (
        answer && {
          ...answer,
          deliveries: answer.deliveries.map((rates) =>
            rates.map((r) => {
              const duties = r.landedCosts ?? 0;
              return {
                ...r,
                priceExcTax: Math.max(0, r.priceExcTax - duties),
                priceIncTax: Math.max(0, r.priceIncTax - duties),
              };
            }),
          ),
        }
      );
    };
  },
} satisfies Fault;
