import { round2 } from '../../../reference-server/shipping/aggregate.ts';
import type { Fault } from '../types.ts';

export default {
  source: ['§4.5', 'D-22'],
  description: "The service's fixed and percentage modifiers are not applied to the App's prices.",
  apply: (app) => {
    app.seams.pricing.modify = (price) => round2(price);
  },
} satisfies Fault;
