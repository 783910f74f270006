import { addDays, mapRates } from './lib.ts';
import type { AppFault } from './types.ts';

export default {
  source: ['§2.10'],
  breaks: 'source',
  description:
    'Counts the delivery dates back from dispatchDate instead of on from it (a sign error): each date lies as many days before the dispatch as it should lie after it.',
  apply: (app) =>
    mapRates(app, (r, delivery) => {
      const dispatch = (delivery as { dispatchDate?: string }).dispatchDate;
      if (!dispatch) return r;
      const back = (date: string) =>
        addDays(dispatch, -Math.round((Date.parse(date) - Date.parse(dispatch)) / 86_400_000));
      return { ...r, minDeliveryDate: back(r.maxDeliveryDate), maxDeliveryDate: back(r.minDeliveryDate) };
    }),
} satisfies AppFault;
