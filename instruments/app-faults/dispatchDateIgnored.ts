import type { AppFault } from './types.ts';

export default {
  source: ['§2.10'],
  breaks: 'source',
  description:
    "Computes the delivery dates from today, whatever dispatchDate the request supplies: a delivery dispatched weeks ahead is promised for this week (§2.10: 'computed from dispatchDate when supplied').",
  apply(app) {
    const quote = app.seams.quote;
    app.seams.quote = (delivery) => {
      const { dispatchDate: _ignored, ...rest } = delivery as Record<string, unknown>;
      return quote(rest);
    };
  },
} satisfies AppFault;
