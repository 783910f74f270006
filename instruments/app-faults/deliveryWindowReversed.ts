import { addDays, mapRates } from './lib.ts';
import type { AppFault } from './types.ts';

export default {
  source: ['§2.10'],
  breaks: 'source',
  description:
    'Swaps the two ends of the delivery window: minDeliveryDate holds the latest date and maxDeliveryDate the earliest (a one-day window ends the day before it starts), so the earliest delivery comes after the latest (§2.10).',
  apply: (app) =>
    mapRates(app, (r) => ({
      ...r,
      minDeliveryDate: r.maxDeliveryDate,
      maxDeliveryDate: r.minDeliveryDate === r.maxDeliveryDate ? addDays(r.minDeliveryDate, -1) : r.minDeliveryDate,
    })),
} satisfies AppFault;
