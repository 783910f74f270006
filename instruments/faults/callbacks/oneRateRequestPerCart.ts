import type { Json } from '../../../openapi/contract.ts';
import type { Fault } from '../types.ts';

/** The cart as one delivery: every box's items, weights summed, the first box's origin. */
const merged = (deliveries: Json[]) => ({
  ...deliveries[0],
  weight: deliveries.reduce((s, d) => s + d.weight, 0),
  height: deliveries.reduce((s, d) => s + d.height, 0),
  items: deliveries.flatMap((d) => d.items),
});

export default {
  source: ['§4.5', '§2.10', 'D-21'],
  breaks: 'source',
  description:
    'The whole cart goes out as one rate request instead of one per delivery; its rates are used for every delivery.',
  apply: (app) => {
    const quote = app.seams.appCalls.quote;
    app.seams.appCalls.quote = async (target, deliveries, timeoutMs) => {
      if (deliveries.length < 2) return quote(target, deliveries, timeoutMs);
      const one = await quote(target, [merged(deliveries)], timeoutMs);
      return one && { ...one, deliveries: deliveries.map(() => one.deliveries[0]!) };
    };
  },
} satisfies Fault;
